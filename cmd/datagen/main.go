// Command datagen writes training positions for an evaluation: quiet
// positions of games gambit-engine's search (package search) plays
// against itself, in process, each with the search's score and the
// game's result.
//
// Usage:
//
//	datagen [-o FILE] [-positions N] [-games N] [-nodes N] [-j N] [-seed N] [flags]
//
// Every game opens from the start position or, for a -chess960 fraction
// of the games, a Chess960 start, followed by -random-plies random legal
// moves; an opening whose search scores beyond -opening-bound centipawns
// (or a mate) is drawn again. Then each move is a search of -nodes nodes
// at one thread, with a table of -hash megabytes per worker, cleared
// before each game. A game ends by the rules (checkmate, stalemate, bare
// material, threefold repetition, the fifty-move rule) or is adjudicated:
// a mate score wins for its side; -win-plies plies in a row at
// -win-score centipawns or more for the same side win for it; after ply
// -draw-after, -draw-plies plies in a row within -draw-score are a draw,
// and so is a game of -max-plies plies.
//
// Each kept position is one line, "FEN;score;result": score is the
// search's score of the position in centipawns from White's side, result
// the game's for White (1, 0.5 or 0). Kept are the positions the engine
// searched (none of the random opening plies) that are not in check,
// whose best move is neither a capture nor a promotion and whose score is
// not a mate.
//
// -j workers play games at once; game i is played from the seed
// (-seed, i) whatever the worker, and the lines are written in game
// order, so that a seed and the flags give the same lines whatever -j.
// The output (-o, standard output by default) is gzipped when its name
// ends in .gz. The run stops after -positions lines or -games games
// (0: no limit) or on SIGINT or SIGTERM: then the games still being played
// are dropped and the output is completed, whole lines in a valid file (a
// second signal kills at once).
// Progress, and a summary at the end (games, positions, the games' results
// W/D/L, positions per second), go to standard error.
//
// make nnue-data runs it into bin/nnue-data/selfplay.txt.gz; see
// docs/engine.md.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/internal/posfile"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal a second one kills as by default.
	context.AfterFunc(ctx, stop)
	code := cli.Exit(os.Stderr, "datagen", run(ctx, os.Args[1:], os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}

// options are the command line's.
type options struct {
	cfg       config
	out       string
	positions int
	games     int
	workers   int
	every     time.Duration // progress
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("datagen", "usage: datagen [-o FILE] [-positions N] [-games N] [-nodes N] [-j N] [-seed N] [flags]", stdout)
	o := options{cfg: defaults}
	fs.StringVar(&o.out, "o", "-", "the output file (- for standard output; gzipped when it ends in .gz)")
	fs.IntVar(&o.positions, "positions", 0, "stop after this many positions (0: no limit)")
	fs.IntVar(&o.games, "games", 0, "stop after this many games (0: no limit)")
	fs.IntVar(&o.workers, "j", 1, "the games played at once, one thread each")
	fs.DurationVar(&o.every, "progress", 30*time.Second, "the interval of the progress lines on standard error")
	fs.Uint64Var(&o.cfg.seed, "seed", defaults.seed, "the seed of the openings: game i is played from (seed, i)")
	fs.Int64Var(&o.cfg.nodes, "nodes", defaults.nodes, "the nodes of each move's search")
	fs.IntVar(&o.cfg.hashMB, "hash", defaults.hashMB, "each worker's table, in megabytes")
	fs.IntVar(&o.cfg.randomPlies, "random-plies", defaults.randomPlies, "the random legal plies that open each game")
	fs.Float64Var(&o.cfg.chess960, "chess960", defaults.chess960, "the fraction of the games from a Chess960 start")
	fs.IntVar(&o.cfg.openingBound, "opening-bound", defaults.openingBound, "the largest |score| in centipawns of an opening kept")
	fs.IntVar(&o.cfg.winScore, "win-score", defaults.winScore, "the |score| in centipawns that wins after -win-plies plies")
	fs.IntVar(&o.cfg.winPlies, "win-plies", defaults.winPlies, "the plies in a row at -win-score for the same side that win")
	fs.IntVar(&o.cfg.drawScore, "draw-score", defaults.drawScore, "the |score| in centipawns up to which -draw-plies plies draw")
	fs.IntVar(&o.cfg.drawPlies, "draw-plies", defaults.drawPlies, "the plies in a row within -draw-score that draw")
	fs.IntVar(&o.cfg.drawAfter, "draw-after", defaults.drawAfter, "the ply from which the draw adjudication counts")
	fs.IntVar(&o.cfg.maxPlies, "max-plies", defaults.maxPlies, "the plies after which a game is a draw")
	if err := fs.Parse(args); err != nil {
		return err // flag.ErrHelp after -h: cli.Exit reads it
	}
	if fs.NArg() > 0 {
		return cli.Usagef("unexpected argument %q", fs.Arg(0))
	}
	if err := o.check(); err != nil {
		return err
	}
	out, err := posfile.Create(o.out, stdout)
	if err != nil {
		return err
	}
	defer out.Close() // on an error return; the end closes it and checks
	start := time.Now()
	last := start
	progress := func(s *stats) {
		if time.Since(last) >= o.every {
			last = time.Now()
			fmt.Fprintf(stderr, "datagen: %s\n", s.summary(time.Since(start)))
		}
	}
	s, err := generate(ctx, o, out, progress)
	if err != nil {
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "datagen: stopped by a signal; the games being played are dropped")
	}
	fmt.Fprintf(stderr, "datagen: done: %s\n", s.summary(time.Since(start)))
	return nil
}

