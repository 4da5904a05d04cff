// Package testmain is the TestMain of the packages whose tests run
// programs they build (uci's and xboard's fake engines): the programs built
// once, and goleak's check that no goroutine of a test outlives it. It is
// apart from package enginetest so that the modules that use enginetest
// (bench) need not require goleak.
package testmain

import (
	"os"
	"path/filepath"
	"testing"

	"go.uber.org/goleak"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// Run is the TestMain of a package whose tests run programs: it builds
// each package of programs (see enginetest.BuildPrograms; the key is its
// import path relative to the package, "./internal/fakeengine", not ".")
// and sets the string it points to to the program's path, runs the tests
// under goleak, which proves that no goroutine of theirs outlives them,
// removes the programs and exits.
func Run(m *testing.M, prefix string, programs map[string]*string) {
	pkgs := make([]string, 0, len(programs))
	for pkg := range programs {
		pkgs = append(pkgs, pkg)
	}
	dir := enginetest.BuildPrograms(prefix, pkgs...)
	for pkg, path := range programs {
		*path = filepath.Join(dir, filepath.Base(pkg))
	}
	// Cleanup takes the place of os.Exit, so it must exit itself.
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		_ = os.RemoveAll(dir)
		os.Exit(code)
	}))
}
