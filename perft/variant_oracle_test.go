package perft_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/perft"
)

// gambit's perft of every lichess variant is held to chessops (lichess's
// rules) and, in every variant but Atomic, to Fairy-Stockfish too: 11.1
// has no atomic (it plays standard chess under that name), so it is never
// asked there, and in Racing Kings it parts from lichess in one known
// place (variantoracle.KnownDifference), which is logged, not failed.

// Environment variables of the variant oracle tests (make
// variant-oracle-deep sets them).
const (
	envVariantN          = "GAMBIT_VARIANT_GAMBIT_N"           // random positions from each kind of start (10)
	envVariantDepth      = "GAMBIT_VARIANT_GAMBIT_DEPTH"       // deepest depth compared (3)
	envVariantNodes      = "GAMBIT_VARIANT_GAMBIT_NODES"       // no deeper once a depth would pass this many leaves (40,000)
	envVariantStartDepth = "GAMBIT_VARIANT_GAMBIT_START_DEPTH" // deepest depth of the start position (4)
	envVariantDeepN      = "GAMBIT_VARIANT_GAMBIT_DEEP_N"      // random positions compared at one depth, however many leaves (5)
	envVariantDeepDepth  = "GAMBIT_VARIANT_GAMBIT_DEEP_DEPTH"  // that depth (3)
	envVariantOnly       = "GAMBIT_VARIANT_GAMBIT_ONLY"        // the variants to compare, as "atomic,horde" (all)
	envPublishedNodes    = "GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES"
)

// oracleVariants are the seven lichess variants, each with whether
// chessops plays it from Chess960 starts too.
var oracleVariants = []struct {
	v        core.Variant
	chess960 bool
}{
	{core.ThreeCheck, true},
	{core.KingOfTheHill, true},
	{core.Antichess, true},
	{core.Atomic, true},
	{core.Horde, false},
	{core.RacingKings, false},
	{core.Crazyhouse, true},
}

// variantOracles are the oracles of one variant: chessops always,
// Fairy-Stockfish where it plays the variant (nil elsewhere).
type variantOracles struct {
	v   core.Variant
	ops *variantoracle.ChessOps
	fsf *variantoracle.FairyStockfish
}

// newVariantOracles starts chessops and Fairy-Stockfish for the test.
func newVariantOracles(t *testing.T) (*variantoracle.ChessOps, *variantoracle.FairyStockfish) {
	t.Helper()
	return variantoracle.ChessOpsForTest(t), variantoracle.FairyStockfishForTest(t)
}

// oraclesOf returns the oracles of v: Fairy-Stockfish only when it has v.
func oraclesOf(ops *variantoracle.ChessOps, fsf *variantoracle.FairyStockfish, v core.Variant) variantOracles {
	if !fsf.Has(v.String()) {
		fsf = nil
	}
	return variantOracles{v, ops, fsf}
}

// gambitDivide returns gambit's divide of variant v, its moves named as
// the oracles name them (castling king takes rook): the side of a
// comparison variantoracle.FindDifference takes.
func gambitDivide(v core.Variant) variantoracle.DivideFunc {
	return func(_ context.Context, fen string, depth int) (variantoracle.Divide, error) {
		p, err := core.ParseVariantFEN(v, fen)
		if err != nil {
			return nil, err
		}
		d := variantoracle.Divide{}
		for _, mc := range perft.Divide(&p, depth) {
			d[mc.Move.UCI(true)] = int64(mc.Nodes)
		}
		return d, nil
	}
}

// compare compares gambit's divide of fen at depth with chessops's and,
// where it plays the variant, Fairy-Stockfish's, move by move, and
// gambit's bulk and full counts with the total; on a difference it
// follows the moves down to where the two lists of legal moves part and
// prints both. A difference from Fairy-Stockfish that is the known Racing
// Kings one is logged, and reported as known. It returns chessops's total.
func (o variantOracles) compare(t *testing.T, fen string, depth int) (total int64, known bool) {
	t.Helper()
	ctx := t.Context()
	name := o.v.String()
	mine := gambitDivide(o.v)
	got, err := mine(ctx, fen, depth)
	require.NoError(t, err, fen)
	want, err := o.ops.Divide(ctx, name, fen, depth)
	require.NoError(t, err, fen)
	if diff := variantoracle.Compare("gambit", got, "chessops", want); diff != "" {
		where, err := variantoracle.FindDifference(ctx, o.ops, name, fen, depth, mine, func(ctx context.Context, fen string, depth int) (variantoracle.Divide, error) {
			return o.ops.Divide(ctx, name, fen, depth)
		})
		require.NoError(t, err)
		t.Errorf("%s %s depth %d: gambit and chessops differ\n%s\nthe moves part at %v", name, fen, depth, diff, where)
		return want.Total(), false
	}
	p, err := core.ParseVariantFEN(o.v, fen)
	require.NoError(t, err)
	assert.Equal(t, uint64(want.Total()), perft.Count(&p, depth), "count of %s %s depth %d", name, fen, depth)
	assert.Equal(t, uint64(want.Total()), perft.CountFull(&p, depth), "full count of %s %s depth %d", name, fen, depth)
	if o.fsf == nil {
		return want.Total(), false
	}
	sf, err := o.fsf.Divide(ctx, name, fen, depth)
	require.NoError(t, err, fen)
	diff := variantoracle.Compare("gambit", got, "fairy-sf", sf)
	if diff == "" {
		return want.Total(), false
	}
	where, err := variantoracle.FindDifference(ctx, o.ops, name, fen, depth, mine, func(ctx context.Context, fen string, depth int) (variantoracle.Divide, error) {
		return o.fsf.Divide(ctx, name, fen, depth)
	})
	require.NoError(t, err)
	require.NotNil(t, where, "the divides differ, so FindDifference finds where")
	why, err := variantoracle.KnownDifference(ctx, o.ops, name, where)
	require.NoError(t, err)
	if why != "" {
		t.Logf("%s %s depth %d: %s after %v (%s)", name, fen, depth, why, where.Moves, where.FEN)
		return want.Total(), true
	}
	t.Errorf("%s %s depth %d: gambit and Fairy-Stockfish differ\n%s\nthe moves part after %v at %s:\n%s",
		name, fen, depth, diff, where.Moves, where.FEN, variantoracle.Compare("gambit", where.A, "fairy-sf", where.B))
	return want.Total(), false
}

