// Command natives measures gambit's perft command against native perft
// programs, one thread each, in interleaved rounds: Debian's Stockfish
// ("go perft"), and qperft and MPerft where the user has built them. It
// builds gambit's cmd/perft itself, with its PGO profile, for each GOAMD64
// level asked for (v1 and v3 by default), so the levels are measured in the
// same rounds too.
//
// Usage (from bench/, or make bench-natives from the top):
//
//	natives [-rounds 5] [-positions start:6,kiwipete:5] [-modes bulk,full]
//	        [-goamd64 v1,v3] [-stockfish PATH] [-qperft PATH] [-mperft PATH]
//	        [-variants NAME:DEPTH[/DEPTH],...] [-fairy PATH]
//	        [-root ..] [-seed N] [-raw FILE] [-min-seconds 1]
//
// -variants adds the start positions of lichess's variants (make
// variant-speed: 3check:7/6,kingofthehill:7/6,...), which gambit
// (cmd/perft -variant NAME) and Fairy-Stockfish (-fairy, UCI_Variant and
// "go perft") count; the other programs count standard chess only.
// NAME:D/E has gambit count depth D and Fairy-Stockfish depth E, so that
// both runs last seconds: both are bulk counts of one position's tree,
// whose leaves a second compare. A variant's count is checked against the
// one published in testdata/variants where there is one, else against the
// one in bench/testdata/variants (counted by gambit and Fairy-Stockfish,
// which agree), else, at a depth only one of them counts in the rounds,
// against the other's count of it made once before the rounds, and
// otherwise against the first count of the run: gambit and
// Fairy-Stockfish must agree in every round.
//
// A run shorter than -min-seconds by the wall clock is marked † in the
// tables and named in a warning line above them.
//
// Every round runs every program on every position and counting style
// once, in a random order (a new shuffle a round), so that the machine's
// drifts spread over all programs. Every count is checked against the
// published one (testdata/perft); a wrong count stops the run.
//
// It prints three Markdown tables, a row a program and a column a position,
// depth and counting style: the median Mnps (millions of leaves a second)
// by the wall clock of the measured part, by each program's own timer
// where it prints one, and by the CPU time of the measured part (which
// leaves out the waits for a core on a busy machine); in brackets the median of the per-round ratios to
// the first gambit build (above 1: faster than gambit). For a program run
// as a process (gambit, qperft, MPerft) the measured part is the whole
// process, start-up included; for Stockfish, from "go perft" to its
// "Nodes searched" line, its start-up not timed.
//
// qperft and MPerft are not part of gambit: build them from their authors'
// sources and name the binaries with -qperft and -mperft (or
// GAMBIT_QPERFT and GAMBIT_MPERFT); bench/README.md says how.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the flags ask for.
type config struct {
	rounds    int
	targets   []target
	modes     []bool // counting styles: false bulk, true every leaf made
	levels    []string
	stockfish string
	fairy     string
	qperft    string
	mperft    string
	root      string
	goCmd     string
	seed      uint64
	raw       string
	timeout   time.Duration
	// minSeconds is the shortest run the report takes without a warning
	// (-min-seconds): below it, start-up and the timers' resolution weigh
	// on the figures.
	minSeconds float64
	machine    string // for the report: CPU, logical CPUs, Go version
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("natives", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rounds := fs.Int("rounds", 5, "rounds: each program runs each position and style once a round")
	positions := fs.String("positions", "start:6,kiwipete:5", "comma-separated NAME:DEPTH (names: start, kiwipete, middlegame, endgame, checks; or a FEN), each with a published count")
	modes := fs.String("modes", "bulk,full", "counting styles: bulk (the last ply counted), full (every leaf move made)")
	levels := fs.String("goamd64", "v1,v3", "GOAMD64 levels to build gambit's perft for; the first is the reference of the ratios (a level this CPU lacks is left out with a note)")
	sfDefault := "/usr/games/stockfish"
	if p := os.Getenv("GAMBIT_STOCKFISH"); p != "" {
		sfDefault = p
	}
	stockfish := fs.String("stockfish", sfDefault, "Stockfish to run (default $GAMBIT_STOCKFISH, else Debian's; \"\": none)")
	variants := fs.String("variants", "", "comma-separated NAME:DEPTH of variants' start positions (3check, kingofthehill, antichess, horde, racingkings, crazyhouse), counted by gambit and -fairy; NAME:DEPTH/FDEPTH: -fairy counts FDEPTH")
	fairy := fs.String("fairy", "/usr/games/fairy-stockfish", "Fairy-Stockfish to run on the -variants (\"\": none)")
	qperft := fs.String("qperft", os.Getenv("GAMBIT_QPERFT"), "a qperft binary (default $GAMBIT_QPERFT; \"\": none)")
	mperft := fs.String("mperft", os.Getenv("GAMBIT_MPERFT"), "an MPerft binary (default $GAMBIT_MPERFT; \"\": none)")
	root := fs.String("root", "..", "the gambit repository's top directory")
	seed := fs.Uint64("seed", 0, "seed of the rounds' random order (0: from the clock)")
	raw := fs.String("raw", "", "also write every measurement to this file, tab-separated")
	timeout := fs.Duration("timeout", 10*time.Minute, "longest a single perft may take")
	minSeconds := fs.Float64("min-seconds", 1, "the report warns of every program and column with a run shorter than this, by the wall clock (0: no warning)")
	goCmd := fs.String("go", "go", "the go command that builds gambit")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: natives [-rounds N] [-positions NAME:DEPTH,...] [-modes bulk,full] [-goamd64 v1,v3] [-stockfish PATH] [-qperft PATH] [-mperft PATH] [-variants NAME:DEPTH[/DEPTH],...] [-fairy PATH] [-root DIR] [-seed N] [-raw FILE] [-min-seconds S]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "natives: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	cfg := config{rounds: *rounds, stockfish: *stockfish, fairy: *fairy, qperft: *qperft, mperft: *mperft,
		root: *root, goCmd: *goCmd, seed: *seed, raw: *raw, timeout: *timeout, minSeconds: *minSeconds}
	err := cfg.parse(*positions, *variants, *modes, *levels)
	if err != nil {
		fmt.Fprintln(stderr, "natives:", err)
		return 2
	}
	if err := measure(context.Background(), cfg, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "natives:", err)
		return 1
	}
	return 0
}

