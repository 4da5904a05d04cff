package search

import (
	"context"
	"fmt"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// BenchPositions are the positions of Bench: the start position,
// Kiwipete and other middlegames, endgames, and a Chess960 start (X-FEN).
var BenchPositions = []string{
	core.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
	"2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1P2PNP1/PBPN1PBP/R2Q1RK1 w - - 0 11",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"4r1k1/1p3pp1/p1p4p/3q4/3P4/P1Q2N1P/1P3PP1/4R1K1 b - - 0 25",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// BenchDepth is the depth Bench searches each position to by default.
const BenchDepth = 9

// BenchResult is what Bench measured.
type BenchResult struct {
	Nodes int64         // the total: the search's signature
	Time  time.Duration // the total search time
}

// NPS returns the nodes searched per second.
func (r BenchResult) NPS() int64 {
	return int64(float64(r.Nodes) / max(r.Time, time.Microsecond).Seconds())
}

// Bench searches each of BenchPositions to depth with a fresh 16 MB table
// and returns the total node count, which changes exactly when the search
// does (as Stockfish's bench), and the time taken.
func Bench(depth int) (BenchResult, error) {
	return BenchThreads(depth, 1)
}

// BenchThreads is Bench with threads search threads (the Threads option):
// with more than one, the time is the time to depth of Lazy SMP and the
// node count, that of all threads, varies from run to run.
func BenchThreads(depth, threads int) (BenchResult, error) {
	return BenchEvalFile(depth, threads, "")
}

// BenchEvalFile is BenchThreads with the EvalFile option set to evalFile
// (a network in Stockfish 15.1's format; "" for the hand-written
// evaluation). A file that cannot be loaded is an error.
func BenchEvalFile(depth, threads int, evalFile string) (BenchResult, error) {
	var r BenchResult
	e := New()
	defer e.Close()
	e.SetThreads(threads)
	if evalFile != "" {
		if err := e.SetOption("EvalFile", evalFile); err != nil {
			return r, err
		}
	}
	for _, fen := range BenchPositions {
		p, err := core.ParseFEN(fen)
		if err != nil {
			return r, fmt.Errorf("search: bench position %q: %w", fen, err)
		}
		e.NewGame()
		var nodes int64
		t := time.Now()
		e.Search(context.Background(), engine.Request{Position: p, Start: p, Limits: engine.Limits{Depth: depth}},
			func(i engine.Info) { nodes = i.Nodes })
		r.Time += time.Since(t)
		r.Nodes += nodes
	}
	return r, nil
}
