package perft_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/perft"
)

// TestHashedSuites runs the published suites, to small depths, through one
// table shared by every position, with one and with two goroutines: the
// table must never lend a count to another position or depth, not even
// across roots.
func TestHashedSuites(t *testing.T) {
	var counts []published
	for _, file := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		counts = append(counts, publishedCounts(t, file, 20_000)...)
	}
	for _, threads := range []int{1, 2} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			table, err := perft.NewTable(1)
			require.NoError(t, err)
			c := perft.Counter{Threads: threads, Table: table}
			for _, pc := range counts {
				p := fentest.Position(t, pc.fen)
				if !assert.Equal(t, pc.nodes, c.Count(&p, pc.depth), pc.name) {
					return
				}
			}
			t.Logf("%d counts", len(counts))
		})
	}
}

// TestHashedDeep counts deeper with a table big enough to hit often: the
// published perft(5) of the start position and of Kiwipete's perft(4).
func TestHashedDeep(t *testing.T) {
	table, err := perft.NewTable(4)
	require.NoError(t, err)
	for _, tc := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	} {
		for _, threads := range []int{1, 2} {
			p := fentest.Position(t, tc.fen)
			c := perft.Counter{Threads: threads, Table: table}
			assert.Equal(t, tc.nodes, c.Count(&p, tc.depth), "%s threads %d", tc.fen, threads)
		}
	}
}

// TestHashedCastlingRooks shares one table between two Chess960 positions
// with the same board, side and castling rights, so the same Polyglot key,
// whose a-side castling uses different rooks: the a1 rook in one, the c1
// rook in the other (X-FEN "Q" and "C"). Their trees differ, and the
// table must not mix them up. The pawns give both sides quiet moves, so
// that positions with both rooks and the right still in place, and so with
// equal keys in the two trees, come up below the root, where the table is
// used. Stockfish gives the counts.
func TestHashedCastlingRooks(t *testing.T) {
	a := fentest.Position(t, "4k3/7p/8/8/8/8/7P/R1R1K3 w Q - 0 1")
	b := fentest.Position(t, "4k3/7p/8/8/8/8/7P/R1R1K3 w C - 0 1")
	require.Equal(t, a.Hash(), b.Hash(), "the test needs positions with equal keys")
	a.SetChess960(true)
	b.SetChess960(true)

	e := enginetest.Start(t)
	require.NoError(t, e.SetChess960(true))
	table, err := perft.NewTable(1)
	require.NoError(t, err)
	c := perft.Counter{Threads: 2, Table: table}
	for depth := 1; depth <= 4; depth++ {
		var want [2]uint64
		for i, fen := range []string{a.FEN(), b.FEN()} {
			require.NoError(t, e.Position(fen, nil))
			_, total, err := e.Divide(depth)
			require.NoError(t, err)
			want[i] = total
		}
		require.NotEqual(t, want[0], want[1], "depth %d: the trees must differ", depth)
		for range 2 { // in turn, from a table holding the other's counts
			assert.Equal(t, want[0], c.Count(&a, depth), "a1 rook, depth %d", depth)
			assert.Equal(t, want[1], c.Count(&b, depth), "c1 rook, depth %d", depth)
		}
	}
}