// parse checks the flags and fills in the targets, modes and levels.
func (cfg *config) parse(positions, variants, modes, levels string) error {
	if cfg.rounds < 1 {
		return fmt.Errorf("-rounds must be at least 1, not %d", cfg.rounds)
	}
	if cfg.timeout <= 0 {
		return fmt.Errorf("-timeout must be positive")
	}
	if !(cfg.minSeconds >= 0) {
		return fmt.Errorf("-min-seconds must be 0 or more, not %v", cfg.minSeconds)
	}
	pub, err := loadPublished(cfg.root)
	if err != nil {
		return fmt.Errorf("%w (is -root %q gambit's top directory?)", err, cfg.root)
	}
	if cfg.targets, err = parseTargets(positions, pub); err != nil {
		return err
	}
	vts, err := parseVariantTargets(variants, cfg.root)
	if err != nil {
		return err
	}
	cfg.targets = append(cfg.targets, vts...)
	if len(cfg.targets) == 0 {
		return fmt.Errorf("no position given (-positions, -variants)")
	}
	seen := map[string]bool{}
	for m := range strings.SplitSeq(modes, ",") {
		m = strings.TrimSpace(m)
		if seen[m] {
			continue
		}
		seen[m] = true
		switch m {
		case "bulk":
			cfg.modes = append(cfg.modes, false)
		case "full":
			cfg.modes = append(cfg.modes, true)
		default:
			return fmt.Errorf("-modes: %q is neither bulk nor full", m)
		}
	}
	seen = map[string]bool{}
	for l := range strings.SplitSeq(levels, ",") {
		l = strings.TrimSpace(l)
		switch l {
		case "v1", "v2", "v3", "v4":
		default:
			return fmt.Errorf("-goamd64: %q is not a level (v1 to v4)", l)
		}
		if !seen[l] {
			seen[l] = true
			cfg.levels = append(cfg.levels, l)
		}
	}
	return nil
}

// job is one measurement of a round: a program on a column, or (col -1)
// a process program's start-up.
type job struct{ prog, col int }

