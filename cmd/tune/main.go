// Command tune fits the weights of gambit-engine's evaluation (package
// search) to the results of real games by Texel's method, and writes them
// as Go source (search/evalweights.go).
//
// Usage:
//
//	tune [-o FILE] [-skip N] [-per-game N] [-games N] [-holdout F] [-seed N]
//	     [-k K] [-epochs N] [-rate R] [-l2 L] [-every N] PGN...
//
// It reads the mainline of every game of the PGN files that has a result
// (1-0, 0-1 or 1/2-1/2), and takes its positions after -skip plies that
// are quiet: not in check, and where the engine's quiescence search gives
// the static evaluation (no capture changes it). -per-game keeps at most
// that many of a game's quiet positions, drawn at random (seeded by
// -seed); -holdout sets that fraction of the games apart (drawn the same
// way) to measure the loss on games the fit never saw.
//
// The loss is Texel's: the mean over the positions of
// (R - 1/(1+10^(-K*eval/400)))^2, where R is the game's result for White
// (1, 0.5 or 0) and eval the evaluation for White in centipawns. K is
// fitted first (or given with -k) for the weights as they are; then the
// weights are fitted by full-batch gradient descent (Adam, -epochs steps
// of about -rate centipawns at most), with -l2 times the sum of the
// squared changes of the weights (in pawns) added to the loss: a few
// thousand games are too few for about a thousand weights, and without
// that pull the fit learns the games (the held-out loss rises while the
// fitted one falls). -every prints both losses as the fit goes. For a
// position the evaluation is
// linear in the weights (search.EvalTrace: counts per weight, the game
// phase, the drawish division), so each position is traced once and a
// step costs one pass over those counts, where coordinate descent would
// evaluate every position twice per weight per pass.
//
// tune prints the positions used, K, the loss before and after (on the
// positions fitted and on those held out) and the time taken; with -o it
// writes the new weights, rounded to centipawns, as Go source ("-" for
// standard output). The same files and flags give the same output, byte
// for byte. -epochs 0 writes the weights as they are.
//
// The weights of gambit-engine were fitted with the command given in
// docs/engine.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/search"
)

func main() {
	os.Exit(cli.Exit(os.Stderr, "tune", run(os.Args[1:], os.Stdout)))
}

// options are the flags of a run.
type options struct {
	out     string
	skip    int
	perGame int
	games   int
	holdout float64
	seed    uint64
	k       float64
	epochs  int
	rate    float64
	l2      float64
	every   int
	scores  bool
	files   []string
}

