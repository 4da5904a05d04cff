package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/perf/benchfmt"
)

// The instruction gate counts, with Valgrind's cachegrind, the instructions
// a whole test-binary run executes, at two fixed iteration counts of one
// benchmark (-test.benchtime=N1x and N2x). Everything but the benchmark's
// loop (process start, package init, the benchmark's set-up, the testing
// package's own work) is the same in both runs, so
//
//	instructions/op = (count(N2) - count(N1)) / (N2 - N1)
//
// and the same difference, function by function, says which functions the
// loop spends its instructions in. Valgrind runs the program's threads one
// at a time; the runtime's own nondeterminism (the page allocator and
// sweeper, sysmon, stack scans) is kept small by the environment of
// countEnv and is divided by N2 - N1, which iterations and countAll choose
// large enough.

// errBenchmarkAbsent means a benchmark pattern matched nothing in a binary:
// the benchmark is on the other side only.
var errBenchmarkAbsent = errors.New("benchmark not in this binary")

// instrConfig is how the instruction gate measures.
type instrConfig struct {
	valgrind string        // the valgrind command
	target   time.Duration // native run time of the N2 - N1 iterations the counts differ by
	// floor is the fewest instructions the N2 - N1 iterations must count on
	// both sides: when the native calibration overestimated an op's time
	// (a busy machine), the N2 runs are repeated with more iterations.
	floor uint64
	calib time.Duration // -test.benchtime of the calibration run
	jobs  int           // valgrind processes at a time
	top   int           // functions listed for a regressed benchmark
}

// countGODEBUG is what countEnv adds to every counted run's GODEBUG: no
// asynchronous preemption (its signals land at timing-dependent places), no
// heap profiling (sampled at random allocations), and no RDTSCP. Valgrind
// shows the program a CPUID of its own, which advertises RDTSCP even on
// hosts whose hypervisor hides it; Go's runtime believes it and reads its
// clock with RDTSCP (runtime.cputicks, from sysmon), which Valgrind then
// cannot decode on such a host, and the process dies of SIGILL. With
// cpu.rdtscp=off the runtime reads the clock with MFENCE, LFENCE and
// RDTSC, which every x86-64 host decodes.
const countGODEBUG = "asyncpreemptoff=1,memprofilerate=0,cpu.rdtscp=off"

// countEnv is the environment of every counted run, added to benchgate's
// own: one P (no work handed between threads), no garbage collection
// (whose pacing depends on timing), and countGODEBUG after the user's own
// GODEBUG settings (so that ours win where both name one).
func countEnv() []string {
	env := os.Environ()
	godebug := countGODEBUG
	env = slices.DeleteFunc(env, func(kv string) bool {
		v, ok := strings.CutPrefix(kv, "GODEBUG=")
		if ok && v != "" {
			godebug = v + "," + countGODEBUG
		}
		return ok
	})
	return append(env, "GOMAXPROCS=1", "GOGC=off", "GODEBUG="+godebug)
}

// instrBench is one benchmark to count.
type instrBench struct {
	bin     int     // index of its binary in side.bins (the same package on both sides)
	pkg     string  // its package's import path
	name    string  // its full name without "Benchmark", such as Perft/gambit/start/d4
	nsPerOp float64 // the calibration's figure
	n1, n2  int     // the two iteration counts
}

