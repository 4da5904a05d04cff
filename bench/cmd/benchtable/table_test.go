package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run1 is one run's output as go test prints it: the figures are chosen so
// that the ratios are round (gambit 100 Mnps against 25 and 0.5). LegalMoves
// runs first, as go test runs it, but Perft's table leads.
const run1 = `goos: linux
goarch: amd64
pkg: github.com/gambit-chess/gambit/bench
cpu: AMD EPYC
BenchmarkLegalMoves/gambit/kiwipete-2    	 1000000	       250.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkPerft/gambit/start/d4-2         	     100	   1972810 ns/op	       100.0 Mnps	       0 B/op	       0 allocs/op
BenchmarkPerft/gambit/start/d5-2         	      10	  48656090 ns/op	       100.0 Mnps	       0 B/op	       0 allocs/op
BenchmarkPerft/dragontoothmg/start/d4-2  	      20	   7891240 ns/op	        25.00 Mnps	 2703544 B/op	   27967 allocs/op
BenchmarkPerft/dragontoothmg/start/d5-2  	       1	 243280450 ns/op	        20.00 Mnps	59915296 B/op	  619811 allocs/op
BenchmarkPerft/notnil-chess/start/d4-2   	       3	 394562000 ns/op	         0.5000 Mnps	10140557 B/op	  292149 allocs/op
some log line a benchmark printed
BenchmarkLegalMoves/dragontoothmg/kiwipete-2         	  500000	      1000 ns/op	    1024 B/op	       1 allocs/op
BenchmarkNotOurs-2                       	 1000000	      1000 ns/op
PASS
ok  	github.com/gambit-chess/gambit/bench	12.3s
`

const want1 = `**Perft, bulk counting (the last ply's moves counted, not made)** (million nodes a second, higher is better)

| position | gambit | dragontoothmg | gambit × | notnil-chess | gambit × |
|---|---:|---:|---:|---:|---:|
| start/d4 | 100 | 25.0 | 4.00× | 0.500 | 200× |
| start/d5 | 100 | 20.0 | 5.00× | – | – |

**Legal move generation** (time an operation, lower is better)

| position | gambit | dragontoothmg | gambit × |
|---|---:|---:|---:|
| kiwipete | 250.0ns | 1.000µs | 4.00× |
`

func TestMarkdown(t *testing.T) {
	var out, errs strings.Builder
	code := run(nil, strings.NewReader(run1), &out, &errs)
	require.Equal(t, 0, code, errs.String())
	assert.Equal(t, want1, out.String())
}

// TestMedianOfRepeats checks that repeated runs (-count) give the median,
// and that the reference column comes first whatever the input order.
func TestMedianOfRepeats(t *testing.T) {
	in := `pkg: x
BenchmarkPerft/peer/start/d3-2 	 1	 1 ns/op	 9.0 Mnps
BenchmarkPerft/gambit/start/d3-2 	 1	 1 ns/op	 90.0 Mnps
BenchmarkPerft/peer/start/d3-2 	 1	 1 ns/op	 10.0 Mnps
BenchmarkPerft/gambit/start/d3-2 	 1	 1 ns/op	 100.0 Mnps
BenchmarkPerft/peer/start/d3-2 	 1	 1 ns/op	 50.0 Mnps
BenchmarkPerft/gambit/start/d3-2 	 1	 1 ns/op	 500.0 Mnps
`
	path := filepath.Join(t.TempDir(), "bench.txt")
	require.NoError(t, os.WriteFile(path, []byte(in), 0o644))
	var out, errs strings.Builder
	require.Equal(t, 0, run([]string{path}, nil, &out, &errs), errs.String())
	assert.Contains(t, out.String(), "| position | gambit | peer | gambit × |")
	assert.Contains(t, out.String(), "| start/d3 | 100 | 10.0 | 10.0× |")
}

// TestThroughput checks that a benchmark reporting MB/s (b.SetBytes) is
// tabled in MB/s, higher being better, even when the peers read less data
// an operation (their time an operation would not compare).
func TestThroughput(t *testing.T) {
	in := `BenchmarkPGNTree/gambit/twic-2 	 10	 80000000 ns/op	 100.00 MB/s
BenchmarkPGNTree/peer/twic-2 	 1	 2000000000 ns/op	 0.50 MB/s
`
	var out, errs strings.Builder
	require.Equal(t, 0, run(nil, strings.NewReader(in), &out, &errs), errs.String())
	assert.Contains(t, out.String(), "MB of PGN text a second, higher is better")
	assert.Contains(t, out.String(), "| twic | 100 MB/s | 0.500 MB/s | 200× |")
}

func TestNoResults(t *testing.T) {
	var out, errs strings.Builder
	code := run(nil, strings.NewReader("BenchmarkFlat-2 \t 10\t 5 ns/op\nPASS\n"), &out, &errs)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs.String(), "no benchmark results")
}

func TestMissingFile(t *testing.T) {
	var out, errs strings.Builder
	assert.Equal(t, 2, run([]string{filepath.Join(t.TempDir(), "nope.txt")}, nil, &out, &errs))
}
