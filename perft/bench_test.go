package perft

import (
	"testing"

	"github.com/gambit-chess/gambit/core"
)

func benchCount(b *testing.B, fen string, depth int) { benchFunc(b, Count, fen, depth) }

// benchFunc times count on fen to depth and reports millions of leaves a
// second.
func benchFunc(b *testing.B, count func(*core.Position, int) uint64, fen string, depth int) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes = count(&p, depth)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
}

func BenchmarkCountStart5(b *testing.B) { benchCount(b, core.StartFEN, 5) }

func BenchmarkCountKiwipete4(b *testing.B) {
	benchCount(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}

func BenchmarkCountFullStart5(b *testing.B) { benchFunc(b, CountFull, core.StartFEN, 5) }

func BenchmarkCountFullKiwipete4(b *testing.B) {
	benchFunc(b, CountFull, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}
