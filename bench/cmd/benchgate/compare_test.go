package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noise is a spread of +-1%, the run-to-run noise of a quiet machine.
var noise = []float64{-0.010, -0.008, -0.006, -0.004, -0.002, 0.001, 0.003, 0.005, 0.007, 0.009}

// around returns len(noise) samples spread by noise around center.
func around(center float64) []float64 {
	out := make([]float64, len(noise))
	for i, n := range noise {
		out[i] = center * (1 + n)
	}
	return out
}

// result is one benchmark's samples in one unit, written as go test -bench
// lines.
type result struct {
	name   string
	unit   string
	values []float64
}

// benchOutput writes results as one go test run would print them (one line
// a sample, the header first), so that the parser sees real syntax.
func benchOutput(results ...result) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: example.com/lib\ncpu: test\n")
	for _, r := range results {
		for _, v := range r.values {
			fmt.Fprintf(&b, "Benchmark%s-2 \t 1000\t %g %s\n", r.name, v, r.unit)
		}
	}
	b.WriteString("PASS\nok  \texample.com/lib\t1.234s\n")
	return b.String()
}

func defaultGate() gate { return gate{threshold: 5, alpha: 0.05, units: []string{"sec/op"}} }

func compareStrings(t *testing.T, base, head string, g gate) *comparison {
	t.Helper()
	c, err := compare(strings.NewReader(base), strings.NewReader(head), g)
	require.NoError(t, err)
	return c
}

func regressedNames(c *comparison) []string {
	var names []string
	for _, r := range c.regressions() {
		names = append(names, r.name+" "+r.unit)
	}
	return names
}

func TestGateDecision(t *testing.T) {
	// Three samples a side cannot reach p < 0.05 with the U test (the
	// smallest p for 3 against 3 is 0.1), however far apart they are.
	three := []float64{100, 101, 102}
	threeSlower := []float64{150, 151, 152}
	// Wide samples whose medians differ by 10% but whose ranges overlap
	// almost entirely: not significant.
	wide := []float64{80, 84, 88, 92, 96, 100, 104, 108, 112, 116}
	wideSlower := make([]float64, len(wide))
	for i, v := range wide {
		wideSlower[i] = v + 10
	}
	// The same distribution, interleaved: head is base with each value
	// nudged by 0.05%, alternately up and down.
	nudged := around(100)
	for i := range nudged {
		nudged[i] *= 1 + 0.0005*float64(1-2*(i%2))
	}

	tests := []struct {
		name      string
		base      []result
		head      []result
		gate      gate
		regressed []string
	}{
		{
			name:      "slower by 10% with clear significance fails",
			base:      []result{{"Perft", "ns/op", around(100)}},
			head:      []result{{"Perft", "ns/op", around(110)}},
			gate:      defaultGate(),
			regressed: []string{"Perft-2 sec/op"},
		},
		{
			name: "within noise passes",
			base: []result{{"Perft", "ns/op", around(100)}},
			head: []result{{"Perft", "ns/op", nudged}},
			gate: defaultGate(),
		},
		{
			name: "faster by 10% passes",
			base: []result{{"Perft", "ns/op", around(100)}},
			head: []result{{"Perft", "ns/op", around(90)}},
			gate: defaultGate(),
		},
		{
			name: "significant but below the threshold passes",
			base: []result{{"Perft", "ns/op", around(100)}},
			head: []result{{"Perft", "ns/op", around(103)}},
			gate: defaultGate(),
		},
		{
			name:      "a lower threshold catches the same 3%",
			base:      []result{{"Perft", "ns/op", around(100)}},
			head:      []result{{"Perft", "ns/op", around(103)}},
			gate:      gate{threshold: 2, alpha: 0.05, units: []string{"sec/op"}},
			regressed: []string{"Perft-2 sec/op"},
		},
		{
			name: "slower median without significance passes",
			base: []result{{"Perft", "ns/op", wide}},
			head: []result{{"Perft", "ns/op", wideSlower}},
			gate: defaultGate(),
		},
		{
			name: "too few samples to be significant passes",
			base: []result{{"Perft", "ns/op", three}},
			head: []result{{"Perft", "ns/op", threeSlower}},
			gate: defaultGate(),
		},
		{
			name:      "only the slower of several benchmarks fails",
			base:      []result{{"A", "ns/op", around(100)}, {"B", "ns/op", around(200)}, {"C", "ns/op", around(300)}},
			head:      []result{{"A", "ns/op", around(100)}, {"B", "ns/op", around(240)}, {"C", "ns/op", around(270)}},
			gate:      defaultGate(),
			regressed: []string{"B-2 sec/op"},
		},
		{
			name: "an ungated unit does not fail",
			base: []result{{"Perft", "allocs/op", around(100)}},
			head: []result{{"Perft", "allocs/op", around(200)}},
			gate: defaultGate(),
		},
		{
			name:      "allocations appearing fail when allocs/op is gated",
			base:      []result{{"Perft", "allocs/op", make([]float64, 10)}},
			head:      []result{{"Perft", "allocs/op", []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}},
			gate:      gate{threshold: 5, alpha: 0.05, units: []string{"allocs/op"}},
			regressed: []string{"Perft-2 allocs/op"},
		},
		{
			name:      "a throughput metric falling by 10% fails: higher is better",
			base:      []result{{"Perft", "Mnps", around(100)}},
			head:      []result{{"Perft", "Mnps", around(90)}},
			gate:      gate{threshold: 5, alpha: 0.05, units: []string{"Mnps"}},
			regressed: []string{"Perft-2 Mnps"},
		},
		{
			name: "a throughput metric rising by 10% passes",
			base: []result{{"Perft", "Mnps", around(100)}},
			head: []result{{"Perft", "Mnps", around(110)}},
			gate: gate{threshold: 5, alpha: 0.05, units: []string{"Mnps"}},
		},
		{
			name: "a benchmark on one side only passes",
			base: []result{{"Old", "ns/op", around(100)}, {"Kept", "ns/op", around(100)}},
			head: []result{{"Kept", "ns/op", around(100)}, {"New", "ns/op", around(500)}},
			gate: defaultGate(),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := compareStrings(t, benchOutput(tc.base...), benchOutput(tc.head...), tc.gate)
			assert.Equal(t, tc.regressed, regressedNames(c))
		})
	}
}

