// Command gambit-engine is a chess engine built on gambit's core and its
// search package. It speaks UCI and XBoard (CECP): by default it reads the
// first command and speaks the protocol it belongs to ("uci" for UCI,
// "xboard" or "protover" for XBoard), or the one -protocol names.
//
// Usage:
//
//	gambit-engine [-protocol auto|uci|xboard]
//	gambit-engine bench [depth [threads [evalfile]]]
//
// bench searches a fixed set of positions (search.BenchPositions) to a fixed
// depth (search.BenchDepth unless given) and prints the total node count,
// the search's signature, and the speed in nodes per second. With threads
// (the Threads option, 1 unless given) above 1, its time is Lazy SMP's
// time to depth, and its node count is no signature: it varies from run
// to run. It evaluates by hand (the hand-written evaluation: the
// signature docs/engine.md tracks) unless evalfile names a network (the
// EvalFile option below; "<builtin>" for gambit's own).
//
// Evaluation: gambit's own network, embedded in the binary, by default
// (EvalFile "<builtin>"; an SPRT at 2+0.05 found it stronger than the
// hand-written evaluation, see docs/engine.md). The UCI option EvalFile
// (Stockfish's name; under XBoard the option feature of the same name,
// "option EvalFile=PATH") loads a network, in Stockfish 15.1's format
// (package nnue; Debian's stockfish writes its own with "export_net
// FILE"), searched on with its final evaluation as Stockfish 15.1 does
// (nnue's EvaluateFinal, optimism 0), or in gambit's own format (package
// nnue/perspective, trained by cmd/trainnet; the file's first bytes tell
// the formats apart). The value "<builtin>" selects gambit's own network
// again; empty or "<empty>" selects the hand-written evaluation, and so
// does the check option "Use NNUE" (Stockfish 15.1's) set to false, with
// the network kept for true. A file that cannot be loaded is reported
// ("info string error: ...", XBoard "# ...") and the evaluation stays
// what it was. After isready (XBoard ping) and after each EvalFile the
// engine names its evaluation: "info string evaluation: hand-written",
// "info string evaluation: NNUE PATH (Stockfish 15.1 format)", "... NNUE
// PATH (gambit format, 768x256x2x1)" or "... NNUE <builtin> (gambit's own
// network, 768x256x2x1)". See docs/engine.md.
//
// Syzygy tablebases: the UCI option SyzygyPath (with SyzygyProbeDepth,
// SyzygyProbeLimit and Syzygy50MoveRule, as Stockfish names them) or,
// under XBoard, "egtpath syzygy DIR" (the engine announces egt="syzygy");
// see package search.
//
// Matches against other engines are cmd/match's job (make engine-strength).
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

func main() {
	os.Exit(cli.Exit(os.Stderr, "gambit-engine", run(os.Args[1:], os.Stdin, os.Stdout)))
}

// run is main with its arguments and streams.
func run(args []string, in io.Reader, out io.Writer) error {
	fs := cli.NewFlagSet("gambit-engine", "usage: gambit-engine [-protocol auto|uci|xboard]\n       gambit-engine bench [depth [threads [evalfile]]]", out)
	protocol := fs.String("protocol", "auto", "the protocol: auto (by the first command), uci or xboard")
	if err := fs.Parse(args); err != nil {
		return err // flag.ErrHelp after -h: cli.Exit reads it
	}
	switch *protocol {
	case "auto", "uci", "xboard":
	default:
		return cli.Usagef("-protocol %q: want auto, uci or xboard", *protocol)
	}
	switch fs.Arg(0) {
	case "bench":
		return bench(fs.Args()[1:], out)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("unknown command %q (want bench or no argument)", fs.Arg(0))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return serve(ctx, *protocol, in, out)
}

// serve runs the engine over in and out in the protocol named, or in the
// one of the first command read for "auto".
func serve(ctx context.Context, protocol string, in io.Reader, out io.Writer) error {
	eng := search.New()
	defer eng.Close()
	if err := eng.SetDefaultEvalFile(search.BuiltinNetwork); err != nil {
		return fmt.Errorf("the built-in network: %w", err)
	}
	br := bufio.NewReader(in)
	if protocol == "auto" {
		first, err := br.ReadString('\n')
		if err != nil && !(errors.Is(err, io.EOF) && first != "") {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading the first command: %w", err)
		}
		protocol = detect(first)
		// The first line goes back in front of the rest.
		in = io.MultiReader(strings.NewReader(first), br)
	} else {
		in = br
	}
	var err error
	switch protocol {
	case "uci":
		err = uci.Serve(ctx, eng, in, out)
	case "xboard":
		err = xboard.Serve(ctx, eng, in, out)
	default:
		return fmt.Errorf("unknown protocol %q (want auto, uci or xboard)", protocol)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("%s: %w", protocol, err)
	}
	return nil
}

// detect names the protocol of a first command: XBoard GUIs start with
// "xboard" (or "protover"), UCI GUIs with "uci"; anything else is taken
// for UCI, the more common one.
func detect(first string) string {
	f := strings.Fields(first)
	if len(f) > 0 && (f[0] == "xboard" || f[0] == "protover") {
		return "xboard"
	}
	return "uci"
}

// bench runs search.BenchThreads and prints its result.
func bench(args []string, out io.Writer) error {
	if len(args) > 3 {
		return cli.Usagef("bench: %d arguments: want at most a depth, a number of threads and a network file", len(args))
	}
	depth, threads := search.BenchDepth, 1
	if len(args) > 0 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > 64 {
			return cli.Usagef("bench: depth %q: want a number from 1 to 64", args[0])
		}
		depth = d
	}
	if len(args) > 1 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > search.MaxThreads {
			return cli.Usagef("bench: threads %q: want a number from 1 to %d", args[1], search.MaxThreads)
		}
		threads = n
	}
	evalFile := ""
	if len(args) > 2 {
		evalFile = args[2]
	}
	r, err := search.BenchEvalFile(depth, threads, evalFile)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	fmt.Fprintf(out, "positions %d depth %d threads %d\n", len(search.BenchPositions), depth, threads)
	fmt.Fprintf(out, "time %d ms\n", r.Time.Milliseconds())
	fmt.Fprintf(out, "nodes %d\n", r.Nodes)
	fmt.Fprintf(out, "nps %d\n", r.NPS())
	return nil
}
