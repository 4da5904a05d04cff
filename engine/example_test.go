package engine_test

import (
	"fmt"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// An engine's time management starts from Limits.Budget: here White has
// five minutes for 40 moves, with a 2-second increment.
func ExampleLimits_Budget() {
	l := engine.Limits{WTime: 5 * time.Minute, BTime: 5 * time.Minute, WInc: 2 * time.Second, BInc: 2 * time.Second, MovesToGo: 40}
	b := l.Budget(core.White)
	fmt.Println("soft", b.Soft.Round(time.Millisecond), "hard", b.Hard.Round(time.Millisecond))
	fmt.Println(engine.Limits{MoveTime: time.Second}.Budget(core.Black))
	// Output:
	// soft 8.976s hard 35.902s
	// {1s 1s}
}
