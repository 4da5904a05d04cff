package nnue_test

import (
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

// The network comes from the Stockfish 15.1 installed on the machine (its
// export_net command); gambit does not ship it. The example writes it to a
// temporary directory, loads it, and evaluates the start position and the
// positions after 1.e4 and 1...c5 as Stockfish's eval prints the "NNUE
// evaluation": in pawns of nnue.PawnValue, from White's side. The
// accumulators follow the moves (Reset, then Push after each MakeMove, Pop
// after each UnmakeMove); Evaluate, from scratch, gives the same numbers.
// Each position's final evaluation (EvaluateFinalIncremental, the optimism
// 0) is what Stockfish searches on, the line FormatFinal writes as its
// eval prints it.
func Example() {
	dir, err := os.MkdirTemp("", "nnue-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "nn-ad9b42354671.nnue")
	sf := exec.Command("/usr/games/stockfish")
	sf.Stdin = strings.NewReader("export_net " + path + "\nquit\n")
	if err := sf.Run(); err != nil {
		log.Fatal(err)
	}

	net, err := nnue.LoadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	ev := net.NewEvaluator() // its own buffers: one per goroutine
	pos := core.StartPosition()
	if err := ev.Reset(&pos); err != nil {
		log.Fatal(err)
	}
	for _, move := range []string{"", "e2e4", "c7c5"} {
		if move != "" {
			m, err := pos.ParseUCI(move)
			if err != nil {
				log.Fatal(err)
			}
			pos.MakeMove(m)
			ev.Push(&pos, m)
		}
		v := ev.EvaluateIncremental(&pos) // the side to move's view
		if v != ev.Evaluate(&pos) {
			log.Fatal("the incremental and the from-scratch evaluations differ")
		}
		final := ev.EvaluateFinalIncremental(&pos, 0)
		if pos.SideToMove() == core.Black {
			v, final = -v, -final
		}
		fmt.Printf("%-5s NNUE evaluation %+.2f (white side)\n", move, float64(v)/nnue.PawnValue)
		fmt.Printf("%-5s %s\n", move, nnue.FormatFinal(final))
	}
	// Output:
	//       NNUE evaluation +0.19 (white side)
	//       Final evaluation       +0.25 (white side) [with scaled NNUE, hybrid, ...]
	// e2e4  NNUE evaluation +0.14 (white side)
	// e2e4  Final evaluation       +0.18 (white side) [with scaled NNUE, hybrid, ...]
	// c7c5  NNUE evaluation +0.19 (white side)
	// c7c5  Final evaluation       +0.24 (white side) [with scaled NNUE, hybrid, ...]
}
