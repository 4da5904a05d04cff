package bench

import (
	"fmt"
	"testing"
)

// BenchmarkPerft is perft with bulk counting: the last ply's legal moves are
// counted, not made (gambit's perft.Count). Every library runs every
// position's shallow depth; gambit and dragontoothmg also run the deep one,
// and the goal depth where the position has one. Stockfish's "go perft",
// timed over its UCI pipe, runs like gambit: the README's comparison with it
// comes from here.
func BenchmarkPerft(b *testing.B) { benchPerft(b, true) }

// BenchmarkPerftFull is perft with every leaf move made and unmade (made, for
// the immutable peers): the cost a search pays at its leaves.
func BenchmarkPerftFull(b *testing.B) { benchPerft(b, false) }

func benchPerft(b *testing.B, bulk bool) {
	for _, lib := range perftLibs {
		if lib.bulkOnly && !bulk {
			continue
		}
		b.Run(lib.name, func(b *testing.B) {
			for _, pos := range positions {
				b.Run(pos.name, func(b *testing.B) {
					for _, depth := range lib.depths(pos, bulk) {
						b.Run(fmt.Sprintf("d%d", depth), func(b *testing.B) {
							run, err := lib.prepare(b, pos.fen, depth, bulk)
							if err != nil {
								b.Fatal(err)
							}
							var nodes uint64
							b.ReportAllocs()
							for b.Loop() {
								nodes = run()
							}
							reportMnps(b, nodes)
						})
					}
				})
			}
		})
	}
}

// reportMnps reports millions of nodes a second, nodes being the leaf count
// of one operation.
func reportMnps(b *testing.B, nodes uint64) {
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
}