// run is main with its arguments and output.
func run(args []string, out io.Writer) error {
	fs := cli.NewFlagSet("tune", "usage: tune [flags] PGN...\n       tune -scores [flags] FILE...  (cmd/label's FEN;score lines)", out)
	var o options
	fs.StringVar(&o.out, "o", "", "write the weights as Go source to this file (- for standard output)")
	fs.IntVar(&o.skip, "skip", 16, "skip the first N plies of each game (the opening)")
	fs.IntVar(&o.perGame, "per-game", 0, "keep at most N quiet positions of each game, drawn at random (0: all)")
	fs.IntVar(&o.games, "games", 0, "read at most N games of each file (0: all)")
	fs.Float64Var(&o.holdout, "holdout", 0.1, "the fraction of games kept apart to measure the loss on (0 to 0.9)")
	fs.Uint64Var(&o.seed, "seed", 1, "the seed of the random draws")
	fs.Float64Var(&o.k, "k", 0, "the scale K of the logistic (0: fit it)")
	fs.IntVar(&o.epochs, "epochs", 2000, "gradient steps (0: write the weights unchanged)")
	fs.Float64Var(&o.rate, "rate", 1, "the step size of Adam, in centipawns")
	fs.Float64Var(&o.l2, "l2", 0, "the pull of each weight back to its value: l2 times its change in pawns, squared, added to the loss")
	fs.IntVar(&o.every, "every", 0, "print the losses every N steps (0: only at the end)")
	fs.BoolVar(&o.scores, "scores", false, "the files are scored positions (cmd/label's FEN;score lines), not PGN games")
	if err := fs.Parse(args); err != nil {
		return err // flag.ErrHelp after -h: cli.Exit reads it
	}
	o.files = fs.Args()
	if err := o.check(); err != nil {
		return &cli.UsageError{Err: err}
	}
	start := time.Now()
	load := loadGames
	if o.scores {
		load = loadScores
	}
	set, err := load(o)
	if err != nil {
		return err
	}
	if o.scores {
		fmt.Fprintf(out, "scored positions %d fitted, %d held out\n", len(set.train.result), len(set.valid.result))
	} else {
		fmt.Fprintf(out, "games %d (%d held out, %d skipped: no result or broken), positions %d fitted, %d held out\n",
			set.games, set.heldGames, set.skipped, len(set.train.result), len(set.valid.result))
	}
	if len(set.train.result) == 0 {
		return errors.New("no quiet position to fit: give more games, or a smaller -skip")
	}
	init := search.EvalWeights()
	w := newVector(init)
	k := o.k
	if k == 0 {
		k = fitK(&set.train, w)
	}
	fmt.Fprintf(out, "K %.4f\n", k)
	before := [2]float64{set.train.loss(w, k), set.valid.loss(w, k)}
	var report func(int, vector)
	if o.every > 0 {
		report = func(epoch int, w vector) {
			if epoch%o.every == 0 {
				fmt.Fprintf(out, "epoch %d: loss %.6f, held out %.6f\n", epoch, set.train.loss(w, k), set.valid.loss(w, k))
			}
		}
	}
	w = fit(&set.train, w, k, o.epochs, o.rate, o.l2, report)
	w.round()
	after := [2]float64{set.train.loss(w, k), set.valid.loss(w, k)}
	summary := fmt.Sprintf("loss %.6f -> %.6f, held out %.6f -> %.6f", before[0], after[0], before[1], after[1])
	fmt.Fprintln(out, summary)
	fmt.Fprintf(out, "epochs %d, time %.1fs\n", o.epochs, time.Since(start).Seconds())
	if o.out == "" {
		return nil
	}
	header := []string{
		"tune " + commandLine(fs.FlagSet),
		fmt.Sprintf("%d positions (%d held out), K %.4f, %s", len(set.train.result)+len(set.valid.result), len(set.valid.result), k, summary),
	}
	return writeFile(o.out, out, header, w.weights(init))
}

// check reports a flag out of its range.
func (o *options) check() error {
	switch {
	case len(o.files) == 0:
		return errors.New("no PGN file given")
	case o.skip < 0:
		return fmt.Errorf("-skip %d: want 0 or more plies", o.skip)
	case o.perGame < 0:
		return fmt.Errorf("-per-game %d: want 0 (all) or more", o.perGame)
	case o.games < 0:
		return fmt.Errorf("-games %d: want 0 (all) or more", o.games)
	case !(o.holdout >= 0 && o.holdout <= 0.9):
		return fmt.Errorf("-holdout %g: want a fraction from 0 to 0.9", o.holdout)
	case !(o.k >= 0 && o.k <= 10):
		return fmt.Errorf("-k %g: want 0 (fit it) or a scale up to 10", o.k)
	case o.epochs < 0:
		return fmt.Errorf("-epochs %d: want 0 or more", o.epochs)
	case !(o.rate > 0 && o.rate <= 100):
		return fmt.Errorf("-rate %g: want a step above 0 and at most 100 centipawns", o.rate)
	case !(o.l2 >= 0 && o.l2 <= 1e6):
		return fmt.Errorf("-l2 %g: want 0 or more, at most 1e6", o.l2)
	case o.every < 0:
		return fmt.Errorf("-every %d: want 0 or more steps", o.every)
	}
	return nil
}

// commandLine returns the flags set but -o (where the file goes is not
// what it holds) and the files, in a fixed order (the flags sorted by
// name), for the header of the file written.
func commandLine(fs *flag.FlagSet) string {
	var parts []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "o" {
			parts = append(parts, "-"+f.Name+" "+f.Value.String())
		}
	})
	return strings.Join(append(parts, fs.Args()...), " ")
}

// writeFile writes the weights as Go source to path, or to out for "-".
func writeFile(path string, out io.Writer, header []string, ws []search.EvalWeight) error {
	src, err := source(header, ws)
	if err != nil {
		return err
	}
	if path == "-" {
		_, err = out.Write(src)
		return err
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		return fmt.Errorf("writing the weights: %w", err)
	}
	return nil
}
