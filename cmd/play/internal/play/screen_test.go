package play

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/stretchr/testify/assert"
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

// The move list beside the board takes as many columns as the panel
// holds: all 17 moves of the Opera Game show, not the last few.
func TestMoveListUsesThePanel(t *testing.T) {
	opera := strings.Fields("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
		"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#")
	for _, ascii := range []bool{false, true} {
		s, err := New(context.Background(), Config{ASCII: ascii, NoColor: ascii})
		require.NoError(t, err)
		for _, m := range opera {
			s.Handle(context.Background(), m)
		}
		require.True(t, s.g.IsOver())
		lines := s.Lines(24)
		screen := strings.Join(lines, "\n")
		for i := 0; i < len(opera); i += 2 {
			row := fmt.Sprintf("%d. %s", i/2+1, opera[i])
			if i+1 < len(opera) {
				row += " " + opera[i+1]
			}
			assert.Contains(t, screen, row, "ascii %v", ascii)
		}
		for _, l := range lines {
			assert.LessOrEqual(t, VisibleWidth(l), Width)
			assert.NotContains(t, l, "…")
		}
	}
}

// help fits the screen: every line of it shows whole.
func TestHelpFits(t *testing.T) {
	s, err := New(context.Background(), Config{})
	require.NoError(t, err)
	s.Handle(context.Background(), "help")
	screen := strings.Join(s.Lines(24), "\n")
	for _, l := range helpText {
		assert.Contains(t, screen, l)
	}
}
