// Command gamegen writes a large collection of distinct chess games whose
// openings follow real games' frequencies: the collection the position
// index's benchmarks run on (issue 38; testdata/SOURCES.md says how it is
// made, and `make explore-corpus` writes it).
//
// Each game starts from a prefix of a real game of testdata/pgn (a game of
// The Week in Chess or of the Lichess database, a file chosen with even
// odds and a game of it uniformly, then 6 to 30 plies of it), goes on by a
// cheap playout policy (captures that win material, even trades, checks,
// mates in one taken and allowed ones avoided, hanging pieces avoided one
// reply deep, pawns pushed in endings, random otherwise) until the rules
// end it, a side far behind resigns, or it reaches a length drawn from a
// log-normal distribution (games end at a median of about 80 plies), and
// gets a result (the rules', the resignation's, or an adjudication by
// material) and headers drawn from pools of players and events. One game
// in two hundred starts from a random Chess960 position and one in two
// hundred is a lichess variant game (Three-check, King of the Hill, Atomic
// or Crazyhouse). No two games have the same moves from the same start: a
// game that repeats an earlier one is drawn again.
//
// Usage:
//
//	gamegen [-n 1000000] [-seed 1] [-j NCPU] [-src testdata/pgn] -o corpus.pgn.zst
//
// The output is PGN, compressed with zstd or gzip when -o ends in .zst or
// .gz. It depends on -n and -seed only, not on -j.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// config is what the flags say.
type config struct {
	n      int
	seed   uint64
	jobs   int
	src    string
	output string
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: gamegen [-n N] [-seed S] [-j N] [-src DIR] -o FILE.pgn[.gz|.zst]\n\n")
		fs.PrintDefaults()
	}
	var c config
	fs.IntVar(&c.n, "n", 1000000, "the number of games")
	fs.Uint64Var(&c.seed, "seed", 1, "the seed: the same seed and -n give the same file")
	fs.IntVar(&c.jobs, "j", runtime.NumCPU(), "the number of goroutines making games")
	fs.StringVar(&c.src, "src", "", "the directory of the source games (default: testdata/pgn of the checkout around the working directory)")
	fs.StringVar(&c.output, "o", "", "the output file: .pgn, .pgn.gz or .pgn.zst (required)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if c.output == "" || fs.NArg() > 0 || c.n < 0 || c.jobs < 1 {
		fs.Usage()
		return 2
	}
	redrawn, err := generateFile(c)
	if err != nil {
		fmt.Fprintf(stderr, "gamegen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "gamegen: %d games in %s (%d drawn again after repeating an earlier game)\n", c.n, c.output, redrawn)
	return 0
}

// generateFile writes the collection to c.output, through a temporary file
// renamed at the end, so that a file of that name is always whole. It
// returns how many games were drawn again after a repeat.
func generateFile(c config) (redrawn int, err error) {
	src := c.src
	if src == "" {
		if src, err = findTestdata(); err != nil {
			return 0, err
		}
	}
	sources, err := loadSources(src)
	if err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.output), filepath.Base(c.output)+".tmp*")
	if err != nil {
		return 0, fmt.Errorf("creating the output: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	out, closeOut, err := compressor(c.output, bw)
	if err != nil {
		return 0, err
	}
	if redrawn, err = generate(c.n, c.seed, c.jobs, sources, out); err != nil {
		return 0, err
	}
	if err = closeOut(); err != nil {
		return 0, fmt.Errorf("writing %s: %w", c.output, err)
	}
	if err = bw.Flush(); err != nil {
		return 0, fmt.Errorf("writing %s: %w", c.output, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return 0, fmt.Errorf("writing %s: %w", c.output, err)
	}
	if err = tmp.Close(); err != nil {
		return 0, fmt.Errorf("writing %s: %w", c.output, err)
	}
	if err = os.Rename(tmp.Name(), c.output); err != nil {
		return 0, fmt.Errorf("writing %s: %w", c.output, err)
	}
	return redrawn, nil
}

// compressor wraps w in the compression the file name asks for, and
// returns the function that ends the compressed stream.
func compressor(name string, w io.Writer) (io.Writer, func() error, error) {
	switch {
	case strings.HasSuffix(name, ".zst"):
		// One encoder goroutine: the stream is the same whatever -j.
		z, err := zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, nil, fmt.Errorf("starting zstd: %w", err)
		}
		return z, z.Close, nil
	case strings.HasSuffix(name, ".gz"):
		z := gzip.NewWriter(w)
		return z, z.Close, nil
	case strings.HasSuffix(name, ".pgn"):
		return w, func() error { return nil }, nil
	}
	return nil, nil, fmt.Errorf("output %s: the name must end in .pgn, .pgn.gz or .pgn.zst", name)
}

// maxAttempts bounds the draws of one game: with real source games a
// repeat is rare and the next draw is new; only sources that leave no
// choice (every game forced to the same end) reach it.
const maxAttempts = 10000

// batchSize is the number of games a goroutine makes at a time.
const batchSize = 64

// batch is a run of consecutive games, made by one goroutine.
type batch struct {
	first int
	recs  []record
	err   error
	done  chan struct{}
}

// generate writes games 0 to n-1 for seed to out, made by jobs goroutines
// and written in order. A game whose hash an earlier game has is drawn
// again (attempt 1, 2, ...) before it is written, so that the output does
// not depend on jobs. It returns how many games were drawn again.
func generate(n int, seed uint64, jobs int, sources []source, out io.Writer) (redrawn int, err error) {
	err = each(n, seed, jobs, sources, func(rec *record) error {
		if rec.attempt > 0 {
			redrawn++
		}
		if _, err := out.Write(rec.text); err != nil {
			return fmt.Errorf("writing: %w", err)
		}
		return nil
	})
	return redrawn, err
}

// each makes games 0 to n-1 for seed, every one distinct, and calls emit
// with each in order.
func each(n int, seed uint64, jobs int, sources []source, emit func(*record) error) error {
	p := newPoolsForSeed(seed)
	work := make(chan *batch, jobs)
	order := make(chan *batch, 4*jobs)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(work)
		defer close(order)
		for first := 0; first < n; first += batchSize {
			b := &batch{first: first, recs: make([]record, min(batchSize, n-first)), done: make(chan struct{})}
			select {
			case order <- b:
			case <-stop:
				return
			}
			work <- b
		}
	}()
	for range jobs {
		go func() {
			g := newGenerator(seed, sources, p)
			for b := range work {
				for k := range b.recs {
					if b.err == nil {
						b.recs[k], b.err = g.generate(b.first+k, 0)
					}
				}
				close(b.done)
			}
		}()
	}
	seen := make(map[uint64]struct{}, n)
	again := newGenerator(seed, sources, p)
	for b := range order {
		<-b.done
		if b.err != nil {
			return b.err
		}
		for k := range b.recs {
			rec := &b.recs[k]
			for attempt := 1; ; attempt++ {
				if _, dup := seen[rec.hash]; !dup {
					break
				}
				if attempt > maxAttempts {
					return fmt.Errorf("game %d: no new game in %d draws: the source games leave too little choice", b.first+k+1, maxAttempts)
				}
				r, err := again.generate(b.first+k, attempt)
				if err != nil {
					return err
				}
				*rec = r
			}
			seen[rec.hash] = struct{}{}
			if err := emit(rec); err != nil {
				return err
			}
		}
		b.recs = nil
	}
	return nil
}
