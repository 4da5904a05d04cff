package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// runConfig says what to benchmark and how often.
type runConfig struct {
	base      string   // the git revision to compare against
	bench     string   // the -bench pattern
	skip      string   // the -skip pattern; "" skips nothing
	benchtime string   // the -benchtime value; "" for go test's default
	count     int      // rounds: each side runs count times, alternately
	pkgs      []string // package patterns, relative to dir
	// headDirs are directories, relative to dir, whose working-tree contents
	// replace the base revision's before it is built, so that both sides run
	// the same benchmark code and only the code under test differs. A
	// directory missing at the base revision is created.
	headDirs []string
	dir      string    // where benchgate runs: inside the git working tree
	log      io.Writer // progress and the commands run
	// buildFlags are added to go test -c: the instruction gate builds
	// without DWARF (-ldflags=-w), which halves valgrind's start-up; its
	// function names come from the symbol table, which stays.
	buildFlags []string
}

// benchArgs returns the test-binary flags that select the benchmarks of
// cfg, runs no test and runs each benchmark once.
func (cfg runConfig) benchArgs(bench string) []string {
	args := []string{"-test.run", "^$", "-test.bench", bench, "-test.count", "1"}
	if cfg.skip != "" {
		args = append(args, "-test.skip", cfg.skip)
	}
	return args
}

// side is one of the two trees being measured.
type side struct {
	name string   // "base" or "head"
	dir  string   // the directory matching runConfig.dir in this tree
	bins []binary // one test binary a package with tests
	out  bytes.Buffer
}

// binary is a compiled test binary and the package directory it runs in
// (go test runs a test binary in its package's directory, and tests may
// read files relative to it).
type binary struct{ path, dir, pkg string }

// runInterleaved checks the base revision out in a temporary git worktree,
// builds the test binaries of both trees once, then runs them in rounds
// (base, head, base, head, ...), each run being what
// `go test -run '^$' -bench PATTERN -count 1 -benchmem` runs. Alternating
// spreads slow drifts of the machine (thermal throttling, other load)
// evenly over both sides instead of biasing whichever ran second. The
// worktree is removed when it returns, whatever happened.
func runInterleaved(ctx context.Context, cfg runConfig) (base, head []byte, err error) {
	err = withSides(ctx, cfg, func(sides [2]*side, _ string) error {
		if err := runRounds(ctx, cfg, sides); err != nil {
			return err
		}
		base, head = sides[0].out.Bytes(), sides[1].out.Bytes()
		return nil
	})
	return base, head, err
}

// withSides checks the base revision out in a temporary git worktree,
// builds the test binaries of base and head, and calls fn with the two
// sides and the temporary directory (which fn may use for its own files).
// The worktree and the directory are removed when it returns, whatever
// happened.
func withSides(ctx context.Context, cfg runConfig, fn func(sides [2]*side, tmp string) error) (err error) {
	top, err := gitOutput(ctx, cfg.dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return fmt.Errorf("benchgate must run inside a git working tree: %w", err)
	}
	prefix, err := gitOutput(ctx, cfg.dir, "rev-parse", "--show-prefix")
	if err != nil {
		return err
	}
	rev, err := gitOutput(ctx, cfg.dir, "rev-parse", "--verify", "--quiet", cfg.base+"^{commit}")
	if err != nil {
		return fmt.Errorf("base revision %q: not a commit: %w", cfg.base, err)
	}

	tmp, err := os.MkdirTemp("", "benchgate-")
	if err != nil {
		return fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(cfg.log, "benchgate: base %s (%s) in a temporary worktree %s\n", cfg.base, rev[:min(12, len(rev))], filepath.Join(tmp, "base"))
	base, remove, err := checkoutSide(ctx, cfg, top, prefix, rev, "base", tmp)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, remove()) }()

	sides := [2]*side{base, {name: "head", dir: cfg.dir}}
	for _, s := range sides {
		if err := s.build(ctx, cfg, tmp); err != nil {
			return err
		}
	}
	return fn(sides, tmp)
}

// checkoutSide checks the commit rev out in a detached git worktree
// tmp/name, copies the working tree's cfg.headDirs over it, and returns the
// side whose directory is cfg.dir's place in it (prefix, from the top of
// the working tree top), with the function that removes the worktree,
// which the caller must call whatever happens.
func checkoutSide(ctx context.Context, cfg runConfig, top, prefix, rev, name, tmp string) (*side, func() error, error) {
	worktree := filepath.Join(tmp, name)
	if _, err := gitOutput(ctx, top, "worktree", "add", "--detach", worktree, rev); err != nil {
		return nil, nil, fmt.Errorf("checking out %s: %w", name, err)
	}
	remove := func() error {
		// Not ctx: the worktree must go even when the run was interrupted.
		if _, err := gitOutput(context.Background(), top, "worktree", "remove", "--force", worktree); err != nil {
			return fmt.Errorf("removing the worktree of %s: %w", name, err)
		}
		return nil
	}
	s := &side{name: name, dir: filepath.Join(worktree, filepath.FromSlash(prefix))}
	for _, d := range cfg.headDirs {
		src := filepath.Join(cfg.dir, d)
		dst := filepath.Join(s.dir, d)
		if err := checkHeadDir(top, src); err != nil {
			return nil, nil, errors.Join(err, remove())
		}
		fmt.Fprintf(cfg.log, "benchgate: %s uses the working tree's %s\n", name, src)
		if err := replaceTree(src, dst); err != nil {
			return nil, nil, errors.Join(fmt.Errorf("copying %s into %s: %w", d, name, err), remove())
		}
	}
	return s, remove, nil
}

