package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// legalBenchFENs are positions of real games' kinds: an opening, a
// middlegame with pins, an endgame, a check.
var legalBenchFENs = []string{
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
}

// legalBenchMoves returns the positions and, for each, its legal moves
// of pieces other than pawns, castling left out: what LegalMoveTo is
// asked for.
func legalBenchMoves(b *testing.B) ([]Position, [][]Move) {
	var ps []Position
	var moves [][]Move
	for _, fen := range legalBenchFENs {
		p, err := ParseFEN(fen)
		require.NoError(b, err)
		var ml MoveList
		p.LegalMoves(&ml)
		var ms []Move
		for _, m := range ml.Moves() {
			if m.Piece() != Pawn && !m.IsCastle() {
				ms = append(ms, m)
			}
		}
		ps, moves = append(ps, p), append(moves, ms)
	}
	return ps, moves
}

// BenchmarkLegalMoveTo finds each move from its piece type and
// destination, as a move in SAN names it.
func BenchmarkLegalMoveTo(b *testing.B) {
	ps, moves := legalBenchMoves(b)
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			for _, m := range moves[i] {
				if got, n := ps[i].LegalMoveTo(m.Piece(), ^Bitboard(0), m.To()); n == 0 || got == NoMove {
					b.Fatal(m)
				}
			}
		}
	}
}

// BenchmarkLegalMove checks the same moves from their squares.
func BenchmarkLegalMove(b *testing.B) {
	ps, moves := legalBenchMoves(b)
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			for _, m := range moves[i] {
				if ps[i].LegalMove(m.From(), m.To(), NoPieceType) != m {
					b.Fatal(m)
				}
			}
		}
	}
}
