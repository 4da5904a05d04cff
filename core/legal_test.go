package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLegalMoveMatchesLegalMoves asks LegalMove for every from, to and
// promotion in positions from the perft suites and random games, and
// requires exactly the moves LegalMoves gives.
func TestLegalMoveMatchesLegalMoves(t *testing.T) {
	fens := suiteFENs(t, "../testdata/perft/standard.epd")
	fens = append(fens, suiteFENs(t, "../testdata/perft/tricky.perft")...)
	fens = append(fens, suiteFENs(t, "../testdata/perft/chess960.epd")[:40]...)
	r := rand.New(rand.NewPCG(7, 7))
	promos := []PieceType{NoPieceType, Knight, Bishop, Rook, Queen, Pawn, King, 7}
	positions, moves := 0, 0
	var ml MoveList
	var want [64][64][8]Move // [from][to][promotion]
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		for range 12 { // the start and a short random game from it
			p.LegalMoves(&ml)
			want = [64][64][8]Move{}
			for _, m := range ml.Moves() {
				want[m.From()][m.To()][m.Promotion()] = m
			}
			for from := A1; from <= H8; from++ {
				for to := A1; to <= H8; to++ {
					for _, promo := range promos {
						if got := p.LegalMove(from, to, promo); got != want[from][to][promo] {
							t.Fatalf("%s: LegalMove(%v, %v, %v) = %v, LegalMoves has %v",
								p.FEN(), from, to, promo, got, want[from][to][promo])
						}
					}
				}
			}
			require.Equal(t, NoMove, p.LegalMove(NoSquare, A1, NoPieceType))
			positions++
			moves += ml.Len()
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(r.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions, %d legal moves, every from/to/promotion asked", positions, moves)
}

func TestRepetitionKey(t *testing.T) {
	// White has just played e2-e4 next to the black d4 pawn, but taking en
	// passant would open the fourth rank to the rook on h4: the file is
	// hashed (Polyglot) while no capture is legal, so the repetition key
	// equals that of the same position without the en-passant square.
	withEP, err := ParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1")
	require.NoError(t, err)
	require.Equal(t, NoSquare, withEP.EnPassant())
	without, err := ParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
	require.NoError(t, err)
	require.NotEqual(t, without.Hash(), withEP.Hash(), "Polyglot hashes the adjacent pawn's file")
	require.Equal(t, without.RepetitionKey(), withEP.RepetitionKey())
	require.Equal(t, without.Hash(), without.RepetitionKey())

	// A legal en-passant capture keeps its file in the key.
	legal, err := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	require.NoError(t, err)
	require.Equal(t, legal.Hash(), legal.RepetitionKey())
}
