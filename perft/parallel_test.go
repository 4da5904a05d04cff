package perft_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/perft"
)

// published is one published count of a suite position.
type published struct {
	name  string // file, line and depth, for failure messages
	fen   string
	depth int
	nodes uint64
}

// publishedCounts returns the counts of a suite in ../testdata/perft of at
// most maxNodes leaves; every position's first count is kept whatever its
// size, so that no position is left out.
func publishedCounts(t *testing.T, file string, maxNodes uint64) []published {
	t.Helper()
	cases, err := perft.ReadSuiteFile("../testdata/perft/" + file)
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	var out []published
	for _, c := range cases {
		for i, e := range c.Counts {
			if i > 0 && e.Nodes > maxNodes {
				break
			}
			out = append(out, published{
				name: fmt.Sprintf("%s:%d (%s) depth %d", file, c.Line, c.Name, e.Depth),
				fen:  c.FEN, depth: e.Depth, nodes: e.Nodes,
			})
		}
	}
	return out
}

// TestCountParallelPublished checks CountParallel, for several numbers of
// goroutines (more than jobs, too), against the published counts of the
// standard and tricky suites.
func TestCountParallelPublished(t *testing.T) {
	counts := append(publishedCounts(t, "standard.epd", 30_000), publishedCounts(t, "tricky.perft", 30_000)...)
	for _, threads := range []int{1, 2, 3, 8, 0} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			for _, c := range counts {
				p := fentest.Position(t, c.fen)
				before := p.FEN()
				if !assert.Equal(t, c.nodes, perft.CountParallel(&p, c.depth, threads), c.name) {
					return
				}
				require.Equal(t, before, p.FEN(), "%s: the position changed", c.name)
			}
			t.Logf("%d counts", len(counts))
		})
	}
}

// TestCountParallelDeterministic runs the same deeper counts again and
// again with two, three and eight goroutines: the result never varies and
// equals the published one.
func TestCountParallelDeterministic(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"start", core.StartFEN, 5, 4865609},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
		{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
		{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fentest.Position(t, tc.fen)
			for _, threads := range []int{2, 3, 8} {
				for range 2 {
					assert.Equal(t, tc.nodes, perft.CountParallel(&p, tc.depth, threads), "threads %d", threads)
				}
			}
		})
	}
}

func TestCountParallelEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"depth 0 is the root", core.StartFEN, 0, 1},
		{"negative depth is the root", core.StartFEN, -3, 1},
		{"depth 1", core.StartFEN, 1, 20},
		{"depth 2", core.StartFEN, 2, 400},
		// Fool's mate: white is checkmated and has no moves at all.
		{"checkmated root", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3, 0},
		// Black to move is stalemated: the king on a8 has a7, b7 and b8,
		// all covered by the queen on b6.
		{"stalemated root", "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1", 4, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fentest.Position(t, tc.fen)
			for _, threads := range []int{1, 2, 5} {
				assert.Equal(t, tc.nodes, perft.CountParallel(&p, tc.depth, threads), "threads %d", threads)
			}
		})
	}
}

// TestCountParallelEqualsCount compares CountParallel with Count where the
// split meets lines that end early: a back-rank mate in one (1.Ra8#), which
// leaves a job with no moves when the tree is split below it, and a
// promotion-rich position.
func TestCountParallelEqualsCount(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fen   string
		depth int
	}{
		{"mate in one", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4},
		{"mated often", "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", 4},
		{"promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4},
		{"en passant", "8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 w - c6 0 2", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fentest.Position(t, tc.fen)
			want := perft.Count(&p, tc.depth)
			require.NotZero(t, want)
			for _, threads := range []int{1, 2, 3, 7} {
				for depth := 1; depth <= tc.depth; depth++ {
					assert.Equal(t, perft.Count(&p, depth), perft.CountParallel(&p, depth, threads), "threads %d depth %d", threads, depth)
				}
			}
		})
	}
}

// TestCounterDivide checks the parallel and hashed Divide against
// Stockfish's divide of Kiwipete at depth 2 ("go perft 2") and against
// Divide.
func TestCounterDivide(t *testing.T) {
	p := fentest.Position(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	table, err := perft.NewTable(1)
	require.NoError(t, err)
	for name, c := range map[string]*perft.Counter{
		"one thread":      {Threads: 1},
		"two threads":     {Threads: 2},
		"hashed, threads": {Threads: 3, Table: table},
	} {
		t.Run(name, func(t *testing.T) {
			got := c.Divide(&p, 2)
			require.Len(t, got, 48)
			byMove := map[string]uint64{}
			var sum uint64
			for _, mc := range got {
				byMove[mc.UCI] = mc.Nodes
				sum += mc.Nodes
			}
			assert.Equal(t, uint64(2039), sum)
			// Stockfish 15.1's "go perft 2" on Kiwipete.
			assert.Equal(t, uint64(43), byMove["e1g1"])
			assert.Equal(t, uint64(43), byMove["e1c1"])
			assert.Equal(t, uint64(44), byMove["e5f7"])
			assert.Equal(t, uint64(46), byMove["d5e6"])
			assert.Equal(t, perft.Divide(&p, 3), c.Divide(&p, 3))
			assert.Empty(t, c.Divide(&p, 0))
		})
	}
}

// TestCounterProgress checks that progress reports count up to the job
// total, one at a time, and end at the perft count.
func TestCounterProgress(t *testing.T) {
	p := core.StartPosition()
	for _, threads := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			var calls, lastDone, lastTotal int
			var lastNodes uint64
			var inside atomic.Bool
			c := perft.Counter{Threads: threads, Progress: func(done, total int, nodes uint64) {
				assert.False(t, inside.Swap(true), "progress calls overlap")
				defer inside.Store(false)
				calls++ // unsynchronised on purpose: the race detector sees overlaps too
				assert.Equal(t, lastDone+1, done)
				assert.GreaterOrEqual(t, nodes, lastNodes)
				lastDone, lastTotal, lastNodes = done, total, nodes
			}}
			assert.Equal(t, uint64(197281), c.Count(&p, 4))
			assert.Equal(t, lastTotal, lastDone)
			assert.Equal(t, calls, lastDone)
			assert.Equal(t, uint64(197281), lastNodes)
			if threads > 1 {
				assert.Greater(t, lastTotal, 20, "the work is split below the root moves")
			}
		})
	}
}
