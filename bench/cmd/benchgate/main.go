// Command benchgate is a benchmark regression gate for CI. It benchmarks a
// base git revision and the working tree alternately, compares the two with
// the statistics of golang.org/x/perf (the median and Mann-Whitney U test,
// as benchstat does), prints the comparison table, and exits 1 when a
// benchmark got slower by more than a threshold with p < alpha.
//
// Usage:
//
//	benchgate -base REV [flags] [packages]
//	benchgate [flags] base.txt head.txt
//
// In the first form the base revision is checked out in a temporary git
// worktree (removed afterwards, so the working tree is never touched), the
// test binaries of both trees are built once, and each side runs
// -count times, alternately: base, head, base, head, ... Each run is what
// `go test -run '^$' -bench PATTERN -count 1 -benchmem` runs. The packages
// (default ".") are relative to the current directory, which must be inside
// the working tree; in the base they are taken at the same place.
//
// With -head-dir, the listed directories of the working tree replace the
// base's before it is built: both sides then run the same benchmark code,
// and only the code under test differs. gambit's `make bench-compare` uses
// it for bench/, so that a base revision with older (or no) benchmarks is
// still measured with the current ones.
//
// In the second form the two files hold results in the Go benchmark format
// (go test -bench output), and only the comparison is done.
//
// Exit status: 0 when no gated benchmark regressed, 1 when one did, 2 on
// any other error.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/perf/benchunit"
)

// minCount is the fewest samples a side with which the U test can reach
// p < 0.05 comfortably (5 against 5 gives p >= 0.008).
const minCount = 5

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// listFlag is a repeatable, comma-separated string list flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

// run is the command without the process around it: it returns the exit
// status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchgate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: benchgate -base REV [flags] [packages]\n       benchgate [flags] base.txt head.txt\n\n")
		fs.PrintDefaults()
	}
	base := fs.String("base", "", "git revision to compare the working tree against (run mode)")
	bench := fs.String("bench", ".", "benchmarks to run, a go test -bench pattern")
	benchtime := fs.String("benchtime", "", "go test -benchtime of each run (default go test's)")
	count := fs.Int("count", 10, fmt.Sprintf("runs of each side, alternating (at least %d)", minCount))
	threshold := fs.String("threshold", "5%", "fail when a gated unit is worse by more than this percentage")
	alpha := fs.Float64("alpha", 0.05, "significance level: a change counts only when p < alpha")
	var units, headDirs listFlag
	fs.Var(&units, "units", "comma-separated units that can fail the gate: sec/op, B/op, allocs/op or a custom metric (default sec/op)")
	fs.Var(&headDirs, "head-dir", "directory (relative to the current one) whose working-tree contents replace the base's; repeatable")
	outDir := fs.String("o", "", "also write the raw results to `dir`/base.txt and dir/head.txt")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}

	if len(units) == 0 {
		units = listFlag{"sec/op"}
	}
	g, err := newGate(*threshold, *alpha, units)
	if err != nil {
		fmt.Fprintf(stderr, "benchgate: %v\n", err)
		return 2
	}

	var baseOut, headOut []byte
	if *base == "" {
		if fs.NArg() != 2 {
			fmt.Fprintf(stderr, "benchgate: give -base REV to run the benchmarks, or two result files to compare\n")
			fs.Usage()
			return 2
		}
		if baseOut, err = os.ReadFile(fs.Arg(0)); err == nil {
			headOut, err = os.ReadFile(fs.Arg(1))
		}
		if err != nil {
			fmt.Fprintf(stderr, "benchgate: %v\n", err)
			return 2
		}
	} else {
		if *count < minCount {
			fmt.Fprintf(stderr, "benchgate: -count %d: need at least %d runs a side for a significant difference\n", *count, minCount)
			return 2
		}
		dir, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(stderr, "benchgate: %v\n", err)
			return 2
		}
		pkgs := fs.Args()
		if len(pkgs) == 0 {
			pkgs = []string{"."}
		}
		cfg := runConfig{base: *base, bench: *bench, benchtime: *benchtime, count: *count,
			pkgs: pkgs, headDirs: headDirs, dir: dir, log: stderr}
		baseOut, headOut, err = runInterleaved(ctx, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "benchgate: %v\n", err)
			return 2
		}
	}
	if *outDir != "" {
		if err := writeResults(*outDir, baseOut, headOut); err != nil {
			fmt.Fprintf(stderr, "benchgate: %v\n", err)
			return 2
		}
	}

	c, err := compare(bytes.NewReader(baseOut), bytes.NewReader(headOut), g)
	if err != nil {
		fmt.Fprintf(stderr, "benchgate: %v\n", err)
		return 2
	}
	if err := writeTable(stdout, c); err != nil {
		fmt.Fprintf(stderr, "benchgate: %v\n", err)
		return 2
	}
	fmt.Fprintln(stdout)
	writeVerdict(stdout, c)
	if len(c.regressions()) > 0 {
		return 1
	}
	return 0
}

// newGate checks and normalises the gate's flags: the threshold may carry a
// percent sign, and units are tidied as the benchmark reader tidies them
// (ns/op is sec/op).
func newGate(threshold string, alpha float64, units []string) (gate, error) {
	t, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(threshold), "%"), 64)
	if err != nil || t < 0 {
		return gate{}, fmt.Errorf("-threshold %q: want a non-negative percentage such as 5%%", threshold)
	}
	if alpha <= 0 || alpha >= 1 {
		return gate{}, fmt.Errorf("-alpha %g: want a level between 0 and 1, such as 0.05", alpha)
	}
	if len(units) == 0 {
		return gate{}, errors.New("-units: name at least one unit")
	}
	tidy := make([]string, len(units))
	for i, u := range units {
		_, tidy[i] = benchunit.Tidy(1, u)
	}
	return gate{threshold: t, alpha: alpha, units: tidy}, nil
}

func writeResults(dir string, base, head []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "base.txt"), base, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "head.txt"), head, 0o644)
}
