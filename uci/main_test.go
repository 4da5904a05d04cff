package uci_test

import (
	"context"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/testmain"
	"github.com/gambit-chess/gambit/uci"
	"github.com/stretchr/testify/require"
)

// The test programs, built once: fakeEngine is the broken engine of the
// failure tests (internal/fakeengine), randomEngine an engine built on
// Serve (internal/randomengine).
var fakeEngine, randomEngine string

func TestMain(m *testing.M) {
	// Every test closes what it starts; goleak proves no goroutine of an
	// Engine, a Search or Serve outlives it.
	testmain.Run(m, "uci-test", map[string]*string{
		"./internal/fakeengine":   &fakeEngine,
		"./internal/randomengine": &randomEngine,
	})
}

// testCtx returns a context that ends with the test, bounded so a broken
// test fails rather than hangs.
func testCtx(t testing.TB, d time.Duration) context.Context { return enginetest.Context(t, d) }

// startStockfish starts Stockfish over a pipe and closes it with the test.
func startStockfish(t testing.TB, cfg uci.Config) *uci.Engine {
	t.Helper()
	e, err := cfg.Start(testCtx(t, 20*time.Second), enginetest.StockfishPath(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	return e
}
