// Command benchtable turns the output of one run of the bench module's
// benchmarks into the Markdown tables of gambit's README: one table a
// benchmark (Perft, PerftFull, LegalMoves, ...), one row a position (and
// depth), and for each library its figure and how many times faster gambit
// is.
//
// Usage:
//
//	go test -run '^$' -bench . -benchmem > bench.txt
//	benchtable [-ref gambit] [bench.txt ...]
//
// It reads standard input when no file is named. Benchmark names must have
// the form <Benchmark>/<library>/<position>[/<depth>], as in bench/. The
// figure is Mnps (higher is better) where a benchmark reports it, else
// MB/s (the PGN benchmarks, higher is better), else the time an operation; with -count above 1 it is the median.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchtable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: benchtable [-ref LIBRARY] [results.txt ...]\n\n")
		fs.PrintDefaults()
	}
	ref := fs.String("ref", "gambit", "the library the others are compared with (its column comes first)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var inputs []namedReader
	if fs.NArg() == 0 {
		inputs = append(inputs, namedReader{"standard input", stdin})
	}
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "benchtable: %v\n", err)
			return 2
		}
		defer f.Close()
		inputs = append(inputs, namedReader{path, f})
	}
	t, err := readTable(inputs, *ref)
	if err == nil {
		err = t.writeMarkdown(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "benchtable: %v\n", err)
		return 1
	}
	return 0
}
