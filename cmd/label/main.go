// Command label writes quiet positions of real games, each with a UCI
// engine's score, for cmd/tune -scores.
//
// Usage:
//
//	label -engine PATH [-depth N] [-skip N] [-per-game N] [-seed N] [-o FILE] PGN...
//
// It reads the mainline of every game of the PGN files and keeps the
// positions after -skip plies that are quiet by gambit-engine's own
// measure (not in check, and its quiescence search gives its static
// evaluation), at most -per-game of them per game, drawn at random with
// -seed, each position once. The engine searches each to -depth plies at
// one thread. Every output line is the position's FEN, a semicolon and the
// engine's score as White's expected score, 1/(1+10^(-cp/400)) with cp
// from White's side (a mate is 1 or 0), with four decimals. The same files,
// flags and engine give the same lines. The output (-o, standard output by
// default) is gzipped when its name ends in .gz.
//
// With -rescore the arguments are position files instead, a FEN a line,
// optionally followed by ";score;result" (cmd/datagen's lines) or
// ";expected" (this command's), gzipped when a name ends in .gz: each
// position is searched again and written in the input's order, a line
// with a result as "FEN;cp;result" (cp the engine's score in centipawns
// from White's side, the result kept, the position left out when the
// engine sees a mate), any other as "FEN;expected" as above. -j engines
// score at once, one thread each (the same files, flags and -j give the
// same lines). On
// SIGINT or SIGTERM it stops and completes the output with the positions
// scored so far. This is how gambit's own network's training positions
// get Stockfish's scores (see docs/engine.md):
//
//	label -rescore -engine /usr/games/stockfish -depth 7 -j 2 -o selfplay.sf.txt.gz selfplay.txt.gz
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/internal/posfile"
	"github.com/gambit-chess/gambit/internal/quiet"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal a second one kills as by default.
	context.AfterFunc(ctx, stop)
	code := cli.Exit(os.Stderr, "label", runContext(ctx, os.Args[1:], os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) error {
	return runContext(context.Background(), args, stdout, stderr)
}

func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("label", "usage: label -engine PATH [-depth N] [-skip N] [-per-game N] [-seed N] [-o FILE] PGN...\n       label -rescore -engine PATH [-depth N] [-j N] [-o FILE] POSITIONS...", stdout)
	enginePath := fs.String("engine", "", "the UCI engine that scores the positions (required)")
	depth := fs.Int("depth", 8, "the depth of the engine's search of each position")
	skip := fs.Int("skip", 8, "the plies of each game left out from its start")
	perGame := fs.Int("per-game", 0, "the most positions kept per game (0: all)")
	seed := fs.Uint64("seed", 1, "the seed of the draw of -per-game")
	out := fs.String("o", "-", "the output file (- for standard output; gzipped when it ends in .gz)")
	rescoring := fs.Bool("rescore", false, "score the positions of position files (FEN[;score;result] lines) instead of games")
	workers := fs.Int("j", 1, "with -rescore, the engines that score at once, one thread each")
	if err := fs.Parse(args); err != nil {
		return err // flag.ErrHelp after -h: cli.Exit reads it
	}
	if *enginePath == "" || fs.NArg() == 0 {
		if *rescoring {
			return cli.Usagef("an -engine and at least one position file are needed")
		}
		return cli.Usagef("an -engine and at least one PGN file are needed")
	}
	if *depth < 1 {
		return cli.Usagef("-depth %d: must be at least 1", *depth)
	}
	if *workers < 1 || *workers > 256 {
		return cli.Usagef("-j %d: must be from 1 to 256", *workers)
	}
	if *rescoring {
		return runRescore(ctx, fs.Args(), *enginePath, *depth, *workers, *out, stdout, stderr)
	}
	positions, err := read(fs.Args(), *skip, *perGame, *seed)
	if err != nil {
		return err
	}
	w, err := posfile.Create(*out, stdout)
	if err != nil {
		return err
	}
	defer w.Close() // on an error return; the end closes it and checks
	e, err := uci.Start(ctx, *enginePath)
	if err != nil {
		return fmt.Errorf("starting the engine: %w", err)
	}
	defer e.Close()
	for i, p := range positions {
		line, err := score(ctx, e, *depth, &rescoreJob{fen: p.FEN(), white: p.SideToMove() == core.White})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, line); err != nil {
			return fmt.Errorf("writing the positions: %w", err)
		}
		if (i+1)%1000 == 0 {
			fmt.Fprintf(stderr, "label: %d of %d positions\n", i+1, len(positions))
		}
	}
	return w.Close()
}

// expected turns a score for the side to move into its expected score.
func expected(s uci.Score) float64 {
	if s.IsMate {
		if s.Mate > 0 {
			return 1
		}
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(s.CP)/400))
}

// read returns the quiet positions of the games of files, each once.
func read(files []string, skip, perGame int, seed uint64) ([]core.Position, error) {
	eng := search.New()
	defer eng.Close()
	seen := map[uint64]bool{}
	var (
		all    []core.Position
		g      pgn.Mainline
		picked []core.Position
		games  int
	)
	// Each position once, and none without a legal move: a game's last
	// position may be stalemate, which no search scores.
	leave := func(p *core.Position) bool { return seen[p.Hash()] || !p.HasLegalMoves() }
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("reading games: %w", err)
		}
		r := pgn.NewReader(f)
		for {
			err := r.NextMainline(&g)
			if errors.Is(err, io.EOF) {
				break
			}
			var perr *pgn.Error
			if errors.As(err, &perr) {
				continue
			} else if err != nil {
				f.Close()
				return nil, fmt.Errorf("reading games of %s: %w", path, err)
			}
			rng := rand.New(rand.NewPCG(seed, uint64(games)))
			games++
			picked = quiet.Sample(rng, quiet.Positions(eng, &g, skip, leave, picked[:0]), perGame)
			for _, q := range picked {
				if !seen[q.Hash()] {
					seen[q.Hash()] = true
					all = append(all, q)
				}
			}
		}
		f.Close()
	}
	return all, nil
}
