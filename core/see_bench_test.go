package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// seeBenchFENs are positions with many captures: Kiwipete, a middlegame
// with pins and batteries, and the perft suite's promotion position.
var seeBenchFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
}

// seeBenchCaptures returns the captures and promotions of the positions,
// each with the position it belongs to.
func seeBenchCaptures(b *testing.B) ([]*Position, []Move) {
	var ps []*Position
	var moves []Move
	for _, fen := range seeBenchFENs {
		p, err := ParseFEN(fen)
		require.NoError(b, err)
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			if m.IsCapture() || m.IsPromotion() {
				ps, moves = append(ps, &p), append(moves, m)
			}
		}
	}
	return ps, moves
}

// BenchmarkSEE evaluates the captures of the positions in turn, one per
// op.
func BenchmarkSEE(b *testing.B) {
	ps, moves := seeBenchCaptures(b)
	b.ReportAllocs()
	sum := 0
	for k := 0; b.Loop(); k++ {
		if k == len(moves) {
			k = 0
		}
		sum += ps[k].SEE(moves[k])
	}
	_ = sum
}

// BenchmarkSEEGreaterEqual asks, for the captures of the positions in
// turn, one per op, whether each loses no material (threshold 0), as move
// ordering does.
func BenchmarkSEEGreaterEqual(b *testing.B) {
	ps, moves := seeBenchCaptures(b)
	b.ReportAllocs()
	good := 0
	for k := 0; b.Loop(); k++ {
		if k == len(moves) {
			k = 0
		}
		if ps[k].SEEGreaterEqual(moves[k], 0) {
			good++
		}
	}
	_ = good
}
