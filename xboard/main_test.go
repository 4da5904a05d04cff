package xboard_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// The test programs, built once: fakeEngine is the broken engine of the
// failure tests (internal/fakexboard), goEngine a Go engine served by
// Serve in either protocol (internal/goengine).
var fakeEngine, goEngine string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "xboard-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakeEngine = filepath.Join(dir, "fakexboard")
	goEngine = filepath.Join(dir, "goengine")
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./internal/fakexboard", "./internal/goengine")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the test engines: %v\n%s", err, out)
		os.Exit(1)
	}
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