// measure builds and finds the programs, runs the rounds and prints the
// tables.
func measure(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	tmp, err := os.MkdirTemp("", "gambit-natives-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return err
	}

	var progs []program
	var notes []string
	for _, l := range cfg.levels {
		fmt.Fprintf(stderr, "building cmd/perft with GOAMD64=%s\n", l)
		bin, err := buildGambit(ctx, cfg.goCmd, root, tmp, l)
		if errors.Is(err, errUnsupportedLevel) {
			notes = append(notes, fmt.Sprintf("Note: GOAMD64=%s left out: %v", l, err))
			fmt.Fprintf(stderr, "natives: GOAMD64=%s left out: %v\n", l, err)
			continue
		}
		if err != nil {
			return err
		}
		progs = append(progs, gambitProgram(bin, l, tmp))
	}
	if len(progs) == 0 {
		return fmt.Errorf("no gambit build runs on this CPU (-goamd64 %s)", strings.Join(cfg.levels, ","))
	}
	standard, variants := false, false
	for _, t := range cfg.targets {
		standard = standard || t.variant == ""
		variants = variants || t.variant != ""
	}
	// The UCI engines, each where it has a target to count: Stockfish for
	// standard chess, Fairy-Stockfish for the variants.
	for _, eng := range []struct {
		flag, path, hint string
		use              bool
		prog             func(path string, timeout time.Duration) program
	}{
		{"-stockfish", cfg.stockfish, "make deps installs Debian's", standard, stockfishProgram},
		{"-fairy", cfg.fairy, "make deps installs Debian's fairy-stockfish", variants, fairyProgram},
	} {
		if eng.path == "" || !eng.use {
			continue
		}
		path, err := exec.LookPath(eng.path)
		if err != nil {
			return fmt.Errorf("%s: %w (%s; %s '' leaves it out)", eng.flag, err, eng.hint, eng.flag)
		}
		e, err := enginetest.Launch(cfg.timeout, path)
		if err != nil {
			return fmt.Errorf("%s: %w", eng.flag, err)
		}
		name := e.Name
		e.Close()
		p := eng.prog(path, cfg.timeout)
		if name != "" {
			p.name = name + " (go perft)"
		}
		progs = append(progs, p)
	}
	for _, peer := range []struct {
		flag, path string
		prog       func(path, dir string) program
	}{{"-qperft", cfg.qperft, qperftProgram}, {"-mperft", cfg.mperft, mperftProgram}} {
		if peer.path == "" {
			continue
		}
		path, err := exec.LookPath(peer.path)
		if err != nil {
			return fmt.Errorf("%s: %w", peer.flag, err)
		}
		if path, err = filepath.Abs(path); err != nil {
			return err
		}
		progs = append(progs, peer.prog(path, tmp))
	}

	cfg.machine = machine(cfg.goCmd)
	return runRounds(ctx, cfg, progs, notes, stdout, stderr)
}

