package opening_test

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/opening"
	"github.com/gambit-chess/gambit/san"
)

// play returns the position after the SAN moves from the start, and the
// moves.
func play(moves ...string) (core.Position, []core.Move) {
	p := core.StartPosition()
	var out []core.Move
	for _, s := range moves {
		m, err := san.Parse(&p, s)
		if err != nil {
			panic(err)
		}
		out = append(out, m)
		p.MakeMove(m)
	}
	return p, out
}

// Lookup names a position, whatever the order of the moves that reached
// it: here the Ruy Lopez with the knights out first.
func ExampleLookup() {
	p, _ := play("Nf3", "Nc6", "e4", "e5", "Bb5")
	if o, ok := opening.Lookup(&p); ok {
		fmt.Println(o.ECO, o.Name)
		fmt.Println(o.PGN)
		fmt.Println(o.UCI)
	}
	// Output:
	// C60 Ruy Lopez
	// 1. e4 e5 2. Nf3 Nc6 3. Bb5
	// e2e4 e7e5 g1f3 b8c6 f1b5
}

// Classify names a game by its last named position: here 6. Be3, as the
// data names no position after 6...e5 7. Nb3.
func ExampleClassify() {
	start := core.StartPosition()
	_, moves := play("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3")
	o, ply, ok, err := opening.Classify(&start, moves)
	if err != nil {
		fmt.Println(err)
		return
	}
	if ok {
		fmt.Printf("%s %s, after ply %d of %d\n", o.ECO, o.Name, ply, len(moves))
	}
	// Output:
	// B90 Sicilian Defense: Najdorf Variation, English Attack, after ply 11 of 13
}
