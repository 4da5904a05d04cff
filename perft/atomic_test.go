package perft_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/perft"
)

// Atomic's oracle is chessops alone: Fairy-Stockfish 11.1 has no atomic
// (it plays standard chess under that name), so it is never asked.

// Environment variables of the atomic tests (make variant-oracle-deep sets
// them).
const (
	envAtomicN          = "GAMBIT_ATOMIC_ORACLE_N"           // random positions from each kind of start (10)
	envAtomicDepth      = "GAMBIT_ATOMIC_ORACLE_DEPTH"       // deepest depth compared (3)
	envAtomicNodes      = "GAMBIT_ATOMIC_ORACLE_NODES"       // no deeper once a depth would pass this many leaves (40,000)
	envAtomicStartDepth = "GAMBIT_ATOMIC_ORACLE_START_DEPTH" // deepest depth of the start position (4)
	envPublishedNodes   = "GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES"
)

// atomicDivide is gambit's divide of an atomic position, its moves named
// as chessops names them (castling king takes rook): the side of a
// comparison variantoracle.FindDifference takes.
func atomicDivide(_ context.Context, fen string, depth int) (variantoracle.Divide, error) {
	p, err := core.ParseVariantFEN(core.Atomic, fen)
	if err != nil {
		return nil, err
	}
	d := variantoracle.Divide{}
	for _, mc := range perft.Divide(&p, depth) {
		d[mc.Move.UCI(true)] = int64(mc.Nodes)
	}
	return d, nil
}

// compareAtomic compares gambit's divide of fen at depth with chessops's,
// move by move, and gambit's bulk and full counts with the total; on a
// difference it follows the moves down to where the two lists of legal
// moves part and prints both. It returns chessops's total.
func compareAtomic(t *testing.T, ops *variantoracle.ChessOps, fen string, depth int) int64 {
	t.Helper()
	ctx := t.Context()
	want, err := ops.Divide(ctx, core.Atomic.String(), fen, depth)
	require.NoError(t, err, fen)
	got, err := atomicDivide(ctx, fen, depth)
	require.NoError(t, err, fen)
	if diff := variantoracle.Compare("gambit", got, "chessops", want); diff != "" {
		chessops := func(ctx context.Context, fen string, depth int) (variantoracle.Divide, error) {
			return ops.Divide(ctx, core.Atomic.String(), fen, depth)
		}
		where, err := variantoracle.FindDifference(ctx, ops, core.Atomic.String(), fen, depth, atomicDivide, chessops)
		require.NoError(t, err)
		t.Errorf("atomic %s depth %d: gambit and chessops differ\n%s\nthe moves part at %v", fen, depth, diff, where)
		return want.Total()
	}
	p, err := core.ParseVariantFEN(core.Atomic, fen)
	require.NoError(t, err)
	assert.Equal(t, uint64(want.Total()), perft.Count(&p, depth), "count of %s depth %d", fen, depth)
	assert.Equal(t, uint64(want.Total()), perft.CountFull(&p, depth), "full count of %s depth %d", fen, depth)
	return want.Total()
}

func TestAtomicStartChessOps(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	p, err := core.VariantStartPosition(core.Atomic)
	require.NoError(t, err)
	for d := 1; d <= pgncorpus.EnvInt(t, envAtomicStartDepth, 4); d++ {
		t.Logf("atomic start perft(%d) = %d", d, compareAtomic(t, ops, p.FEN(), d))
	}
}

