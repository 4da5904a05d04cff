package xboard_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// The test programs, built once: fakeEngine is the broken engine of the
// failure tests (internal/fakexboard), goEngine a Go engine served by
// Serve in either protocol (internal/goengine).
var fakeEngine, goEngine string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("xboard-test", "./internal/fakexboard", "./internal/goengine")
	fakeEngine = filepath.Join(dir, "fakexboard")
	goEngine = filepath.Join(dir, "goengine")
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
