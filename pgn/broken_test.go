package pgn_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// TestBrokenFile reads testdata/pgn/nasty/broken-games.pgn, broken games among
// good ones, written by hand with the expectations below: every good game
// is read whole, every broken one reported at the token at fault.
func TestBrokenFile(t *testing.T) {
	f, err := os.Open("../testdata/pgn/nasty/broken-games.pgn")
	require.NoError(t, err)
	defer f.Close()
	want := []struct {
		event string
		moves string // the mainline read (up to the error)
		err   error
		line  int
		col   int
	}{
		{"good 1", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", nil, 0, 0},
		{"illegal move", "d4 d5 Bg5 Bg4", san.ErrIllegal, 11, 24},
		{"good 2: empty lines in the movetext, no result", "c4 e5 Nc3 Nf6", nil, 0, 0},
		{"unclosed comment", "e4", pgn.ErrComment, 25, 7},
		{"good 3", "f3 e5 g4 Qh4#", nil, 0, 0},
		{"unclosed variation", "e4", pgn.ErrVariation, 37, 1},
		{"good 4", "Nf3 Nf6 Ng1 Ng8", nil, 0, 0},
		{"bad FEN", "", pgn.ErrStart, 44, 1},
		{"", "", pgn.ErrTag, 49, 1},
		{"good 5", "e4 e5 Nf3 Nc6 Bb5 a6", nil, 0, 0},
		{"junk", "e4", pgn.ErrSyntax, 62, 7},
		{"ambiguous", "Nf3 d5 d3 e5", san.ErrAmbiguous, 67, 23},
		{"null move in check", "e4 e5 Qh5 Nc6 Qxf7+", san.ErrIllegal, 72, 30},
		{"good 6: a null move", "e4 -- d4", nil, 0, 0},
	}
	got := readAll(t, f)
	require.Len(t, got, len(want))
	for i, w := range want {
		g, err := got[i].game, got[i].err
		assert.Equal(t, w.event, g.Tags.Get("Event"), "game %d", i+1)
		assert.Equal(t, strings.Fields(w.moves), mainlineSAN(g), "game %d", i+1)
		if w.err == nil {
			assert.NoError(t, err, "game %d", i+1)
			continue
		}
		assert.ErrorIs(t, err, w.err, "game %d", i+1)
		var perr *pgn.Error
		if assert.ErrorAs(t, err, &perr) {
			assert.Equal(t, [3]int{i + 1, w.line, w.col}, [3]int{perr.Game, perr.Line, perr.Column}, "game %d: %v", i+1, err)
		}
	}
}
