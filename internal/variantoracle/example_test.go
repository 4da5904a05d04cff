package variantoracle_test

import (
	"context"
	"fmt"

	"github.com/gambit-chess/gambit/internal/variantoracle"
)

// Both oracles count Crazyhouse's start position, and chessops counts
// Atomic's, which Fairy-Stockfish 11.1 does not have.
func Example() {
	ctx := context.Background()
	ops, err := variantoracle.StartChessOps()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ops.Close()
	fsf, err := variantoracle.StartFairyStockfish(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer fsf.Close()

	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	a, err := ops.Divide(ctx, "crazyhouse", start, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := fsf.Divide(ctx, "crazyhouse", start, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Total(), b.Total(), variantoracle.Compare("chessops", a, "fairy-stockfish", b) == "")

	n, err := ops.Perft(ctx, "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4)
	fmt.Println(n, err)
	fmt.Println(fsf.Has("atomic"))
	// Output:
	// 8902 8902 true
	// 197326 <nil>
	// false
}

// Status names the end of a game by the variant's rules.
func ExampleChessOps_Status() {
	ops, err := variantoracle.StartChessOps()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ops.Close()
	st, err := ops.Status(context.Background(), "kingofthehill", "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR b kq - 0 1")
	fmt.Println(st, err)
	// Output:
	// white variant <nil>
}
