package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLegalPawnMoveToMatchesLegalMoves asks LegalPawnMoveTo, for every
// from file, destination and promotion (valid or not), in positions from
// the perft suites and random games from them, and requires the move that
// filtering LegalMoves gives: the pawn move from that file to that square
// with that promotion, a push when the file is the destination's.
func TestLegalPawnMoveToMatchesLegalMoves(t *testing.T) {
	fens := suiteFENs(t, "../testdata/perft/standard.epd")
	fens = append(fens, suiteFENs(t, "../testdata/perft/tricky.perft")...)
	fens = append(fens, suiteFENs(t, "../testdata/perft/chess960.epd")[:40]...)
	r := rand.New(rand.NewPCG(7, 3))
	positions, asked, found := 0, 0, 0
	var ml MoveList
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		for range 16 {
			p.LegalMoves(&ml)
			for file := -1; file <= 8; file++ {
				for to := A1; to <= H8+1; to++ {
					for promo := NoPieceType; promo <= King+1; promo++ {
						want := NoMove
						for _, m := range ml.Moves() {
							if m.Piece() == Pawn && m.To() == to && m.From().File() == file && m.Promotion() == promo &&
								(file == to.File()) == !m.IsCapture() {
								want = m
							}
						}
						if got := p.LegalPawnMoveTo(file, to, promo); got != want {
							t.Fatalf("%s: LegalPawnMoveTo(%d, %v, %v) = %v; LegalMoves has %v",
								p.FEN(), file, to, promo, got, want)
						}
						asked++
						if want != NoMove {
							found++
						}
					}
				}
			}
			positions++
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(r.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions, %d questions, %d legal moves", positions, asked, found)
}
