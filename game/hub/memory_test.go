package hub_test

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game/hub"
)

// heapAlloc returns the live heap after a full collection.
func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestMemoryPerGame measures what 100,000 games cost in a hub: idle new
// games, and the same games after 20 plies each. The bounds are what
// "fits comfortably" means here: 100,000 idle games in well under 200 MB.
func TestMemoryPerGame(t *testing.T) {
	n := 100_000
	if raceEnabled {
		n = 10_000 // the race detector makes 2,000,000 moves slow
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = "game-" + strconv.Itoa(i)
	}
	lines := randomLines(t, 3, 1, 20)[0]

	before := heapAlloc()
	h := hub.New(hub.Config{})
	for _, id := range ids {
		require.NoError(t, h.Create(id))
	}
	idle := heapAlloc()
	perIdle := float64(idle-before) / float64(n)
	for _, id := range ids {
		for _, m := range lines {
			_, err := h.Move(id, m.String())
			require.NoError(t, err)
		}
	}
	played := heapAlloc()
	perPlayed := float64(played-before) / float64(n)
	t.Logf("%d games: %.0f bytes per idle game, %.0f bytes per game after %d plies (%.1f MB in all)",
		n, perIdle, perPlayed, len(lines), float64(played-before)/(1<<20))
	require.Less(t, perIdle, 1500.0, "bytes per idle game")
	require.Less(t, perPlayed, 1500.0+20*64, "bytes per game after 20 plies")
	runtime.KeepAlive(h)
	require.NoError(t, h.Close())
}
