package san_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgntext"
	"github.com/gambit-chess/gambit/san"
)

// pgnDir holds the real games, shared with the other packages.
const pgnDir = "../testdata/pgn"

// TestRealGames replays every game of testdata/pgn move by move with Parse.
// The files were written by Lichess, ChessBase, chess.js, cutechess and
// others, all canonical SAN writers, so Format must also write back the
// text of every move, annotations aside: an independent check of Format on
// over a hundred thousand real moves.
func TestRealGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(pgnDir, "*.pgn"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no PGN files in %s", pgnDir)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			games := readPGN(t, path)
			require.NotEmpty(t, games)
			plies := 0
			for i, g := range games {
				p := gameStart(t, g)
				if n, err := strconv.Atoi(g.Tags["PlyCount"]); err == nil {
					require.Len(t, g.Moves, n, "game %d: PlyCount tag against the moves read", i+1)
				}
				for ply, tok := range g.Moves {
					if san.IsNullMove(tok) { // ChessBase's "Z0"
						require.False(t, p.InCheck(), "game %d ply %d: null move in check", i+1, ply+1)
						p.MakeNullMove()
						continue
					}
					m, err := san.Parse(&p, tok)
					require.NoError(t, err, "game %d ply %d", i+1, ply+1)
					require.Equal(t, stripAnnotation(tok), san.Format(&p, m), "game %d ply %d in %s", i+1, ply+1, p.FEN())
					p.MakeMove(m)
					plies++
				}
			}
			t.Logf("%d games, %d moves", len(games), plies)
		})
	}
}

// gameStart returns a game's start position: its FEN tag, or the standard
// one.
func gameStart(t testing.TB, g pgntext.Game) core.Position {
	fen, ok := g.Tags["FEN"]
	if !ok {
		return core.StartPosition()
	}
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	if v := strings.ToLower(g.Tags["Variant"]); strings.Contains(v, "960") || strings.Contains(v, "fischer") {
		p.SetChess960(true)
	}
	return p
}

// stripAnnotation removes the move annotations (!, ?, !?, ...) that a PGN
// writer may append to a move.
func stripAnnotation(tok string) string {
	return strings.TrimRight(tok, "!?")
}

func TestReadPGNHelper(t *testing.T) {
	// The helper the real-game tests stand on, checked on a file whose
	// content is known: Molinari-Bordais 1979 ends 5...Nd3#.
	games := readPGN(t, filepath.Join(pgnDir, "molinari-bordais-1979.pgn"))
	require.Len(t, games, 1)
	assert.Equal(t, []string{"e4", "c5", "c4", "Nc6", "Ne2", "Nf6", "Nbc3", "Nb4", "g3", "Nd3#"}, games[0].Moves)
	assert.Equal(t, "Bordais", games[0].Tags["Black"])
}
