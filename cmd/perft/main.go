// Command perft counts the leaf nodes of a position's legal move tree, to
// check gambit's move generator against published counts and to measure its
// speed.
//
// Usage:
//
//	perft [-variant NAME] [-fen FEN|startpos|kiwipete] -depth N [-divide] [-json] [-threads N] [-hash MB | -full]
//	perft [-variant NAME] -epd FILE [-max-nodes N] [-threads N] [-hash MB | -full]
//	perft split -fen FEN|startpos|kiwipete -depth N -at K [-chess960]
//	perft unit [-threads N] [-hash MB | -full] [UNIT... | -units FILE -index N]
//	perft merge [-json] [FILE...]
//
// With -fen it counts one position and prints the count (with -divide, the
// count below every root move first). With -epd it runs a suite file (one
// "FEN ;D1 n ;D2 n" line per position, or "id / epd / perft D N" blocks),
// prints a line for every count that differs and a final "N passed, M
// failed" (with ", K skipped" when -max-nodes left K counts out), and
// exits 1 on any mismatch. -depth without -fen counts the start position.
//
// -variant NAME plays by a variant's rules: chess (the default), chess960
// (the same as -chess960), or one of lichess's variants gambit plays,
// atomic, crazyhouse, 3check, kingofthehill, antichess, horde and racingkings (the
// names core.ParseVariant reads, lichess's PGN names included). FENs are
// then read in the variant's forms (Three-check's "3+3", Crazyhouse's
// pockets "[Qn]" and promoted pieces "Q~"), and startpos is the variant's
// own start position.
// Every run ends with a summary line
//
//	nodes=N time=Xs nps=N
//
// and shows a progress bar on standard error when that is a terminal.
//
// -threads N counts on N goroutines (default: one per core), splitting the
// tree a few plies below the root; the counts do not depend on it. -hash MB
// keeps subtree counts in a hash table of that many mebibytes, keyed by the
// full Zobrist key and the depth, so transpositions are counted once and a
// count is never taken from another position; it pays from about depth 5.
// -full makes and unmakes every move of the last ply instead of counting
// them by population count: the test and the cost of make/unmake at the
// leaves, several times slower.
//
// # Distributed runs
//
// The subcommands cut a perft into work units that any batch system can
// run: GNU parallel across hosts, xargs, Kubernetes Jobs, Slurm arrays.
//
// split writes one JSON line per position K plies below the root: the root
// FEN and depth, the split ply, the unit's id and number of units, the moves
// from the root ("path"), the unit's FEN and the depth left to count.
//
// unit runs units given as arguments, one JSON line each, or the unit
// numbered -index of the units file -units (what a Slurm job array or a
// Kubernetes Indexed Job hands each task: see docs/distributed-perft.md), or
// else every line of standard input, and prints one JSON result line per
// unit: the unit and its "nodes" and "seconds". It first replays the path from the root and
// checks it reaches the unit's FEN; a bad unit is reported on standard error
// and gives exit status 1.
//
// merge reads result lines from the files named, or else from standard
// input, checks that they belong to one root, depth and split and that
// every unit of it is there (it splits the root again itself to know them),
// and prints "perft(N) = COUNT" and a summary line whose time is the sum of
// the units' times (with -json, one JSON object). Results are idempotent:
// a unit's result repeated with the same count (a retried task) is counted
// once. It names missing and foreign units, and units with two different
// counts, and exits 1 if there are any; the missing ones are the -index
// values to submit again.
//
// For example, perft(5) of Kiwipete in 2039 units, two at a time:
//
//	perft split -fen kiwipete -depth 5 -at 2 > units.jsonl
//	xargs -d '\n' -n 64 -P 2 perft unit -threads 1 < units.jsonl > results.jsonl
//	perft merge results.jsonl
//
// which prints perft(5) = 193690690. With GNU parallel over hosts:
//
//	parallel -S host1,host2 --pipe -N 64 perft unit < units.jsonl > results.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/perft"
)

// standard is the rules of the subcommands, which count standard chess.
const standard = core.Standard