// runRounds runs the benchmarks of both sides cfg.count times, alternately,
// appending each side's output to its out.
func runRounds(ctx context.Context, cfg runConfig, sides [2]*side) error {
	args := append(cfg.benchArgs(cfg.bench), "-test.benchmem")
	if cfg.benchtime != "" {
		args = append(args, "-test.benchtime", cfg.benchtime)
	}
	fmt.Fprintf(cfg.log, "benchgate: %d rounds of base then head, each: <pkg>.test %s\n", cfg.count, strings.Join(quoteArgs(args), " "))
	for round := 1; round <= cfg.count; round++ {
		for _, s := range sides {
			fmt.Fprintf(cfg.log, "benchgate: round %d/%d %s\n", round, cfg.count, s.name)
			for _, b := range s.bins {
				if err := runBinary(ctx, b, args, &s.out); err != nil {
					return fmt.Errorf("%s: %w", s.name, err)
				}
			}
		}
	}
	return nil
}

// build compiles the test binary of every package in cfg.pkgs that has
// tests, as `go test -c` does, into tmp.
func (s *side) build(ctx context.Context, cfg runConfig, tmp string) error {
	if _, err := os.Stat(s.dir); err != nil {
		return fmt.Errorf("%s: %w (give the benchmark directory with -head-dir if the base revision lacks it)", s.name, err)
	}
	listArgs := append([]string{"list", "-f", "{{.Dir}}\t{{len .TestGoFiles}}\t{{len .XTestGoFiles}}\t{{.ImportPath}}"}, cfg.pkgs...)
	list, err := command(ctx, s.dir, "go", listArgs...)
	if err != nil {
		return fmt.Errorf("%s: listing packages: %w", s.name, err)
	}
	for i, line := range strings.Split(strings.TrimSpace(list), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 || (f[1] == "0" && f[2] == "0") {
			continue // no test files, so no benchmarks
		}
		bin := filepath.Join(tmp, s.name+"-"+strconv.Itoa(i)+".test")
		fmt.Fprintf(cfg.log, "benchgate: %s: go test -c %s\n", s.name, f[0])
		buildArgs := append(append([]string{"test", "-c", "-o", bin}, cfg.buildFlags...), ".")
		if _, err := command(ctx, f[0], "go", buildArgs...); err != nil {
			return fmt.Errorf("%s: building the tests of %s: %w", s.name, f[0], err)
		}
		s.bins = append(s.bins, binary{path: bin, dir: f[0], pkg: f[3]})
	}
	if len(s.bins) == 0 {
		return fmt.Errorf("%s: no package with tests among %s", s.name, strings.Join(cfg.pkgs, " "))
	}
	return nil
}

// runBinary runs one test binary and appends its output to out. A failing
// run (a benchmark calling b.Fatal, a panic) stops the gate: a comparison
// with a side that did not run would say nothing.
func runBinary(ctx context.Context, b binary, args []string, out *bytes.Buffer) error {
	cmd := exec.CommandContext(ctx, b.path, args...)
	cmd.Dir = b.dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("running the benchmarks in %s: %w\n%s%s", b.dir, err, stdout.Bytes(), stderr.Bytes())
	}
	out.Write(stdout.Bytes())
	return nil
}

// gitOutput runs git in dir and returns its trimmed standard output.
func gitOutput(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := command(ctx, dir, "git", args...)
	return strings.TrimSpace(out), err
}

// command runs name in dir and returns its standard output; on failure the
// error carries the standard error.
func command(ctx context.Context, dir, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// checkHeadDir refuses a -head-dir that is not strictly inside the working
// tree: copying the whole tree, or one holding a .git entry, would overwrite
// the base worktree's own link to the repository.
func checkHeadDir(top, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	topAbs, err := filepath.EvalSymlinks(top)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	rel, err := filepath.Rel(topAbs, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("-head-dir %s: must be a directory inside the working tree, not its top or outside it", dir)
	}
	if _, err := os.Lstat(filepath.Join(abs, ".git")); err == nil {
		return fmt.Errorf("-head-dir %s: holds a .git entry (a nested repository)", dir)
	}
	return nil
}

// replaceTree makes dst a copy of the directory src: dst's old contents go.
func replaceTree(src, dst string) error {
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(target, info.Mode().Perm()|0o700)
		case info.Mode().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, info.Mode().Perm())
		}
		return nil // symlinks and devices are not benchmark code
	})
}

// quoteArgs quotes the arguments a shell would split or expand, for the log.
func quoteArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " ^$*?[]|&;<>()'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return out
}
