package perft_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/perft"
)

// TestCountFullPublished checks CountFull, which makes every leaf move,
// against the published counts of all three suites (up to 300,000 leaves
// a count), and that it leaves the whole position as it found it: every
// make/unmake pair of the tree, castling, en passant and promotions
// included, restores the position exactly.
func TestCountFullPublished(t *testing.T) {
	var counts []published
	for _, file := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		counts = append(counts, publishedCounts(t, file, 300_000)...)
	}
	for _, c := range counts {
		p := fentest.Position(t, c.fen)
		before := p
		if !assert.Equal(t, c.nodes, perft.CountFull(&p, c.depth), c.name) {
			return
		}
		require.Equal(t, before.FEN(), p.FEN(), "%s: the position changed", c.name)
		require.Equal(t, before.Hash(), p.Hash(), "%s: the hash changed", c.name)
	}
	t.Logf("%d counts", len(counts))
}

// TestCounterFull checks the Full option of Counter, on one goroutine and
// several, against the published counts.
func TestCounterFull(t *testing.T) {
	counts := append(publishedCounts(t, "standard.epd", 200_000), publishedCounts(t, "tricky.perft", 200_000)...)
	for _, threads := range []int{1, 2, 3} {
		c := perft.Counter{Threads: threads, Full: true}
		for _, pc := range counts {
			p := fentest.Position(t, pc.fen)
			if !assert.Equal(t, pc.nodes, c.Count(&p, pc.depth), "%s, threads %d", pc.name, threads) {
				return
			}
		}
	}
}

func TestCountFullEdgeCases(t *testing.T) {
	p := core.StartPosition()
	assert.Equal(t, uint64(1), perft.CountFull(&p, 0))
	assert.Equal(t, uint64(1), perft.CountFull(&p, -2))
	// Fool's mate: white is checkmated and has no moves.
	mated := fentest.Position(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	assert.Zero(t, perft.CountFull(&mated, 3))
}

func TestCountFullAllocatesNothing(t *testing.T) {
	p := core.StartPosition()
	allocs := testing.AllocsPerRun(5, func() { perft.CountFull(&p, 3) })
	assert.Zero(t, allocs)
}
