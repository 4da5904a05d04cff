package nnue_test

import (
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

// benchPositions are the benchmarks' positions: 64 of the real games.
func benchPositions(b *testing.B) []core.Position {
	b.Helper()
	return gamePositions(b, 64, 13)
}

// forEachKernels runs bench as a sub-benchmark for each set of kernels,
// with an Evaluator of it: pure Go, AVX2, AVX-512, AVX-512 VNNI (a set
// the CPU or the build lacks is skipped).
func forEachKernels(b *testing.B, bench func(b *testing.B, ev *nnue.Evaluator)) {
	net := network(b)
	for _, k := range []nnue.Kernels{nnue.PureGo, nnue.AVX2, nnue.AVX512, nnue.AVX512VNNI} {
		b.Run(k.String(), func(b *testing.B) {
			if !k.Available() {
				b.Skipf("%v kernels not available on this CPU or build", k)
			}
			ev := net.NewEvaluator()
			if err := ev.SetKernels(k); err != nil {
				b.Fatal(err)
			}
			bench(b, ev)
		})
	}
}

// BenchmarkEvaluate evaluates positions from scratch: both accumulators
// refreshed from every piece, then the layers.
func BenchmarkEvaluate(b *testing.B) {
	ps := benchPositions(b)
	forEachKernels(b, func(b *testing.B, ev *nnue.Evaluator) {
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			ev.Evaluate(&ps[i%len(ps)])
		}
	})
}

// benchMove is a legal move of benchPositions' position pos.
type benchMove struct {
	pos int
	m   core.Move
}

// benchMoves returns benchPositions and every legal move of each.
func benchMoves(b *testing.B) ([]core.Position, []benchMove) {
	b.Helper()
	ps := benchPositions(b)
	var moves []benchMove
	var ml core.MoveList
	for i := range ps {
		ps[i].LegalMoves(&ml)
		for _, m := range ml.Moves() {
			moves = append(moves, benchMove{i, m})
		}
	}
	return ps, moves
}

// followMoves runs b.N moves of benchMoves: each made, pushed, given to
// visit, popped and unmade; the accumulators reset when the position
// changes (once every 35 moves or so).
func followMoves(b *testing.B, ev *nnue.Evaluator, visit func(*core.Position)) {
	ps, moves := benchMoves(b)
	// The stack grows once, before the timer.
	p := ps[0]
	if err := ev.Reset(&p); err != nil {
		b.Fatal(err)
	}
	ev.Push(&p, core.NoMove)
	b.ReportAllocs()
	b.ResetTimer()
	at := -1
	for i := range b.N {
		m := moves[i%len(moves)]
		p := &ps[m.pos]
		if m.pos != at {
			if err := ev.Reset(p); err != nil {
				b.Fatal(err)
			}
			at = m.pos
		}
		u := p.MakeMove(m.m)
		ev.Push(p, m.m)
		visit(p)
		ev.Pop()
		p.UnmakeMove(m.m, u)
	}
}

// BenchmarkPushPop follows legal moves and takes them back: the
// accumulator updates alone.
func BenchmarkPushPop(b *testing.B) {
	forEachKernels(b, func(b *testing.B, ev *nnue.Evaluator) {
		followMoves(b, ev, func(*core.Position) {})
	})
}

// BenchmarkEvaluateIncremental follows legal moves and evaluates each
// position reached from the accumulators, as a search does.
func BenchmarkEvaluateIncremental(b *testing.B) {
	forEachKernels(b, func(b *testing.B, ev *nnue.Evaluator) {
		followMoves(b, ev, func(p *core.Position) { ev.EvaluateIncremental(p) })
	})
}

// BenchmarkEvaluateFinal is BenchmarkEvaluate for the final evaluation
// (optimism 0, as gambit-engine searches).
func BenchmarkEvaluateFinal(b *testing.B) {
	ps := benchPositions(b)
	forEachKernels(b, func(b *testing.B, ev *nnue.Evaluator) {
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			ev.EvaluateFinal(&ps[i%len(ps)], 0)
		}
	})
}

// BenchmarkEvaluateFinalIncremental is BenchmarkEvaluateIncremental for
// the final evaluation (optimism 0, as gambit-engine searches).
func BenchmarkEvaluateFinalIncremental(b *testing.B) {
	forEachKernels(b, func(b *testing.B, ev *nnue.Evaluator) {
		followMoves(b, ev, func(p *core.Position) { ev.EvaluateFinalIncremental(p, 0) })
	})
}
