// Command perft counts the leaf nodes of a position's legal move tree, to
// check gambit's move generator against published counts and to measure its
// speed.
//
// Usage:
//
//	perft -fen FEN|startpos|kiwipete -depth N [-divide] [-json]
//	perft -epd FILE [-max-nodes N]
//
// With -fen it counts one position and prints the count (with -divide, the
// count below every root move first). With -epd it runs a suite file (one
// "FEN ;D1 n ;D2 n" line per position, or "id / epd / perft D N" blocks),
// prints a line for every count that differs and a final "N passed, M
// failed", and exits 1 on any mismatch. Every run ends with a summary line
//
//	nodes=N time=Xs nps=N
//
// and shows a progress bar on standard error when that is a terminal.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

// Named positions accepted by -fen.
var named = map[string]string{
	"startpos": core.StartFEN,
	"kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", "", "position: a FEN, \"startpos\" or \"kiwipete\"")
	depth := fs.Int("depth", 0, "depth in plies (with -fen)")
	divide := fs.Bool("divide", false, "print the count below every root move")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	epd := fs.String("epd", "", "run a perft suite file")
	maxNodes := fs.Uint64("max-nodes", 0, "with -epd: skip expected counts above this many nodes (0: no limit)")
	chess960 := fs.Bool("chess960", false, "treat the position as Chess960 (castling written king takes rook)")
	progress := fs.Bool("progress", isTerminal(os.Stderr), "show a progress bar on standard error")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: perft -fen FEN|startpos|kiwipete -depth N [-divide] [-json]")
		fmt.Fprintln(stderr, "       perft -epd FILE [-max-nodes N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	var bar *progressBar
	if *progress {
		bar = &progressBar{w: stderr}
	}
	switch {
	case *epd != "" && *fen == "":
		return runSuite(*epd, *maxNodes, bar, stdout, stderr)
	case *fen != "" && *epd == "":
		if *depth < 1 {
			fmt.Fprintln(stderr, "perft: -depth must be at least 1")
			return 2
		}
		s := *fen
		if n, ok := named[s]; ok {
			s = n
		}
		p, err := core.ParseFEN(s)
		if err != nil {
			fmt.Fprintln(stderr, "perft:", err)
			return 2
		}
		if *chess960 {
			p.SetChess960(true)
		}
		return runOne(&p, *depth, *divide, *asJSON, bar, stdout)
	default:
		fs.Usage()
		return 2
	}
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

// runOne counts one position, root move by root move so the progress bar
// can advance.
func runOne(p *core.Position, depth int, divide, asJSON bool, bar *progressBar, stdout io.Writer) int {
	res := result{FEN: p.FEN(), Depth: depth}
	start := time.Now()
	var ml core.MoveList
	p.LegalMoves(&ml)
	for i, m := range ml.Moves() {
		name := p.UCI(m)
		u := p.MakeMove(m)
		n := perft.Count(p, depth-1)
		p.UnmakeMove(m, u)
		res.Nodes += n
		if divide {
			res.Divide = append(res.Divide, moveCount{name, n})
		}
		bar.update(i+1, ml.Len(), res.Nodes, time.Since(start))
	}
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

// runSuite checks every count of a suite file.
func runSuite(path string, maxNodes uint64, bar *progressBar, stdout, stderr io.Writer) int {
	cases, err := perft.ReadSuiteFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	passed, failed := 0, 0
	for i, c := range cases {
		p, err := core.ParseFEN(c.FEN)
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s:%d (%s): %v\n", path, c.Line, c.Name, err)
			failed++
			continue
		}
		for _, e := range c.Counts {
			if maxNodes > 0 && e.Nodes > maxNodes {
				continue
			}
			got := perft.Count(&p, e.Depth)
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
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
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
