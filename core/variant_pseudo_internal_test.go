package core

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPseudoMovesByPiece checks the slow path of Antichess and Horde's
// side without a king (pseudoMovesByPiece, for sides with more moves than
// the writers hold) against the writers on the positions of seeded random
// games, for every kind of moves a caller asks for: the same moves, in
// any order. Antichess's forced captures and promotions to a king, and
// the horde's pawns on their first rank, come up in these games.
func TestPseudoMovesByPiece(t *testing.T) {
	modes := []genMode{genAll, genCaptures, genQuiets, genPromotions, genUnderPromotions,
		genCaptures | genPromotions, genCaptures | genPromotions | genUnderPromotions}
	r := rand.New(rand.NewPCG(41, 2026))
	forced, compared := 0, 0
	for _, v := range []Variant{Antichess, Horde} {
		for range 20 {
			p, err := VariantStartPosition(v)
			require.NoError(t, err)
			for range 150 {
				var all MoveList
				p.LegalMoves(&all)
				if all.Len() == 0 {
					break
				}
				pseudo := v == Antichess || p.byType[King]&p.byColor[p.side()] == 0
				if pseudo && !p.variantEnded() {
					if v == Antichess && p.antichessMustCapture() {
						forced++
					}
					for _, mode := range modes {
						var fast, slow MoveList
						n := p.variantMoves(&fast, mode)
						require.Equal(t, n, p.pseudoMovesByPiece(&slow, mode), "%s mode %b", p.FEN(), mode)
						a, b := slices.Clone(fast.Moves()), slices.Clone(slow.Moves())
						slices.Sort(a)
						slices.Sort(b)
						require.Equal(t, a, b, "%s mode %b", p.FEN(), mode)
						compared++
					}
				}
				m := all.At(r.IntN(all.Len()))
				p.MakeMove(m)
			}
		}
	}
	t.Logf("%d lists compared, %d Antichess positions with a forced capture", compared, forced)
	require.Positive(t, forced)
}
