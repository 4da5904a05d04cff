// Command trainnet trains gambit's own network (package
// nnue/perspective: 768 inputs, a hidden layer of -hidden neurons a
// perspective, one output) on scored positions, and writes it in
// perspective's file format, for gambit-engine's EvalFile option.
//
// Usage:
//
//	trainnet [-o FILE] [-hidden H] [-epochs N] [-batch N] [-lr R]
//	         [-drop N] [-lambda L] [-k K] [-holdout F] [-max N] [-mirror]
//	         [-seed N] [-j N] FILE...
//
// A file holds a position a line, in one of two forms (a name ending in
// .gz is read through gzip):
//
//	FEN;expected        White's expected score from 0 to 1 (cmd/label's
//	                    lines, testdata/tune): the target as it is
//	FEN;score;result    a score in centipawns and the game's result (1,
//	                    0.5 or 0), both White's (self-play): the target
//	                    lambda*E(score) + (1-lambda)*result
//
// where E(cp) = 1/(1+10^(-cp/K)), cmd/label's curve with K = 400. The
// network's expected score for a position is E of its evaluation, and the
// loss is the mean of (expected - target)^2.
//
// Training is in float32: the weights drawn from -seed, then -epochs
// passes over the positions in an order drawn from -seed and the epoch,
// in mini-batches of -batch, each an Adam step of -lr (multiplied by 0.1
// every -drop epochs); the transformer's gradient is summed over the rows
// of each position's inputs alone. -j goroutines compute a batch's
// gradient, in 16 parts summed in a fixed order: the same files and flags
// give the same network, byte for byte, whatever -j. -holdout sets that
// fraction of the positions apart (drawn with -seed), on which the loss
// is printed after each epoch beside the training loss. -mirror trains
// on each position mirrored left to right (files a and h swapped) as
// well: twice the positions, for chess is symmetric that way but for
// castling rights, which the network does not see.
//
// At the end the network is quantised (package perspective's scheme: QA
// 255, scale 400, and QB -qb: 1024 rather than the usual 64, for the
// output weights rounded to 1/64 put a trained network's evaluations 15
// centipawns from the float network's on average, and to 1/1024 under 2;
// the file stores QB) and written to -o; trainnet prints the
// quantised network's loss on the held-out positions beside the float
// network's, and the file's description records the command line, the
// positions and the losses.
//
// gambit-engine's own network was trained with the commands given in
// docs/engine.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

func main() {
	os.Exit(cli.Exit(os.Stderr, "trainnet", run(os.Args[1:], os.Stdout)))
}

// options are the flags of a run.
type options struct {
	out     string
	hidden  int
	epochs  int
	batch   int
	lr      float64
	drop    int
	lambda  float64
	k       float64
	holdout float64
	max     int
	mirror  bool
	seed    uint64
	jobs    int
	qb      int
	files   []string
}

