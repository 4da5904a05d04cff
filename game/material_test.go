package game_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
)

// The positions TestInsufficientMaterialMatchesChessops asks chessops
// about, per variant: where materialGames seeded random games of up to
// materialPlies plies stopped, and a batch of materialSparse seeded
// random placements for each bound of sparseMost (the pieces a side
// besides its king), the material-poor positions random games seldom
// reach: 3,300 a variant.
const (
	materialGames, materialPlies = 300, 300
	materialSparse               = 1000
)

// sparseMost bounds the pieces a side has besides its king in each batch
// of sparse placements.
var sparseMost = []int{1, 3, 5}

// TestInsufficientMaterialMatchesChessops holds each side's
// HasInsufficientMaterial and the game's InsufficientMaterial ending to
// chessops's hasInsufficientMaterial and isInsufficientMaterial (with
// its outcome), in standard chess and every variant core plays, on the
// positions of random games and of random sparse placements.
func TestInsufficientMaterialMatchesChessops(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	ctx := context.Background()
	variants := append([]core.Variant{core.Standard}, varianttest.Played()...)
	for i, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			seed := uint32(500 + i)
			fens, err := ops.Random(ctx, variantoracle.Games{Variant: v.String(), Seed: seed, Plies: materialPlies, N: materialGames})
			require.NoError(t, err)
			for _, most := range sparseMost {
				sparse, err := ops.Sparse(ctx, v.String(), seed, materialSparse, most)
				require.NoError(t, err)
				fens = append(fens, sparse...)
			}
			var white, black, both, ended int
			for _, fen := range fens {
				g, err := game.FromVariantFEN(v, fen)
				require.NoError(t, err, "gambit refuses what chessops allows")
				want, err := ops.InsufficientMaterial(ctx, v.String(), fen)
				require.NoError(t, err)
				got := variantoracle.Insufficient{
					White: g.HasInsufficientMaterial(core.White),
					Black: g.HasInsufficientMaterial(core.Black),
				}
				got.Both = got.White && got.Black
				require.Equal(t, want, got, "%v %s", v, fen)
				st, err := ops.Status(ctx, v.String(), fen)
				require.NoError(t, err)
				require.Equal(t, st.Reason == "insufficient", g.Status() == game.InsufficientMaterial,
					"%v %s: chessops %v, gambit %v", v, fen, st, g.Outcome())
				white, black = white+count(want.White), black+count(want.Black)
				both += count(want.Both)
				ended += count(g.Status() == game.InsufficientMaterial)
			}
			t.Logf("%v: %d positions; insufficient for White %d, for Black %d, for both %d; %d drawn by it",
				v, len(fens), white, black, both, ended)
			switch v {
			case core.KingOfTheHill, core.RacingKings:
				// Never: the sparse positions still test that gambit says so.
			case core.Horde:
				assert.Positive(t, white, "the horde's rule is met")
			default:
				assert.Positive(t, both, "positions drawn by the material")
				assert.Positive(t, ended, "games ended by the material")
			}
		})
	}
}

// count is 1 for true.
func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestInsufficientMaterialRules plays through the rules of each variant
// on positions made for them, so that a failure says which rule broke.
func TestInsufficientMaterialRules(t *testing.T) {
	for _, tc := range []struct {
		v            core.Variant
		fen          string
		white, black bool
	}{
		{core.Standard, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", true, true},
		{core.Standard, "8/8/4k3/8/8/3NK3/8/q7 w - - 0 1", true, false},
		{core.Standard, "8/8/4k3/8/8/3NK3/8/r7 w - - 0 1", false, false},
		{core.Standard, "8/8/2b1k3/8/8/3BK3/8/8 w - - 0 1", true, true},
		{core.Standard, "8/8/3bk3/8/8/3BK3/8/8 w - - 0 1", false, false},
		{core.ThreeCheck, "8/8/4k3/8/8/3NK3/8/8 w - - 3+3 0 1", false, true},
		{core.KingOfTheHill, "8/8/4k3/8/8/4K3/8/8 w - - 0 1", false, false},
		{core.Atomic, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", true, true},
		{core.Atomic, "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", false, true},
		{core.Atomic, "8/8/4k3/3n4/8/3NK3/8/8 w - - 0 1", false, false},
		{core.Atomic, "8/8/2b1k3/8/8/3BK3/8/8 w - - 0 1", false, false},
		{core.Atomic, "8/8/3bk3/8/8/3BK3/8/8 w - - 0 1", true, true},
		{core.Antichess, "2b5/8/8/8/8/8/8/B7 w - - 0 1", true, true},
		{core.Antichess, "1b6/8/8/8/8/8/8/B7 w - - 0 1", false, false},
		{core.Antichess, "8/8/8/8/8/8/8/BBb5 w - - 0 1", true, false},
		{core.Horde, "4k3/8/8/8/8/8/8/4N3 w - - 0 1", true, false},
		{core.Horde, "4k3/8/8/8/8/8/8/3QN3 w - - 0 1", false, false},
		{core.Horde, "4k3/8/8/8/8/8/4P3/8 w - - 0 1", true, false},
		{core.Horde, "4k3/4p3/8/8/8/8/4P3/8 w - - 0 1", false, false},
		{core.Horde, "2b1k3/8/8/8/8/8/8/4NN2 w - - 0 1", false, false},
		{core.Horde, "4k2r/8/8/8/8/8/8/4NN2 w - - 0 1", true, false},
		{core.Horde, "1n2k3/b1b5/8/8/8/8/8/6N1 w - - 0 1", true, false},
		{core.Horde, "1n2k3/b1b5/8/8/8/8/1p6/6N1 w - - 0 1", false, false},
	} {
		t.Run(fmt.Sprintf("%v %s", tc.v, tc.fen), func(t *testing.T) {
			g, err := game.FromVariantFEN(tc.v, tc.fen)
			require.NoError(t, err)
			assert.Equal(t, tc.white, g.HasInsufficientMaterial(core.White), "White")
			assert.Equal(t, tc.black, g.HasInsufficientMaterial(core.Black), "Black")
			assert.Equal(t, tc.white && tc.black, g.Status() == game.InsufficientMaterial, "%v", g.Outcome())
		})
	}
}
