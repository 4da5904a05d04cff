package variantoracle

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// The oracles are started once for the package's tests that share them:
// each start costs Node.js's or the engine's start-up.
var (
	sharedOnce sync.Once
	sharedOps  *ChessOps
	sharedFSF  *FairyStockfish
	sharedErr  error
)

// TestMain closes the shared oracles after the tests, and then checks
// that no goroutine of the package outlives them (goleak).
func TestMain(m *testing.M) {
	code := m.Run()
	if sharedOps != nil {
		_ = sharedOps.Close()
	}
	if sharedFSF != nil {
		_ = sharedFSF.Close()
	}
	if err := goleak.Find(); code == 0 && err != nil {
		fmt.Fprintln(os.Stderr, "goroutines outlive the tests:", err)
		code = 1
	}
	os.Exit(code)
}

// oracles returns the shared chessops and Fairy-Stockfish, started on
// first use.
func oracles(t *testing.T) (*ChessOps, *FairyStockfish) {
	t.Helper()
	sharedOnce.Do(func() {
		sharedOps, sharedErr = StartChessOps()
		if sharedErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
		defer cancel()
		sharedFSF, sharedErr = StartFairyStockfish(ctx)
	})
	require.NoError(t, sharedErr)
	return sharedOps, sharedFSF
}

// testContext bounds one test's requests by the test binary's deadline
// (go test -timeout), less a minute, so that an oracle that hangs fails
// the test with what it was asked rather than the binary's panic.
func testContext(t *testing.T) context.Context {
	deadline, ok := t.Deadline()
	if !ok {
		deadline = time.Now().Add(time.Hour)
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline.Add(-time.Minute))
	t.Cleanup(cancel)
	return ctx
}
