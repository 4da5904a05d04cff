//go:build unix

package xboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// One Go engine (internal/goengine, written once against engine.Searcher)
// served in either protocol by a flag plays Fairy-Max through
// engine.Player: over XBoard with xboard.Serve, over UCI with uci.Serve.
func TestGoEngineBothProtocols(t *testing.T) {
	for _, protocol := range []string{"xboard", "uci"} {
		t.Run(protocol, func(t *testing.T) {
			t.Parallel()
			ctx := testCtx(t, 20*time.Second)
			var goe engine.Player
			if protocol == "xboard" {
				e, err := xboard.Start(ctx, goEngine, "-protocol", "xboard")
				require.NoError(t, err)
				t.Cleanup(func() { assert.NoError(t, e.Close()) })
				assert.Equal(t, "gambit goengine", e.Name())
				o, ok := engine.FindOption(e.Features().Options, "MaxDepth")
				require.True(t, ok, "the engine's options become option features")
				assert.Equal(t, engine.TypeSpin, o.Type)
				require.NoError(t, e.SetOption(ctx, "MaxDepth", "3"))
				assert.True(t, e.Features().HasVariant("fischerandom"))
				goe = e
			} else {
				e, err := uci.Start(ctx, goEngine, "-protocol", "uci")
				require.NoError(t, err)
				t.Cleanup(func() { assert.NoError(t, e.Close()) })
				require.NoError(t, e.SetOption(ctx, "MaxDepth", "3"))
				goe = e
			}
			fm, err := xboard.Start(ctx, enginetest.Program(t, "fairymax"))
			require.NoError(t, err)
			t.Cleanup(func() { assert.NoError(t, fm.Close()) })
			begin := time.Now()
			m := playMatch(t, goe, fm, 2*time.Second, 50*time.Millisecond, 160)
			t.Logf("%s vs Fairy-Max over %s: %d plies, %s, %v", goe.Name(), protocol, m.plies, m.reason, time.Since(begin).Round(time.Millisecond))
			assert.Greater(t, m.plies, 10)
			assert.Positive(t, m.infos[goe.Name()], "the Go engine's thinking reached the client")
		})
	}
}

// A Chess960 game goes to an engine that lists fischerandom with "variant
// fischerandom" and setboard; castling comes back as O-O and is read as
// the castling move.
func TestGoEngineChess960(t *testing.T) {
	ctx := testCtx(t, 20*time.Second)
	e, err := xboard.Start(ctx, goEngine)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, e.Close()) })
	p, err := core.ParseFEN("1k5r/8/8/8/8/8/8/1K5R w Hh - 0 1")
	require.NoError(t, err)
	p.SetChess960(true)
	castle, err := p.ParseUCI("b1h1")
	require.NoError(t, err)
	require.True(t, castle.IsCastle())
	require.NoError(t, e.StartGame(ctx, p, []core.Move{castle}))
	r, err := e.Think(ctx, engine.Limits{MoveTime: 200 * time.Millisecond}, nil)
	require.NoError(t, err)
	after := p
	after.MakeMove(castle)
	assert.True(t, after.IsLegal(r.Move))

	// Fairy-Max does not list fischerandom.
	fm, err := xboard.Start(ctx, enginetest.Program(t, "fairymax"))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, fm.Close()) })
	err = fm.StartGame(ctx, p, nil)
	assert.ErrorIs(t, err, engine.ErrUnsupported)
}
