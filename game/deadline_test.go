//go:build unix

package game_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/protodetect"
	"github.com/gambit-chess/gambit/uci"
)

// lateness is how far past its deadline a call may return in these tests.
// The calls return when their context ends, bounded by scheduling delay
// (milliseconds on an idle machine, tens of milliseconds on a loaded
// one); a second covers a goroutine starved on a 2-core machine at a load
// of 20, while every failure these tests guard against is late by the
// engine Timeout (10 s) or more.
const lateness = time.Second

// deadlineCtx returns a context that ends d from now, and that time.
func deadlineCtx(t *testing.T, d time.Duration) (context.Context, time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	dl, _ := ctx.Deadline()
	return ctx, dl
}

// requireOnTime checks that a call that ended because of its context
// returned after its deadline and at most lateness past it.
func requireOnTime(t *testing.T, deadline, returned time.Time) {
	t.Helper()
	late := returned.Sub(deadline)
	t.Logf("returned %v after its deadline", late)
	assert.GreaterOrEqual(t, late, time.Duration(0), "returned before its deadline")
	assert.Less(t, late, lateness, "returned %v after its deadline", late)
}

// requireOneLine checks that an engine error quotes at most one engine
// line.
func requireOneLine(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	assert.LessOrEqual(t, strings.Count(msg, "last output"), 1, msg)
	assert.Less(t, len(msg), 600, "a short message: %s", msg)
}

// A deadline that stops a search gives no move and ctx's error, in time,
// and leaves the game as it was; the engine then plays on in sync. The
// issue's case: Stockfish at depth 60 against a deadline.
func TestEnginePlayDeadlineUCI(t *testing.T) {
	g := game.New()
	require.NoError(t, g.StartEngine(testCtx(t, 20*time.Second), enginetest.StockfishPath(t)))
	defer g.CloseEngine()
	require.NoError(t, g.Move("e2e4"))

	ctx, dl := deadlineCtx(t, time.Second)
	bm, err := g.EnginePlay(ctx, uci.Limits{Depth: 60})
	requireOnTime(t, dl, time.Now())
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, core.NoMove, bm.Move, "no move with an error")
	assert.Equal(t, 1, g.Ply(), "the game is unchanged")
	requireOneLine(t, err)

	// The engine is in sync with the game afterwards.
	bm, err = g.EnginePlay(testCtx(t, 20*time.Second), quick)
	require.NoError(t, err)
	assert.Equal(t, 2, g.Ply())
	assert.Equal(t, bm.Move, g.LastMove())
	requireInSync(t, g)
}

// The same with XBoard engines, which are told "?" and whose late move is
// dropped: GNU Chess moves at "?", and its game is sent again before it
// plays on; Fairy-Max 5.0b does not know "?" and thinks on, yet the call
// returns at its deadline all the same (the engine is killed Timeout
// later, as it always was).
func TestEnginePlayDeadlineXBoard(t *testing.T) {
	for _, name := range []string{"gnuchess", "fairymax"} {
		t.Run(name, func(t *testing.T) {
			argv := enginetest.Lean(t, name)
			g := game.New()
			require.NoError(t, g.StartEngineProtocol(testCtx(t, 20*time.Second), game.XBoard, argv[0], argv[1:]...))
			defer g.CloseEngine()
			require.NoError(t, g.Move("e2e4"))

			// A minute a move is what the deadline cuts (Fairy-Max
			// answers "sd 60" in a fraction of a second).
			ctx, dl := deadlineCtx(t, time.Second)
			bm, err := g.EnginePlay(ctx, uci.Limits{MoveTime: time.Minute})
			requireOnTime(t, dl, time.Now())
			require.Error(t, err)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Equal(t, core.NoMove, bm.Move, "no move with an error")
			assert.Equal(t, 1, g.Ply(), "the game is unchanged")
			requireOneLine(t, err)
			if name == "fairymax" {
				return
			}
			// GNU Chess 6 answers "sd" with "Invalid move": a move time.
			for ply := 2; ply <= 4; ply++ {
				bm, err = g.EnginePlay(testCtx(t, 30*time.Second), uci.Limits{MoveTime: 200 * time.Millisecond})
				require.NoError(t, err)
				require.Equal(t, ply, g.Ply())
				assert.Equal(t, bm.Move, g.LastMove())
			}
		})
	}
}

// A program that answers neither protocol (/bin/cat echoes every command)
// is refused by Detect with an error that says so, within DetectTimeout,
// detection's feature timeout (protodetect.FeatureTimeout) and the 2 s
// Close grace (cat does not quit); an earlier deadline ends the attempt
// at the deadline.
func TestDetectRefusesASilentProgram(t *testing.T) {
	g := game.New()
	start := time.Now()
	err := g.StartEngineProtocol(testCtx(t, time.Minute), game.Detect, "/bin/cat")
	took := time.Since(start)
	t.Logf("refused after %v: %v", took.Round(time.Millisecond), err)
	require.Error(t, err)
	assert.ErrorIs(t, err, protodetect.ErrNoAnswer)
	assert.ErrorContains(t, err, "no UCI answer to uci within")
	assert.Nil(t, g.Player())
	// DetectTimeout, the feature timeout and the Close grace, each
	// bounded by a timer; two program starts and teardowns besides, up
	// to a second each beside a load of 30 here.
	assert.Less(t, took, game.DetectTimeout+protodetect.FeatureTimeout+2*time.Second+3*time.Second)
	requireOneLine(t, err)

	ctx, dl := deadlineCtx(t, 3*time.Second)
	err = g.StartEngineProtocol(ctx, game.Detect, "/bin/cat")
	requireOnTime(t, dl, time.Now())
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled), "%v", err)
	assert.Nil(t, g.Player())
}

// /bin/cat started as an XBoard engine (it passes for a protocol 1
// engine) never moves: EnginePlay returns at its deadline, not at the
// engine Timeout after it.
func TestEnginePlayDeadlineSilentXBoard(t *testing.T) {
	g := game.New()
	require.NoError(t, g.StartEngineProtocol(testCtx(t, 20*time.Second), game.XBoard, "/bin/cat"))
	defer g.CloseEngine()
	ctx, dl := deadlineCtx(t, 3*time.Second)
	bm, err := g.EnginePlay(ctx, uci.Limits{Depth: 3})
	requireOnTime(t, dl, time.Now())
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, core.NoMove, bm.Move)
	assert.Zero(t, g.Ply())
	requireOneLine(t, err)
}