// statusOf maps chessops's outcome of fen in v to the Status gambit gives
// the side to move.
func statusOf(v core.Variant, fen string, st variantoracle.Status) core.Status {
	toMove := "white"
	if f := strings.Fields(fen); len(f) > 1 && f[1] == "b" {
		toMove = "black"
	}
	switch {
	case !st.Over():
		return core.Ongoing
	case st.Reason == "checkmate":
		return core.Checkmate
	case st.Reason == "insufficient":
		return core.InsufficientMaterial
	case st.Reason == "stalemate" && v != core.Antichess:
		return core.Stalemate
	case st.Winner == "draw":
		return core.VariantDraw
	case st.Winner == toMove:
		return core.VariantWin
	}
	return core.VariantLoss
}

// chosenVariants returns the variants GAMBIT_VARIANT_GAMBIT_ONLY names, all
// when it is empty.
func chosenVariants(t *testing.T) map[string]bool {
	t.Helper()
	only := map[string]bool{}
	for _, name := range strings.Split(os.Getenv(envVariantOnly), ",") {
		if name = strings.TrimSpace(name); name != "" {
			_, err := core.ParseVariant(name)
			require.NoError(t, err, envVariantOnly)
			only[name] = true
		}
	}
	return only
}

// randomPass is one set of random positions TestVariantOracles compares
// in each variant: n from the standard start and n960 from Chess960
// starts, or alone from the standard start in a variant without Chess960
// starts, from seeds of their own, each at
// depths first to last while the next depth stays under maxNodes leaves
// by the last one's growth.
type randomPass struct {
	name        string
	n, n960     int
	alone       int
	seed        int
	first, last int
	maxNodes    int64
}

// TestVariantOracles compares gambit's perft of each lichess variant with
// chessops's and Fairy-Stockfish's (where it plays the variant): the start
// position at depths 1 to GAMBIT_VARIANT_GAMBIT_START_DEPTH; seeded random
// positions of chessops's games, GAMBIT_VARIANT_GAMBIT_N from the standard
// start and as many from Chess960 starts where the variant has them, at
// depths 1 to GAMBIT_VARIANT_GAMBIT_DEPTH while the next depth stays under
// GAMBIT_VARIANT_GAMBIT_NODES leaves; and GAMBIT_VARIANT_GAMBIT_DEEP_N
// more (a fifth of them from Chess960 starts where the variant has them)
// at GAMBIT_VARIANT_GAMBIT_DEEP_DEPTH alone, however many leaves. gambit's
// Status of each random position must be chessops's outcome.
func TestVariantOracles(t *testing.T) {
	ops, fsf := newVariantOracles(t)
	n := pgncorpus.EnvInt(t, envVariantN, 10)
	maxDepth := pgncorpus.EnvInt(t, envVariantDepth, 3)
	maxNodes := int64(pgncorpus.EnvInt(t, envVariantNodes, 40_000))
	startDepth := pgncorpus.EnvInt(t, envVariantStartDepth, 4)
	deepN := pgncorpus.EnvInt(t, envVariantDeepN, 5)
	deepDepth := pgncorpus.EnvInt(t, envVariantDeepDepth, 3)
	only := chosenVariants(t)
	for i, row := range oracleVariants {
		name := row.v.String()
		if len(only) > 0 && !only[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			o := oraclesOf(ops, fsf, row.v)
			start, err := core.VariantStartPosition(row.v)
			require.NoError(t, err)
			var counts []int64
			for d := 1; d <= startDepth; d++ {
				total, _ := o.compare(t, start.FEN(), d)
				counts = append(counts, total)
			}
			t.Logf("%s start perft(1..%d) = %v; Fairy-Stockfish asked: %v", name, startDepth, counts, o.fsf != nil)
			passes := []randomPass{
				{"bounded", n, n, n, 41, 1, maxDepth, maxNodes},
				{"deep", deepN - deepN/5, deepN / 5, deepN, 141, deepDepth, deepDepth, math.MaxInt64},
			}
			for _, pass := range passes {
				if !row.chess960 {
					pass.n, pass.n960 = pass.alone, 0
				}
				for k, count := range []int{pass.n, pass.n960} {
					// Each variant, pass and kind plays from its own seed,
					// so a variant alone gives the positions it gives
					// among all.
					o.comparePositions(t, pass, k == 1, uint32(pass.seed+2*i+k), count)
				}
			}
		})
	}
}

