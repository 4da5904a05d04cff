package variantoracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/pgncorpus"
)

// envPublishedNodes caps the published counts the test checks (200,000
// by default; make variant-oracle-deep checks them all).
const envPublishedNodes = "GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES"

// TestPublishedCounts holds both oracles to the variant perft counts
// shakmaty and python-chess publish (testdata/variants): chessops for
// every variant, Fairy-Stockfish for those it has.
func TestPublishedCounts(t *testing.T) {
	ops, fsf := oracles(t)
	ctx := testContext(t)
	limit := int64(pgncorpus.EnvInt(t, envPublishedNodes, 200_000))
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "variants", "*.perft"))
	require.NoError(t, err)
	require.Len(t, files, 6, "atomic, crazyhouse, 3check, antichess, horde and racingkings")
	checked, skipped, fsfKnown := 0, 0, 0
	for _, file := range files {
		variant := strings.TrimSuffix(filepath.Base(file), ".perft")
		f, err := os.Open(file)
		require.NoError(t, err)
		vectors, err := ReadVectors(f)
		_ = f.Close()
		require.NoError(t, err, file)
		require.NotEmpty(t, vectors, file)
		for _, v := range vectors {
			if v.Nodes > limit {
				skipped++
				continue
			}
			checked++
			got, err := ops.Perft(ctx, variant, v.FEN, v.Depth)
			require.NoError(t, err)
			assert.Equal(t, v.Nodes, got, "chessops: %s %s (%s) perft %d", variant, v.ID, v.FEN, v.Depth)
			if !fsf.Has(variant) {
				continue
			}
			got, err = fsf.Perft(ctx, variant, v.FEN, v.Depth)
			require.NoError(t, err)
			if got == v.Nodes {
				continue
			}
			// Where Fairy-Stockfish differs, it must be by the known
			// Racing Kings rule (see KnownDifference).
			where, err := FindDifference(ctx, ops, variant, v.FEN, v.Depth, divideOf(ops.Divide, variant), divideOf(fsf.Divide, variant))
			require.NoError(t, err)
			require.NotNil(t, where, "%s %s perft %d: fairy-stockfish %d, published %d", variant, v.ID, v.Depth, got, v.Nodes)
			known := knownDifference(t, ctx, ops, variant, where)
			assert.NotEmpty(t, known, "fairy-stockfish: %s %s (%s) perft %d: %d, published %d; the moves part after %v at %s:\n%s",
				variant, v.ID, v.FEN, v.Depth, got, v.Nodes, where.Moves, where.FEN, Compare("chessops", where.A, "fairy-sf", where.B))
			t.Logf("fairy-stockfish: %s %s perft %d: %d, published %d: %s after %v (%s)", variant, v.ID, v.Depth, got, v.Nodes, known, where.Moves, where.FEN)
			fsfKnown++
		}
	}
	t.Logf("%d published counts of up to %d leaves checked, %d larger left to make variant-oracle-deep; Fairy-Stockfish off by the known Racing Kings rule at %d",
		checked, limit, skipped, fsfKnown)
}

func TestReadVectors(t *testing.T) {
	vs, err := ReadVectors(strings.NewReader("# c\nid a\nepd 8/8 w - -\nperft 1 2\n\nperft 2 30\nid b\nepd x y\nperft 3 0\n"))
	require.NoError(t, err)
	assert.Equal(t, []Vector{{"a", "8/8 w - -", 1, 2}, {"a", "8/8 w - -", 2, 30}, {"b", "x y", 3, 0}}, vs)
	for _, bad := range []string{"perft 1 2\n", "id a\nepd f\nperft x 2\n", "id a\nepd f\nperft 1\n", "id a\nepd f\nperft 0 1\n", "what\n"} {
		_, err := ReadVectors(strings.NewReader(bad))
		require.Error(t, err, "%q", bad)
	}
}
