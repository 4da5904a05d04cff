package main

import (
	"io"
	"strings"
	"testing"
)

// FuzzTable feeds arbitrary text to the table builder: it either reports
// that there is nothing to tabulate or writes a table, and never panics.
func FuzzTable(f *testing.F) {
	f.Add(run1)
	f.Add("BenchmarkPerft/gambit/start/d5-2 1 0 ns/op 0 Mnps\nBenchmarkPerft/peer/start/d5-2 1 0 ns/op NaN Mnps\n")
	f.Add("BenchmarkA/b/c=1/d 1 1 ns/op\nBenchmarkA/gambit 1 1 ns/op\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		tab, err := readTable([]namedReader{{"fuzz", strings.NewReader(in)}}, "gambit")
		if err != nil {
			return
		}
		if err := tab.writeMarkdown(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}
