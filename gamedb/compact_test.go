package gamedb

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// TestCompact: an index of many segments (small ones, then an append)
// compacted into one answers every query as before, game for game, with
// the same sources; a reader that opened it before goes on reading.
func TestCompact(t *testing.T) {
	reached, positions := countPositions(t, realFiles...)
	keys := samplePositions(reached, positions, 60)
	dir := buildIndex(t, BuildOptions{SegmentPostings: 30000}, realFiles[0])
	b, err := Append(dir, BuildOptions{SegmentPostings: 30000})
	require.NoError(t, err)
	f, err := os.Open(realFiles[1])
	require.NoError(t, err)
	require.NoError(t, b.AddPGN(f, "lichess", nil))
	f.Close()
	require.NoError(t, b.Commit())

	before, err := Open(dir)
	require.NoError(t, err)
	defer before.Close()
	require.Greater(t, len(before.segs), 4)
	require.NoError(t, Compact(dir, BuildOptions{}))
	after, err := Open(dir)
	require.NoError(t, err)
	defer after.Close()
	require.Len(t, after.segs, 1)
	require.NoError(t, after.Verify())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "the manifest, the lock and one segment")

	require.Equal(t, before.Len(), after.Len())
	for n := int64(1); n <= before.Len(); n += 97 {
		g1, err := before.Game(n)
		require.NoError(t, err)
		g2, err := after.Game(n)
		require.NoError(t, err)
		assert.Equal(t, g1, g2)
	}
	m, err := ParseMaterial("KRvKR")
	require.NoError(t, err)
	for _, k := range keys {
		p := positions[k]
		for _, f := range []Filter{{}, {Results: []Result{WhiteWins}}} {
			want, err := before.Explore(&p, f)
			require.NoError(t, err)
			got, err := after.Explore(&p, f)
			require.NoError(t, err)
			assert.Equal(t, want, got)
			wantPage, err := before.Find(&p, f, 0, 10)
			require.NoError(t, err)
			gotPage, err := after.Find(&p, f, 0, 10)
			require.NoError(t, err)
			assert.Equal(t, wantPage, gotPage)
		}
	}
	var want, got []Hit
	for h, err := range before.Scan(Pattern{Material: m, EitherColour: true}, Filter{}) {
		require.NoError(t, err)
		want = append(want, h)
	}
	for h, err := range after.Scan(Pattern{Material: m, EitherColour: true}, Filter{}) {
		require.NoError(t, err)
		got = append(got, h)
	}
	assert.Equal(t, want, got)
	start := core.StartPosition()
	e, err := after.Explore(&start, Filter{})
	require.NoError(t, err)
	assert.Equal(t, after.Len(), e.Games)
}
