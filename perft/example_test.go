package perft_test

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

func ExampleCount() {
	p := core.StartPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, perft.Count(&p, depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
	// 4 197281
}

func ExampleDivide() {
	// A lone king on e1 has five moves, each a single leaf at depth 1.
	p, _ := core.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	for _, mc := range perft.Divide(&p, 1) {
		fmt.Println(mc.UCI, mc.Nodes)
	}
	// Unordered output:
	// e1d1 1
	// e1d2 1
	// e1e2 1
	// e1f1 1
	// e1f2 1
}
