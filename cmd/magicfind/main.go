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
//
// The default -out is relative to the repository's root, where magicfind is
// meant to be run; before it searches, it checks that -out's directory is
// there and takes a new file, so that a run from elsewhere fails at once
// (exit status 1) instead of after the search. A usage error exits 2, -h 0.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gambit-chess/gambit/gen/magic"
	"github.com/gambit-chess/gambit/internal/cli"
)

// defaultOut is where the committed set lives, from the repository's root.
const defaultOut = "gen/magic/numbers.go"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("magicfind", "usage: magicfind [-seed N] [-fewer 2s] [-candidates 8] [-out "+defaultOut+"]\n       magicfind -validate", stdout)
	seed := fs.Uint64("seed", 1, "seed of the random search (the same seed gives the same magics)")
	fewer := fs.Duration("fewer", 0, "time per square spent looking for a magic with one index bit fewer (0: skip)")
	candidates := fs.Int("candidates", 8, "working magics drawn per square; packing keeps the one that overlaps best")
	out := fs.String("out", defaultOut, "constants file to write (the default is relative to the repository's root)")
	validate := fs.Bool("validate", false, "validate the committed magics instead of searching")
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "magicfind", err)
	}
	switch {
	case fs.NArg() > 0:
		return cli.Exit(stderr, "magicfind", cli.Usagef("unexpected argument %q", fs.Arg(0)))
	case *fewer < 0:
		return cli.Exit(stderr, "magicfind", cli.Usagef("-fewer %v: want 0 or more", *fewer))
	case *candidates < 1:
		return cli.Exit(stderr, "magicfind", cli.Usagef("-candidates %d: want at least 1", *candidates))
	}

	if *validate {
		table, err := magic.Validate(&magic.Committed)
		if err != nil {
			return cli.Exit(stderr, "magicfind", err)
		}
		printSet(stdout, &magic.Committed)
		fmt.Fprintf(stdout, "valid: %d entries (%d KiB)\n", len(table), len(table)*8/1024)
		return cli.ExitOK
	}

	if err := writable(*out); err != nil {
		return cli.Exit(stderr, "magicfind", err)
	}
	start := time.Now()
	set, _ := magic.Search(magic.Options{Seed: *seed, Fewer: *fewer, Candidates: *candidates})
	table, err := magic.Validate(set)
	if err != nil {
		return cli.Exit(stderr, "magicfind", fmt.Errorf("the search produced an invalid set: %w", err))
	}
	printSet(stdout, set)
	fmt.Fprintf(stdout, "table: %d entries (%d KiB), classic layout 107648; search took %v\n",
		len(table), len(table)*8/1024, time.Since(start).Round(time.Millisecond))
	if err := magic.WriteFile(*out, set, *seed, len(table)); err != nil {
		return cli.Exit(stderr, "magicfind", err)
	}
	fmt.Fprintln(stdout, "wrote", *out)
	return cli.ExitOK
}

// writable checks that a file can be written at path: its directory is
// there and takes a new file. The default path, which is relative to the
// repository's root, gets a hint to run from there.
func writable(path string) error {
	dir := filepath.Dir(path)
	hint := ""
	if path == defaultOut {
		hint = " (the default -out is relative to the repository's root: run magicfind from there, or give -out)"
	}
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write -out %s: %w%s", path, err, hint)
	case !st.IsDir():
		return fmt.Errorf("cannot write -out %s: %s is not a directory%s", path, dir, hint)
	}
	f, err := os.CreateTemp(dir, ".magicfind-*")
	if err != nil {
		return fmt.Errorf("cannot write -out %s: %w", path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// printSet prints the index bits of every square, one board per slider.
func printSet(w io.Writer, set *magic.Set) {
	for s := magic.Rook; s <= magic.Bishop; s++ {
		fmt.Fprintf(w, "%v index bits (rank 8 at the top):\n", s)
		for r := 7; r >= 0; r-- {
			for f := 0; f < 8; f++ {
				fmt.Fprintf(w, " %2d", set.Entries(s)[r*8+f].Bits())
			}
			fmt.Fprintln(w)
		}
	}
}