func TestCompareFigures(t *testing.T) {
	c := compareStrings(t, benchOutput(result{"Perft", "ns/op", around(100)}), benchOutput(result{"Perft", "ns/op", around(110)}), defaultGate())
	require.Len(t, c.rows, 1)
	r := c.rows[0]
	assert.Equal(t, "example.com/lib", r.pkg)
	assert.Equal(t, "sec/op", r.unit, "ns/op is read as sec/op")
	// The medians of around(x) are x*(1+(-0.002+0.001)/2) on both sides,
	// so the change is exactly 10%.
	assert.InDelta(t, 10, r.worse, 1e-9)
	assert.InDelta(t, 100e-9*(1-0.0005), r.baseSum.Center, 1e-15)
	// Ten samples against ten, wholly separated: the U test's p is the
	// smallest it can be, 2/C(20,10).
	assert.InDelta(t, 2.0/184756, r.cmp.P, 1e-6)
	assert.True(t, r.regression)
}

func TestComparePairsOneSidedBenchmarks(t *testing.T) {
	c := compareStrings(t, benchOutput(result{"Old", "ns/op", around(100)}), benchOutput(result{"New", "ns/op", around(100)}), defaultGate())
	require.Len(t, c.rows, 2)
	assert.Equal(t, "Old-2", c.rows[0].name)
	assert.Nil(t, c.rows[0].head)
	assert.Equal(t, "New-2", c.rows[1].name)
	assert.Nil(t, c.rows[1].base)
}

func TestCompareNoResults(t *testing.T) {
	_, err := compare(strings.NewReader("PASS\nok  \texample.com/lib\t0.1s\n"), strings.NewReader(benchOutput(result{"A", "ns/op", around(1)})), defaultGate())
	require.ErrorIs(t, err, errNoResults)
	require.ErrorContains(t, err, "base")
}

