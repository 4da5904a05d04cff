package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Benchmarks of what a search asks of a position, over benchFENs (six
// positions an op): the partial generators, the check and pin queries,
// IsLegal, History and the move picker.

func BenchmarkCaptureMoves(b *testing.B)    { benchGenerate(b, (*Position).CaptureMoves) }
func BenchmarkQuietMoves(b *testing.B)      { benchGenerate(b, (*Position).QuietMoves) }
func BenchmarkQuiescenceMoves(b *testing.B) { benchGenerate(b, (*Position).QuiescenceMoves) }

func benchGenerate(b *testing.B, gen func(*Position, *MoveList)) {
	ps := benchPositions(b)
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			gen(&ps[i], &ml)
		}
	}
}

// BenchmarkInCheckCached is InCheck once the checkers are known: a load.
func BenchmarkInCheckCached(b *testing.B) {
	ps := benchPositions(b)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			if ps[i].InCheck() {
				n++
			}
		}
	}
	require.Positive(b, n)
}

// BenchmarkInCheckComputed is InCheck with the cache forgotten, as after
// MakeMove: what InCheck cost on every call before the cache.
func BenchmarkInCheckComputed(b *testing.B) {
	ps := benchPositions(b)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			ps[i].checkers = unknownCheckers
			if ps[i].InCheck() {
				n++
			}
		}
	}
	require.Positive(b, n)
}

func BenchmarkPinned(b *testing.B) {
	ps := benchPositions(b)
	var all Bitboard
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			all |= ps[i].Pinned()
		}
	}
	require.NotZero(b, all)
}

// BenchmarkAttackersTo asks for the attackers of every square of one
// position an op (64 calls).
func BenchmarkAttackersTo(b *testing.B) {
	p := benchPositions(b)[1]
	occ := p.Occupied()
	var all Bitboard
	b.ReportAllocs()
	for b.Loop() {
		for sq := A1; sq <= H8; sq++ {
			all |= p.AttackersTo(sq, occ)
		}
	}
	require.NotZero(b, all)
}

// BenchmarkIsLegal checks every legal move of each position an op, and as
// many moves of the next position, which are mostly illegal.
func BenchmarkIsLegal(b *testing.B) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i := range ps {
		ps[i].LegalMoves(&lists[i])
	}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			for _, m := range lists[i].Moves() {
				if ps[i].IsLegal(m) {
					n++
				}
			}
			for _, m := range lists[(i+1)%len(ps)].Moves() {
				if ps[i].IsLegal(m) {
					n++
				}
			}
		}
	}
	require.Positive(b, n)
}

// BenchmarkHistory pushes 100 positions of a game and asks IsRepetition
// after each, with the halfmove clock at 100 (the longest look back).
func BenchmarkHistory(b *testing.B) {
	p, err := ParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	require.NoError(b, err)
	var ml MoveList
	var h History
	h.Grow(100)
	b.ReportAllocs()
	for b.Loop() {
		q := p
		for range 100 {
			q.LegalMoves(&ml)
			m := ml.At(0)
			h.Push(&q)
			q.MakeMove(m)
			if h.IsRepetition(&q) {
				q.setHalfmove(0)
			}
		}
		for range 100 {
			h.Pop()
		}
	}
}

// BenchmarkPickBest sorts each position's moves by PickBest, one pick a
// move, as a move picker that searches them all does.
func BenchmarkPickBest(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	var scores [MaxMoves]int32
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			ps[i].LegalMoves(&ml)
			for k, m := range ml.Moves() {
				scores[k] = int32(m.To()) ^ int32(m.From())<<2
			}
			for k := range ml.Len() {
				ml.PickBest(k, scores[:])
			}
		}
	}
}