// benchPattern returns the -test.bench pattern that selects exactly the
// benchmark called name (without its "Benchmark" prefix, as benchfmt and
// benchstat name it): each level of the name anchored and quoted.
func benchPattern(name string) string {
	parts := strings.Split("Benchmark"+name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// minIterations is the fewest iterations the two counts of a benchmark
// differ by. In benchmarks that allocate 100 MB an op a run's count varies
// by a few million instructions, nearly all in runtime.(*pageAlloc).find:
// with 4 iterations, gambit's PGNTree/gambit/twic (627 million
// instructions an op) differed by 0.23 % between two counts of the same
// code; with 8, no benchmark of gambit's differed by more than 0.11 %.
const minIterations = 8

// iterations chooses the two counts of a benchmark taking nsPerOp: N1 is 2
// (with 1 the testing package runs a b.N loop once where -benchtime=2x runs
// it 1 + 2 times, so only counts of 2 and more differ by exactly N2 - N1
// iterations in both loop styles) and N2 - N1 iterations take about target,
// and are at least minIterations.
func iterations(nsPerOp float64, target time.Duration) (n1, n2 int) {
	d := minIterations
	if nsPerOp > 0 {
		d = int(min(math.Ceil(float64(target.Nanoseconds())/nsPerOp), 1e7))
	}
	return 2, 2 + max(d, minIterations)
}

// calibrate runs the head's benchmarks natively, once each for about
// cfg.calib, to list them and choose each one's iteration counts. Both
// sides then count the same iterations.
func calibrate(ctx context.Context, head *side, rcfg runConfig, cfg instrConfig) ([]instrBench, error) {
	var out []instrBench
	log := rcfg.log
	args := append(rcfg.benchArgs(rcfg.bench), "-test.benchtime", cfg.calib.String())
	fmt.Fprintf(log, "benchgate: calibrating: <pkg>.test %s\n", strings.Join(quoteArgs(args), " "))
	for i, b := range head.bins {
		var stdout bytes.Buffer
		cmd := exec.CommandContext(ctx, b.path, args...)
		cmd.Dir = b.dir
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		cmd.Stdout = &stdout
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("calibrating the benchmarks in %s: %w\n%s%s", b.dir, err, stdout.Bytes(), stderr.Bytes())
		}
		r := benchfmt.NewReader(&stdout, b.pkg)
		for r.Scan() {
			res, ok := r.Result().(*benchfmt.Result)
			if !ok {
				continue
			}
			ns, ok := res.Value("sec/op")
			if !ok {
				continue
			}
			ns *= 1e9
			n1, n2 := iterations(ns, cfg.target)
			out = append(out, instrBench{bin: i, pkg: b.pkg, name: string(res.Name.Full()), nsPerOp: ns, n1: n1, n2: n2})
		}
		if err := r.Err(); err != nil {
			return nil, fmt.Errorf("reading the calibration of %s: %w", b.dir, err)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-bench %q: %w", rcfg.bench, errNoResults)
	}
	return out, nil
}

// counts is one cachegrind run: the whole run's instructions and each
// function's own (exclusive) instructions.
type counts struct {
	total uint64
	fns   map[string]uint64
}

// readCachegrind reads a cachegrind output file whose only event is Ir.
// Cost lines ("line Ir") follow the fn= line of their function; a function
// appears under several fl= (file) lines when inlined code from other files
// is in it, and its costs are summed.
func readCachegrind(r io.Reader) (counts, error) {
	c := counts{fns: map[string]uint64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	fn := ""
	sawSummary := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "fn="):
			fn = line[3:]
		case strings.HasPrefix(line, "summary:"):
			v, err := strconv.ParseUint(strings.TrimSpace(line[len("summary:"):]), 10, 64)
			if err != nil {
				return counts{}, fmt.Errorf("cachegrind summary %q: %w", line, err)
			}
			c.total, sawSummary = v, true
		case line != "" && line[0] >= '0' && line[0] <= '9':
			f := strings.Fields(line)
			if len(f) < 2 || fn == "" {
				return counts{}, fmt.Errorf("cachegrind cost line %q outside a function", line)
			}
			v, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				return counts{}, fmt.Errorf("cachegrind cost line %q: %w", line, err)
			}
			c.fns[fn] += v
		case strings.HasPrefix(line, "events:"):
			if ev := strings.Fields(line[len("events:"):]); len(ev) == 0 || ev[0] != "Ir" {
				return counts{}, fmt.Errorf("cachegrind events %q: want Ir first", line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return counts{}, fmt.Errorf("reading cachegrind output: %w", err)
	}
	if !sawSummary {
		return counts{}, errors.New("cachegrind output without a summary line (a truncated file?)")
	}
	return c, nil
}

// resultLine matches a benchmark result line of go test's output.
var resultLine = regexp.MustCompile(`(?m)^Benchmark\S*\s+\d+\s`)

// countRun runs one benchmark of b at n iterations under cachegrind and
// reads its counts. out is the cachegrind output file (removed after).
func countRun(ctx context.Context, cfg instrConfig, b binary, name string, n int, out string) (counts, error) {
	testArgs := append(runConfig{}.benchArgs(benchPattern(name)), "-test.benchtime", strconv.Itoa(n)+"x")
	args := append([]string{"--tool=cachegrind", "--cache-sim=no", "--branch-sim=no", "--cachegrind-out-file=" + out, b.path}, testArgs...)
	cmd := exec.CommandContext(ctx, cfg.valgrind, args...)
	cmd.Dir = b.dir
	cmd.Env = countEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	defer os.Remove(out)
	if err := cmd.Run(); err != nil {
		// The command to rerun names the binary as the other log lines do:
		// the temporary directory holding it is gone by then.
		rerun := strings.Join(quoteArgs([]string{cfg.valgrind, "--tool=cachegrind", "--cache-sim=no"}), " ") +
			" <pkg>.test " + strings.Join(quoteArgs(testArgs), " ")
		return counts{}, &deathError{cause: deathCause(stdout.Bytes(), stderr.Bytes(), err), command: rerun, err: err}
	}
	if !resultLine.Match(stdout.Bytes()) {
		return counts{}, errBenchmarkAbsent
	}
	f, err := os.Open(out)
	if err != nil {
		return counts{}, fmt.Errorf("cachegrind output: %w", err)
	}
	defer f.Close()
	c, err := readCachegrind(f)
	if err != nil {
		return counts{}, fmt.Errorf("%s: %w", out, err)
	}
	return c, nil
}

// perOp is a benchmark's instructions per iteration, in total and by
// function, on one side.
type perOp struct {
	total float64
	fns   map[string]float64
}

// difference returns (c2 - c1) / (n2 - n1), in total and for each function.
func difference(c1, c2 counts, n1, n2 int) perOp {
	d := float64(n2 - n1)
	p := perOp{total: (float64(c2.total) - float64(c1.total)) / d, fns: map[string]float64{}}
	for fn, v := range c2.fns {
		p.fns[fn] = (float64(v) - float64(c1.fns[fn])) / d
	}
	for fn, v := range c1.fns {
		if _, ok := c2.fns[fn]; !ok {
			p.fns[fn] = -float64(v) / d
		}
	}
	return p
}

// measurement is one benchmark counted on both sides; a side is nil when
// the benchmark is not in its binary.
type measurement struct {
	bench      instrBench
	base, head *perOp
}

// countAll counts every benchmark of list on both sides, cfg.jobs valgrind
// processes at a time, into files under tmp (see countSides).
func countAll(ctx context.Context, cfg instrConfig, sides [2]*side, list []instrBench, tmp string, log io.Writer) ([]measurement, error) {
	list, ops, err := countSides(ctx, cfg, sides[:], list, tmp, log)
	if err != nil {
		return nil, err
	}
	out := make([]measurement, len(list))
	for i, b := range list {
		out[i] = measurement{bench: b, base: ops[i][0], head: ops[i][1]}
	}
	return out, nil
}

// countSides counts every benchmark of list on every side, cfg.jobs
// valgrind processes at a time, into files under tmp. It returns the list
// with the iteration counts it used and, for each benchmark, its
// instructions per op on each side (nil where the benchmark is not in that
// side's binary). A benchmark whose N2 - N1 iterations counted fewer than
// cfg.floor instructions on a side is counted again at a larger N2, on
// every side. A benchmark found on no side is an error: it ran natively
// (in the calibration) but not under valgrind.
func countSides(ctx context.Context, cfg instrConfig, sides []*side, list []instrBench, tmp string, log io.Writer) ([]instrBench, [][]*perOp, error) {
	list = slices.Clone(list)
	results := make([][][2]counts, len(list))
	errs := make([][][2]error, len(list))
	var tasks []countTask
	for i := range list {
		results[i] = make([][2]counts, len(sides))
		errs[i] = make([][2]error, len(sides))
		for s := range sides {
			tasks = append(tasks, countTask{i, s, 0}, countTask{i, s, 1})
		}
	}
	if err := runTasks(ctx, cfg, sides, list, tasks, results, errs, tmp, log); err != nil {
		return nil, nil, err
	}
	tasks = tasks[:0]
	for i, b := range list {
		least := uint64(math.MaxUint64)
		for s := range sides {
			if errs[i][s][0] == nil && errs[i][s][1] == nil && results[i][s][1].total > results[i][s][0].total {
				least = min(least, results[i][s][1].total-results[i][s][0].total)
			}
		}
		if least >= cfg.floor || least == math.MaxUint64 {
			continue
		}
		d := b.n2 - b.n1
		more := int(math.Ceil(float64(d) * float64(cfg.floor) / float64(least) * 1.2))
		fmt.Fprintf(log, "benchgate: %s: %d iterations counted only %d instructions; counting %d\n", b.name, d, least, more)
		list[i].n2 = b.n1 + more
		for s := range sides {
			tasks = append(tasks, countTask{i, s, 1})
		}
	}
	if len(tasks) > 0 {
		if err := runTasks(ctx, cfg, sides, list, tasks, results, errs, tmp, log); err != nil {
			return nil, nil, err
		}
	}

	ops := make([][]*perOp, len(list))
	for i, b := range list {
		ops[i] = make([]*perOp, len(sides))
		found := false
		for s := range sides {
			if errs[i][s][0] != nil || errs[i][s][1] != nil {
				continue // absent on this side
			}
			p := difference(results[i][s][0], results[i][s][1], b.n1, b.n2)
			ops[i][s], found = &p, true
		}
		if !found {
			return nil, nil, fmt.Errorf("%s ran natively but not under valgrind (pattern %s)", b.name, benchPattern(b.name))
		}
	}
	return list, ops, nil
}

// countTask is one valgrind run: a benchmark of list, a side, and which of
// its two iteration counts (0 for N1, 1 for N2).
type countTask struct{ bench, side, which int }

// runTasks runs tasks, cfg.jobs at a time, storing each one's counts or
// error (errBenchmarkAbsent when the benchmark is not on that side) in
// results and errs. Any other error stops it.
func runTasks(ctx context.Context, cfg instrConfig, sides []*side, list []instrBench, tasks []countTask,
	results [][][2]counts, errs [][][2]error, tmp string, log io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	var firstErr error
	done := 0
	next := make(chan countTask)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < max(cfg.jobs, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				b := list[t.bench]
				n := b.n1
				if t.which == 1 {
					n = b.n2
				}
				out := filepath.Join(tmp, fmt.Sprintf("cachegrind.%d.%d.%d", t.bench, t.side, t.which))
				c, err := countRun(ctx, cfg, sides[t.side].bins[b.bin], b.name, n, out)
				mu.Lock()
				results[t.bench][t.side][t.which], errs[t.bench][t.side][t.which] = c, err
				if err != nil && !errors.Is(err, errBenchmarkAbsent) && firstErr == nil {
					firstErr = fmt.Errorf("%s: counting %s at %dx: %w", sides[t.side].name, b.name, n, err)
					cancel()
				}
				done++
				if t.which == 1 && err == nil {
					fmt.Fprintf(log, "benchgate: counted %s %s (%d/%d runs, %s)\n", sides[t.side].name, b.name, done, len(tasks), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for _, t := range tasks {
		select {
		case next <- t:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// funcGrowth is one function's instructions per op on both sides.
type funcGrowth struct {
	Name  string  `json:"name"`
	Base  float64 `json:"base"`
	Head  float64 `json:"head"`
	Delta float64 `json:"delta"`
}

// instrRow is the instruction comparison of one benchmark.
type instrRow struct {
	Pkg  string `json:"pkg"`
	Name string `json:"name"`
	// N1 and N2 are the iteration counts the two runs of each side made.
	N1 int `json:"n1"`
	N2 int `json:"n2"`
	// Base and Head are instructions per op; nil when the benchmark is on
	// the other side only.
	Base *float64 `json:"base"`
	Head *float64 `json:"head"`
	// Worse is how much the head's count exceeds the base's, in percent.
	Worse      float64 `json:"worse_percent"`
	Regression bool    `json:"regression"`
	// Functions are, for a regression, the functions whose own
	// instructions per op grew most, largest growth first.
	Functions []funcGrowth `json:"functions,omitempty"`
}

// instrComparison is the instruction gate's outcome.
type instrComparison struct {
	rows      []instrRow
	threshold float64 // percent
}

func (c *instrComparison) regressions() []instrRow {
	var out []instrRow
	for _, r := range c.rows {
		if r.Regression {
			out = append(out, r)
		}
	}
	return out
}

// compareInstr applies the gate to the measurements: a benchmark regresses
// when its head count exceeds its base count by more than threshold
// percent. For each regression it keeps the top functions by growth.
func compareInstr(ms []measurement, threshold float64, top int) *instrComparison {
	c := &instrComparison{threshold: threshold}
	for _, m := range ms {
		r := instrRow{Pkg: m.bench.pkg, Name: m.bench.name, N1: m.bench.n1, N2: m.bench.n2}
		if m.base != nil {
			r.Base = &m.base.total
		}
		if m.head != nil {
			r.Head = &m.head.total
		}
		if m.base != nil && m.head != nil {
			r.Worse = worsePercent(m.base.total, m.head.total, -1)
			r.Regression = r.Worse > threshold
			if r.Regression {
				r.Functions = growth(*m.base, *m.head, top)
			}
		}
		c.rows = append(c.rows, r)
	}
	return c
}

// growth returns the top functions by growth of their own instructions per
// op from base to head, the largest first; only functions that grew by at
// least half an instruction an op count.
func growth(base, head perOp, top int) []funcGrowth {
	var out []funcGrowth
	for fn, h := range head.fns {
		if d := h - base.fns[fn]; d >= 0.5 {
			out = append(out, funcGrowth{Name: fn, Base: base.fns[fn], Head: h, Delta: d})
		}
	}
	slices.SortFunc(out, func(a, b funcGrowth) int {
		if a.Delta != b.Delta {
			if a.Delta > b.Delta {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out[:min(len(out), top)]
}

// deathError is a counted process that did not finish: it was killed by a
// signal, Valgrind refused an instruction or failed itself, or the
// benchmark failed. Its message is the cause in one line (see deathCause)
// and the command to rerun by hand on the next; the whole output is not
// repeated, as a Go crash under Valgrind prints hundreds of lines.
type deathError struct {
	cause   string // one line
	command string // the valgrind command line, the test binary as <pkg>.test
	err     error  // how the process ended
}

func (e *deathError) Error() string {
	return fmt.Sprintf("the counted process died: %s\n  to see all it printed: go test -c -o <pkg>.test in the package, then GOMAXPROCS=1 GOGC=off GODEBUG=%s %s", e.cause, countGODEBUG, e.command)
}

func (e *deathError) Unwrap() error { return e.err }

var (
	// valgrindLine is a line Valgrind prints about its client, such as
	// "==1234== valgrind: Unrecognised instruction at address 0x4c3be0.";
	// its first group is the text after the "==PID== " prefix.
	valgrindLine = regexp.MustCompile(`^==\d+== (.*)$`)
	// valgrindWhere is the first line of the stack Valgrind prints under an
	// error: "==1234==    at 0x4C3BE0: runtime.cputicks (asm_amd64.s:1261)".
	valgrindWhere = regexp.MustCompile(`^==\d+==\s+at 0x[0-9A-Fa-f]+: (.*)$`)
	// goDeath is the first line of a Go program's death: a panic, a fatal
	// runtime error, or a signal the runtime does not handle
	// ("SIGILL: illegal instruction").
	goDeath = regexp.MustCompile(`^(panic: |fatal error: |SIG[A-Z]+: )`)
)

// deathCause returns, in one line, why a counted process did not finish:
// the first error line Valgrind printed (an instruction its decoder does
// not handle, "vex amd64->IR: unhandled instruction bytes: ...", or any
// "valgrind: ..." message, with the function it happened in), else the
// first line of a Go panic or fatal error, else the first failure go test
// reported, else the last line of standard error; then how the process
// ended (its exit status or signal).
func deathCause(stdout, stderr []byte, err error) string {
	lines := strings.Split(string(stderr), "\n")
	cause := ""
	for i, line := range lines {
		line = strings.TrimRight(line, "\r ")
		var text string
		switch {
		case strings.HasPrefix(line, "vex ") && strings.Contains(line, "unhandled instruction"):
			text = line
		case strings.HasPrefix(line, "valgrind: "):
			text = line // Valgrind's own failure before the client started
		default:
			m := valgrindLine.FindStringSubmatch(line)
			if m == nil || !strings.HasPrefix(m[1], "valgrind: ") && !strings.HasPrefix(m[1], "Process terminating") {
				continue
			}
			text = m[1]
		}
		// The function it happened in: the first stack line within the
		// next few (after a decoder line come its details, then Valgrind's
		// own message and the stack).
		for _, l := range lines[i+1 : min(i+16, len(lines))] {
			if w := valgrindWhere.FindStringSubmatch(l); w != nil {
				text += " (at " + w[1] + ")"
				break
			}
		}
		cause = text
		break
	}
	if cause == "" {
		for _, line := range lines {
			if goDeath.MatchString(line) {
				cause = strings.TrimSpace(line)
				break
			}
		}
	}
	if cause == "" {
		out := strings.Split(string(stdout), "\n")
		for i, line := range out {
			if strings.HasPrefix(line, "--- FAIL: ") {
				cause = strings.TrimSpace(line)
				if i+1 < len(out) && strings.TrimSpace(out[i+1]) != "" {
					cause += ": " + strings.TrimSpace(out[i+1])
				}
				break
			}
		}
	}
	if cause == "" {
		for i := len(lines) - 1; i >= 0; i-- {
			if l := strings.TrimSpace(lines[i]); l != "" && !valgrindLine.MatchString(l) {
				cause = l
				break
			}
		}
	}
	const maxCause = 300
	if len(cause) > maxCause {
		cause = cause[:maxCause] + "..."
	}
	if cause == "" {
		return err.Error()
	}
	return cause + " (" + err.Error() + ")"
}
