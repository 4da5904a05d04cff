package enginetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// BuildPrograms builds the Go main packages pkgs (as go build takes them,
// from the test's directory) into a new temporary directory whose name
// starts with prefix, and returns the directory: each program is there
// under the last element of its package's path ("." is the test's own
// package, named after its directory). It is for TestMain, before any
// test runs: when the build fails it prints why and exits with status 1.
// The caller removes the directory when the tests have run.
func BuildPrograms(prefix string, pkgs ...string) string {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	args := append([]string{"build", "-o", dir + string(filepath.Separator)}, pkgs...)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		fmt.Fprintf(os.Stderr, "building %v for the tests: %v\n%s", pkgs, err, out)
		os.Exit(1)
	}
	return dir
}
