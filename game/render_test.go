package game_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
)

func TestRenderASCII(t *testing.T) {
	g := newGame(t, "", "e4 e5 Nf3")
	want := `  +-----------------+
8 | r n b q k b n r |
7 | p p p p . p p p |
6 | . . . . . . . . |
5 | . . . . p . . . |
4 | . . . . P . . . |
3 | . . . . . N . . |
2 | P P P P . P P P |
1 | R N B Q K B . R |
  +-----------------+
    a b c d e f g h
Side to move: black
Last move: g1f3 (Nf3)
FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
Status: ongoing
`
	assert.Equal(t, want, g.String())
	assert.Equal(t, want, g.Render(game.RenderOptions{}))
}

func TestRenderUnicodeFlipped(t *testing.T) {
	g := newGame(t, "", "f3 e5 g4 Qh4")
	want := `  +-----------------+
1 | ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ |
2 | ♙ · · ♙ ♙ ♙ ♙ ♙ |
3 | · · ♙ · · · · · |
4 | ♛ ♙ · · · · · · |
5 | · · · ♟ · · · · |
6 | · · · · · · · · |
7 | ♟ ♟ ♟ · ♟ ♟ ♟ ♟ |
8 | ♜ ♞ ♝ ♚ · ♝ ♞ ♜ |
  +-----------------+
    h g f e d c b a
Side to move: white
Last move: d8h4 (Qh4#)
FEN: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
Status: 0-1 checkmate
`
	assert.Equal(t, want, g.Render(game.RenderOptions{Unicode: true, Flip: true}))
}

func TestRenderInfoLines(t *testing.T) {
	tests := []struct {
		name   string
		game   func(t *testing.T) *game.Game
		status string
	}{
		{name: "check", game: func(t *testing.T) *game.Game { return newGame(t, "", "e4 f5 Qh5") }, status: "Status: ongoing, black in check"},
		{name: "claimable", game: func(t *testing.T) *game.Game { return newGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8") }, status: "Status: ongoing, a draw by threefold repetition can be claimed"},
		{name: "resigned", game: func(t *testing.T) *game.Game {
			g := game.New()
			require.NoError(t, g.Resign(0))
			return g
		}, status: "Status: 0-1 resignation: white resigns"},
		{name: "castling", game: func(t *testing.T) *game.Game { return newGame(t, castlingFEN, "O-O") }, status: "Last move: e1g1 (O-O)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := strings.Split(tc.game(t).String(), "\n")
			assert.Contains(t, lines, tc.status)
		})
	}
	assert.Contains(t, game.New().String(), "Last move: none\n")
}

func TestRenderBoardOnly(t *testing.T) {
	s := game.New().Render(game.RenderOptions{BoardOnly: true})
	assert.Len(t, strings.Split(strings.TrimSuffix(s, "\n"), "\n"), 11)
	assert.NotContains(t, s, "FEN")
}

func TestRenderColor(t *testing.T) {
	// After the castling, the last move's squares are marked: e1 and h1,
	// and g1 where the king went.
	g := newGame(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O")
	s := g.Render(game.RenderOptions{Color: true, BoardOnly: true})
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	require.Len(t, lines, 9)
	for i, l := range lines[:8] {
		assert.Equal(t, 8, strings.Count(l, "\x1b[48;5;"), "rank line %d has 8 painted squares", i)
		assert.True(t, strings.HasSuffix(l, "\x1b[0m"), "rank line %d resets the colours", i)
		assert.Equal(t, byte('8'-i), l[0])
	}
	// Rank 1 from a dark a1: brown and tan alternate, the marked squares
	// in their lighter shades.
	assert.Equal(t, "1 \x1b[48;5;137m   \x1b[48;5;180m   \x1b[48;5;137m   \x1b[48;5;180m   "+
		"\x1b[48;5;143m   \x1b[48;5;180m\x1b[1;97m R \x1b[48;5;143m\x1b[1;97m K \x1b[48;5;187m   \x1b[0m", lines[7])
	// Rank 8 from a light a8, the black king on e8.
	assert.Equal(t, "8 \x1b[48;5;180m   \x1b[48;5;137m   \x1b[48;5;180m   \x1b[48;5;137m   "+
		"\x1b[48;5;180m\x1b[1;30m k \x1b[48;5;137m   \x1b[48;5;180m   \x1b[48;5;137m   \x1b[0m", lines[0])
	assert.Equal(t, "   a  b  c  d  e  f  g  h", lines[8])

	g = newGame(t, "", "e4 f5 Qh5")
	s = g.Render(game.RenderOptions{Color: true, Unicode: true, Flip: true})
	assert.Contains(t, s, "\x1b[48;5;167m\x1b[1;30m ♚ ", "the king in check is painted red")
	assert.Contains(t, s, "   h  g  f  e  d  c  b  a\n")
	assert.Contains(t, s, "Status: ongoing, black in check\n")
}

// With colour too, White's pieces are the outlined figurines and Black's
// the solid ones: a copied screen, without its colours, still tells them
// apart.
func TestRenderColorFigurinesTellTheSides(t *testing.T) {
	g := game.New()
	s := g.Render(game.RenderOptions{Color: true, Unicode: true, BoardOnly: true})
	lines := strings.Split(s, "\n")
	plain := func(l string) string { // the rank without its escape codes
		var b strings.Builder
		for i := 0; i < len(l); i++ {
			if l[i] == 0x1b {
				for i < len(l) && l[i] != 'm' {
					i++
				}
				continue
			}
			b.WriteByte(l[i])
		}
		return strings.Join(strings.Fields(b.String()), "")
	}
	assert.Equal(t, "8♜♞♝♛♚♝♞♜", plain(lines[0]))
	assert.Equal(t, "7♟♟♟♟♟♟♟♟", plain(lines[1]))
	assert.Equal(t, "2♙♙♙♙♙♙♙♙", plain(lines[6]))
	assert.Equal(t, "1♖♘♗♕♔♗♘♖", plain(lines[7]))
}
