package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCountLegalMovesAfterMatchesMakeCount checks CountLegalMovesAfter
// against MakeMove, CountLegalMoves and UnmakeMove on every legal move of
// every position of the random games (standard, Chess960, the suites'
// positions), castling, en passant, promotions and checks included, and that
// it leaves the position exactly as it was, its cached checkers too.
func TestCountLegalMovesAfterMatchesMakeCount(t *testing.T) {
	var ml MoveList
	moves, castles, enPassants, promotions, evasions := 0, 0, 0, 0, 0
	n := forEachGamePosition(t, invariantSeed, func(p *Position, path []string) {
		p.LegalMoves(&ml) // computes the checkers: the cache is known
		for _, m := range ml.Moves() {
			before := *p
			got := p.CountLegalMovesAfter(m)
			require.Equal(t, before, *p, "CountLegalMovesAfter(%s) changed the position: %s", p.UCI(m), where(p, path))
			u := p.MakeMove(m)
			want := p.CountLegalMoves()
			if p.InCheck() {
				evasions++
			}
			p.UnmakeMove(m, u)
			require.Equal(t, want, got, "moves after %s: %s", p.UCI(m), where(p, path))
			moves++
			switch {
			case m.IsCastle():
				castles++
			case m.IsEnPassant():
				enPassants++
			case m.IsPromotion():
				promotions++
			}
		}
	})
	t.Logf("%d positions, %d moves: %d castling, %d en passant, %d promotions, %d giving check", n, moves, castles, enPassants, promotions, evasions)
	require.Positive(t, castles)
	require.Positive(t, enPassants)
	require.Positive(t, promotions)
	require.Positive(t, evasions)
}

// TestCountLegalMovesAfterUnknownCheckers checks that the cached checkers
// come back as they were when they had not been computed yet.
func TestCountLegalMovesAfterUnknownCheckers(t *testing.T) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	var ml MoveList
	p.LegalMoves(&ml)
	p.checkers = unknownCheckers
	before := p
	for _, m := range ml.Moves() {
		p.CountLegalMovesAfter(m)
		require.Equal(t, before, p)
	}
}

// BenchmarkCountLegalMovesAfter counts the replies to every legal move of
// benchFENs (six positions an op); BenchmarkMakeCountUnmake does the same
// with MakeMove, CountLegalMoves and UnmakeMove. Both report ns a move.
func BenchmarkCountLegalMovesAfter(b *testing.B) {
	benchReplies(b, func(p *Position, m Move) int { return p.CountLegalMovesAfter(m) })
}

func BenchmarkMakeCountUnmake(b *testing.B) {
	benchReplies(b, func(p *Position, m Move) int {
		u := p.MakeMove(m)
		n := p.CountLegalMoves()
		p.UnmakeMove(m, u)
		return n
	})
}

func benchReplies(b *testing.B, count func(*Position, Move) int) {
	ps := benchPositions(b)
	moves := make([][]Move, len(ps))
	total := 0
	for i := range ps {
		var ml MoveList
		ps[i].LegalMoves(&ml)
		moves[i] = append([]Move(nil), ml.Moves()...)
		total += ml.Len()
	}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			for _, m := range moves[i] {
				n += count(&ps[i], m)
			}
		}
	}
	require.Positive(b, n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(total), "ns/move")
}
