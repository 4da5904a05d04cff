package core_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

func TestCrazyhouseFEN(t *testing.T) {
	// Brackets and the ninth rank read to the same position; FEN writes
	// brackets, White's pieces first, each side pawns to queens.
	brackets, err := core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[nQpPq] w - - 0 1")
	require.NoError(t, err)
	rank, err := core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3/QPnpq w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, "2k5/8/8/8/8/8/8/4K3[PQpnq] w - - 0 1", brackets.FEN())
	assert.Equal(t, brackets.FEN(), rank.FEN())
	assert.Equal(t, brackets.Hash(), rank.Hash())
	assert.Equal(t, 1, brackets.Pocket(core.White, core.Queen))
	assert.Equal(t, 1, brackets.Pocket(core.Black, core.Knight))
	assert.Zero(t, brackets.Pocket(core.White, core.Knight))

	// No pockets, an empty pair and an empty ninth rank are the same.
	for _, fen := range []string{
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R/ w KQkq - 0 1",
	} {
		p, err := core.ParseVariantFEN(core.Crazyhouse, fen)
		require.NoError(t, err, fen)
		assert.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", p.FEN(), fen)
	}

	// A promoted piece keeps its mark, and the mark is in the hash.
	promoted, err := core.ParseVariantFEN(core.Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", promoted.FEN())
	assert.Equal(t, core.B7.Bitboard(), promoted.Promoted())
	plain, err := core.ParseVariantFEN(core.Crazyhouse, "4k3/1Q6/8/8/4b3/8/Kpp5/8[] b - - 0 1")
	require.NoError(t, err)
	assert.NotEqual(t, plain.Hash(), promoted.Hash(), "the promoted mark is in the hash")
	assert.NotEqual(t, plain.Hash(), rank.Hash())
	assert.NotEqual(t, brackets.Hash(), func() uint64 {
		p, err := core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[PQpn] w - - 0 1")
		require.NoError(t, err)
		return p.Hash()
	}(), "the pockets are in the hash")
	start, err := core.VariantStartPosition(core.Crazyhouse)
	require.NoError(t, err)
	std := core.StartPosition()
	assert.NotEqual(t, std.Hash(), start.Hash(), "the variant is in the hash")

	for _, tc := range []struct{ fen, field string }{
		{"2k5/8/8/8/8/8/8/4K3[K] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[Qx] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[Q w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3]Q[ w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[Q][q] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3Q] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/~4K3 w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K~3 w - - 0 1", "board"},
		{"2k5/8/8/8/8/8/P~7/4K3 w - - 0 1", "board"},
		{"2k5/8/8/8/8/8/Q~~7/4K3 w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3/Q/q w - - 0 1", "pockets"},
		{"2k5/8/8/8/8/8/8/4K3[p] w - - 0 1 extra", "fields"},
	} {
		_, err := core.ParseVariantFEN(core.Crazyhouse, tc.fen)
		var fe *core.FENError
		require.True(t, errors.As(err, &fe), "%s: %v", tc.fen, err)
		assert.Equal(t, tc.field, fe.Field, "%s: %v", tc.fen, err)
		assert.ErrorIs(t, err, core.ErrInvalidFEN, tc.fen)
	}
	// Pockets and marks are Crazyhouse's: elsewhere they are errors.
	_, err = core.ParseFEN("2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1")
	assert.ErrorIs(t, err, core.ErrInvalidFEN)
	_, err = core.ParseVariantFEN(core.KingOfTheHill, "4k3/1Q~6/8/8/8/8/8/K7 w - - 0 1")
	assert.ErrorIs(t, err, core.ErrInvalidFEN)
	// One side may have more than the starting set, both together not.
	_, err = core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/NNN1K3[NN] w - - 0 1")
	assert.NoError(t, err)
}

