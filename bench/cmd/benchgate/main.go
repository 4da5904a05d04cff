// Command benchgate is a benchmark regression gate for CI. It compares the
// benchmarks of a base git revision with those of the working tree and exits
// 1 when one got slower by more than a threshold.
//
// With -metric instructions it counts each benchmark's instructions per op
// under Valgrind (cachegrind), which a busy machine does not disturb: every
// benchmark runs alone at two fixed iteration counts on each side, and the
// difference of the two whole-run counts, divided by the difference of the
// iteration counts, cancels start-up and set-up. For every benchmark that
// regressed it lists the functions whose own instructions per op grew most.
// The wall-time table is then informative. See docs/benchgate.md in the
// gambit repository.
//
// With -metric time (the default) it benchmarks both sides alternately,
// compares them with the statistics of golang.org/x/perf (the median and
// Mann-Whitney U test, as benchstat does), and fails when a benchmark got
// slower by more than the threshold with p < alpha.
//
// Install it with
//
//	go install github.com/gambit-chess/gambit/bench/cmd/benchgate@latest
//
// Usage:
//
//	benchgate -base REV [-metric instructions] [flags] [packages]
//	benchgate [flags] base.txt head.txt
//	benchgate -metric instructions -history FROM..TO [-json F] [-markdown F] [-svg F] [flags] [packages]
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
// (go test -bench output), and only the wall-time comparison is done.
//
// -json FILE and -markdown FILE also write the comparison as JSON and as a
// Markdown summary for a pull-request comment.
//
// In the third form, the history mode, nothing is gated: every commit from
// FROM along TO's first-parent line is checked out and built once, and
// each benchmark's instructions per op is counted at each commit (the
// iteration counts calibrated on TO), so that a round of work can be seen
// commit by commit. The table goes to standard output in Markdown, -json
// and -markdown write it to files, and -svg draws it as a line chart, each
// benchmark as a percentage of its first count.
//
// Exit status: 0 when no gated benchmark regressed, 1 when one did, 2 when
// it could not measure (bad flags, a build failure, a failing benchmark, a
// counted process that died under Valgrind: the message says why in one
// line).
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
	"runtime"
	"strconv"
	"strings"
	"time"

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

