package play

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/stretchr/testify/require"
)

func TestRenderBoardFits(t *testing.T) {
	g := game.New()
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		require.NoError(t, g.MoveSAN(m))
	}
	for _, o := range []struct{ flip, ascii, noColor bool }{
		{false, false, false}, {true, false, false}, {false, true, false},
		{false, false, true}, {true, true, true}, {false, true, true},
	} {
		lines := RenderBoard(g, o.flip, o.ascii, o.noColor)
		require.LessOrEqual(t, len(lines), 11, "%+v", o)
		for _, l := range lines {
			require.LessOrEqual(t, VisibleWidth(l), 40, "%+v: %q", o, l)
		}
		joined := strings.Join(lines, "\n")
		if o.noColor {
			require.NotContains(t, joined, "\x1b", "%+v: NO_COLOR has no escapes", o)
		} else {
			require.Contains(t, joined, "\x1b[48;5;167m", "%+v: the king in check is marked", o)
		}
		if o.ascii {
			require.NotContains(t, joined, "♚", "%+v", o)
			require.Contains(t, joined, "k", "%+v", o)
		} else {
			require.Contains(t, joined, "♚", "%+v", o)
		}
		files := "a  b  c  d  e  f  g  h"
		if o.noColor {
			files = "a b c d e f g h"
		}
		if o.flip {
			files = reverse(files)
		}
		require.Contains(t, joined, files, "%+v: files in the order seen", o)
	}
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func TestVisibleWidth(t *testing.T) {
	require.Equal(t, 3, VisibleWidth("\x1b[48;5;180m ♚ \x1b[0m"))
	require.Equal(t, 5, VisibleWidth("hello"))
	require.Equal(t, 0, VisibleWidth("\x1b[1;97m"))
}

func TestLinesFit80x24(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		for _, ascii := range []bool{false, true} {
			s, err := New(context.Background(), Config{ASCII: ascii, NoColor: noColor, TimeControl: TimeControl{Base: 300e9}})
			require.NoError(t, err)
			// A long game, and the longest messages: pgn and moves.
			for range 6 {
				for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
					s.Handle(context.Background(), m)
				}
			}
			for _, cmd := range []string{"pgn", "moves", "help", "fen", "flip", "Nf3"} {
				s.Handle(context.Background(), cmd)
				lines := s.Lines(24)
				require.Len(t, lines, 23, cmd)
				for _, l := range lines {
					require.LessOrEqual(t, VisibleWidth(l), Width, "%s: %q", cmd, l)
					if noColor {
						require.NotContains(t, l, "\x1b", "NO_COLOR")
					}
				}
				require.Regexp(t, `^(  \+-+\+.*|[18] .*)$`, lines[0], "the board stays on top")
			}
		}
	}
}

// TestRenderBoardMarksWithoutColour reads the plain board back square by
// square: each square shows core's piece, the last move's two squares (the
// king's own for castling) are bracketed and the checked king has a "!".
func TestRenderBoardMarksWithoutColour(t *testing.T) {
	cases := []struct {
		fen         string
		moves       []string
		marked      []string
		checkedKing string
	}{
		{"", []string{"e4", "f5", "Qh5+"}, []string{"d1", "h5"}, "e8"},
		{"", []string{"e4"}, []string{"e2", "e4"}, ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O"}, []string{"e1", "g1"}, ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []string{"O-O-O"}, []string{"e8", "c8"}, ""},
		{"", nil, nil, ""},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"Kf1"}, []string{"e1", "f1"}, ""},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", []string{"Kd1"}, []string{"e1", "d1"}, ""},
	}
	for _, c := range cases {
		var g *game.Game
		if c.fen == "" {
			g = game.New()
		} else {
			var err error
			g, err = game.FromFEN(c.fen)
			require.NoError(t, err)
		}
		for _, m := range c.moves {
			require.NoError(t, g.MoveSAN(m))
		}
		pos := g.Position()
		for _, flip := range []bool{false, true} {
			lines := RenderBoard(g, flip, true, true)
			for sq := core.Square(0); sq < 64; sq++ {
				row, col := 7-sq.Rank(), sq.File()
				if flip {
					row, col = sq.Rank(), 7-sq.File()
				}
				r := []rune(lines[1+row])
				want := '.'
				if p := pos.PieceAt(sq); p != core.NoPiece {
					want = rune(p.Letter())
				}
				require.Equal(t, string(want), string(r[4+2*col]), "%v flip %v: %v", c.moves, flip, sq)
				isMarked := slices.Contains(c.marked, sq.String())
				require.Equal(t, isMarked, (r[3+2*col] == '[' || r[3+2*col] == '|') && (r[5+2*col] == ']' || r[5+2*col] == '|'), "%v flip %v: %v in %q", c.moves, flip, sq, lines[1+row])
				// The space after the square: a mark, or the next
				// square's opening bracket.
				after := ' '
				if col < 7 {
					next := core.NewSquare(sq.File()+1, sq.Rank())
					if flip {
						next = core.NewSquare(sq.File()-1, sq.Rank())
					}
					if slices.Contains(c.marked, next.String()) {
						after = '['
					}
				}
				switch {
				case isMarked && after == '[':
					after = '|'
				case isMarked:
					after = ']'
				case sq.String() == c.checkedKing:
					after = '!'
				}
				require.Equal(t, string(after), string(r[5+2*col]), "%v flip %v: %v in %q", c.moves, flip, sq, lines[1+row])
			}
		}
	}
}
