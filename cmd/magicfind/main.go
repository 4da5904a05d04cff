// Command magicfind searches magic numbers for every rook and bishop square,
// packs their attack ranges into one overlapping table, and writes the
// constants file the table generator (gen) reads. With -validate it checks
// the committed set instead.
//
// Usage:
//
//	magicfind [-seed N] [-fewer 2s] [-candidates 8] [-out gen/magic/numbers.go]
//	magicfind -validate
//
// The search is deterministic for a given -seed when -fewer is 0; a positive
// -fewer spends that long per square looking for a magic with one index bit
// fewer than usual, so what it finds can depend on the machine's speed.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gambit-chess/gambit/gen/magic"
	"github.com/gambit-chess/gambit/internal/cli"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed of the random search (the same seed gives the same magics)")
	fewer := flag.Duration("fewer", 0, "time per square spent looking for a magic with one index bit fewer (0: skip)")
	candidates := flag.Int("candidates", 8, "working magics drawn per square; packing keeps the one that overlaps best")
	out := flag.String("out", "gen/magic/numbers.go", "constants file to write")
	validate := flag.Bool("validate", false, "validate the committed magics instead of searching")
	flag.Parse()

	if *validate {
		table, err := magic.Validate(&magic.Committed)
		if err != nil {
			cli.Fail(os.Stderr, "magicfind", err)
			os.Exit(1)
		}
		printSet(&magic.Committed)
		fmt.Printf("valid: %d entries (%d KiB)\n", len(table), len(table)*8/1024)
		return
	}

	start := time.Now()
	set, _ := magic.Search(magic.Options{Seed: *seed, Fewer: *fewer, Candidates: *candidates})
	table, err := magic.Validate(set)
	if err != nil {
		fmt.Fprintln(os.Stderr, "magicfind: the search produced an invalid set:", err)
		os.Exit(1)
	}
	printSet(set)
	fmt.Printf("table: %d entries (%d KiB), classic layout 107648; search took %v\n",
		len(table), len(table)*8/1024, time.Since(start).Round(time.Millisecond))
	if err := magic.WriteFile(*out, set, *seed, len(table)); err != nil {
		cli.Fail(os.Stderr, "magicfind", err)
		os.Exit(1)
	}
	fmt.Println("wrote", *out)
}

// printSet prints the index bits of every square, one board per slider.
func printSet(set *magic.Set) {
	for s := magic.Rook; s <= magic.Bishop; s++ {
		fmt.Printf("%v index bits (rank 8 at the top):\n", s)
		for r := 7; r >= 0; r-- {
			for f := 0; f < 8; f++ {
				fmt.Printf(" %2d", set.Entries(s)[r*8+f].Bits())
			}
			fmt.Println()
		}
	}
}
