package hub_test

import (
	"fmt"
	"time"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
)

// A server's life: games created and played by ID, stored and restored,
// and handed over when they leave the hub.
func Example() {
	h := hub.New(hub.Config{
		IdleTimeout: 30 * time.Minute,
		OnTerminate: func(id string, r hub.Reason, g *game.Game) {
			// Store the final game, for instance with g.MarshalBinary.
			fmt.Println(id, r, g.Outcome())
		},
	})
	defer h.Close()

	_ = h.Create("table-1")
	for _, m := range []string{"f2f3", "e7e5", "g2g4"} {
		if _, err := h.Move("table-1", m); err != nil {
			fmt.Println(err)
		}
	}
	o, _ := h.MoveSAN("table-1", "Qh4#")
	fmt.Println(o)

	snapshot, _ := h.Snapshot("table-1")
	_ = h.Restore("table-1-copy", snapshot)
	g, _ := h.Get("table-1-copy")
	fmt.Println(g.FEN())

	_ = h.Remove("table-1")
	_, err := h.Get("table-1")
	fmt.Println(err)
	// Output:
	// 0-1 checkmate
	// rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
	// table-1 removed 0-1 checkmate
	// hub: game "table-1": no such game
	// table-1-copy closed 0-1 checkmate
}
