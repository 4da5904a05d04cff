package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// givesCheckBenchFENs are the positions the GivesCheck benchmarks ask
// about every legal move of: Kiwipete (castling, pins, a discovered-check
// candidate or two), a quiet middlegame, and perft's position 5,
// whose promotions check.
var givesCheckBenchFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",     // Kiwipete
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", // middlegame
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",                // promotions that check
}

func givesCheckBenchPositions(t testing.TB) []Position {
	ps := make([]Position, len(givesCheckBenchFENs))
	for i, fen := range givesCheckBenchFENs {
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		ps[i] = p
	}
	return ps
}

// givesCheckBenchMoves returns the positions and the legal moves of each.
func givesCheckBenchMoves(b *testing.B) ([]Position, []MoveList, int) {
	ps := givesCheckBenchPositions(b)
	lists := make([]MoveList, len(ps))
	n := 0
	for i := range ps {
		ps[i].LegalMoves(&lists[i])
		n += lists[i].Len()
	}
	return ps, lists, n
}

// BenchmarkGivesCheck asks Position.GivesCheck about every legal move of
// the positions; an op is all of them, ns/move one.
func BenchmarkGivesCheck(b *testing.B) {
	ps, lists, n := givesCheckBenchMoves(b)
	checks := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			p := &ps[i]
			for _, m := range lists[i].Moves() {
				if p.GivesCheck(m) {
					checks++
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
	if checks == 0 {
		b.Fatal("no check found")
	}
}

// BenchmarkCheckInfoGivesCheck does the same through a CheckInfo computed
// once per position, as a search node would, its cost included.
func BenchmarkCheckInfoGivesCheck(b *testing.B) {
	ps, lists, n := givesCheckBenchMoves(b)
	checks := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			p := &ps[i]
			ci := p.CheckInfo()
			for _, m := range lists[i].Moves() {
				if ci.GivesCheck(p, m) {
					checks++
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
	if checks == 0 {
		b.Fatal("no check found")
	}
}

// BenchmarkMakeInCheckUnmake answers the same question the slow way: make
// the move, ask InCheck, unmake it.
func BenchmarkMakeInCheckUnmake(b *testing.B) {
	ps, lists, n := givesCheckBenchMoves(b)
	checks := 0
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			p := &ps[i]
			for _, m := range lists[i].Moves() {
				u := p.MakeMove(m)
				if p.InCheck() {
					checks++
				}
				p.UnmakeMove(m, u)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
	if checks == 0 {
		b.Fatal("no check found")
	}
}
