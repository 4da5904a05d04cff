package xboard_test

import (
	"context"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/testmain"
)

// The test programs, built once: fakeEngine is the broken engine of the
// failure tests (internal/fakexboard), goEngine a Go engine served by
// Serve in either protocol (internal/goengine).
var fakeEngine, goEngine string

func TestMain(m *testing.M) {
	testmain.Run(m, "xboard-test", map[string]*string{
		"./internal/fakexboard": &fakeEngine,
		"./internal/goengine":   &goEngine,
	})
}

// testCtx returns a context that ends with the test, bounded so a broken
// test fails rather than hangs.
func testCtx(t testing.TB, d time.Duration) context.Context { return enginetest.Context(t, d) }