func main() {
	os.Exit(runIO(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the command reading os.Stdin; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return runIO(args, os.Stdin, stdout, stderr)
}

// synopsis is what -h prints before the flags.
const synopsis = `usage: perft [-variant NAME] [-fen FEN|startpos|kiwipete] -depth N [-divide] [-json] [-threads N] [-hash MB | -full]
       perft [-variant NAME] -epd FILE [-max-nodes N] [-threads N] [-hash MB | -full]
       perft split -fen FEN|startpos|kiwipete -depth N -at K [-chess960]
       perft unit [-threads N] [-hash MB | -full] [UNIT... | -units FILE -index N]
       perft merge [-json] [FILE...]`

// runIO is the command; it returns the exit status. A first argument
// "split", "unit" or "merge" names a subcommand.
func runIO(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "split":
			return runSplit(args[1:], stdout, stderr)
		case "unit":
			return runUnits(args[1:], stdin, stdout, stderr)
		case "merge":
			return runMerge(args[1:], stdin, stdout, stderr)
		}
	}
	fs := cli.NewFlagSet("perft", synopsis, stdout)
	fen := fs.String("fen", "", "position: a FEN, "+cli.PositionNames)
	depth := fs.Int("depth", 0, "depth in plies (with -fen)")
	divide := fs.Bool("divide", false, "print the count below every root move")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	epd := fs.String("epd", "", "run a perft suite file")
	maxNodes := fs.Uint64("max-nodes", 0, "with -epd: skip expected counts above this many nodes (0: no limit)")
	chess960 := fs.Bool("chess960", false, "treat the position as Chess960 (castling written king takes rook)")
	variantName := fs.String("variant", "chess", "rules: chess, chess960, atomic, crazyhouse, 3check, kingofthehill, antichess, horde or racingkings (with -epd: the file's \"# NAME:\" header line's by default)")
	progress := fs.Bool("progress", isTerminal(os.Stderr), "show a progress bar on standard error")
	cf := counterFlags(fs.FlagSet)
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "perft", err)
	}
	o, err := checkArgs(fs, *fen, *epd, *depth, *variantName)
	if err != nil {
		return cli.Exit(stderr, "perft", err)
	}
	if strings.EqualFold(*variantName, "chess960") {
		*chess960 = true
	}
	c, err := cf.counter()
	if err != nil {
		return cli.Exit(stderr, "perft", cli.Usagef("%w", err))
	}
	var bar *progressBar
	if *progress {
		bar = &progressBar{w: stderr}
	}
	if *epd != "" {
		return runSuite(*epd, o.variant, fs.Given("variant"), *maxNodes, c, bar, stdout, stderr)
	}
	p, err := parsePosition(o.fen, o.variant, *chess960)
	if err != nil {
		return cli.Exit(stderr, "perft", cli.Usagef("%w", err))
	}
	return runOne(&p, *depth, *divide, *asJSON, c, bar, stdout)
}

// args are the checked flags of a count or a suite run.
type args struct {
	fen     string
	variant core.Variant
}

// checkArgs refuses a command line that asks for no count, or for two.
// -depth alone counts the start position.
func checkArgs(fs *cli.FlagSet, fen, epd string, depth int, variant string) (args, error) {
	v, err := core.ParseVariant(variant)
	if err != nil {
		return args{}, cli.Usagef("-variant: %w", err)
	}
	switch {
	case fs.NArg() > 0:
		return args{}, cli.Usagef("unexpected argument %q", fs.Arg(0))
	case epd != "" && fen != "":
		return args{}, cli.Usagef("-fen and -epd exclude each other")
	case epd != "" && fs.Given("depth"):
		return args{}, cli.Usagef("-depth is for -fen: a suite file gives its depths")
	case epd != "":
		return args{variant: v}, nil
	case !fs.Given("depth"):
		return args{}, cli.Usagef("give -depth N (and -fen FEN), or -epd FILE")
	case depth < 1:
		return args{}, cli.Usagef("-depth %d: want at least 1", depth)
	}
	if fen == "" {
		fen = "startpos"
	}
	return args{fen: fen, variant: v}, nil
}

// result is what -json prints.
type result struct {
	FEN     string      `json:"fen"`
	Depth   int         `json:"depth"`
	Nodes   uint64      `json:"nodes"`
	Seconds float64     `json:"seconds"`
	NPS     uint64      `json:"nps"`
	Divide  []moveCount `json:"divide,omitempty"`
}

type moveCount struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// parsePosition reads -fen of variant v: a FEN or a name cli.FEN knows;
// startpos is the variant's start position.
func parsePosition(fen string, v core.Variant, chess960 bool) (core.Position, error) {
	p, err := core.ParseVariantFEN(v, cli.FEN(v, fen))
	if err != nil {
		return core.Position{}, fmt.Errorf("read -fen: %w", err)
	}
	if chess960 {
		p.SetChess960(true)
	}
	return p, nil
}