func TestWorsePercent(t *testing.T) {
	tests := []struct {
		name       string
		base, head float64
		better     int
		want       float64
	}{
		{"cost up 10%", 100, 110, -1, 10},
		{"cost down 10%", 100, 90, -1, -10},
		{"rate down 10%", 100, 90, 1, 10},
		{"rate up 10%", 100, 110, 1, -10},
		{"cost from zero", 0, 1, -1, math.Inf(1)},
		{"rate from zero", 0, 1, 1, math.Inf(-1)},
		{"both zero", 0, 0, -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := worsePercent(tc.base, tc.head, tc.better)
			if math.IsInf(tc.want, 0) {
				assert.Equal(t, tc.want, got)
				return
			}
			assert.InDelta(t, tc.want, got, 1e-9)
		})
	}
}

func TestNewGate(t *testing.T) {
	g, err := newGate("5%", 0.05, []string{"ns/op", "allocs/op"})
	require.NoError(t, err)
	assert.Equal(t, 5.0, g.threshold)
	assert.Equal(t, []string{"sec/op", "allocs/op"}, g.units)

	g, err = newGate(" 2.5 ", 0.01, []string{"Mnps"})
	require.NoError(t, err)
	assert.Equal(t, 2.5, g.threshold)
	assert.Equal(t, []string{"Mnps"}, g.units)

	for _, bad := range []struct {
		threshold string
		alpha     float64
		units     []string
	}{
		{"five", 0.05, []string{"sec/op"}},
		{"-1%", 0.05, []string{"sec/op"}},
		{"5%", 0, []string{"sec/op"}},
		{"5%", 1, []string{"sec/op"}},
		{"5%", 0.05, nil},
	} {
		_, err := newGate(bad.threshold, bad.alpha, bad.units)
		assert.Error(t, err, "%+v", bad)
	}
}

// TestRunComparesFiles drives the command in its file mode and checks the
// exit status and what it prints.
func TestRunComparesFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, r result) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(benchOutput(r)), 0o644))
		return path
	}
	base := write("base.txt", result{"Perft/gambit/start/d5", "ns/op", around(100)})
	same := write("same.txt", result{"Perft/gambit/start/d5", "ns/op", around(100)})
	slower := write("slower.txt", result{"Perft/gambit/start/d5", "ns/op", around(110)})

	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string
	}{
		{"unchanged passes", []string{base, same}, 0, []string{"Perft/gambit/start/d5-2", "~ (p=1.000 n=10)", "benchgate: PASS"}},
		{"slower fails", []string{base, slower}, 1, []string{"+10.00% (p=0.000 n=10)", "REGRESSION", "benchgate: FAIL: 1 regression", "10.00% worse"}},
		{"a higher threshold lets it pass", []string{"-threshold", "15%", base, slower}, 0, []string{"benchgate: PASS"}},
		{"one file is a usage error", []string{base}, 2, nil},
		{"a missing file is an error", []string{base, filepath.Join(dir, "nope.txt")}, 2, nil},
		{"too few runs is an error", []string{"-base", "HEAD", "-count", "3"}, 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(context.Background(), tc.args, &stdout, &stderr)
			assert.Equal(t, tc.code, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
			for _, s := range tc.contains {
				assert.Contains(t, stdout.String(), s)
			}
		})
	}
}

// TestCompareSkipsNonFinite checks that NaN and infinite values, which a
// custom metric can print and on which the U test never returns, are left
// out rather than compared.
func TestCompareSkipsNonFinite(t *testing.T) {
	nan := make([]float64, 10)
	inf := make([]float64, 10)
	for i := range nan {
		nan[i], inf[i] = math.NaN(), math.Inf(1)
	}
	base := benchOutput(result{"A", "ns/op", around(100)}, result{"A", "Mnps", nan}, result{"B", "Mnps", inf})
	head := benchOutput(result{"A", "ns/op", around(100)}, result{"A", "Mnps", around(1)}, result{"B", "Mnps", around(1)})
	c := compareStrings(t, base, head, gate{threshold: 5, alpha: 0.05, units: []string{"sec/op", "Mnps"}})
	require.Len(t, c.rows, 3)
	assert.Equal(t, "sec/op", c.rows[0].unit)
	for _, r := range c.rows[1:] {
		assert.Equal(t, "Mnps", r.unit)
		assert.Nil(t, r.base, "%s: the non-finite base values are skipped", r.name)
		assert.Len(t, r.head, 10)
	}
}
