package core_test

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// Generate the legal moves of a position into a caller-owned list and play
// one of them.
func Example() {
	p, err := core.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	fmt.Println(ml.Len(), "legal moves")

	m, err := p.ParseUCI("e1g1")
	if err != nil {
		panic(err)
	}
	u := p.MakeMove(m)
	fmt.Println(p.FEN())
	p.UnmakeMove(m, u)
	fmt.Println(p.FEN())
	// Output:
	// 48 legal moves
	// r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1
	// r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
}

func ExampleParseFEN_error() {
	_, err := core.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1")
	fmt.Println(err)
	// Output:
	// core: invalid FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1": board: rank 1 has 7 squares, want 8
}

func ExamplePosition_Hash() {
	p := core.StartPosition()
	fmt.Printf("%#016x\n", p.Hash())
	// Output:
	// 0x463b96181691fc9c
}

func ExamplePosition_CaptureMoves() {
	p, _ := core.ParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	var ml core.MoveList
	p.CaptureMoves(&ml)
	for _, m := range ml.Moves() {
		fmt.Println(p.UCI(m), m.Captured())
	}
	// Output:
	// e4d5 p
}

func ExamplePosition_Status() {
	p, _ := core.ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	fmt.Println(p.Status())
	// Output:
	// checkmate
}

// A player whose flag falls loses only if the opponent could still win:
// by lichess's rule, White's king and knight cannot mate a king and
// queen, while Black's queen can mate.
func ExamplePosition_HasInsufficientMaterial() {
	p, _ := core.ParseFEN("8/8/4k3/8/8/3NK3/8/q7 w - - 0 1")
	fmt.Println(p.HasInsufficientMaterial(core.White), p.HasInsufficientMaterial(core.Black), p.IsInsufficientMaterial())
	// Output:
	// true false false
}
