package bench

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/perft"
	"github.com/stretchr/testify/require"
)

// publishedCounts reads the published perft suites in ../testdata/perft and
// returns their counts by position (the first four FEN fields) and depth.
func publishedCounts(t *testing.T) map[string]map[int]uint64 {
	t.Helper()
	counts := map[string]map[int]uint64{}
	for _, file := range []string{"standard.epd", "tricky.perft"} {
		cases, err := perft.ReadSuiteFile(filepath.Join("..", "testdata", "perft", file))
		require.NoError(t, err)
		for _, c := range cases {
			key := fenKey(c.FEN)
			if counts[key] == nil {
				counts[key] = map[int]uint64{}
			}
			for _, e := range c.Counts {
				counts[key][e.Depth] = e.Nodes
			}
		}
	}
	return counts
}

// fenKey is the part of a FEN that decides the move tree: board, side to
// move, castling and en passant, without the move counters.
func fenKey(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 4 {
		f = f[:4]
	}
	return strings.Join(f, " ")
}

// TestPerftMatchesPublishedCounts checks that every library, in both
// counting styles, counts the published number of leaves of every benchmark
// position up to its shallow depth: the benchmarks time the same, correct
// work for each library, or a comparison would mean nothing.
func TestPerftMatchesPublishedCounts(t *testing.T) {
	published := publishedCounts(t)
	for _, pos := range positions {
		want := published[fenKey(pos.fen)]
		require.NotEmpty(t, want, "no published counts for %s (%s)", pos.name, pos.fen)
		for _, lib := range perftLibs {
			for _, bulk := range []bool{true, false} {
				if lib.bulkOnly && !bulk {
					continue
				}
				style := map[bool]string{true: "bulk", false: "full"}[bulk]
				for depth := 1; depth <= pos.shallow; depth++ {
					name := fmt.Sprintf("%s/%s/%s/d%d", lib.name, style, pos.name, depth)
					t.Run(name, func(t *testing.T) {
						count, ok := want[depth]
						require.True(t, ok, "no published count at depth %d", depth)
						run, err := lib.prepare(t, pos.fen, depth, bulk)
						require.NoError(t, err)
						require.Equal(t, count, run())
						// A second run must give the same count: the
						// benchmarks call run again and again on one position.
						require.Equal(t, count, run())
					})
				}
			}
		}
	}
}

// TestPositionsDepths checks the benchmark set's own promises: the shallow
// depth never exceeds the deep one and the names are unique.
func TestPositionsDepths(t *testing.T) {
	seen := map[string]bool{}
	for _, pos := range positions {
		require.False(t, seen[pos.name], "duplicate position name %s", pos.name)
		seen[pos.name] = true
		require.LessOrEqual(t, pos.shallow, pos.deep, pos.name)
		require.Positive(t, pos.shallow, pos.name)
	}
}
