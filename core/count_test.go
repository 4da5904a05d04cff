package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCountLegalMovesMatchesList checks the counting generator and the
// captures-only one against the full list in every position of a small tree
// of each bench position.
func TestCountLegalMovesMatchesList(t *testing.T) {
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var ml MoveList
		p.LegalMoves(&ml)
		require.Equal(t, ml.Len(), p.CountLegalMoves(), p.FEN())
		require.Equal(t, ml.Len() > 0, p.HasLegalMoves(), p.FEN())
		// CaptureMoves is exactly the captures and promotions of LegalMoves.
		var want []Move
		for _, m := range ml.Moves() {
			if m.IsCapture() || m.IsPromotion() {
				want = append(want, m)
			}
		}
		var caps MoveList
		p.CaptureMoves(&caps)
		require.ElementsMatch(t, want, caps.Moves(), p.FEN())
		if depth == 0 {
			return
		}
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			walk(p, depth-1)
			p.UnmakeMove(m, u)
		}
	}
	for _, fen := range append(benchFENs,
		"8/P1k5/K7/8/8/8/8/8 w - - 0 1",        // promotions
		"4k3/8/8/8/8/8/1p6/R3K2R b KQ - 0 1",   // capture-promotions onto castling rooks
		"8/8/8/2k5/3Pp3/8/8/4K2B b - d3 0 1",   // en passant
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // castling
		"1r4k1/8/8/8/8/8/8/1R4KR w HB - 0 1",   // Chess960 castling
	) {
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		walk(&p, 2)
	}
}