// runRounds runs cfg.rounds rounds of every program on every column it
// counts, checks every count, and prints the report.
func runRounds(ctx context.Context, cfg config, progs []program, notes []string, stdout, stderr io.Writer) (err error) {
	res := &results{minSeconds: cfg.minSeconds}
	for _, p := range progs {
		res.programs = append(res.programs, p.name)
	}
	if err := checkSplit(ctx, cfg, progs, stderr); err != nil {
		return err
	}
	for _, full := range cfg.modes {
		for _, t := range cfg.targets {
			res.columns = append(res.columns, column{t: t, full: full})
		}
	}
	var jobs []job
	res.cells = make([][]*cell, len(progs))
	res.startup = make([][]float64, len(progs))
	startTarget := target{name: "start", fen: namedFENs["start"], depth: 1, want: 20}
	for p, prog := range progs {
		if prog.process {
			jobs = append(jobs, job{p, -1})
		}
		res.cells[p] = make([]*cell, len(res.columns))
		for c, col := range res.columns {
			if prog.counts(col) {
				res.cells[p][c] = &cell{}
				jobs = append(jobs, job{p, c})
			}
		}
	}

	seed := cfg.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e617469766573))
	var raw io.Writer = io.Discard
	if cfg.raw != "" {
		f, cerr := os.Create(cfg.raw)
		if cerr != nil {
			return fmt.Errorf("-raw: %w", cerr)
		}
		defer func() {
			if cerr := f.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("-raw: %w", cerr)
			}
		}()
		w := bufio.NewWriter(f)
		defer func() {
			if ferr := w.Flush(); ferr != nil && err == nil {
				err = fmt.Errorf("-raw: %w", ferr)
			}
		}()
		raw = w
		fmt.Fprintln(raw, "round\tprogram\tposition\tstyle\tnodes\twall_seconds\town_seconds\tcpu_seconds")
	}
	loadBefore := loadAverage()
	for round := 1; round <= cfg.rounds; round++ {
		rng.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
		for _, j := range jobs {
			prog := progs[j.prog]
			if j.col < 0 {
				// A process program's start-up: perft(1) of the start
				// position, the whole process timed.
				rctx, cancel := context.WithTimeout(ctx, cfg.timeout)
				m, err := prog.run(rctx, startTarget, false)
				cancel()
				if err != nil {
					return fmt.Errorf("round %d, %s, start-up: %w", round, prog.name, err)
				}
				if m.nodes != startTarget.want {
					return fmt.Errorf("round %d, %s: perft(1) of the start position counted %d, not 20", round, prog.name, m.nodes)
				}
				res.startup[j.prog] = append(res.startup[j.prog], m.wall.Seconds())
				fmt.Fprintf(raw, "%d\t%s\tstart d1\tstart-up\t%d\t%.6f\t%.6f\t%.6f\n", round, prog.name, m.nodes, m.wall.Seconds(), m.own.Seconds(), m.cpu.Seconds())
				continue
			}
			col := &res.columns[j.col]
			// The target at this program's depth: a pointer, so that the
			// first count of the run is kept for the next rounds.
			t := col.t.forProgram(prog.engine)
			rctx, cancel := context.WithTimeout(ctx, cfg.timeout)
			m, err := prog.run(rctx, *t, col.full)
			cancel()
			if err != nil {
				return fmt.Errorf("round %d, %s, %s: %w", round, prog.name, t.ownLabel(), err)
			}
			switch {
			case t.known && m.nodes != t.want:
				return fmt.Errorf("round %d, %s, %s: counted %d leaves, the %s is %d", round, prog.name, t.ownLabel(), m.nodes, t.source, t.want)
			case t.want == 0:
				// No known count: the first one counted is the reference.
				t.want = m.nodes
			case m.nodes != t.want:
				return fmt.Errorf("round %d, %s, %s: counted %d leaves, the first count of the run was %d", round, prog.name, t.ownLabel(), m.nodes, t.want)
			}
			c := res.cells[j.prog][j.col]
			c.wall = append(c.wall, mnps(m.nodes, m.wall))
			c.own = append(c.own, mnps(m.nodes, m.own))
			c.cpu = append(c.cpu, mnps(m.nodes, m.cpu))
			c.seconds = append(c.seconds, m.wall.Seconds())
			fmt.Fprintf(stderr, "round %d/%d  %-45s %-28s %7.3f s  %s Mnps\n", round, cfg.rounds, prog.name, t.ownLabel()+" "+style(col.full), m.wall.Seconds(), figure(mnps(m.nodes, m.wall)))
			fmt.Fprintf(raw, "%d\t%s\t%s\t%s\t%d\t%.6f\t%.6f\t%.6f\n", round, prog.name, t.ownLabel(), style(col.full), m.nodes, m.wall.Seconds(), m.own.Seconds(), m.cpu.Seconds())
		}
	}
	if cfg.machine != "" {
		notes = append(notes, fmt.Sprintf("Machine: %s; one-minute load average %s before the rounds, %s after.", cfg.machine, loadBefore, loadAverage()))
	}
	return writeReport(stdout, res, cfg, seed, notes)
}

