package perspective_test

import (
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// benchSetup returns a network of the default width (random weights: the
// arithmetic is the same whatever they are), 64 positions of random games
// and every legal move of each.
func benchSetup(b *testing.B) (*perspective.Network, []core.Position, [][]core.Move) {
	b.Helper()
	n := randomNetwork(b, perspective.DefaultHidden, 21)
	ps := randomPositions(b, 64, 22)
	moves := make([][]core.Move, len(ps))
	var ml core.MoveList
	for i := range ps {
		ps[i].LegalMoves(&ml)
		moves[i] = append([]core.Move(nil), ml.Moves()...)
	}
	return n, ps, moves
}

// BenchmarkEvaluate evaluates positions from scratch.
func BenchmarkEvaluate(b *testing.B) {
	n, ps, _ := benchSetup(b)
	ev := n.NewEvaluator()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		ev.Evaluate(&ps[i%len(ps)])
	}
}

// forEachMove runs op on the moves of the positions in turn, from
// accumulators reset at each position (the reset not in the loop's
// count: 64 resets a pass over thousands of moves).
func forEachMove(b *testing.B, op func(ev *perspective.Evaluator, p *core.Position, m core.Move)) {
	n, ps, moves := benchSetup(b)
	ev := n.NewEvaluator()
	b.ReportAllocs()
	b.ResetTimer()
	pi, mi := 0, 0
	ev.Reset(&ps[0])
	for range b.N {
		for mi >= len(moves[pi]) {
			pi, mi = (pi+1)%len(ps), 0
			ev.Reset(&ps[pi])
		}
		op(ev, &ps[pi], moves[pi][mi])
		mi++
	}
}

// BenchmarkEvaluateIncremental makes a move, pushes it, evaluates from
// the accumulators, pops and unmakes: a node of a search.
func BenchmarkEvaluateIncremental(b *testing.B) {
	forEachMove(b, func(ev *perspective.Evaluator, p *core.Position, m core.Move) {
		u := p.MakeMove(m)
		ev.Push(p, m)
		ev.EvaluateIncremental(p)
		ev.Pop()
		p.UnmakeMove(m, u)
	})
}

// BenchmarkPushPop makes a move, pushes it, pops and unmakes.
func BenchmarkPushPop(b *testing.B) {
	forEachMove(b, func(ev *perspective.Evaluator, p *core.Position, m core.Move) {
		u := p.MakeMove(m)
		ev.Push(p, m)
		ev.Pop()
		p.UnmakeMove(m, u)
	})
}
