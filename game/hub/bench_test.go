package hub_test

import (
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
)

// BenchmarkHubMove measures moves per second through the hub from parallel
// goroutines, each playing its own share of 10,000 games: the lookup, the game's lock, the
// UCI parse, the legality check, the status and repetition update. A game
// whose line is played out is taken back to the start with Undo, inside
// the measured time.
func BenchmarkHubMove(b *testing.B) {
	const games, plies = 10_000, 40
	lines := randomLines(b, 4, games, plies)
	texts := make([][]string, games)
	for i, line := range lines {
		for _, m := range line {
			texts[i] = append(texts[i], m.String())
		}
	}
	h := hub.New(hub.Config{})
	defer h.Close()
	ids := make([]string, games)
	for i := range ids {
		ids[i] = "g" + strconv.Itoa(i)
		if err := h.Create(ids[i]); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	rewind := func(g *game.Game) error {
		for g.Ply() > 0 {
			if err := g.Undo(); err != nil {
				return err
			}
		}
		return nil
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		// Each goroutine plays its own share of the games (those equal to
		// k modulo 64), one move in each in turn, so that moves never race
		// for one game, every move is legal, and the games are spread over
		// the shards and the memory as on a server.
		k := int(next.Add(1) - 1)
		var mine []int
		for i := k % 64; i < games; i += 64 {
			mine = append(mine, i)
		}
		ply := make([]int, len(mine))
		c := 0
		for pb.Next() {
			i := mine[c]
			if ply[c] == plies {
				if err := h.Do(ids[i], rewind); err != nil {
					b.Fatal(err)
				}
				ply[c] = 0
			}
			if _, err := h.Move(ids[i], texts[i][ply[c]]); err != nil {
				b.Fatal(err)
			}
			ply[c]++
			if c++; c == len(mine) {
				c = 0
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
