package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCrazyhouseInvariants plays seeded random Crazyhouse games, from the
// start and from Chess960 arrays, and checks on every position and every
// legal move there: the incremental hash equals computeHash (pockets and
// promoted pieces included); UnmakeMove gives back the FEN, hash and
// pockets; counting, writing, CountLegalMovesAfter, IsLegal, GivesCheck and
// ParseUCI agree; FEN reads back to the same position. The games are long,
// so pockets fill up, promoted pieces are taken and drops decide games.
func TestCrazyhouseInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 2026))
	drops, promotedCaptures, mates := 0, 0, 0
	for game := range 24 {
		fen := VariantStartFEN(Crazyhouse)
		if game%4 == 3 {
			fen = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR[] w HFhf - 0 1"
		}
		p, err := ParseVariantFEN(Crazyhouse, fen)
		require.NoError(t, err)
		var ml MoveList
		for ply := 0; ply < 160; ply++ {
			p.LegalMoves(&ml)
			require.Equal(t, ml.Len(), p.CountLegalMoves(), "%s", p.FEN())
			if ml.Len() == 0 {
				if p.InCheck() {
					mates++
				}
				break
			}
			before, hash := p.FEN(), p.Hash()
			pockets, promoted := p.pockets, p.promoted
			for _, m := range ml.Moves() {
				require.True(t, p.IsLegal(m), "%s: %v", before, m)
				back, err := p.ParseUCI(p.UCI(m))
				require.NoError(t, err, "%s: %v", before, m)
				require.Equal(t, m, back, "%s: %v", before, m)
				after := p.CountLegalMovesAfter(m)
				gives := p.GivesCheck(m)
				u := p.MakeMove(m)
				require.Equal(t, p.computeHash(), p.Hash(), "%s: %v", before, m)
				require.Equal(t, after, p.CountLegalMoves(), "%s: %v", before, m)
				require.Equal(t, gives, p.InCheck(), "%s: %v gives check", before, m)
				p.UnmakeMove(m, u)
				require.Equal(t, before, p.FEN(), "%v made and unmade", m)
				require.Equal(t, hash, p.Hash(), "%s: %v made and unmade", before, m)
				require.Equal(t, pockets, p.pockets)
				require.Equal(t, promoted, p.promoted)
			}
			q, err := ParseVariantFEN(Crazyhouse, before)
			require.NoError(t, err, before)
			require.Equal(t, before, q.FEN())
			require.Equal(t, hash, q.Hash(), before)

			m := ml.At(r.IntN(ml.Len()))
			if m.IsDrop() {
				drops++
			}
			if m&flagPromotedCapture != 0 {
				promotedCaptures++
			}
			p.MakeMove(m)
		}
	}
	t.Logf("%d drops, %d captures of promoted pieces, %d mates", drops, promotedCaptures, mates)
	require.Positive(t, drops)
	require.Positive(t, promotedCaptures)
}

// TestCrazyhouseOneByOne checks the slow path of the board moves, for more
// material on the board than the standard writers hold, against the
// standard generator on positions where both work.
func TestCrazyhouseOneByOne(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
		"4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR[] w KQkq d6 0 3",
		"4k3/8/8/8/8/8/8/r3K3[QN] w - - 0 1",
	} {
		p, err := ParseVariantFEN(Crazyhouse, fen)
		require.NoError(t, err, fen)
		for _, mode := range []genMode{genAll, genCaptures, genQuiets, genPromotions, genUnderPromotions} {
			var want, got MoveList
			p.standardMoves(&want, mode)
			p.boardMovesOneByOne(&got, mode)
			for i, m := range want.Moves() {
				if m.IsCapture() && p.promoted.Has(m.To()) {
					want.Set(i, m|flagPromotedCapture)
				}
			}
			require.ElementsMatch(t, want.Moves(), got.Moves(), "%s mode %d", fen, mode)
			require.Equal(t, Crazyhouse, p.Variant())
		}
	}
}
