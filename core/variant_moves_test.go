package core_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/variantoracle"
)

// writerMoves is the count the generator's writers keep in one byte: a
// side with more moves is written by a slower path.
const writerMoves = 255

// TestVariantMostMoves holds the variant positions with the most moves a
// search found (simulated annealing over boards, within each variant's
// material rules), each a position chessops accepts, to chessops: gambit
// accepts the FEN, its list holds every move once, and the moves and the
// replies to each are chessops's (a divide of depth 2).
func TestVariantMostMoves(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		v    core.Variant
		fen  string
		past bool // more moves than the writers hold
	}{
		// A horde of queens around an empty middle: more moves than the
		// writers hold, written one piece at a time.
		{"horde", core.Horde, "QQQQQQBk/Q5RB/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQB w - - 0 1", true},
		// The same with Black to move: White's moves come after Black's.
		{"horde after a black move", core.Horde, "QQQQQQBk/Q5RB/Q6Q/Q6Q/Q6Q/Q2p3Q/Q6Q/QQQQQQQB b - - 0 1", false},
		// Crazyhouse with every piece in both pockets and queens on the
		// board: drops past the writers, within a MoveList.
		{"crazyhouse", core.Crazyhouse, "3Q1QBk/Q5Rn/2Q4Q/4Q3/1Q4Q1/3Q4/Q4Q2/K1Q4Q[PNBRQpnbrq] w - - 0 1", true},
		// Antichess's material (8 pawns and their promotions, kings
		// among them) stays below the writers' bound.
		{"antichess", core.Antichess, "R3Q3/2Q4B/5Q1B/3Q4/1Q4QN/4Q3/2Q4K/R4Q2 w - - 0 1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseVariantFEN(tc.v, tc.fen)
			require.NoError(t, err, "gambit refuses what chessops accepts")
			var ml core.MoveList
			p.LegalMoves(&ml)
			assert.Equal(t, p.CountLegalMoves(), ml.Len())
			if tc.past {
				assert.Greater(t, ml.Len(), writerMoves)
			}
			want, err := ops.Divide(ctx, tc.v.String(), tc.fen, 2)
			require.NoError(t, err)
			got := variantoracle.Divide{}
			for _, m := range ml.Moves() {
				name := p.UCI(m)
				assert.NotContains(t, got, name, "written twice")
				u := p.MakeMove(m)
				var replies core.MoveList
				p.LegalMoves(&replies)
				got[name] = int64(replies.Len())
				assert.Equal(t, p.CountLegalMoves(), replies.Len(), "after %s", name)
				p.UnmakeMove(m, u)
			}
			assert.Equal(t, tc.fen, p.FEN(), "unmade")
			t.Logf("%v: %d moves, %d replies", tc.v, ml.Len(), want.Total())
			if diff := variantoracle.Compare("gambit", got, "chessops", want); diff != "" {
				t.Error(diff)
			}
		})
	}
}
