package opening_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/opening"
)

// TestZeroAllocs: once the table is built, Lookup (found or not) and
// Classify allocate nothing.
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	require.NoError(t, opening.Load())
	_, moves := play("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3")
	named, _ := play("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3")
	unnamed, _ := play("a4", "h5", "h4", "a5")
	start := core.StartPosition()
	var ok bool
	var err error
	require.Zero(t, testing.AllocsPerRun(100, func() { _, ok = opening.Lookup(&named) }), "Lookup, found")
	require.True(t, ok)
	require.Zero(t, testing.AllocsPerRun(100, func() { _, ok = opening.Lookup(&unnamed) }), "Lookup, not found")
	require.False(t, ok)
	require.Zero(t, testing.AllocsPerRun(100, func() { _, _, ok, err = opening.Classify(&start, moves) }), "Classify")
	require.NoError(t, err)
	require.True(t, ok)
}

// BenchmarkLookup looks up the positions of a Najdorf, named or not, in
// turn. Run it with -benchmem to see that it allocates nothing.
func BenchmarkLookup(b *testing.B) {
	require.NoError(b, opening.Load())
	_, moves := play("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3")
	positions := make([]core.Position, 0, len(moves)+1)
	p := core.StartPosition()
	positions = append(positions, p)
	for _, m := range moves {
		p.MakeMove(m)
		positions = append(positions, p)
	}
	b.ReportAllocs()
	found := 0
	for i := 1; b.Loop(); i++ { // from 1. e4, named, so that one loop finds a name
		if _, ok := opening.Lookup(&positions[i%len(positions)]); ok {
			found++
		}
	}
	if found == 0 {
		b.Fatal("no position found")
	}
}

// BenchmarkClassify names the Najdorf game above.
func BenchmarkClassify(b *testing.B) {
	require.NoError(b, opening.Load())
	start := core.StartPosition()
	_, moves := play("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ok, err := opening.Classify(&start, moves); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
