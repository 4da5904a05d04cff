package bench

import (
	"testing"

	"github.com/dylhunn/dragontoothmg"
	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
)

// The peers notnil/chess and corentings/chess are left out here: their
// positions cache the legal move list after the first call, so a loop over
// one position would time a slice copy.

// sink keeps the compiler from dropping work whose result is unused.
var sink uint64

// BenchmarkLegalMoves generates the legal moves of each position.
func BenchmarkLegalMoves(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				p := fentest.Position(b, pos.fen)
				var ml core.MoveList
				b.ReportAllocs()
				for b.Loop() {
					p.LegalMoves(&ml)
				}
				sink += uint64(ml.Len())
			})
		}
	})
	b.Run(libDragontoothmg, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				board := dragontoothmg.ParseFen(pos.fen)
				var n int
				b.ReportAllocs()
				for b.Loop() {
					n = len(board.GenerateLegalMoves())
				}
				sink += uint64(n)
			})
		}
	})
}

// BenchmarkMakeUnmake makes and unmakes every legal move of each position;
// ns/move is the cost of one make/unmake pair.
func BenchmarkMakeUnmake(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				p := fentest.Position(b, pos.fen)
				var ml core.MoveList
				p.LegalMoves(&ml)
				moves := ml.Moves()
				b.ReportAllocs()
				for b.Loop() {
					for _, m := range moves {
						u := p.MakeMove(m)
						p.UnmakeMove(m, u)
					}
				}
				reportPerMove(b, len(moves))
			})
		}
	})
	b.Run(libDragontoothmg, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				board := dragontoothmg.ParseFen(pos.fen)
				moves := board.GenerateLegalMoves()
				b.ReportAllocs()
				for b.Loop() {
					for _, m := range moves {
						unapply := board.Apply(m)
						unapply()
					}
				}
				reportPerMove(b, len(moves))
			})
		}
	})
}

// BenchmarkHashUpdate follows the Zobrist key through every legal move of
// each position: make, read the key, unmake. Both libraries update the key
// inside make, so this is MakeUnmake plus the read, and it moves when the
// incremental update gets dearer.
func BenchmarkHashUpdate(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				p := fentest.Position(b, pos.fen)
				var ml core.MoveList
				p.LegalMoves(&ml)
				moves := ml.Moves()
				var keys uint64
				b.ReportAllocs()
				for b.Loop() {
					for _, m := range moves {
						u := p.MakeMove(m)
						keys ^= p.Hash()
						p.UnmakeMove(m, u)
					}
				}
				sink += keys
				reportPerMove(b, len(moves))
			})
		}
	})
	b.Run(libDragontoothmg, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				board := dragontoothmg.ParseFen(pos.fen)
				moves := board.GenerateLegalMoves()
				var keys uint64
				b.ReportAllocs()
				for b.Loop() {
					for _, m := range moves {
						unapply := board.Apply(m)
						keys ^= board.Hash()
						unapply()
					}
				}
				sink += keys
				reportPerMove(b, len(moves))
			})
		}
	})
}

// reportPerMove reports the time of one operation divided among its moves.
func reportPerMove(b *testing.B, moves int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
}
