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

// Find the pawn moves "d4", "exd6" (en passant) and "e8=Q" name: the from
// file and the destination tell the one pawn that can make each.
func ExamplePosition_LegalPawnMoveTo() {
	p, err := core.ParseFEN("8/4P3/8/3pP3/8/8/3P4/K6k w - d6 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.LegalPawnMoveTo(3, core.D4, core.NoPieceType))
	m := p.LegalPawnMoveTo(4, core.D6, core.NoPieceType)
	fmt.Println(m, m.IsEnPassant())
	fmt.Println(p.LegalPawnMoveTo(4, core.E8, core.Queen))
	fmt.Println(p.LegalPawnMoveTo(4, core.E8, core.NoPieceType) == core.NoMove) // a promotion must be named
	// Output:
	// d2d4
	// e5d6 true
	// e7e8q
	// true
}
