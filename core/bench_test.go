package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// benchFENs is a fixed set of positions: opening, middlegame, endgame, a
// check, pins, castling and en passant.
var benchFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",     // Kiwipete
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", // middlegame
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                                // endgame, pins
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",         // check
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",            // en passant
}

func benchPositions(b *testing.B) []Position {
	ps := make([]Position, len(benchFENs))
	for i, fen := range benchFENs {
		p, err := ParseFEN(fen)
		require.NoError(b, err)
		ps[i] = p
	}
	return ps
}

func BenchmarkLegalMoves(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			ps[i].LegalMoves(&ml)
		}
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i := range ps {
		ps[i].LegalMoves(&lists[i])
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			p := &ps[i]
			for _, m := range lists[i].Moves() {
				u := p.MakeMove(m)
				p.UnmakeMove(m, u)
			}
		}
	}
}

func BenchmarkParseFEN(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, fen := range benchFENs {
			if _, err := ParseFEN(fen); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestHotPathAllocatesNothing holds the promise the benchmarks report:
// generating, making and unmaking moves allocate nothing.
func TestHotPathAllocatesNothing(t *testing.T) {
	ps := make([]Position, len(benchFENs))
	for i, fen := range benchFENs {
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		ps[i] = p
	}
	var ml MoveList
	allocs := testing.AllocsPerRun(100, func() {
		for i := range ps {
			p := &ps[i]
			p.LegalMoves(&ml)
			for _, m := range ml.Moves() {
				u := p.MakeMove(m)
				p.CaptureMoves(&ml)
				p.UnmakeMove(m, u)
				p.LegalMoves(&ml)
			}
			_ = p.InCheck()
			_ = p.Status()
		}
	})
	require.Zero(t, allocs)
}