// Defaults of -threshold: the wall-time gate's, and the instruction
// gate's, set from the spread of instruction counts measured between runs
// of unchanged code (see instr.go).
const (
	defaultTimeThreshold  = "5%"
	defaultInstrThreshold = "0.5%"
)

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
	metric := fs.String("metric", "time", "what the gate compares: time (wall time, benchstat's statistics) or instructions (instructions per op counted by valgrind)")
	bench := fs.String("bench", ".", "benchmarks to run, a go test -bench pattern")
	skip := fs.String("skip", "", "benchmarks not to run, a go test -skip pattern")
	benchtime := fs.String("benchtime", "", "go test -benchtime of each wall-time run (default go test's)")
	count := fs.Int("count", 10, fmt.Sprintf("wall-time runs of each side, alternating (at least %d; with -metric instructions the wall-time table is informative, and 0 skips it)", minCount))
	threshold := fs.String("threshold", "", "fail when a gated figure is worse by more than this percentage (default "+defaultTimeThreshold+" for time, "+defaultInstrThreshold+" for instructions)")
	alpha := fs.Float64("alpha", 0.05, "significance level of the wall-time gate: a change counts only when p < alpha")
	valgrind := fs.String("valgrind", "valgrind", "the valgrind command (-metric instructions)")
	instrTime := fs.Duration("instr-time", 100*time.Millisecond, "native run time of the iterations the two counted runs of a benchmark differ by (-metric instructions)")
	instrMin := fs.Uint64("instr-min", 200_000_000, "fewest instructions those iterations must count; fewer (a busy machine misleads the calibration) and they are counted again, more of them (-metric instructions)")
	jobs := fs.Int("j", runtime.NumCPU(), "valgrind processes at a time (-metric instructions)")
	top := fs.Int("top", 10, "functions listed for each regressed benchmark (-metric instructions)")
	jsonOut := fs.String("json", "", "also write the comparison as JSON to `file`")
	mdOut := fs.String("markdown", "", "also write a Markdown summary (for a pull-request comment) to `file`")
	var units, headDirs listFlag
	fs.Var(&units, "units", "comma-separated units that can fail the wall-time gate: sec/op, B/op, allocs/op or a custom metric (default sec/op)")
	fs.Var(&headDirs, "head-dir", "directory (relative to the current one) whose working-tree contents replace the base's; repeatable")
	outDir := fs.String("o", "", "also write the raw wall-time results to `dir`/base.txt and dir/head.txt")
	historyRange := fs.String("history", "", "count instructions per op at every commit of `FROM..TO` (FROM and TO's first-parent line after it) instead of gating; with -metric instructions")
	historyMax := fs.Int("history-max", 100, "the most commits after FROM that -history counts")
	svgOut := fs.String("svg", "", "with -history, also draw the figures as an SVG line chart in `file`")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "benchgate: %v\n", err)
		return 2
	}

	instr := false
	switch *metric {
	case "time":
	case "instructions":
		instr = true
	default:
		return fail(fmt.Errorf("-metric %q: want time or instructions", *metric))
	}
	if *threshold == "" {
		*threshold = defaultTimeThreshold
		if instr {
			*threshold = defaultInstrThreshold
		}
	}
	if len(units) == 0 {
		units = listFlag{"sec/op"}
	}
	g, err := newGate(*threshold, *alpha, units)
	if err != nil {
		return fail(err)
	}

	if *historyRange != "" {
		return runHistoryMode(ctx, *historyRange, *historyMax, instr, *base, fs.Args(), historyOutputs{json: *jsonOut, markdown: *mdOut, svg: *svgOut},
			runConfig{bench: *bench, skip: *skip, headDirs: headDirs, log: stderr, buildFlags: []string{"-ldflags=-w"}},
			instrConfig{valgrind: *valgrind, target: *instrTime, floor: *instrMin, calib: 20 * time.Millisecond, jobs: *jobs},
			stdout, stderr)
	}
	if *svgOut != "" {
		return fail(errors.New("-svg draws the chart of -history"))
	}

	var baseOut, headOut []byte
	var ic *instrComparison
	switch {
	case *base == "" && instr:
		return fail(errors.New("-metric instructions needs -base REV: it counts while it runs"))
	case *base == "":
		if fs.NArg() != 2 {
			fmt.Fprintf(stderr, "benchgate: give -base REV to run the benchmarks, or two result files to compare\n")
			fs.Usage()
			return 2
		}
		if baseOut, err = os.ReadFile(fs.Arg(0)); err == nil {
			headOut, err = os.ReadFile(fs.Arg(1))
		}
		if err != nil {
			return fail(err)
		}
	default:
		if instr && *count < 0 || !instr && *count < minCount {
			return fail(fmt.Errorf("-count %d: need at least %d runs a side for a significant difference", *count, minCount))
		}
		dir, err := os.Getwd()
		if err != nil {
			return fail(err)
		}
		pkgs := fs.Args()
		if len(pkgs) == 0 {
			pkgs = []string{"."}
		}
		cfg := runConfig{base: *base, bench: *bench, skip: *skip, benchtime: *benchtime, count: *count,
			pkgs: pkgs, headDirs: headDirs, dir: dir, log: stderr}
		if instr {
			cfg.buildFlags = []string{"-ldflags=-w"}
		}
		if !instr {
			baseOut, headOut, err = runInterleaved(ctx, cfg)
		} else {
			icfg := instrConfig{valgrind: *valgrind, target: *instrTime, floor: *instrMin, calib: 20 * time.Millisecond, jobs: *jobs, top: *top}
			ic, baseOut, headOut, err = runInstructions(ctx, cfg, icfg, g.threshold)
		}
		if err != nil {
			return fail(err)
		}
	}
	if *outDir != "" && len(baseOut) > 0 {
		if err := writeResults(*outDir, baseOut, headOut); err != nil {
			return fail(err)
		}
	}

	var c *comparison
	if len(baseOut) > 0 {
		if instr {
			g.units = nil // informative: nothing in the wall-time table fails the gate
		}
		if c, err = compare(bytes.NewReader(baseOut), bytes.NewReader(headOut), g); err != nil {
			return fail(err)
		}
		if instr {
			fmt.Fprintf(stdout, "wall time (informative: the gate counts instructions)\n")
		}
		if err := writeTable(stdout, c); err != nil {
			return fail(err)
		}
		fmt.Fprintln(stdout)
	}
	pass := true
	if instr {
		if err := writeInstrTable(stdout, ic); err != nil {
			return fail(err)
		}
		fmt.Fprintln(stdout)
		writeInstrVerdict(stdout, ic)
		pass = len(ic.regressions()) == 0
	} else {
		writeVerdict(stdout, c)
		pass = len(c.regressions()) == 0
	}
	rep := newJSONReport(*metric, g.threshold, pass, ic, c)
	if *jsonOut != "" {
		if err := createFile(*jsonOut, func(w io.Writer) error { return writeJSON(w, rep) }); err != nil {
			return fail(err)
		}
	}
	if *mdOut != "" {
		if err := createFile(*mdOut, func(w io.Writer) error { writeMarkdown(w, rep); return nil }); err != nil {
			return fail(err)
		}
	}
	if !pass {
		return 1
	}
	return 0
}