// checkSplit gives both depths of every target whose UCI engines count a
// depth of their own (target.engine) a count known before the rounds:
// where neither a published nor an agreed count is known, a program of
// the other kind counts that depth once, not timed (gambit the engines'
// shallower depth, in a moment; Fairy-Stockfish gambit's deeper one, in
// minutes), so that each program's counts are checked against another
// program's. Where no program of the other kind runs, the first count of
// the run stays the reference, as for a target both count at one depth.
func checkSplit(ctx context.Context, cfg config, progs []program, stderr io.Writer) error {
	for i := range cfg.targets {
		t := &cfg.targets[i]
		if t.engine == nil {
			continue
		}
		for _, side := range []struct {
			t      *target
			engine bool
		}{{t, false}, {t.engine, true}} {
			if side.t.known {
				continue
			}
			for _, p := range progs {
				if p.engine == side.engine || !p.counts(column{t: *t}) {
					continue
				}
				fmt.Fprintf(stderr, "%s: no published or agreed count; %s counts it once before the rounds, not timed\n", side.t.ownLabel(), p.name)
				rctx, cancel := context.WithTimeout(ctx, cfg.timeout)
				m, err := p.run(rctx, *side.t, false)
				cancel()
				if err != nil {
					return fmt.Errorf("counting %s before the rounds: %s: %w", side.t.ownLabel(), p.name, err)
				}
				side.t.want, side.t.known = m.nodes, true
				side.t.source = "count " + p.name + " made before the rounds"
				break
			}
		}
	}
	return nil
}

// style names a counting style in the raw file.
func style(full bool) string {
	if full {
		return "full"
	}
	return "bulk"
}

// writeReport prints the three tables and how they were measured.
func writeReport(w io.Writer, res *results, cfg config, seed uint64, notes []string) error {
	// The sources the counts were checked against, in this order.
	phrases := []string{"the published one", "the one gambit and Fairy-Stockfish agreed on (" + agreedSuites + ")", "one another program made before the rounds", "the first count of the run"}
	used := make([]bool, len(phrases))
	for _, c := range res.columns {
		for _, t := range []*target{&c.t, c.t.engine} {
			switch {
			case t == nil:
			case !t.known:
				used[3] = true
			case t.source == sourcePublished:
				used[0] = true
			case t.source == sourceAgreed:
				used[1] = true
			default:
				used[2] = true
			}
		}
	}
	var against []string
	for i, u := range used {
		if u {
			against = append(against, phrases[i])
		}
	}
	check := "every count checked against " + against[len(against)-1]
	if len(against) > 1 {
		check = "every count checked against " + strings.Join(against[:len(against)-1], ", ") + " or " + against[len(against)-1]
	}
	fmt.Fprintf(w, "Perft, one thread, %d interleaved rounds in random order (seed %d), %s.\n", cfg.rounds, seed, check)
	fmt.Fprintf(w, "Million leaves a second, medians; in brackets the median per-round ratio to %s (above 1: faster).\n", res.programs[0])
	for _, c := range res.columns {
		if c.t.engine != nil {
			fmt.Fprintln(w, "A column \"dA/B\": the programs run as processes (gambit) count depth A, the UCI engines (Fairy-Stockfish) depth B, each deep enough to be timed; both are bulk counts of the same position's tree, so their leaves a second compare, and so do their ratios.")
			break
		}
	}
	if lines := res.shortRuns(); len(lines) > 0 {
		fmt.Fprintf(w, "\n**Warning: runs shorter than %g s** (marked †; there start-up and the timers' resolution weigh on the figures: count deeper):\n\n", res.minSeconds)
		for _, l := range lines {
			fmt.Fprintf(w, "- %s\n", l)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "**By the wall clock of the measured part** (a process's whole run, start-up included; Stockfish from \"go perft\" to \"Nodes searched\"):")
	fmt.Fprintln(w)
	if err := res.writeTable(w, 0, wallClock); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "**By each program's own timer** (– where it prints none):")
	fmt.Fprintln(w)
	if err := res.writeTable(w, 0, ownTimer); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "**By the CPU time of the measured part** (user and system; on a busy machine it leaves out the waits for a core; Stockfish's from /proc in 10 ms ticks):")
	fmt.Fprintln(w)
	if err := res.writeTable(w, 0, cpuTime); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "Start-up of the programs run as processes (the whole run of perft(1) of the start position, median):")
	sep := " "
	for p, name := range res.programs {
		if len(res.startup[p]) > 0 {
			fmt.Fprintf(w, "%s%s %.1f ms", sep, name, median(res.startup[p])*1e3)
			sep = "; "
		}
	}
	fmt.Fprintln(w, ".")
	for _, n := range notes {
		fmt.Fprintf(w, "\n%s\n", n)
	}
	return nil
}
