package gamedb

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// TestShardsAnswerAsOne checks that shards built apart, queried together
// or merged into one, answer every query as one index of all their games.
func TestShardsAnswerAsOne(t *testing.T) {
	reached, positions := countPositions(t, realFiles...)
	keys := samplePositions(reached, positions, 60)
	whole := buildIndex(t, BuildOptions{}, realFiles...)
	shard1 := buildIndex(t, BuildOptions{}, realFiles[0])
	shard2 := buildIndex(t, BuildOptions{AggregateMin: 4}, realFiles[1])
	merged := filepath.Join(t.TempDir(), "merged")
	require.NoError(t, Merge(merged, shard1, shard2))

	one, err := Open(whole)
	require.NoError(t, err)
	defer one.Close()
	shards, err := Open(shard1, shard2)
	require.NoError(t, err)
	defer shards.Close()
	joined, err := Open(merged)
	require.NoError(t, err)
	defer joined.Close()

	filters := []Filter{{}, {MinRating: 2000}, {Results: []Result{Draw}}, {Player: "ar", From: NewDate(2020, 0, 0)}}
	m, err := ParseMaterial("KRvKR")
	require.NoError(t, err)
	for _, db := range []*DB{shards, joined} {
		require.Equal(t, one.Len(), db.Len())
		for _, k := range keys {
			p := positions[k]
			for _, f := range filters {
				want, err := one.Explore(&p, f)
				require.NoError(t, err)
				got, err := db.Explore(&p, f)
				require.NoError(t, err)
				assert.Equal(t, want, got, "%s %+v", p.FEN(), f)
				wantPage, err := one.Find(&p, f, 1, 5)
				require.NoError(t, err)
				gotPage, err := db.Find(&p, f, 1, 5)
				require.NoError(t, err)
				assert.Equal(t, wantPage, gotPage)
			}
		}
		var want, got []Hit
		for h, err := range one.Scan(Pattern{Material: m, EitherColour: true}, Filter{}) {
			require.NoError(t, err)
			want = append(want, h)
		}
		for h, err := range db.Scan(Pattern{Material: m, EitherColour: true}, Filter{}) {
			require.NoError(t, err)
			got = append(got, h)
		}
		require.NotEmpty(t, want)
		// The source of a game is its file in either case.
		assert.Equal(t, want, got)
	}
	start := core.StartPosition()
	e, err := joined.Explore(&start, Filter{})
	require.NoError(t, err)
	assert.Equal(t, one.Len(), e.Games)
}
