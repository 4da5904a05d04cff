//go:build unix

package uci_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
)

func TestStockfishOverTCP(t *testing.T) {
	addr, _ := enginetest.ServeTCP(t, enginetest.StockfishPath(t))
	e, err := uci.Dial(testCtx(t, 10*time.Second), addr)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	assert.True(t, strings.HasPrefix(e.ID().Name, "Stockfish"))
	assert.Nil(t, e.Process())
	lowSkill(t, e)
	start := time.Now()
	r := playGame(t, e, 2, gameLimits)
	t.Logf("TCP game: %d plies, %s, winner %q, %v", r.plies, r.reason, r.winner, time.Since(start))
}

func TestStockfishOverTCPKilledMidSearch(t *testing.T) {
	addr, kill := enginetest.ServeTCP(t, enginetest.StockfishPath(t))
	e, err := uci.Dial(testCtx(t, 10*time.Second), addr)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	ctx := testCtx(t, 10*time.Second)
	s, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	for info := range s.Info() {
		if info.Depth >= 3 {
			break
		}
	}
	kill() // socat and the engine die; the socket closes
	start := time.Now()
	_, err = s.Wait()
	require.ErrorIs(t, err, uci.ErrExited)
	assert.Contains(t, err.Error(), "connection closed")
	assert.Less(t, time.Since(start), 3*time.Second)
	require.ErrorIs(t, e.IsReady(ctx), uci.ErrExited)
}
