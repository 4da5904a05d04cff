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
