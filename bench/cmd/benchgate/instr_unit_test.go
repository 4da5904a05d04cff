package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cachegrindSample is the shape of a cachegrind output file (events Ir
// only): a function under two files, as inlined code makes it.
const cachegrindSample = `desc: I1 cache:         32768 B, 64 B, 8-way associative
cmd: ./x.test -test.run ^$ -test.bench ^BenchmarkWork$ -test.benchtime 2x
events: Ir
fl=./lib/lib.go
fn=example.com/lib.Work
10 100
11 250
fn=runtime.mallocgc
5 7
fl=./other.go
fn=example.com/lib.Work
3 50
summary: 407
`

func TestReadCachegrind(t *testing.T) {
	c, err := readCachegrind(strings.NewReader(cachegrindSample))
	require.NoError(t, err)
	assert.Equal(t, uint64(407), c.total)
	assert.Equal(t, map[string]uint64{"example.com/lib.Work": 400, "runtime.mallocgc": 7}, c.fns)
}

func TestReadCachegrindErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no summary", "events: Ir\nfn=f\n1 2\n", "without a summary"},
		{"cost outside a function", "events: Ir\n1 2\nsummary: 2\n", "outside a function"},
		{"bad cost", "events: Ir\nfn=f\n1 x\nsummary: 2\n", "cost line"},
		{"bad summary", "events: Ir\nsummary: lots\n", "summary"},
		{"other events", "events: Dr Ir\nsummary: 1 2\n", "want Ir first"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readCachegrind(strings.NewReader(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// FuzzReadCachegrind feeds arbitrary text to the cachegrind reader: an
// error or counts, never a panic.
func FuzzReadCachegrind(f *testing.F) {
	f.Add(cachegrindSample)
	f.Add("events: Ir\nfn=f\n1\nsummary: 1\n")
	f.Add("fn=\n0 18446744073709551615\nsummary: 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := readCachegrind(strings.NewReader(text))
		if err == nil && c.fns == nil {
			t.Fatal("counts without a function map")
		}
	})
}

// TestBenchPattern checks that the pattern selects the benchmark named and
// none other, metacharacters in names included.
func TestBenchPattern(t *testing.T) {
	assert.Equal(t, "^BenchmarkPerft$/^gambit$/^start$/^d4$", benchPattern("Perft/gambit/start/d4"))
	p := benchPattern("Parse/a.b+c")
	// Each level is matched on its own, as the testing package does.
	levels := strings.Split(p, "/")
	require.Len(t, levels, 2)
	assert.Regexp(t, regexp.MustCompile(levels[1]), "a.b+c")
	assert.NotRegexp(t, regexp.MustCompile(levels[1]), "aXbbc")
	assert.NotRegexp(t, regexp.MustCompile(levels[0]), "BenchmarkParseFEN")
}

func TestIterations(t *testing.T) {
	tests := []struct {
		ns     float64
		target time.Duration
		n2     int
	}{
		{1000, 100 * time.Millisecond, 2 + 100000},
		{3e6, 100 * time.Millisecond, 2 + 34},
		{7e8, 100 * time.Millisecond, 2 + minIterations}, // an op longer than the target
		{0, 100 * time.Millisecond, 2 + minIterations},   // no figure
		{0.001, time.Second, 2 + 1e7},                    // capped
	}
	for _, tc := range tests {
		n1, n2 := iterations(tc.ns, tc.target)
		assert.Equal(t, 2, n1)
		assert.Equal(t, tc.n2, n2, "ns/op %g", tc.ns)
	}
}

// TestDifferenceAndGrowth checks the per-op arithmetic and the report of
// the functions that grew: set-up cancels, a function present in one run
// only counts from zero, and growth is ranked largest first.
func TestDifferenceAndGrowth(t *testing.T) {
	c1 := counts{total: 1000 + 2*100, fns: map[string]uint64{"setup": 1000, "work": 2 * 90, "gone": 2 * 10}}
	c2 := counts{total: 1000 + 12*100, fns: map[string]uint64{"setup": 1000, "work": 12 * 90, "gone": 12 * 10}}
	base := difference(c1, c2, 2, 12)
	assert.InDelta(t, 100, base.total, 1e-9)
	assert.InDelta(t, 0, base.fns["setup"], 1e-9)
	assert.InDelta(t, 90, base.fns["work"], 1e-9)

	h1 := counts{total: 1000 + 2*130, fns: map[string]uint64{"setup": 1000, "work": 2 * 100, "new": 2 * 30}}
	h2 := counts{total: 1000 + 12*130, fns: map[string]uint64{"setup": 1000, "work": 12 * 100, "new": 12 * 30}}
	head := difference(h1, h2, 2, 12)
	assert.InDelta(t, 130, head.total, 1e-9)

	g := growth(base, head, 10)
	require.Len(t, g, 2)
	assert.Equal(t, "new", g[0].Name)
	assert.InDelta(t, 30, g[0].Delta, 1e-9)
	assert.Equal(t, "work", g[1].Name)
	assert.InDelta(t, 10, g[1].Delta, 1e-9)
	assert.Len(t, growth(base, head, 1), 1)

	c := compareInstr([]measurement{{bench: instrBench{name: "W", n1: 2, n2: 12}, base: &base, head: &head}}, 0.5, 10)
	require.Len(t, c.regressions(), 1)
	assert.InDelta(t, 30, c.rows[0].Worse, 1e-9)
	c = compareInstr([]measurement{{bench: instrBench{name: "W", n1: 2, n2: 12}, base: &base}}, 0.5, 10)
	assert.Empty(t, c.regressions(), "a benchmark on one side only is not a regression")
}

func TestThousands(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 1234567.6: "1,234,568", -4321: "-4,321", -0.2: "0"} {
		assert.Equal(t, want, thousands(v), "%g", v)
	}
}

func TestCountEnv(t *testing.T) {
	t.Setenv("GODEBUG", "madvdontneed=1")
	env := countEnv()
	assert.Contains(t, env, "GOMAXPROCS=1")
	assert.Contains(t, env, "GOGC=off")
	assert.Contains(t, env, "GODEBUG=madvdontneed=1,asyncpreemptoff=1,memprofilerate=0")
	n := 0
	for _, kv := range env {
		if strings.HasPrefix(kv, "GODEBUG=") {
			n++
		}
	}
	assert.Equal(t, 1, n)
}