// comparePositions compares n random positions of o's variant, from
// Chess960 starts or not, played from seed, as pass says.
func (o variantOracles) comparePositions(t *testing.T, pass randomPass, chess960 bool, seed uint32, n int) {
	t.Helper()
	if n == 0 {
		return
	}
	name := o.v.String()
	fens, err := o.ops.Random(t.Context(), variantoracle.Games{Variant: name, Chess960: chess960, Seed: seed, Plies: 80, N: n})
	require.NoError(t, err)
	require.Len(t, fens, n)
	perDepth := make([]int, pass.last+1)
	over, known := 0, 0
	for _, fen := range fens {
		st, err := o.ops.Status(t.Context(), name, fen)
		require.NoError(t, err)
		p, err := core.ParseVariantFEN(o.v, fen)
		require.NoError(t, err, fen)
		if st.Over() {
			over++
		}
		assert.Equal(t, statusOf(o.v, fen, st), p.Status(), "chessops: %s: %s", st, fen)
		variantoracle.Deepen(pass.first, pass.last, pass.maxNodes, func(depth int) (int64, bool) {
			total, differ := o.compare(t, fen, depth)
			perDepth[depth]++
			if differ {
				known++
			}
			return total, differ
		})
	}
	t.Logf("%s %s (Chess960 starts: %v): %d positions (%d games over), compared at depth %d..%d: %v; the known Racing Kings difference from Fairy-Stockfish at %d",
		name, pass.name, chess960, len(fens), over, pass.first, pass.last, perDepth[pass.first:], known)
}

// TestVariantPublished counts the published perft positions of every
// variant of testdata/variants (python-chess's and shakmaty's, see
// SOURCES.md; King of the Hill has none) up to
// GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES leaves (1,000,000), by Count and,
// up to 100,000 leaves, by CountFull.
func TestVariantPublished(t *testing.T) {
	only := chosenVariants(t)
	files, err := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.perft"))
	require.NoError(t, err)
	require.Len(t, files, 6, "atomic, crazyhouse, 3check, antichess, horde and racingkings")
	limit := int64(pgncorpus.EnvInt(t, envPublishedNodes, 1_000_000))
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".perft")
		v, err := core.ParseVariant(name)
		require.NoError(t, err, file)
		if len(only) > 0 && !only[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(file)
			require.NoError(t, err)
			vectors, err := variantoracle.ReadVectors(f)
			require.NoError(t, f.Close())
			require.NoError(t, err)
			require.NotEmpty(t, vectors)
			checked := 0
			for _, vec := range vectors {
				if vec.Nodes > limit {
					continue
				}
				p, err := core.ParseVariantFEN(v, vec.FEN)
				require.NoError(t, err, vec.FEN)
				assert.Equal(t, uint64(vec.Nodes), perft.Count(&p, vec.Depth), "%s (%s) perft %d", vec.ID, vec.FEN, vec.Depth)
				if vec.Nodes <= 100_000 {
					assert.Equal(t, uint64(vec.Nodes), perft.CountFull(&p, vec.Depth), "%s (%s) full perft %d", vec.ID, vec.FEN, vec.Depth)
				}
				checked++
			}
			assert.Positive(t, checked, "no published %s count of up to %d leaves", name, limit)
			t.Logf("%d of %d published %s counts of up to %d leaves checked", checked, len(vectors), name, limit)
		})
	}
}

// TestRacingKingsKnownDifference holds compare to the known Racing Kings
// difference where the published occupied-goal position shows it: gambit
// and chessops count 33 at depth 2 by lichess's rule, Fairy-Stockfish 55,
// and compare reports it as known rather than failing.
func TestRacingKingsKnownDifference(t *testing.T) {
	ops, fsf := newVariantOracles(t)
	o := oraclesOf(ops, fsf, core.RacingKings)
	require.NotNil(t, o.fsf, "Fairy-Stockfish plays Racing Kings")
	const fen = "4brn1/2K2k2/8/8/8/8/8/8 w - -"
	total, known := o.compare(t, fen, 2)
	assert.Equal(t, int64(33), total)
	assert.True(t, known, "Fairy-Stockfish's count of %s differs by the known rule", fen)
	sf, err := fsf.Perft(t.Context(), core.RacingKings.String(), fen, 2)
	require.NoError(t, err)
	assert.NotEqual(t, total, sf, "Fairy-Stockfish 11.1 counts moves after the race is over")
}
