package variantoracle

import (
	"context"
	"testing"
	"time"
)

// startTimeout bounds Fairy-Stockfish's UCI handshake in
// FairyStockfishForTest.
const startTimeout = 30 * time.Second

// ChessOpsForTest starts the chessops oracle for a test, fails the test
// (with the command that installs what is missing) when it cannot, and
// closes it when the test ends.
func ChessOpsForTest(t testing.TB) *ChessOps {
	t.Helper()
	c, err := StartChessOps()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// FairyStockfishForTest starts Fairy-Stockfish for a test, fails the test
// when it cannot, and closes it when the test ends.
func FairyStockfishForTest(t testing.TB) *FairyStockfish {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	f, err := StartFairyStockfish(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// Deepen counts a position at depths first, first+1, ... last, as the
// deep comparisons do: it stops before a depth whose leaves, estimated
// from the growth between the last two depths counted, would pass
// maxNodes, and after a depth with no leaves or one whose count says to
// stop (a known difference, the same again deeper). count returns the
// depth's leaves and whether to stop.
func Deepen(first, last int, maxNodes int64, count func(depth int) (leaves int64, stop bool)) {
	prev, cur := int64(1), int64(1)
	for depth := first; depth <= last; depth++ {
		if depth > first && prev > 0 && cur*cur/prev > maxNodes {
			return
		}
		n, stop := count(depth)
		prev, cur = cur, n
		if stop || n == 0 {
			return
		}
	}
}
