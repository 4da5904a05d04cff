package perft

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// TestTableTinyForcesCollisions counts with tables of one and two buckets,
// where every position of the tree fights for three or six entries: a
// count taken from the wrong position or depth would show at once. The
// counts are the published ones.
func TestTableTinyForcesCollisions(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{core.StartFEN, 5, 4865609},
		{kiwipeteFEN, 4, 4085603},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
	} {
		for _, buckets := range []uint64{1, 2} {
			for _, threads := range []int{1, 4} {
				t.Run(fmt.Sprintf("%s/buckets=%d/threads=%d", tc.fen, buckets, threads), func(t *testing.T) {
					p, err := core.ParseFEN(tc.fen)
					require.NoError(t, err)
					c := Counter{Threads: threads, Table: newTable(buckets)}
					for range 2 { // the second time from a full table
						assert.Equal(t, tc.nodes, c.Count(&p, tc.depth))
					}
				})
			}
		}
	}
}

// TestProbeNeedsKeyAndDepth stores entries whose keys share a bucket and
// checks that a probe answers only for its own key and depth.
func TestProbeNeedsKeyAndDepth(t *testing.T) {
	tab := newTable(1)
	const k1, k2 = 0x1234_5678_9abc_def0, 0x1234_5678_9abc_def1
	tab.store(k1, 3, 1000)
	n, ok := tab.probe(k1, 3)
	assert.True(t, ok)
	assert.Equal(t, uint64(1000), n)
	for name, probe := range map[string]struct {
		key   uint64
		depth int
	}{
		"other depth":     {k1, 4},
		"shallower":       {k1, 2},
		"other key":       {k2, 3},
		"key's high bits": {k1 ^ 1<<63, 3},
		// An empty entry reads as key 0 at depth 0, a depth never probed.
		"empty entry": {0, minHashDepth},
	} {
		_, ok := tab.probe(probe.key, probe.depth)
		assert.False(t, ok, name)
	}

	// One bucket holds three entries: a fourth evicts the shallowest.
	tab.store(k2, 5, 2000)
	tab.store(k1, 2, 3000)
	tab.store(k2, 4, 4000) // evicts (k1, 2)
	for _, e := range []struct {
		key   uint64
		depth int
		nodes uint64
		kept  bool
	}{
		{k1, 3, 1000, true}, {k2, 5, 2000, true}, {k1, 2, 3000, false}, {k2, 4, 4000, true},
	} {
		n, ok := tab.probe(e.key, e.depth)
		assert.Equal(t, e.kept, ok, "%x depth %d", e.key, e.depth)
		if e.kept {
			assert.Equal(t, e.nodes, n)
		}
	}
	// Storing the same key and depth again replaces the entry.
	tab.store(k2, 5, 2001)
	n, ok = tab.probe(k2, 5)
	assert.True(t, ok)
	assert.Equal(t, uint64(2001), n)
	_, ok = tab.probe(k1, 3)
	assert.True(t, ok, "the replacement took the entry's own slot")

	// Counts too big for an entry and a bucket being written are not stored.
	tab.store(k1, 6, maxStoredCount+1)
	_, ok = tab.probe(k1, 6)
	assert.False(t, ok)
	tab.buckets[0].seq.Add(1) // a writer holds the bucket
	_, ok = tab.probe(k1, 3)
	assert.False(t, ok, "a probe does not read a bucket being written")
	tab.store(k1, 7, 1)
	tab.buckets[0].seq.Add(1)
	_, ok = tab.probe(k1, 7)
	assert.False(t, ok, "a store gives up on a bucket being written")
	_, ok = tab.probe(k1, 3)
	assert.True(t, ok)
}

func TestHashedCountAllocatesNothing(t *testing.T) {
	tab := newTable(1 << 10)
	p, err := core.ParseFEN(kiwipeteFEN)
	require.NoError(t, err)
	salt := rootSalt(&p)
	assert.Zero(t, testing.AllocsPerRun(3, func() { tab.count(&p, 3, salt) }))
}

func TestNewTable(t *testing.T) {
	for _, tc := range []struct {
		mb      int
		buckets int
	}{
		{1, 1 << 14},
		{3, 1 << 15}, // rounded down to a power of two
		{64, 1 << 20},
	} {
		tab, err := NewTable(tc.mb)
		require.NoError(t, err)
		assert.Len(t, tab.buckets, tc.buckets, "%d MB", tc.mb)
		assert.Equal(t, tc.buckets*64, tab.Bytes())
		assert.Equal(t, tc.buckets*3, tab.Entries())
		assert.LessOrEqual(t, tab.Bytes(), tc.mb<<20)
	}
	tooBig := maxTableMB + 1
	if mem := physicalMemory(); mem > 0 {
		tooBig = int(mem>>20) + 1
	}
	for _, mb := range []int{0, -1, maxTableMB + 1, tooBig} {
		_, err := NewTable(mb)
		assert.ErrorIs(t, err, ErrTableSize, "%d MB", mb)
	}
}

func TestTableClear(t *testing.T) {
	tab := newTable(4)
	tab.store(42, 3, 7)
	_, ok := tab.probe(42, 3)
	require.True(t, ok)
	tab.Clear()
	_, ok = tab.probe(42, 3)
	assert.False(t, ok)
}
