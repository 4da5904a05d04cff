package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLegalMoveToMatchesLegalMoves asks LegalMoveTo, for every piece type,
// destination and from-set a move's notation can name (all squares, a
// file, a rank, a square), in positions from the perft suites and random
// games from them, and requires the count and the move that filtering
// LegalMoves gives.
func TestLegalMoveToMatchesLegalMoves(t *testing.T) {
	fens := suiteFENs(t, "../testdata/perft/standard.epd")
	fens = append(fens, suiteFENs(t, "../testdata/perft/tricky.perft")...)
	fens = append(fens, suiteFENs(t, "../testdata/perft/chess960.epd")[:40]...)
	r := rand.New(rand.NewPCG(5, 9))
	froms := []Bitboard{^Bitboard(0)}
	for i := range 8 {
		froms = append(froms, FileA<<i, Rank1<<(8*i))
	}
	for sq := A1; sq <= H8; sq++ {
		froms = append(froms, sq.Bitboard())
	}
	positions, asked := 0, 0
	var ml MoveList
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		for range 12 {
			p.LegalMoves(&ml)
			for pt := NoPieceType; pt <= King+1; pt++ {
				for to := A1; to <= H8; to++ {
					for _, from := range froms {
						want, n := NoMove, 0
						for _, m := range ml.Moves() {
							if m.Piece() == pt && pt != Pawn && !m.IsCastle() && m.To() == to && from.Has(m.From()) {
								want = m
								n++
							}
						}
						got, gotN := p.LegalMoveTo(pt, from, to)
						if gotN != n || got != want {
							t.Fatalf("%s: LegalMoveTo(%v, %x, %v) = %v, %d; LegalMoves has %v, %d",
								p.FEN(), pt, uint64(from), to, got, gotN, want, n)
						}
						asked++
					}
				}
			}
			m, n := p.LegalMoveTo(Knight, ^Bitboard(0), NoSquare)
			require.Equal(t, NoMove, m)
			require.Zero(t, n)
			positions++
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(r.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions, %d questions", positions, asked)
}
