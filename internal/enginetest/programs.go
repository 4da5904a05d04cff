package enginetest

import (
	"fmt"
	"os"
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

// Lean returns the command line (program path first) of the Debian engine
// name with args, set to a small hash table where the engine's default is
// large: Fairy-Max 12 MB instead of 100 MB (its first argument), GNU Chess
// 16 MB instead of 256 MB (its -M option and a gnuchess.ini in a directory
// of its own, since `new` sizes the table from the ini file). Those tables
// are zeroed when the engine starts, and GNU Chess's again at `new`, before
// it reads `quit`: 0.1 to 0.5 s of CPU each time. With several engines
// started at once beside other tests on two cores, that outlasted the 2 s
// that Close waits for an engine to quit.
func Lean(tb testing.TB, name string, args ...string) []string {
	tb.Helper()
	path := Program(tb, name)
	switch name {
	case "fairymax":
		return append([]string{path, "20"}, args...)
	case "gnuchess":
		dir := tb.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "gnuchess.ini"), []byte("[Adapter]\n[Engine]\nHash = 16\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
		wrapper := filepath.Join(dir, "gnuchess")
		script := fmt.Sprintf("#!/bin/sh\ncd %q && exec %q -M 16 \"$@\"\n", dir, path)
		if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
			tb.Fatal(err)
		}
		return append([]string{wrapper}, args...)
	}
	return append([]string{path}, args...)
}