// atomicPositions are hand-picked positions where Atomic's rules bite,
// each compared with chessops at its depth.
var atomicPositions = []struct {
	fen   string
	depth int
	why   string
}{
	{"8/8/8/3k4/3K4/8/8/4r2Q w - - 0 1", 4, "kings touching: no check, the king walks next to the other one"},
	{"8/8/8/8/8/8/3kq3/4K3 w - - 0 1", 4, "kings touching, a queen beside them"},
	{"4k3/8/8/8/8/4p3/3K4/5N2 w - - 0 1", 4, "a capture next to our own king, and a king capture"},
	{"4k3/4r3/8/8/8/3p4/1N2B3/4K3 w - - 0 1", 4, "an explosion takes our own blocker away"},
	{"4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1", 4, "en passant explodes around the square the pawn lands on"},
	{"8/8/2k5/3pP3/8/8/8/4K3 w - d6 0 1", 4, "en passant explodes the king"},
	{"3r4/8/8/8/8/8/5k2/R3K2R w KQ - 0 1", 4, "castling: an attacked square, and squares next to the other king"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, "castling both ways, rooks that can explode"},
	{"6nk/4r3/8/8/8/8/8/4K1R1 w - - 0 1", 4, "in check, a capture that explodes the other king wins"},
	{"rn2k3/1P6/8/8/8/8/8/4K3 w q - 0 1", 4, "a promotion that captures explodes"},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, "kiwipete"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 2, "White's king has exploded: no move"},
	{"8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, "atomic960: castling with a rook next to an enemy rook"},
	{"Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 3, "atomic960: castling rights of the side not to move, kings close"},
}

func TestAtomicPositionsChessOps(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	for _, tc := range atomicPositions {
		for d := 1; d <= tc.depth; d++ {
			compareAtomic(t, ops, tc.fen, d)
		}
	}
}

// atomicStatuses maps chessops's reason a game is over to the Status gambit
// gives the side to move: "variant" is its own king exploded.
var atomicStatuses = map[string]core.Status{
	"":             core.Ongoing,
	"checkmate":    core.Checkmate,
	"stalemate":    core.Stalemate,
	"insufficient": core.InsufficientMaterial,
	"variant":      core.VariantLoss,
}

// TestAtomicRandomChessOps compares seeded random positions of chessops's
// games, from the standard start and from Chess960 starts, at depths 1 to
// GAMBIT_ATOMIC_ORACLE_DEPTH while the next depth stays under
// GAMBIT_ATOMIC_ORACLE_NODES leaves by the last one's growth.
func TestAtomicRandomChessOps(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	n := pgncorpus.EnvInt(t, envAtomicN, 10)
	maxDepth := pgncorpus.EnvInt(t, envAtomicDepth, 3)
	maxNodes := int64(pgncorpus.EnvInt(t, envAtomicNodes, 40_000))
	for i, chess960 := range []bool{false, true} {
		fens, err := ops.Random(t.Context(), variantoracle.Games{Variant: core.Atomic.String(), Chess960: chess960, Seed: uint32(41 + i), Plies: 80, N: n})
		require.NoError(t, err)
		perDepth := make([]int, maxDepth+1)
		over := 0
		for _, fen := range fens {
			st, err := ops.Status(t.Context(), core.Atomic.String(), fen)
			require.NoError(t, err)
			p, err := core.ParseVariantFEN(core.Atomic, fen)
			require.NoError(t, err, fen)
			if st.Over() {
				over++
			}
			assert.Equal(t, atomicStatuses[st.Reason], p.Status(), "chessops: %s: %s", st, fen)
			prev, last := int64(1), int64(1)
			for depth := 1; depth <= maxDepth; depth++ {
				if depth > 1 && prev > 0 && last*last/prev > maxNodes {
					break
				}
				prev, last = last, compareAtomic(t, ops, fen, depth)
				perDepth[depth]++
				if last == 0 {
					break
				}
			}
		}
		t.Logf("atomic (Chess960 starts: %v): %d positions (%d games over), compared at depth 1..%d: %v", chess960, len(fens), over, maxDepth, perDepth[1:])
	}
}

// TestAtomicPublished counts the published atomic perft positions of
// testdata/variants (python-chess's and shakmaty's, see SOURCES.md) up to
// GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES leaves (1,000,000).
func TestAtomicPublished(t *testing.T) {
	checkPublished(t, core.Atomic, 0)
}

// checkPublished counts the published perft positions of variant v,
// testdata/variants/NAME.perft, up to GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES
// leaves (1,000,000), by Count and, up to full leaves, by CountFull too. It
// returns how many counts it checked.
func checkPublished(t *testing.T, v core.Variant, full int64) int {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "variants", v.String()+".perft"))
	require.NoError(t, err)
	vectors, err := variantoracle.ReadVectors(f)
	require.NoError(t, f.Close())
	require.NoError(t, err)
	require.NotEmpty(t, vectors)
	limit := int64(pgncorpus.EnvInt(t, envPublishedNodes, 1_000_000))
	checked := 0
	for _, vec := range vectors {
		if vec.Nodes > limit {
			continue
		}
		p, err := core.ParseVariantFEN(v, vec.FEN)
		require.NoError(t, err, vec.FEN)
		assert.Equal(t, uint64(vec.Nodes), perft.Count(&p, vec.Depth), "%s (%s) perft %d", vec.ID, vec.FEN, vec.Depth)
		if vec.Nodes <= full {
			assert.Equal(t, uint64(vec.Nodes), perft.CountFull(&p, vec.Depth), "%s (%s) full perft %d", vec.ID, vec.FEN, vec.Depth)
		}
		checked++
	}
	t.Logf("%d of %d published %v counts of up to %d leaves checked", checked, len(vectors), v, limit)
	return checked
}