// run is main with its arguments and output.
func run(args []string, out io.Writer) error {
	fs := cli.NewFlagSet("trainnet", "usage: trainnet [flags] FILE...  (FEN;expected or FEN;score;result lines)", out)
	var o options
	fs.StringVar(&o.out, "o", "", "write the network to this file")
	fs.IntVar(&o.hidden, "hidden", perspective.DefaultHidden, "the hidden neurons of a perspective")
	fs.IntVar(&o.epochs, "epochs", 10, "passes over the training positions")
	fs.IntVar(&o.batch, "batch", 16384, "positions a mini-batch")
	fs.Float64Var(&o.lr, "lr", 0.001, "Adam's step size")
	fs.IntVar(&o.drop, "drop", 0, "multiply the step size by 0.1 every N epochs (0: never)")
	fs.Float64Var(&o.lambda, "lambda", 0.75, "the weight of the score against the game's result in a FEN;score;result target")
	fs.Float64Var(&o.k, "k", 400, "the scale K of the curve 1/(1+10^(-cp/K)) from centipawns to expected score")
	fs.Float64Var(&o.holdout, "holdout", 0.05, "the fraction of positions kept apart to measure the loss on (0 to 0.5)")
	fs.IntVar(&o.max, "max", 0, "read at most N positions in all (0: every one)")
	fs.BoolVar(&o.mirror, "mirror", false, "train on each position mirrored left to right as well")
	fs.Uint64Var(&o.seed, "seed", 1, "the seed of the weights, the held-out draw and the order")
	fs.IntVar(&o.jobs, "j", 1, "goroutines computing the gradients")
	fs.IntVar(&o.qb, "qb", 1024, "the scale QB of the quantised output weights (at most 8192 at -hidden 256, 1024 up to -hidden 2048)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.files = fs.Args()
	if err := o.check(); err != nil {
		return &cli.UsageError{Err: err}
	}
	d, err := load(&o)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "positions %d trained on, %d held out (%d lines with a game result)\n", d.train.len(), d.valid.len(), d.results)
	if d.train.len() == 0 {
		return errors.New("no position to train on")
	}
	m := newModel(o.hidden, rand.New(rand.NewPCG(o.seed, 0)))
	t := newTrainer(m, o.k, o.jobs, o.lr)
	fmt.Fprintf(out, "epoch 0: held out %.6f\n", t.loss(&d.valid))
	var trainLoss, validLoss float64
	for e := 1; e <= o.epochs; e++ {
		if o.drop > 0 && e > 1 && (e-1)%o.drop == 0 {
			t.lr *= 0.1
		}
		trainLoss = t.epoch(&d.train, o.batch, rand.New(rand.NewPCG(o.seed, uint64(e))))
		validLoss = t.loss(&d.valid)
		fmt.Fprintf(out, "epoch %d: loss %.6f, held out %.6f\n", e, trainLoss, validLoss)
	}
	desc := fmt.Sprintf("trainnet %s; %d positions (%d held out); %d epochs, loss %.6f, held out %.6f",
		commandLine(fs.FlagSet), d.train.len()+d.valid.len(), d.valid.len(), o.epochs, trainLoss, validLoss)
	n, err := m.quantise(desc, o.qb)
	if err != nil {
		return err
	}
	q, mean, most, err := quantisedLoss(n, m, &d.valid, o.k)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "quantised: held out %.6f (float %.6f), evaluations %.1f cp from the float network's on average, %.1f at most\n", q, validLoss, mean, most)
	if o.out == "" {
		return nil
	}
	f, err := os.Create(o.out)
	if err != nil {
		return fmt.Errorf("writing the network: %w", err)
	}
	if _, err := n.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the network: %w", err)
	}
	return nil
}

// check reports a flag out of its range.
func (o *options) check() error {
	switch {
	case len(o.files) == 0:
		return errors.New("no positions file given")
	case o.hidden < 1 || o.hidden > perspective.MaxHidden:
		return fmt.Errorf("-hidden %d: want 1 to %d", o.hidden, perspective.MaxHidden)
	case o.epochs < 0:
		return fmt.Errorf("-epochs %d: want 0 or more", o.epochs)
	case o.batch < 1:
		return fmt.Errorf("-batch %d: want 1 or more", o.batch)
	case !(o.lr > 0 && o.lr <= 1):
		return fmt.Errorf("-lr %g: want above 0, at most 1", o.lr)
	case o.drop < 0:
		return fmt.Errorf("-drop %d: want 0 or more epochs", o.drop)
	case !(o.lambda >= 0 && o.lambda <= 1):
		return fmt.Errorf("-lambda %g: want 0 to 1", o.lambda)
	case !(o.k >= 1 && o.k <= 10000):
		return fmt.Errorf("-k %g: want 1 to 10000 centipawns", o.k)
	case !(o.holdout >= 0 && o.holdout <= 0.5):
		return fmt.Errorf("-holdout %g: want a fraction from 0 to 0.5", o.holdout)
	case o.max < 0:
		return fmt.Errorf("-max %d: want 0 (all) or more", o.max)
	case o.jobs < 1 || o.jobs > 256:
		return fmt.Errorf("-j %d: want 1 to 256", o.jobs)
	case o.qb < 1 || !fitsQB(o.hidden, o.qb):
		return fmt.Errorf("-qb %d: want 1 or more, small enough that the output weights fit an int16 and their sum over -hidden %d neurons an int32", o.qb, o.hidden)
	}
	return nil
}

// commandLine returns the flags set but -o and -j (neither changes the
// network) and the files' base names, for the network's description.
func commandLine(fs *flag.FlagSet) string {
	var parts []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "o" && f.Name != "j" {
			parts = append(parts, "-"+f.Name+" "+f.Value.String())
		}
	})
	for _, a := range fs.Args() {
		if i := strings.LastIndexByte(a, '/'); i >= 0 {
			a = a[i+1:]
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}
