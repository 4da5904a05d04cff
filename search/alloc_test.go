package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// fixedDepth prepares e's worker for a search of fen as Search does, and
// returns a function that runs one fixed-depth search from the root and
// its node count.
func fixedDepth(tb testing.TB, e *Engine, fen string, depth int) func() int64 {
	tb.Helper()
	p, err := core.ParseFEN(fen)
	require.NoError(tb, err)
	w := e.w
	w.ctl = &control{}
	w.hist.Grow(maxPly + 8)
	return func() int64 {
		w.pos = p
		w.startEval()
		w.nodes = 0
		w.stop = false
		for d := 1; d <= depth; d++ {
			w.search(-infinity, infinity, d, 0, true, false)
		}
		return w.nodes
	}
}

// The search allocates nothing per node: a whole fixed-depth search
// (iterative deepening, PVS, quiescence, the table, every move list)
// makes no allocation.
func TestSearchAllocatesNothing(t *testing.T) {
	e := New()
	run := fixedDepth(t, e, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6)
	nodes := run()
	require.Greater(t, nodes, int64(1000))
	assert.Zero(t, testing.AllocsPerRun(3, func() { e.NewGame(); run() }))
}

// BenchmarkSearch is a fixed-depth search of Kiwipete and of a quiet
// middlegame, reporting nodes per second; -benchmem shows 0 allocs/op.
func BenchmarkSearch(b *testing.B) {
	for _, bc := range []struct{ name, fen string }{
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"middlegame", "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e := New()
			run := fixedDepth(b, e, bc.fen, 8)
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				e.NewGame() // every search starts from an empty table
				b.StartTimer()
				nodes += run()
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkBench is the time to depth BenchDepth over BenchPositions (one
// op), with the nodes per second.
func BenchmarkBench(b *testing.B) {
	var nodes int64
	for b.Loop() {
		r, err := Bench(BenchDepth)
		require.NoError(b, err)
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