func TestCrazyhouseDrops(t *testing.T) {
	// Every piece type in both pockets: 301 moves, more than 256.
	p, err := core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1")
	require.NoError(t, err)
	var ml core.MoveList
	p.LegalMoves(&ml)
	assert.Equal(t, 301, ml.Len())
	assert.Equal(t, 301, p.CountLegalMoves())
	drops := 0
	for _, m := range ml.Moves() {
		if m.IsDrop() {
			drops++
			assert.Equal(t, m.From(), m.To(), "a drop's from is its square")
			assert.False(t, m.IsCapture())
		}
	}
	assert.Equal(t, 4*62+48, drops)

	m, err := p.ParseUCI("N@f3")
	require.NoError(t, err)
	assert.True(t, m.IsDrop())
	assert.Equal(t, core.Knight, m.Piece())
	assert.Equal(t, core.F3, m.To())
	assert.Equal(t, "N@f3", m.String())
	assert.Equal(t, "N@f3", p.UCI(m))
	assert.True(t, p.IsLegal(m))
	assert.Equal(t, m, p.LegalDrop(core.Knight, core.F3))
	lower, err := p.ParseUCI("n@f3")
	require.NoError(t, err)
	assert.Equal(t, m, lower)
	pawn, err := p.ParseUCI("P@e4")
	require.NoError(t, err)
	assert.Equal(t, "P@e4", pawn.String())
	for _, bad := range []string{"P@e1", "P@a8", "N@e1", "K@e4"} {
		_, err := p.ParseUCI(bad)
		assert.Error(t, err, bad)
	}
	_, err = p.ParseUCI("K@e4")
	assert.ErrorIs(t, err, core.ErrMoveSyntax)
	_, err = p.ParseUCI("N@e1")
	assert.ErrorIs(t, err, core.ErrIllegalMove, "occupied")
	assert.Equal(t, core.NoMove, p.LegalDrop(core.King, core.E4))
	assert.Equal(t, core.NoMove, p.LegalDrop(core.Pawn, core.E8))

	before, hash := p.FEN(), p.Hash()
	u := p.MakeMove(m)
	assert.Equal(t, "2k5/8/8/8/8/5N2/8/4K3[PBRQpnbrq] b - - 1 1", p.FEN())
	assert.Equal(t, 0, p.Pocket(core.White, core.Knight))
	assert.False(t, p.IsLegal(m), "the knight is spent and f3 taken")
	p.UnmakeMove(m, u)
	assert.Equal(t, before, p.FEN())
	assert.Equal(t, hash, p.Hash())

	// In another variant there are no drops.
	q := core.StartPosition()
	_, err = q.ParseUCI("N@f3")
	assert.ErrorIs(t, err, core.ErrIllegalMove)
	assert.Equal(t, core.NoMove, q.LegalDrop(core.Knight, core.F3))
	assert.False(t, q.IsLegal(m))
}

// TestCrazyhouseChecks drops into check: only between a lone slider and
// the king, none against a knight's check or a double check.
func TestCrazyhouseChecks(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		drops []string
	}{
		{"4k3/8/8/8/8/8/8/r3K3[NP] w - - 0 1", []string{"N@b1", "N@c1", "N@d1"}},
		{"4k3/8/8/8/8/8/8/3rK3[NP] w - - 0 1", nil},
		{"4k3/8/8/8/8/8/2n5/4K3[NP] w - - 0 1", nil},
		{"4k3/8/8/8/1b6/8/8/r3K3[NP] w - - 0 1", nil},
		{"4k3/8/8/b7/8/8/8/4K3[NP] w - - 0 1", []string{"N@b4", "N@c3", "N@d2", "P@b4", "P@c3", "P@d2"}},
	} {
		p, err := core.ParseVariantFEN(core.Crazyhouse, tc.fen)
		require.NoError(t, err, tc.fen)
		var ml core.MoveList
		p.LegalMoves(&ml)
		var drops []string
		for _, m := range ml.Moves() {
			if m.IsDrop() {
				drops = append(drops, m.String())
			}
		}
		assert.ElementsMatch(t, tc.drops, drops, tc.fen)
		assert.Equal(t, ml.Len(), p.CountLegalMoves(), tc.fen)
	}
}

