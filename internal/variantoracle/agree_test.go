package variantoracle

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/pgncorpus"
)

// shared are the variants both oracles have, chess aside.
var shared = []string{"crazyhouse", "3check", "kingofthehill", "antichess", "horde", "racingkings"}

// Environment variables of the random-position test (make
// variant-oracle-deep sets them).
const (
	envN     = "GAMBIT_VARIANT_ORACLE_N"     // positions a variant (50)
	envSeed  = "GAMBIT_VARIANT_ORACLE_SEED"  // seed of the first variant's games (1)
	envDepth = "GAMBIT_VARIANT_ORACLE_DEPTH" // deepest depth compared (3)
	envNodes = "GAMBIT_VARIANT_ORACLE_NODES" // no deeper once a depth would pass this many leaves (40,000)
	envOnly  = "GAMBIT_VARIANT_ORACLE_ONLY"  // the runs to do, as "antichess,chess/960" (all)
)

// agree compares the two oracles' divides of fen at depth and returns
// chessops's total, and whether the two differ by the one known rule
// difference (see KnownDifference); it fails the test with both divides
// and the position where the moves part when they differ otherwise.
func agree(t *testing.T, ctx context.Context, ops *ChessOps, fsf *FairyStockfish, variant, fen string, depth int) (int64, bool) {
	t.Helper()
	want, err := ops.Divide(ctx, variant, fen, depth)
	require.NoError(t, err)
	got, err := fsf.Divide(ctx, variant, fen, depth)
	require.NoError(t, err)
	diff := Compare("chessops", want, "fairy-sf", got)
	if diff == "" {
		return want.Total(), false
	}
	where, err := FindDifference(ctx, ops, variant, fen, depth, divideOf(ops.Divide, variant), divideOf(fsf.Divide, variant))
	require.NoError(t, err)
	require.NotNil(t, where, "the divides differ, so FindDifference finds where")
	if known := knownDifference(t, ctx, ops, variant, where); known != "" {
		t.Logf("%s %s depth %d: %s after %v (%s)", variant, fen, depth, known, where.Moves, where.FEN)
		return want.Total(), true
	}
	t.Errorf("%s %s depth %d: the oracles differ\n%s\nthe moves part after %v at %s:\n%s",
		variant, fen, depth, diff, where.Moves, where.FEN, Compare("chessops", where.A, "fairy-sf", where.B))
	return want.Total(), false
}

// divideOf makes a DivideFunc of an oracle's Divide for variant.
func divideOf(divide func(context.Context, string, string, int) (Divide, error), variant string) DivideFunc {
	return func(ctx context.Context, fen string, depth int) (Divide, error) {
		return divide(ctx, variant, fen, depth)
	}
}

// knownDifference is KnownDifference, failing the test on an error.
func knownDifference(t *testing.T, ctx context.Context, ops *ChessOps, variant string, d *Difference) string {
	t.Helper()
	known, err := KnownDifference(ctx, ops, variant, d)
	require.NoError(t, err)
	return known
}

func TestOraclesAgreeOnStartPositions(t *testing.T) {
	ops, fsf := oracles(t)
	ctx := testContext(t)
	for _, v := range append([]string{"chess"}, shared...) {
		fen := startOf(v)
		var counts []string
		for depth := 1; depth <= 4; depth++ {
			n, known := agree(t, ctx, ops, fsf, v, fen, depth)
			assert.False(t, known, "%s start depth %d", v, depth)
			counts = append(counts, fmt.Sprint(n))
		}
		t.Logf("%-14s %s", v, strings.Join(counts, " "))
	}
}

// startOf returns the start FEN of variant as lichess gives it.
func startOf(variant string) string {
	switch variant {
	case "crazyhouse":
		return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	case "3check":
		return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
	case "antichess":
		return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	case "horde":
		return "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
	case "racingkings":
		return "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
	}
	return startFEN
}

// TestOraclesAgreeOnRandomPositions compares the oracles' divides on
// positions of seeded random games of each variant both have (and of
// Chess960 starts where the variant has them), at every depth from 1 up
// to GAMBIT_VARIANT_ORACLE_DEPTH while the next depth stays under
// GAMBIT_VARIANT_ORACLE_NODES leaves by the last one's growth.
func TestOraclesAgreeOnRandomPositions(t *testing.T) {
	ops, fsf := oracles(t)
	ctx := testContext(t)
	n := pgncorpus.EnvInt(t, envN, 50)
	seed := pgncorpus.EnvInt(t, envSeed, 1)
	maxDepth := pgncorpus.EnvInt(t, envDepth, 3)
	maxNodes := int64(pgncorpus.EnvInt(t, envNodes, 40_000))
	type run struct {
		variant  string
		chess960 bool
		n        int
	}
	var runs []run
	for _, v := range shared {
		runs = append(runs, run{v, false, n})
	}
	for _, v := range []string{"chess", "crazyhouse", "3check", "kingofthehill", "antichess"} {
		runs = append(runs, run{v, true, max(1, n/5)})
	}
	only := map[string]bool{}
	for _, name := range strings.Split(os.Getenv(envOnly), ",") {
		if name != "" {
			only[name] = true
		}
	}
	for i, r := range runs {
		name := r.variant
		if r.chess960 {
			name += "/960"
		}
		// Run i plays from seed+i whichever runs are chosen, so a run
		// alone gives the positions it gives among all.
		if len(only) > 0 && !only[name] {
			continue
		}
		fens, err := ops.Random(ctx, Games{Variant: r.variant, Chess960: r.chess960, Seed: uint32(seed + i), Plies: 80, N: r.n})
		require.NoError(t, err)
		perDepth := make([]int, maxDepth+1)
		over, known := 0, 0
		for _, fen := range fens {
			st, err := ops.Status(ctx, r.variant, fen)
			require.NoError(t, err)
			if st.Over() {
				over++
			}
			Deepen(1, maxDepth, maxNodes, func(depth int) (int64, bool) {
				n, differ := agree(t, ctx, ops, fsf, r.variant, fen, depth)
				perDepth[depth]++
				if differ {
					known++
				}
				return n, differ
			})
		}
		assert.Equal(t, len(fens), perDepth[1], name)
		t.Logf("%-18s %d positions (%d games over); compared at depth 1..%d: %v; the known Racing Kings difference at %d",
			name, len(fens), over, maxDepth, perDepth[1:], known)
	}
}

// TestFENFormsAgree gives both oracles each FEN form of a position:
// Fairy-Stockfish 11.1 reads only remaining checks after the en-passant
// square, ignores lichess's checks given (+1+0 at the end) and assumes one
// check each when there are none, so FairyFEN must turn every form into
// that one; it reads pockets in brackets and after an eighth slash alike.
func TestFENFormsAgree(t *testing.T) {
	ops, fsf := oracles(t)
	ctx := testContext(t)
	for _, tc := range []struct{ variant, fen string }{
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +1+0"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+3 0 1"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1"},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"},
		{"crazyhouse", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
	} {
		want, err := ops.Perft(ctx, tc.variant, tc.fen, 3)
		require.NoError(t, err)
		got, err := fsf.Perft(ctx, tc.variant, tc.fen, 3)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s %s", tc.variant, tc.fen)
	}
	// The forms of one position count the same.
	a, err := ops.Perft(ctx, "3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +1+0", 3)
	require.NoError(t, err)
	b, err := ops.Perft(ctx, "3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+3 0 1", 3)
	require.NoError(t, err)
	assert.Equal(t, a, b)
}
