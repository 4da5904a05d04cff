package main

import (
	"io"
	"strings"
	"testing"
)

// FuzzCompare feeds arbitrary text to both sides: the comparison either
// fails with an error or yields a table, and never panics, whatever the
// values (zeros, infinities, NaN) or names.
func FuzzCompare(f *testing.F) {
	f.Add(benchOutput(result{"Perft", "ns/op", around(100)}), benchOutput(result{"Perft", "ns/op", around(110)}))
	f.Add("BenchmarkA-2 1 0 ns/op 0 allocs/op\n", "BenchmarkA-2 1 1 ns/op 1 allocs/op\n")
	f.Add("BenchmarkA 1 NaN ns/op\n", "BenchmarkA 1 +Inf ns/op\nUnit ns/op better=higher\n")
	f.Add("pkg: a\nBenchmarkX/y=1/z-8 3 1e300 Mnps\n", "pkg: b\nBenchmarkX/y=1/z-8 3 -1 Mnps\n")
	f.Add("", "PASS\n")
	f.Fuzz(func(t *testing.T, base, head string) {
		g := gate{threshold: 5, alpha: 0.05, units: []string{"sec/op", "allocs/op", "Mnps"}}
		c, err := compare(strings.NewReader(base), strings.NewReader(head), g)
		if err != nil {
			return
		}
		if err := writeTable(io.Discard, c); err != nil {
			t.Fatal(err)
		}
		writeVerdict(io.Discard, c)
	})
}