// TestCrazyhouseMates: a drop mates, a pawn's too, as lichess allows.
func TestCrazyhouseMates(t *testing.T) {
	for _, tc := range []struct{ fen, move string }{
		{"7k/6pp/8/8/8/8/8/K7[Q] w - - 0 1", "Q@e8"},
		{"7k/7p/4NN2/8/8/8/8/K7[P] w - - 0 1", "P@g7"},
	} {
		p, err := core.ParseVariantFEN(core.Crazyhouse, tc.fen)
		require.NoError(t, err, tc.fen)
		m, err := p.ParseUCI(tc.move)
		require.NoError(t, err, tc.fen)
		assert.True(t, p.GivesCheck(m), tc.move)
		assert.Zero(t, p.CountLegalMovesAfter(m), tc.move)
		p.MakeMove(m)
		assert.Equal(t, core.Checkmate, p.Status(), "%s %s", tc.fen, tc.move)
	}
}

// TestCrazyhousePromoted: a captured promoted piece goes to the pocket as
// a pawn, and comes back promoted on unmake; a promotion marks its piece.
func TestCrazyhousePromoted(t *testing.T) {
	p, err := core.ParseVariantFEN(core.Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1")
	require.NoError(t, err)
	before, hash := p.FEN(), p.Hash()
	m, err := p.ParseUCI("e4b7")
	require.NoError(t, err)
	assert.Equal(t, core.Queen, m.Captured())
	u := p.MakeMove(m)
	assert.Equal(t, "4k3/1b6/8/8/8/8/Kpp5/8[p] w - - 0 2", p.FEN())
	assert.Equal(t, 1, p.Pocket(core.Black, core.Pawn))
	assert.Zero(t, p.Pocket(core.Black, core.Queen))
	p.UnmakeMove(m, u)
	assert.Equal(t, before, p.FEN())
	assert.Equal(t, hash, p.Hash())

	promo, err := p.ParseUCI("c2c1q")
	require.NoError(t, err)
	p.MakeMove(promo)
	assert.Equal(t, "4k3/1Q~6/8/8/4b3/8/Kp6/2q~5[] w - - 0 2", p.FEN())
	assert.Equal(t, core.B7.Bitboard()|core.C1.Bitboard(), p.Promoted())
	q, err := core.ParseVariantFEN(core.Crazyhouse, p.FEN())
	require.NoError(t, err)
	assert.Equal(t, p.Hash(), q.Hash())
}

func TestCrazyhouseInsufficientMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3[] w - - 0 1":    true,
		"4k3/8/8/8/8/8/8/4K3[n] w - - 0 1":   true,
		"4k3/8/8/8/8/8/8/3NK3[] w - - 0 1":   true,
		"4k3/8/8/8/8/8/8/3NK3[b] w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/4K3[p] w - - 0 1":   false,
		"4k3/8/8/8/8/8/8/4K3[R] w - - 0 1":   false,
		"4k3/8/8/8/8/8/8/3N~K3[] w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/3BK3[] b - - 0 1":   true,
		"4k3/8/8/8/8/8/8/3QK3[] w - - 0 1":   false,
		"4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/2NNK3[] w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1":  false,
		"4k3/8/8/8/8/8/8/4K3[B] w - - 0 1":   true,
		"4k3/8/8/8/8/8/8/3RK3[] w - - 99 1":  false,
		"4k3/8/8/8/8/8/8/3bK3[] w - - 99 1":  true,
		"4k3/8/8/8/8/8/8/4K3[q] w - - 99 1":  false,
		"4k3/8/8/8/8/8/8/3nK3[P] w - - 99 1": false,
	} {
		p, err := core.ParseVariantFEN(core.Crazyhouse, fen)
		require.NoError(t, err, fen)
		assert.Equal(t, want, p.IsInsufficientMaterial(), fen)
	}
}

// TestCrazyhouseAllocs: drops, pockets and promoted pieces allocate
// nothing in generating, counting, making and unmaking.
func TestCrazyhouseAllocs(t *testing.T) {
	for _, fen := range []string{
		"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
		"4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nn] b - - 0 1",
		"r1b2rk1/1pp1qp2/5n1p/1Bp5/4P3/5P2/PP3P1P/R2Q1RK1[NPPPBPpnbn] b - - 31 16",
	} {
		p, err := core.ParseVariantFEN(core.Crazyhouse, fen)
		require.NoError(t, err, fen)
		assertNoAllocs(t, core.Crazyhouse, &p)
	}
}