// runOne counts one position with c, the progress bar advancing job by job.
func runOne(p *core.Position, depth int, divide, asJSON bool, c *perft.Counter, bar *progressBar, stdout io.Writer) int {
	res := result{FEN: p.FEN(), Depth: depth}
	start := time.Now()
	if bar != nil {
		c.Progress = func(done, total int, nodes uint64) { bar.update(done, total, nodes, time.Since(start)) }
	}
	for _, mc := range c.Divide(p, depth) {
		res.Nodes += mc.Nodes
		if divide {
			res.Divide = append(res.Divide, moveCount{mc.UCI, mc.Nodes})
		}
	}
	c.Progress = nil
	bar.done()
	elapsed := time.Since(start)
	res.Seconds = elapsed.Seconds()
	res.NPS = nps(res.Nodes, elapsed)
	if asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(res); err != nil {
			return 1
		}
		return 0
	}
	for _, d := range res.Divide {
		fmt.Fprintf(stdout, "%s: %d\n", d.Move, d.Nodes)
	}
	if divide {
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "perft(%d) = %d\n", depth, res.Nodes)
	summary(stdout, res.Nodes, elapsed)
	return 0
}

// runSuite checks every count of a suite file. The file's variant is v
// when given is set (-variant was on the command line), else the one its
// header names (see suiteVariant); a -variant the header contradicts is
// an error.
func runSuite(path string, v core.Variant, given bool, maxNodes uint64, counter *perft.Counter, bar *progressBar, stdout, stderr io.Writer) int {
	cases, err := perft.ReadSuiteFile(path)
	if err != nil {
		cli.Fail(stderr, "perft", err)
		return 2
	}
	header, named, err := suiteVariant(path)
	if err != nil {
		cli.Fail(stderr, "perft", err)
		return 2
	}
	switch {
	case named && given && header != v:
		return cli.Usage(stderr, "perft", fmt.Errorf("-variant %s, but %s's header says its positions are %s", v, path, header))
	case named:
		v = header
	}
	start := time.Now()
	var nodes uint64
	passed, failed, skipped := 0, 0, 0
	for i, c := range cases {
		p, err := core.ParseVariantFEN(v, c.FEN)
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s:%d (%s): %v\n", path, c.Line, c.Name, err)
			failed++
			continue
		}
		for _, e := range c.Counts {
			if maxNodes > 0 && e.Nodes > maxNodes {
				skipped++
				continue
			}
			got := counter.Count(&p, e.Depth)
			nodes += got
			if got != e.Nodes {
				fmt.Fprintf(stdout, "FAIL %s:%d (%s) depth %d: got %d, want %d: %s\n", path, c.Line, c.Name, e.Depth, got, e.Nodes, c.FEN)
				failed++
			} else {
				passed++
			}
		}
		bar.update(i+1, len(cases), nodes, time.Since(start))
	}
	bar.done()
	fmt.Fprintf(stdout, "%d passed, %d failed", passed, failed)
	if skipped > 0 {
		fmt.Fprintf(stdout, ", %d skipped (over -max-nodes %d)", skipped, maxNodes)
	}
	fmt.Fprintln(stdout)
	summary(stdout, nodes, time.Since(start))
	if failed > 0 {
		return 1
	}
	return 0
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

func summary(w io.Writer, nodes uint64, d time.Duration) {
	fmt.Fprintf(w, "nodes=%d time=%.3fs nps=%d\n", nodes, d.Seconds(), nps(nodes, d))
}

// suiteHeader is a suite file's first line when it names the file's
// variant: "# atomic: positions and their published perft counts".
var suiteHeader = regexp.MustCompile(`^#\s*([A-Za-z0-9_-]+):\s`)

// suiteVariant reads the variant a suite file's header names: its first
// line that is not empty, when that is a comment whose first word, before a
// colon, is a variant's name as core.ParseVariant reads it. named is false
// for a file with no such line (then its positions are of the command
// line's variant, standard chess by default).
func suiteVariant(path string) (v core.Variant, named bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return core.Standard, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		m := suiteHeader.FindStringSubmatch(line)
		if m == nil {
			return core.Standard, false, nil
		}
		v, err := core.ParseVariant(m[1])
		return v, err == nil, nil
	}
	if err := sc.Err(); err != nil {
		return core.Standard, false, fmt.Errorf("reading %s: %w", path, err)
	}
	return core.Standard, false, nil
}
