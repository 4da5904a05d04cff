package play

import (
	"errors"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMoves(t *testing.T) {
	// The expected moves are the rules of chess, written by hand.
	const afterF5 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	const castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	cases := []struct{ fen, in, uci, san string }{
		{"startpos", "Nf3", "g1f3", "Nf3"},
		{"startpos", "nf3", "g1f3", "Nf3"},
		{"startpos", "  e4 ", "e2e4", "e4"},
		{"startpos", "g1f3", "g1f3", "Nf3"},
		{"startpos", "Ng1-f3", "g1f3", "Nf3"},
		{afterF5, "exf6 e.p.", "e5f6", "exf6"},
		{afterF5, "exf6ep", "e5f6", "exf6"},
		{afterF5, "e5f6", "e5f6", "exf6"},
		{afterF5, "qh5+", "d1h5", "Qh5+"},
		{afterF5, "bc4", "f1c4", "Bc4"},
		{afterF5, "ke2", "e1e2", "Ke2"},
		{castles, "0-0", "e1g1", "O-O"},
		{castles, "o-o-o", "e1c1", "O-O-O"},
		{castles, "O-O+", "e1g1", "O-O"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a7a8q", "a8=Q+"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a7a8n", "a8=N"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			fen := c.fen
			if fen == "startpos" {
				fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
			}
			pos := fentest.Position(t, fen)
			in, err := Parse(&pos, c.in)
			require.NoError(t, err)
			require.Equal(t, Move, in.Kind)
			assert.Equal(t, c.uci, pos.UCI(in.Move))
			assert.Equal(t, c.san, in.SAN)
		})
	}
}

func TestParseBPawnBeforeBishop(t *testing.T) {
	// bxc3 is the b-pawn's capture, not the bishop's: a lower-case b is a
	// file first.
	pos := fentest.Position(t, "4k3/8/8/8/8/2p5/1P6/4KB2 w - - 0 1")
	in, err := Parse(&pos, "bxc3")
	require.NoError(t, err)
	require.Equal(t, "b2c3", pos.UCI(in.Move))
}

func TestParseErrors(t *testing.T) {
	pos := fentest.Position(t, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	cases := []struct {
		in   string
		kind error
		msg  string
	}{
		{"Nd2", ErrAmbiguous, `ambiguous move "Nd2": could be Nbd2, Nfd2`},
		{"Nd4", ErrIllegal, `illegal move "Nd4": no legal move fits it`},
		{"e4", ErrIllegal, `illegal move "e4": no legal move fits it`},
		{"O-O", ErrIllegal, `illegal move "O-O": no legal move fits it`},
		{"zz9", ErrSyntax, `"zz9" is not a move or command (type help)`},
		{"hello", ErrSyntax, `"hello" is not a move or command (type help)`},
	}
	for _, c := range cases {
		_, err := Parse(&pos, c.in)
		require.Error(t, err, c.in)
		assert.ErrorIs(t, err, c.kind, c.in)
		assert.Equal(t, c.msg, err.Error())
		var ie *InputError
		require.True(t, errors.As(err, &ie))
	}
	check := fentest.Position(t, "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1")
	_, err := Parse(&check, "Ra8")
	require.ErrorIs(t, err, ErrIllegal)
	require.Equal(t, `illegal move "Ra8": white is in check`, err.Error())
}

func TestParseCommands(t *testing.T) {
	pos := core.StartPosition()
	for _, c := range Commands {
		in, err := Parse(&pos, c)
		require.NoError(t, err)
		require.Equal(t, Input{Kind: Command, Command: c}, in)
	}
	in, err := Parse(&pos, "SAVE  my game.pgn ")
	require.NoError(t, err)
	require.Equal(t, Input{Kind: Command, Command: "save", Arg: "my game.pgn"}, in)
	in, err = Parse(&pos, "exit")
	require.NoError(t, err)
	require.Equal(t, "quit", in.Command)
	in, err = Parse(&pos, "   ")
	require.NoError(t, err)
	require.Equal(t, Empty, in.Kind)
}

func TestComplete(t *testing.T) {
	pos := core.StartPosition()
	assert.Equal(t, []string{"Na3", "Nc3", "Nf3", "Nh3"}, Complete(&pos, "N"))
	assert.Equal(t, []string{"Na3", "Nc3", "Nf3", "Nh3", "new"}, Complete(&pos, "n"))
	assert.Equal(t, []string{"Nf3"}, Complete(&pos, "Nf"))
	assert.Equal(t, []string{"e3", "e4"}, Complete(&pos, "e"))
	assert.Equal(t, []string{"e2e3", "e2e4"}, Complete(&pos, "e2"))
	assert.Equal(t, []string{"undo"}, Complete(&pos, "un"))
	assert.Equal(t, []string{"f3", "f4", "fen", "flip"}, Complete(&pos, "f"))
	assert.Equal(t, []string{"flip"}, Complete(&pos, "fl"))
	assert.Empty(t, Complete(&pos, "Qh"))
	assert.Len(t, Complete(&pos, ""), 20, "the legal moves")
	assert.Equal(t, "Nf", CommonPrefix([]string{"Nf3", "Nf6", "Nf"}))
	assert.Equal(t, "", CommonPrefix(nil))
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"Nf3", "nf3", "exd6 e.p.", "0-0", "o-o-o", "g1f3", "e7e8q", "save x.pgn", "help", "", "bxc3", "Qh4#", "zz", "K", "\x00", "é"} {
		f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", s)
		f.Add("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, line string) {
		pos, err := core.ParseFEN(fen)
		if err != nil {
			return
		}
		in, err := Parse(&pos, line)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: error %v is not an *InputError", line, err)
			}
			if e := err.Error(); e == "" || len(e) > 400 {
				t.Fatalf("%q: error %q", line, e)
			}
			return
		}
		if in.Kind == Move {
			if !pos.IsLegal(in.Move) {
				t.Fatalf("%q: %v is not legal in %s", line, in.Move, fen)
			}
			// What Parse prints reads back as the same move.
			again, err := Parse(&pos, in.SAN)
			if err != nil || again.Move != in.Move {
				t.Fatalf("%q: SAN %q reads back as %v, %v", line, in.SAN, again.Move, err)
			}
		}
		for _, c := range Complete(&pos, line) {
			if c == "" {
				t.Fatalf("%q: empty completion", line)
			}
		}
	})
}

func FuzzEditor(f *testing.F) {
	for _, s := range []string{"Nf3\r", "\x1b[A\x1b[B\x1b[C\x1b[D", "\x1b[3~\x01\x05\x0b\x15\x17", "N\t", "\xe2\x99\x98", "\x1b", "\x1bO", "\x03\x04", "\x7f\x08\x10\x0e"} {
		f.Add([]byte(s))
	}
	pos := core.StartPosition()
	f.Fuzz(func(t *testing.T, b []byte) {
		e := Editor{Complete: func(p string) []string { return Complete(&pos, p) }}
		for len(b) > 0 {
			_, _, rest := e.Feed(b)
			if len(rest) >= len(b) {
				t.Fatalf("Feed did not consume %q", b)
			}
			b = rest
			if c := e.Cursor(); c < 0 || c > len([]rune(e.Line())) {
				t.Fatalf("cursor %d outside %q", c, e.Line())
			}
		}
	})
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5+3", "10", "0.5+0", "3s+0", "90s+0.5", "x", "+", "1e308+1e308", "NaN", "-0+0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Base <= 0 || tc.Inc < 0 {
			t.Fatalf("%q: %+v", s, tc)
		}
	})
}