// runInstructions is the instruction gate's run: with both sides built, it
// calibrates the head's benchmarks, counts each on both sides, runs the
// informative wall-time rounds (unless cfg.count is 0), and compares.
func runInstructions(ctx context.Context, cfg runConfig, icfg instrConfig, threshold float64) (ic *instrComparison, base, head []byte, err error) {
	start := time.Now()
	err = withSides(ctx, cfg, func(sides [2]*side, tmp string) error {
		list, err := calibrate(ctx, sides[1], cfg, icfg)
		if err != nil {
			return err
		}
		fmt.Fprintf(cfg.log, "benchgate: counting instructions of %d benchmark(s) on both sides, at two iteration counts each, %d at a time\n", len(list), icfg.jobs)
		ms, err := countAll(ctx, icfg, sides, list, tmp, cfg.log)
		if err != nil {
			return err
		}
		ic = compareInstr(ms, threshold, icfg.top)
		if cfg.count > 0 {
			if err := runRounds(ctx, cfg, sides); err != nil {
				return err
			}
			base, head = sides[0].out.Bytes(), sides[1].out.Bytes()
		}
		return nil
	})
	if err == nil {
		fmt.Fprintf(cfg.log, "benchgate: done in %s\n", time.Since(start).Round(time.Second))
	}
	return ic, base, head, err
}

// createFile creates name and writes it with write.
func createFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return f.Close()
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

// historyOutputs are the files the history mode writes besides standard
// output; "" writes none.
type historyOutputs struct{ json, markdown, svg string }

// runHistoryMode is the command's -history mode: it counts, prints the
// Markdown table on stdout and writes the other outputs. It returns the
// exit status: 0, or 2 when it could not measure.
func runHistoryMode(ctx context.Context, rng string, most int, instr bool, base string, pkgs []string, out historyOutputs,
	cfg runConfig, icfg instrConfig, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "benchgate: %v\n", err)
		return 2
	}
	switch {
	case !instr:
		return fail(errors.New("-history counts instructions: give -metric instructions (wall time measured commit after commit on one machine would compare its drift)"))
	case base != "":
		return fail(errors.New("-history and -base: give one (-history counts a range, -base gates the working tree)"))
	case most < 1:
		return fail(fmt.Errorf("-history-max %d: want at least 1", most))
	}
	dir, err := os.Getwd()
	if err != nil {
		return fail(err)
	}
	cfg.dir, cfg.pkgs = dir, pkgs
	if len(cfg.pkgs) == 0 {
		cfg.pkgs = []string{"."}
	}
	h, err := runHistory(ctx, cfg, icfg, rng, most)
	if err != nil {
		return fail(err)
	}
	writeHistoryMarkdown(stdout, h)
	for _, o := range []struct {
		file  string
		write func(io.Writer) error
	}{
		{out.json, func(w io.Writer) error { return writeHistoryJSON(w, h) }},
		{out.markdown, func(w io.Writer) error { writeHistoryMarkdown(w, h); return nil }},
		{out.svg, func(w io.Writer) error { return writeHistorySVG(w, h) }},
	} {
		if o.file == "" {
			continue
		}
		if err := createFile(o.file, o.write); err != nil {
			return fail(err)
		}
	}
	return 0
}
