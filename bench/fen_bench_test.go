package bench

import (
	"testing"

	corentings "github.com/corentings/chess/v2"
	"github.com/dylhunn/dragontoothmg"
	"github.com/gambit-chess/gambit/core"
	notnil "github.com/notnil/chess"
)

// BenchmarkParseFEN parses each position's FEN with each library.
func BenchmarkParseFEN(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := core.ParseFEN(pos.fen); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
	b.Run(libDragontoothmg, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				var hash uint64
				b.ReportAllocs()
				for b.Loop() {
					board := dragontoothmg.ParseFen(pos.fen)
					hash = board.Hash()
				}
				sink += hash
			})
		}
	})
	b.Run(libNotnil, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := notnil.FEN(pos.fen); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
	b.Run(libCorentings, func(b *testing.B) {
		for _, pos := range positions {
			b.Run(pos.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := corentings.FEN(pos.fen); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
}
