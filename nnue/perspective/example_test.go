package perspective_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// A network made by hand that counts material: neuron 0 of each
// perspective sums its own pieces (6 a pawn, 18 a knight or bishop, 30 a
// rook, 54 a queen: the ReLU clips at QA = 255), and the output weighs
// the side to move's count +680 and the other's -680, which Scale/(QA*QB)
// turns into 100 centipawns a pawn. It is written in gambit's format,
// read back, and followed through a capture incrementally (Reset, Push
// after each MakeMove); Evaluate, from scratch, gives the same numbers.
func Example() {
	net, err := perspective.New(8, perspective.DefaultQA, perspective.DefaultQB, perspective.DefaultScale)
	if err != nil {
		log.Fatal(err)
	}
	values := map[core.PieceType]int16{core.Pawn: 1, core.Knight: 3, core.Bishop: 3, core.Rook: 5, core.Queen: 9}
	for t, v := range values {
		for sq := range core.Square(64) {
			f := perspective.Feature(core.White, sq, core.NewPiece(core.White, t)) // an own piece
			net.FeatureWeights()[f*net.Hidden()] = 6 * v
		}
	}
	net.OutputWeights()[0] = 680               // the side to move's neuron 0
	net.OutputWeights()[net.Hidden()+0] = -680 // the other side's
	net.Description = "material"

	var file bytes.Buffer
	if _, err := net.WriteTo(&file); err != nil {
		log.Fatal(err)
	}
	loaded, err := perspective.Load(&file)
	if err != nil {
		log.Fatal(err)
	}
	ev := loaded.NewEvaluator() // its own buffers: one per goroutine
	pos := core.StartPosition()
	ev.Reset(&pos)
	for _, move := range []string{"", "e2e4", "d7d5", "e4d5", "d8d5"} {
		if move != "" {
			m, err := pos.ParseUCI(move)
			if err != nil {
				log.Fatal(err)
			}
			pos.MakeMove(m)
			ev.Push(&pos, m)
		}
		v := ev.EvaluateIncremental(&pos)
		if v != ev.Evaluate(&pos) {
			log.Fatal("the incremental and the from-scratch evaluations differ")
		}
		fmt.Printf("%-5s %v to move: %+d\n", move, pos.SideToMove(), v)
	}
	// Output:
	//       white to move: +0
	// e2e4  black to move: +0
	// d7d5  white to move: +0
	// e4d5  black to move: -100
	// d8d5  white to move: +0
}
