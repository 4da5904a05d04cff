// Command enginenps measures the nodes a second of UCI engines on one set
// of positions: gambit-engine's bench positions (search.BenchPositions),
// searched by each engine in turn through gambit's uci package, one
// thread and the same hash size each, in interleaved rounds whose order is
// drawn from -seed. Each engine's figure for a round is the sum of the
// nodes it reported over the sum of the times it reported (its last info
// line of each search); the table gives each round's figure, the median
// and each engine's median as a multiple of the first engine's.
//
// Usage:
//
//	enginenps [-movetime MS | -depth N] [-rounds N] [-hash MB] [-seed N] [-timeout D] [-chess960=false] NAME=PATH[,OPTION=VALUE...]...
//
// For example, gambit-engine on Stockfish's network beside Stockfish
// (issue #40's goal, gambit-engine at half of Stockfish's speed or more):
//
//	enginenps -movetime 1000 stockfish=/usr/games/stockfish \
//		gambit=bin/gambit-engine,EvalFile=/tmp/sf.nnue
//
// A -movetime search gives both engines the same time on every position;
// -depth the same depth, where their trees differ. The nodes of a search
// are what the engine counts (Stockfish and gambit-engine both count the
// nodes they visit, quiescence included), so the figures compare the cost
// of a node, not strength. Timing-sensitive: run it on a quiet machine.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// engineSpec is one engine of the command line: a name for the table,
// its path and the UCI options set after Threads and Hash.
type engineSpec struct {
	name, path string
	options    [][2]string
}

// parseEngine reads NAME=PATH[,OPTION=VALUE...].
func parseEngine(arg string) (engineSpec, error) {
	fields := strings.Split(arg, ",")
	name, path, ok := strings.Cut(fields[0], "=")
	if !ok || name == "" || path == "" {
		return engineSpec{}, fmt.Errorf("engine %q: want NAME=PATH[,OPTION=VALUE...]", arg)
	}
	s := engineSpec{name: name, path: path}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok || k == "" {
			return engineSpec{}, fmt.Errorf("engine %q: option %q: want OPTION=VALUE", arg, f)
		}
		s.options = append(s.options, [2]string{k, v})
	}
	return s, nil
}

type config struct {
	limits  uci.Limits
	rounds  int
	hash    int
	seed    uint64
	timeout time.Duration
	engines []engineSpec
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("enginenps", flag.ContinueOnError)
	fs.SetOutput(stderr)
	movetime := fs.Int("movetime", 1000, "milliseconds a position (0: use -depth)")
	depth := fs.Int("depth", 0, "depth a position, instead of -movetime")
	rounds := fs.Int("rounds", 3, "interleaved rounds")
	hash := fs.Int("hash", 16, "hash size in MB, each engine")
	seed := fs.Uint64("seed", 1, "seed of the rounds' order")
	timeout := fs.Duration("timeout", time.Minute, "longest wait for one search past its limit")
	chess960 := fs.Bool("chess960", true, "keep the Chess960 position (false for an engine without UCI_Chess960)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: enginenps [-movetime MS | -depth N] [-rounds N] [-hash MB] [-seed N] [-timeout D] [-chess960=false] NAME=PATH[,OPTION=VALUE...]...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg := config{rounds: *rounds, hash: *hash, seed: *seed, timeout: *timeout}
	switch {
	case *depth > 0:
		cfg.limits = uci.Limits{Depth: *depth}
	case *movetime > 0:
		cfg.limits = uci.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
	default:
		fmt.Fprintln(stderr, "enginenps: want -movetime or -depth above 0")
		return 2
	}
	if cfg.rounds < 1 || cfg.hash < 1 || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "enginenps: want -rounds and -hash above 0 and at least one engine")
		return 2
	}
	for _, a := range fs.Args() {
		s, err := parseEngine(a)
		if err != nil {
			fmt.Fprintln(stderr, "enginenps:", err)
			return 2
		}
		cfg.engines = append(cfg.engines, s)
	}
	fens := search.BenchPositions
	if !*chess960 {
		fens = slices.DeleteFunc(slices.Clone(fens), func(fen string) bool {
			p, err := core.ParseFEN(fen)
			return err == nil && p.Chess960()
		})
	}
	nps, err := measure(ctx, cfg, fens, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "enginenps:", err)
		return 1
	}
	writeTable(stdout, cfg, len(fens), nps)
	return 0
}

