package syzygy_test

import (
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/syzygy"
)

// Open a directory of tables, probe a position, and pick the move to
// play. (The values are fathom's for the same files.)
func Example() {
	tb, err := syzygy.Open("../testdata/syzygy")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tb.Close()

	pos, _ := core.ParseFEN("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")
	wdl, _ := tb.ProbeWDL(&pos)
	dtz, _ := tb.ProbeDTZ(&pos)
	fmt.Println(wdl, dtz)

	best, _, _ := tb.BestMove(&pos, nil)
	fmt.Println(best.Rank, best.DTZ)

	// A table that is not there is named.
	pos, _ = core.ParseFEN("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1")
	_, err = tb.ProbeWDL(&pos)
	fmt.Println(errors.Is(err, syzygy.ErrMissingTable), err)
	// Output:
	// Win 13
	// 1000 13
	// true syzygy: KQQvK (KQQvK.rtbw): syzygy: table not found
}

// An engine at the root: rank the moves, the halfmove clock counted.
func ExampleTablebase_ProbeRoot() {
	tb, err := syzygy.Open("../testdata/syzygy")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tb.Close()
	pos, _ := core.ParseFEN("8/8/3k4/8/8/3K1B2/3N4/8 w - - 60 1")
	moves, _ := tb.ProbeRoot(&pos, nil)
	for _, m := range moves[:3] {
		fmt.Println(pos.UCI(m.Move), m.DTZ, m.Rank)
	}
	// Output:
	// d3c2 56 884
	// d3e2 56 884
	// d3c3 56 884
}
