package core_test

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// Find the rook that "Rd1" names, and the one "Rad1" names: with no file
// given, both rooks can go, which makes "Rd1" ambiguous.
func ExamplePosition_LegalMoveTo() {
	p, err := core.ParseFEN("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	m, n := p.LegalMoveTo(core.Rook, ^core.Bitboard(0), core.D1)
	fmt.Println(m, n)
	m, n = p.LegalMoveTo(core.Rook, core.FileA, core.D1)
	fmt.Println(m, n)
	// Output:
	// f1d1 2
	// a1d1 1
}
