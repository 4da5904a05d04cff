// Package polyglottest runs Debian's polyglot, the oracle of the tests of
// package polyglot and of pgn book. Those tests never skip for a missing
// polyglot: make test installs it (scripts/test-deps.sh), so a missing one
// fails the test with what to install.
package polyglottest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// paths are tried in order; the first is where Debian's polyglot package
// installs it.
var paths = []string{"/usr/games/polyglot", "polyglot"}

// Path returns the polyglot to test against, failing the test when there
// is none.
func Path(tb testing.TB) string {
	tb.Helper()
	for _, p := range paths {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	tb.Fatalf("Debian's polyglot is needed and was not found in %v: run scripts/test-deps.sh (make test does), or apt-get install polyglot", paths)
	return ""
}

// Run runs polyglot with args in dir and returns its output, failing the
// test when it fails.
func Run(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(Path(tb), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("polyglot %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// MakeBook runs polyglot make-book on the PGN file pgnFile with the extra
// options opts and returns the book's bytes.
func MakeBook(tb testing.TB, pgnFile string, opts ...string) []byte {
	tb.Helper()
	dir := tb.TempDir()
	abs, err := filepath.Abs(pgnFile)
	if err != nil {
		tb.Fatal(err)
	}
	args := append([]string{"make-book", "-pgn", abs, "-bin", "book.bin"}, opts...)
	Run(tb, dir, args...)
	book, err := os.ReadFile(filepath.Join(dir, "book.bin"))
	if err != nil {
		tb.Fatal(err)
	}
	return book
}
