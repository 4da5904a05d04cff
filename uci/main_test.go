package uci_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
)

// The test programs, built once: fakeEngine is the broken engine of the
// failure tests (internal/fakeengine), randomEngine an engine built on
// Serve (internal/randomengine).
var fakeEngine, randomEngine string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("uci-test", "./internal/fakeengine", "./internal/randomengine")
	fakeEngine = filepath.Join(dir, "fakeengine")
	randomEngine = filepath.Join(dir, "randomengine")
	// Every test closes what it starts; goleak proves no goroutine of an
	// Engine, a Search or Serve outlives it.
	// Cleanup takes the place of os.Exit, so it must exit itself.
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		_ = os.RemoveAll(dir)
		os.Exit(code)
	}))
}

// testCtx returns a context that ends with the test, bounded so a broken
// test fails rather than hangs.
func testCtx(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// startStockfish starts Stockfish over a pipe and closes it with the test.
func startStockfish(t testing.TB, cfg uci.Config) *uci.Engine {
	t.Helper()
	e, err := cfg.Start(testCtx(t, 20*time.Second), enginetest.StockfishPath(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	return e
}
