package game_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// checkRestored checks that a game UnmarshalBinary or UnmarshalJSON
// accepted is sound: it writes back the same way, and every move can be
// taken back.
func checkRestored(t *testing.T, g *game.Game) {
	again, err := g.MarshalBinary()
	require.NoError(t, err)
	var r game.Game
	require.NoError(t, r.UnmarshalBinary(again))
	require.Equal(t, g.FEN(), r.FEN())
	require.Equal(t, g.Outcome(), r.Outcome())
	_ = g.String()
	_ = g.LegalMovesUCI()
	for g.Ply() > 0 {
		if g.Undo() != nil {
			return // decided by hand
		}
	}
	require.Equal(t, g.StartFEN(), g.FEN())
}

// FuzzUnmarshalBinary feeds UnmarshalBinary corrupt data: it must return
// an error matching ErrInvalidData and never panic; what it accepts must
// write back byte for byte. Each input is also tried with a valid checksum
// appended, so that the fuzzer reaches past the checksum into the decoder.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, g := range savedGames(f) {
		data, err := g.MarshalBinary()
		require.NoError(f, err)
		f.Add(data)
		f.Add(data[:len(data)-4])
	}
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range [][]byte{data, seal(data)} {
			var g game.Game
			err := g.UnmarshalBinary(in)
			if err != nil {
				require.ErrorIs(t, err, game.ErrInvalidData)
				continue
			}
			out, err := g.MarshalBinary()
			require.NoError(t, err)
			require.True(t, bytes.Equal(in, out), "accepted data must be canonical:\n in %x\nout %x", in, out)
			checkRestored(t, &g)
		}
	})
}

// FuzzUnmarshalJSON feeds UnmarshalJSON arbitrary text: an error matching
// ErrInvalidData, never a panic; what it accepts must survive a round trip.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, g := range savedGames(f) {
		data, err := json.Marshal(g)
		require.NoError(f, err)
		f.Add(data)
	}
	f.Add([]byte(`{"version":1,"start":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","moves":["e2e4"],"result":"*","status":"ongoing"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var g game.Game
		if err := g.UnmarshalJSON(data); err != nil {
			require.ErrorIs(t, err, game.ErrInvalidData)
			return
		}
		out, err := json.Marshal(&g)
		require.NoError(t, err)
		var r game.Game
		require.NoError(t, r.UnmarshalJSON(out), "%s", out)
		require.Equal(t, g.FEN(), r.FEN())
		require.Equal(t, g.Outcome(), r.Outcome())
		checkRestored(t, &g)
	})
}

// FuzzMove feeds Move arbitrary text in a few positions (castling both
// ways, Chess960, en passant, promotions): it never panics, and it accepts
// exactly what core's ParseUCI accepts, playing the same move.
func FuzzMove(f *testing.F) {
	fens := []string{
		core.StartFEN,
		castlingFEN,
		"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1",
		"4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
		"1r2k2r/8/8/8/8/8/8/RK5R w AHh - 0 1",
	}
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "b7b8q", "b7a8n", "d5e6", "b1a1", "b1h1", "e1c1", "0000", ""} {
		for i := range fens {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		g, err := game.FromFEN(fens[int(i)%len(fens)])
		require.NoError(t, err)
		p := g.Position()
		want, werr := p.ParseUCI(s)
		gerr := g.Move(s)
		if werr != nil {
			require.Error(t, gerr)
			require.Equal(t, werr.Error(), gerr.Error())
			require.Zero(t, g.Ply())
			return
		}
		require.NoError(t, gerr)
		require.Equal(t, want, g.LastMove())
	})
}
