package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitRepo makes a throwaway repository holding a module whose lib.Work
// sleeps for base, commits it, then changes the working tree so that Work
// sleeps for head. The benchmark lives in benchdir/, which is only in the
// working tree (untracked), as gambit's bench/ is absent from old revisions.
func gitRepo(t *testing.T, base, head string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":     "module example.com/gatetest\n\ngo 1.24\n",
		"lib/lib.go": libSource(base),
	}
	for name, text := range files {
		writeFile(t, filepath.Join(dir, name), text)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "-c", "user.name=benchgate", "-c", "user.email=benchgate@example.com", "commit", "-q", "-m", "base")
	writeFile(t, filepath.Join(dir, "lib", "lib.go"), libSource(head))
	writeFile(t, filepath.Join(dir, "benchdir", "work_test.go"), `package benchdir

import (
	"testing"

	"example.com/gatetest/lib"
)

func BenchmarkWork(b *testing.B) {
	for b.Loop() {
		lib.Work()
	}
}
`)
	return dir
}

func libSource(d string) string {
	return "package lib\n\nimport \"time\"\n\n// Work takes a known time.\nfunc Work() { time.Sleep(" + d + ") }\n"
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %s: %s", strings.Join(args, " "), out)
	return string(out)
}

// TestRunGatesAWorkingTree runs the whole gate on a real repository: a
// change that makes the benchmark ten times slower fails it, an unchanged
// tree passes, and in both cases the temporary worktree is gone afterwards
// and the working tree is as it was.
func TestRunGatesAWorkingTree(t *testing.T) {
	tests := []struct {
		name       string
		base, head string
		threshold  string
		code       int
		verdict    string
	}{
		// Sleeps are far apart so that a loaded machine cannot blur them.
		{"ten times slower fails", "time.Millisecond", "10 * time.Millisecond", "5%", 1, "benchgate: FAIL"},
		// The same code on both sides: any difference is noise. A
		// generous threshold keeps a busy machine from failing it by chance.
		{"unchanged passes", "time.Millisecond", "time.Millisecond", "50%", 0, "benchgate: PASS"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := gitRepo(t, tc.base, tc.head)
			statusBefore := git(t, repo, "status", "--porcelain")
			t.Chdir(repo)
			var stdout, stderr strings.Builder
			out := t.TempDir()
			code := run(context.Background(), []string{"-base", "HEAD", "-count", "5", "-benchtime", "3x",
				"-threshold", tc.threshold, "-head-dir", "benchdir", "-o", out, "./benchdir"}, &stdout, &stderr)
			require.Equal(t, tc.code, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
			assert.Contains(t, stdout.String(), "Work-")
			assert.Contains(t, stdout.String(), tc.verdict)

			// Base and head ran alternately, five times each.
			log := stderr.String()
			var order []string
			for _, line := range strings.Split(log, "\n") {
				if f := strings.Fields(line); len(f) == 4 && f[1] == "round" {
					order = append(order, f[3])
				}
			}
			assert.Equal(t, strings.Fields(strings.Repeat("base head ", 5)), order)

			// Every run's results were kept: five samples a side.
			for _, name := range []string{"base.txt", "head.txt"} {
				data, err := os.ReadFile(filepath.Join(out, name))
				require.NoError(t, err)
				assert.Equal(t, 5, strings.Count(string(data), "BenchmarkWork"), name)
			}

			// The worktree is removed and the working tree untouched.
			worktrees := git(t, repo, "worktree", "list", "--porcelain")
			assert.Equal(t, 1, strings.Count(worktrees, "worktree "), worktrees)
			assert.Equal(t, statusBefore, git(t, repo, "status", "--porcelain"))
		})
	}
}

func TestRunRejectsBadBase(t *testing.T) {
	repo := gitRepo(t, "time.Millisecond", "time.Millisecond")
	t.Chdir(repo)
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-base", "no-such-revision", "./benchdir"}, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr.String(), `base revision "no-such-revision"`)
}

// TestRunNeedsTheBenchmarksAtTheBase checks the error when the base revision
// lacks the benchmark directory and -head-dir does not supply it.
func TestRunNeedsTheBenchmarksAtTheBase(t *testing.T) {
	repo := gitRepo(t, "time.Millisecond", "time.Millisecond")
	t.Chdir(filepath.Join(repo, "benchdir"))
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-base", "HEAD", "-count", "5", "-benchtime", "1x", "."}, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr.String(), "-head-dir")
	worktrees := git(t, repo, "worktree", "list", "--porcelain")
	assert.Equal(t, 1, strings.Count(worktrees, "worktree "), worktrees)
}

func TestCheckHeadDir(t *testing.T) {
	repo := gitRepo(t, "time.Millisecond", "time.Millisecond")
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "nested", ".git"), 0o755))
	tests := []struct {
		name string
		dir  string
		ok   bool
	}{
		{"a directory inside", filepath.Join(repo, "benchdir"), true},
		{"the top itself", repo, false},
		{"outside", filepath.Dir(repo), false},
		{"a nested repository", filepath.Join(repo, "nested"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkHeadDir(repo, tc.dir)
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}
