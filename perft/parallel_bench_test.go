package perft_test

import (
	"fmt"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

// benchCounter measures a Counter on a position; with a table, the table is
// cleared (outside the timing) before every count, so that each count
// starts cold.
func benchCounter(b *testing.B, fen string, depth int, c perft.Counter) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		if c.Table != nil {
			b.StopTimer()
			c.Table.Clear()
			b.StartTimer()
		}
		nodes = c.Count(&p, depth)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// BenchmarkCountParallel compares one and two goroutines on perft(6) of the
// start position: go test ./perft -run '^$' -bench CountParallel.
func BenchmarkCountParallel(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			benchCounter(b, core.StartFEN, 6, perft.Counter{Threads: threads})
		})
	}
}

// BenchmarkHashed compares perft(6) of the start position and perft(5) of
// Kiwipete with and without a 64 MiB table, on one goroutine.
func BenchmarkHashed(b *testing.B) {
	table, err := perft.NewTable(64)
	if err != nil {
		b.Fatal(err)
	}
	for _, pos := range []struct {
		name  string
		fen   string
		depth int
	}{
		{"start6", core.StartFEN, 6},
		{"kiwipete5", kiwipete, 5},
	} {
		b.Run(pos.name+"/plain", func(b *testing.B) {
			benchCounter(b, pos.fen, pos.depth, perft.Counter{Threads: 1})
		})
		b.Run(pos.name+"/hash64MB", func(b *testing.B) {
			benchCounter(b, pos.fen, pos.depth, perft.Counter{Threads: 1, Table: table})
		})
	}
}
