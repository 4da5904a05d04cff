package enginetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// Main is the TestMain of a package whose tests run programs: it builds
// each package of programs (see BuildPrograms; the key is its import path
// relative to the package, "./internal/fakeengine", not ".") and sets the string
// it points to to the program's path, runs the tests under goleak, which
// proves that no goroutine of theirs outlives them, removes the programs
// and exits.
func Main(m *testing.M, prefix string, programs map[string]*string) {
	pkgs := make([]string, 0, len(programs))
	for pkg := range programs {
		pkgs = append(pkgs, pkg)
	}
	dir := BuildPrograms(prefix, pkgs...)
	for pkg, path := range programs {
		*path = filepath.Join(dir, filepath.Base(pkg))
	}
	// Cleanup takes the place of os.Exit, so it must exit itself.
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		_ = os.RemoveAll(dir)
		os.Exit(code)
	}))
}

// Context returns a context that ends with the test, bounded by d so
// that a broken test fails rather than hangs.
func Context(tb testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	tb.Cleanup(cancel)
	return ctx
}
