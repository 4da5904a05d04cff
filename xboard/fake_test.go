package xboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/xboard"
)

// startFake starts the broken engine in mode with short timeouts. The
// feature wait is long: it runs from protover, sent as the process starts,
// so it holds the fake's start-up too (exec and Go's runtime), which on a
// loaded machine took more than 300 ms, and the fake was then taken for a
// protocol 1 engine with no name. Every mode but proto1 ends the wait with
// done=1; proto1 sets its own short wait (startFakeWait).
func startFake(t *testing.T, mode string) (*xboard.Engine, error) {
	t.Helper()
	return startFakeWait(t, mode, 5*time.Second)
}

// startFakeWait is startFake with the given FeatureTimeout.
func startFakeWait(t *testing.T, mode string, features time.Duration) (*xboard.Engine, error) {
	t.Helper()
	cfg := xboard.Config{Timeout: time.Second, FeatureTimeout: features, CloseGrace: 500 * time.Millisecond}
	e, err := cfg.Start(testCtx(t, 10*time.Second), fakeEngine, mode)
	if err == nil {
		t.Cleanup(func() { _ = e.Close() })
	}
	return e, err
}

// thinkFromStart has the fake engine answer 1.e4 as Black.
func thinkFromStart(t *testing.T, e *xboard.Engine) (engine.Reply, error) {
	t.Helper()
	ctx := testCtx(t, 10*time.Second)
	p := core.StartPosition()
	m, err := p.ParseUCI("e2e4")
	require.NoError(t, err)
	require.NoError(t, e.StartGame(ctx, p, []core.Move{m}))
	return e.Think(ctx, engine.Limits{MoveTime: 200 * time.Millisecond}, nil)
}

func TestFakeEngines(t *testing.T) {
	t.Run("good", func(t *testing.T) {
		e, err := startFake(t, "good")
		require.NoError(t, err)
		assert.Equal(t, "fake good", e.Name())
		f := e.Features()
		assert.True(t, f.UserMove)
		assert.False(t, f.Colors)
		r, err := thinkFromStart(t, e)
		require.NoError(t, err)
		assert.Equal(t, "e7e5", r.Move.String())
		_, moves := e.Game()
		assert.Len(t, moves, 2, "the reply is played in the kept game")
	})
	t.Run("protocol 1", func(t *testing.T) {
		begin := time.Now()
		e, err := startFakeWait(t, "proto1", 300*time.Millisecond)
		require.NoError(t, err)
		assert.Equal(t, 1, e.Features().Protocol)
		assert.GreaterOrEqual(t, time.Since(begin), 300*time.Millisecond, "waited FeatureTimeout")
		r, err := thinkFromStart(t, e)
		require.NoError(t, err)
		assert.Equal(t, "e7e5", r.Move.String())
	})
	t.Run("done=0 extends the wait", func(t *testing.T) {
		// done=0 comes at once and done=1 3 s later, past the 2 s
		// feature wait; done=0 itself must arrive within it, start-up
		// included (see startFake).
		cfg := xboard.Config{Timeout: 5 * time.Second, FeatureTimeout: 2 * time.Second}
		e, err := cfg.Start(testCtx(t, 10*time.Second), fakeEngine, "slowdone")
		require.NoError(t, err)
		defer e.Close()
		assert.Equal(t, "slow", e.Name())
	})
	t.Run("done=0 and never done=1", func(t *testing.T) {
		_, err := startFake(t, "nodone")
		require.ErrorIs(t, err, xboard.ErrTimeout)
	})
	for _, mode := range []string{"illegal", "garbage"} {
		t.Run(mode, func(t *testing.T) {
			e, err := startFake(t, mode)
			require.NoError(t, err)
			_, err = thinkFromStart(t, e)
			require.ErrorIs(t, err, xboard.ErrProtocol)
			_, moves := e.Game()
			assert.Len(t, moves, 1, "nothing played")
		})
	}
	t.Run("hang", func(t *testing.T) {
		e, err := startFake(t, "hang")
		require.NoError(t, err)
		begin := time.Now()
		_, err = thinkFromStart(t, e)
		require.ErrorIs(t, err, xboard.ErrTimeout)
		assert.Less(t, time.Since(begin), 3*time.Second, "movetime and Timeout; no wait after ?")
		// The next call waits for the move, Timeout after "?", and finds
		// the engine killed.
		require.ErrorIs(t, e.StartGame(testCtx(t, 5*time.Second), core.StartPosition(), nil), xboard.ErrTimeout, "killed: every call fails")
		require.ErrorIs(t, e.Ping(testCtx(t, time.Second)), xboard.ErrTimeout)
	})
	t.Run("crash", func(t *testing.T) {
		e, err := startFake(t, "crash")
		require.NoError(t, err)
		_, err = thinkFromStart(t, e)
		require.ErrorIs(t, err, xboard.ErrExited)
		assert.Contains(t, err.Error(), "segmentation fault", "stderr is in the error")
		assert.Contains(t, err.Error(), "exit status 3")
	})
	t.Run("reject", func(t *testing.T) {
		e, err := startFake(t, "reject")
		require.NoError(t, err)
		p := core.StartPosition()
		m, _ := p.ParseUCI("e2e4")
		err = e.StartGame(testCtx(t, 5*time.Second), p, []core.Move{m})
		require.ErrorIs(t, err, xboard.ErrRejected)
	})
	t.Run("claim", func(t *testing.T) {
		e, err := startFake(t, "claim")
		require.NoError(t, err)
		r, err := thinkFromStart(t, e)
		require.NoError(t, err)
		assert.Equal(t, engine.Reply{Result: "1-0", Reason: "White mates"}, r)
	})
	t.Run("resign", func(t *testing.T) {
		e, err := startFake(t, "resign")
		require.NoError(t, err)
		r, err := thinkFromStart(t, e)
		require.NoError(t, err)
		assert.True(t, r.Resign)
		assert.Equal(t, core.NoMove, r.Move)
	})
	t.Run("draw offer", func(t *testing.T) {
		e, err := startFake(t, "draw")
		require.NoError(t, err)
		r, err := thinkFromStart(t, e)
		require.NoError(t, err)
		assert.True(t, r.Draw)
		assert.Equal(t, "e7e5", r.Move.String())
	})
	t.Run("san", func(t *testing.T) {
		e, err := startFake(t, "san")
		require.NoError(t, err)
		require.True(t, e.Features().SAN)
		var pv []core.Move
		ctx := testCtx(t, 10*time.Second)
		p := core.StartPosition()
		m, err := p.ParseUCI("e2e4")
		require.NoError(t, err)
		require.NoError(t, e.StartGame(ctx, p, []core.Move{m}), "e4 was sent in SAN")
		r, err := e.Think(ctx, engine.Limits{MoveTime: 200 * time.Millisecond}, func(i engine.Info) { pv = i.PV })
		require.NoError(t, err)
		assert.Equal(t, "g8f6", r.Move.String(), "the SAN reply read with core")
		require.Len(t, pv, 3)
		assert.Equal(t, "d7d5", pv[2].String())
	})
	t.Run("missing program", func(t *testing.T) {
		_, err := xboard.Start(testCtx(t, 5*time.Second), "/nonexistent/engine")
		var ee *xboard.EngineError
		require.ErrorAs(t, err, &ee)
		assert.Equal(t, "start", ee.Op)
	})
}