// measure runs every round and returns, for each engine, its nodes a
// second in each round.
func measure(ctx context.Context, cfg config, fens []string, log io.Writer) ([][]float64, error) {
	positions := make([]core.Position, len(fens))
	for i, fen := range fens {
		p, err := core.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("position %q: %w", fen, err)
		}
		positions[i] = p
	}
	rng := rand.New(rand.NewPCG(cfg.seed, 0x656e67696e656e70))
	nps := make([][]float64, len(cfg.engines))
	for r := range cfg.rounds {
		order := rng.Perm(len(cfg.engines))
		for _, i := range order {
			v, err := round(ctx, cfg, cfg.engines[i], positions)
			if err != nil {
				return nil, fmt.Errorf("%s, round %d: %w", cfg.engines[i].name, r+1, err)
			}
			fmt.Fprintf(log, "round %d: %s %.0f nodes/s\n", r+1, cfg.engines[i].name, v)
			nps[i] = append(nps[i], v)
		}
	}
	return nps, nil
}

// round starts the engine, searches every position from a new game and
// returns its nodes over its time.
func round(ctx context.Context, cfg config, s engineSpec, positions []core.Position) (float64, error) {
	e, err := uci.Start(ctx, s.path)
	if err != nil {
		return 0, err
	}
	defer e.Close()
	set := append([][2]string{{"Threads", "1"}, {"Hash", fmt.Sprint(cfg.hash)}}, s.options...)
	for _, o := range set {
		if _, ok := e.Option(o[0]); !ok && (o[0] == "Threads" || o[0] == "Hash") {
			continue // an engine without the option runs its default
		}
		if err := e.SetOption(ctx, o[0], o[1]); err != nil {
			return 0, err
		}
	}
	var nodes int64
	var spent time.Duration
	for _, p := range positions {
		if err := e.StartGame(ctx, p, nil); err != nil {
			return 0, err
		}
		sctx, cancel := context.WithTimeout(ctx, cfg.limits.MoveTime+cfg.timeout)
		n, t, err := searchOnce(sctx, e, cfg.limits)
		cancel()
		if err != nil {
			return 0, fmt.Errorf("position %s: %w", p.FEN(), err)
		}
		nodes += n
		spent += t
	}
	if spent <= 0 {
		return 0, errors.New("the engine reported no search time")
	}
	return float64(nodes) / spent.Seconds(), nil
}

// searchOnce runs one search and returns the nodes and time of the last
// info line that gave nodes.
func searchOnce(ctx context.Context, e *uci.Engine, limits uci.Limits) (int64, time.Duration, error) {
	sr, err := e.Go(ctx, limits)
	if err != nil {
		return 0, 0, err
	}
	var nodes int64
	var t time.Duration
	for info := range sr.Info() {
		if info.Nodes > 0 { // a search that ends at once may say 0 ms

			nodes, t = info.Nodes, info.Time
		}
	}
	if _, err := sr.Wait(); err != nil {
		return 0, 0, err
	}
	if nodes == 0 {
		return 0, 0, errors.New("no info line with nodes")
	}
	return nodes, t, nil
}

// writeTable prints a Markdown table: a row per engine, its rounds, the
// median and the median as a multiple of the first engine's.
func writeTable(w io.Writer, cfg config, positions int, nps [][]float64) {
	limit := fmt.Sprintf("movetime %d ms", cfg.limits.MoveTime.Milliseconds())
	if cfg.limits.Depth > 0 {
		limit = fmt.Sprintf("depth %d", cfg.limits.Depth)
	}
	fmt.Fprintf(w, "%d positions (search.BenchPositions), %s each, one thread, Hash %d MB, %d interleaved rounds (seed %d); thousand nodes a second\n\n",
		positions, limit, cfg.hash, cfg.rounds, cfg.seed)
	fmt.Fprint(w, "| engine |")
	for r := range cfg.rounds {
		fmt.Fprintf(w, " round %d |", r+1)
	}
	fmt.Fprintf(w, " median | × %s |\n|---|", cfg.engines[0].name)
	fmt.Fprint(w, strings.Repeat("---:|", cfg.rounds+2), "\n")
	base := median(nps[0])
	for i, s := range cfg.engines {
		fmt.Fprintf(w, "| %s |", s.name)
		for _, v := range nps[i] {
			fmt.Fprintf(w, " %.0f |", v/1000)
		}
		m := median(nps[i])
		fmt.Fprintf(w, " %.0f | %.2f |\n", m/1000, m/base)
	}
}

// median returns the median of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