// The most workers and the largest table of one: the Hash option's most.
const (
	maxWorkers = 256
	maxHashMB  = 4096
)

// check returns a usage error for a flag out of its range.
func (o *options) check() error {
	c := &o.cfg
	for _, f := range []struct {
		name     string
		v        int64
		min, max int64 // max 0: none
	}{
		{"positions", int64(o.positions), 0, 0}, {"games", int64(o.games), 0, 0}, {"j", int64(o.workers), 1, maxWorkers},
		{"nodes", c.nodes, 1, 0}, {"hash", int64(c.hashMB), 1, maxHashMB}, {"random-plies", int64(c.randomPlies), 0, 0},
		{"opening-bound", int64(c.openingBound), 0, 0}, {"win-score", int64(c.winScore), 1, 0},
		{"win-plies", int64(c.winPlies), 1, 0}, {"draw-score", int64(c.drawScore), 0, 0},
		{"draw-plies", int64(c.drawPlies), 1, 0}, {"draw-after", int64(c.drawAfter), 0, 0}, {"max-plies", int64(c.maxPlies), 1, 0},
	} {
		if f.v < f.min {
			return cli.Usagef("-%s %d: want at least %d", f.name, f.v, f.min)
		}
		if f.max > 0 && f.v > f.max {
			return cli.Usagef("-%s %d: want at most %d", f.name, f.v, f.max)
		}
	}
	if !(c.chess960 >= 0 && c.chess960 <= 1) {
		return cli.Usagef("-chess960 %g: want a fraction from 0 to 1", c.chess960)
	}
	if c.maxPlies <= c.randomPlies {
		return cli.Usagef("-max-plies %d: want more than -random-plies %d", c.maxPlies, c.randomPlies)
	}
	return nil
}

// stats count what was written.
type stats struct {
	games, positions int
	wins, draws, los int    // games, by White's result
	posResults       [3]int // positions by their result for White: 0, 0.5, 1
	ends             []int  // games by how they ended, in the order of endNames
	endNames         []string
}

func (s *stats) add(g *game, lines int) {
	s.games++
	s.positions += lines
	switch g.result {
	case 1:
		s.wins++
	case 0:
		s.los++
	default:
		s.draws++
	}
	s.posResults[int(g.result*2)] += lines
	for i, n := range s.endNames {
		if n == g.end {
			s.ends[i]++
			return
		}
	}
	s.endNames = append(s.endNames, g.end)
	s.ends = append(s.ends, 1)
}

// summary is the line of the progress and the end.
func (s *stats) summary(d time.Duration) string {
	var ends []string
	for i, n := range s.endNames {
		ends = append(ends, fmt.Sprintf("%s %d", n, s.ends[i]))
	}
	return fmt.Sprintf("%d games (W/D/L %d/%d/%d; %s), %d positions (by result 1/0.5/0: %d/%d/%d) in %s, %.1f positions/s",
		s.games, s.wins, s.draws, s.los, strings.Join(ends, ", "), s.positions,
		s.posResults[2], s.posResults[1], s.posResults[0], d.Round(time.Second), float64(s.positions)/max(d.Seconds(), 1e-9))
}

// outcome is a worker's answer for one game.
type outcome struct {
	index int
	g     *game
	err   error
}

// generate plays the games with o.workers workers and writes their lines
// to w in game order, until o.positions lines, o.games games, ctx's end or
// an error; progress is called after each game written.
func generate(ctx context.Context, o options, w io.Writer, progress func(*stats)) (*stats, error) {
	play, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next    atomic.Int64
		wg      sync.WaitGroup
		results = make(chan outcome, o.workers)
	)
	for range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := newPlayer(o.cfg)
			defer pl.close()
			for {
				i := int(next.Add(1) - 1)
				if (o.games > 0 && i >= o.games) || play.Err() != nil {
					return
				}
				g, err := pl.play(play, i)
				if err == errAborted {
					return
				}
				results <- outcome{i, g, err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	s := &stats{}
	pending := map[int]*game{}
	want := 0
	done := false
	var firstErr, writeErr error
	var sb strings.Builder
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("game %d: %w", r.index, r.err)
			}
			cancel()
			continue
		}
		if done {
			continue
		}
		pending[r.g.index] = r.g
		for g, ok := pending[want]; ok && !done; g, ok = pending[want] {
			delete(pending, want)
			want++
			if o.positions > 0 && s.positions+len(g.kept) >= o.positions {
				g.kept = g.kept[:o.positions-s.positions]
				done = true
			}
			if o.games > 0 && want >= o.games {
				done = true
			}
			sb.Reset()
			g.lines(&sb)
			if _, err := io.WriteString(w, sb.String()); err != nil {
				writeErr = fmt.Errorf("writing the positions: %w", err)
				done = true
			}
			s.add(g, len(g.kept))
			progress(s)
		}
		if done {
			cancel()
		}
	}
	if firstErr != nil {
		return s, firstErr
	}
	return s, writeErr
}
