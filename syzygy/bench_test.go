package syzygy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// benchPositions is the benchmark's position set: 1,000 random positions
// spread over every committed table, en passant ones included.
func benchPositions(b testing.TB, tb *Tablebase) []core.Position {
	return testPositions(b, tb, 1000)
}

// benchmarkProbe times one probe a position over benchPositions, the
// tables loaded beforehand, and reports probes a second.
func benchmarkProbe(b *testing.B, probe func(*Tablebase, *core.Position) error) {
	tb, err := Open(testDir)
	require.NoError(b, err)
	defer tb.Close()
	ps := benchPositions(b, tb)
	for i := range ps {
		require.NoError(b, probe(tb, &ps[i]))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := probe(tb, &ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

func BenchmarkProbeWDL(b *testing.B) {
	benchmarkProbe(b, func(tb *Tablebase, p *core.Position) error {
		_, err := tb.ProbeWDL(p)
		return err
	})
}

func BenchmarkProbeDTZ(b *testing.B) {
	benchmarkProbe(b, func(tb *Tablebase, p *core.Position) error {
		_, err := tb.ProbeDTZ(p)
		return err
	})
}

// TestWriteBenchPositions writes benchPositions, as Fathom's bitboards,
// for the C driver in bench/fathom (make syzygy-bench-fathom), with the
// sums of their WDL and DTZ values that the driver must find too. It runs
// only when GAMBIT_SYZYGY_BENCH_OUT names the file.
func TestWriteBenchPositions(t *testing.T) {
	path := os.Getenv("GAMBIT_SYZYGY_BENCH_OUT")
	if path == "" {
		t.Skip("writes the positions only when GAMBIT_SYZYGY_BENCH_OUT names the file")
	}
	tb := openTest(t)
	var b strings.Builder
	wdlSum, dtzSum := 0, 0
	ps := benchPositions(t, tb)
	for i := range ps {
		p := &ps[i]
		w, err := tb.ProbeWDL(p)
		require.NoError(t, err)
		d, err := tb.ProbeDTZ(p)
		require.NoError(t, err)
		wdlSum += int(w)
		dtzSum += d
		ep := 0
		if p.EnPassant() != core.NoSquare {
			ep = int(p.EnPassant())
		}
		turn := 0
		if p.SideToMove() == core.White {
			turn = 1
		}
		fmt.Fprintf(&b, "%x %x %x %x %x %x %x %x %d %d\n",
			uint64(p.ByColor(core.White)), uint64(p.ByColor(core.Black)),
			uint64(p.ByType(core.King)), uint64(p.ByType(core.Queen)), uint64(p.ByType(core.Rook)),
			uint64(p.ByType(core.Bishop)), uint64(p.ByType(core.Knight)), uint64(p.ByType(core.Pawn)),
			ep, turn)
	}
	header := fmt.Sprintf("%d %d %d\n", len(ps), wdlSum, dtzSum)
	require.NoError(t, os.WriteFile(path, []byte(header+b.String()), 0o644))
}
