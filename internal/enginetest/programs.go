package enginetest

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Program returns the path of a Debian chess program the tests drive
// (fairymax, gnuchess, phalanx, sjeng, hoichess, xboard, polyglot, ...):
// /usr/games/NAME, else NAME on the PATH. A missing one fails the test:
// scripts/test-deps.sh installs them all.
func Program(tb testing.TB, name string) string {
	tb.Helper()
	for _, p := range []string{filepath.Join("/usr/games", name), filepath.Join("/usr/bin", name), name} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	tb.Fatalf("%s is needed and was not found in /usr/games or on the PATH: run scripts/test-deps.sh (make test does)", name)
	return ""
}
