package syzygy

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambit-chess/gambit/core"
)

// fuzzTables are the tables FuzzTableFile corrupts: one pawnless, one
// with a pawn; the first byte of the input picks the table and the kind.
var fuzzTables = []string{"KRvK", "KPvK"}

// FuzzTableFile probes positions through a table file whose bytes are the
// fuzzer's (the other file of the table is the committed one): whatever
// the bytes, a probe returns a value or an error, never a panic, and the
// only errors are the documented ones. The seeds are the committed files
// and broken copies of them; `go test -fuzz FuzzTableFile ./syzygy` (or
// make fuzz) explores further.
func FuzzTableFile(f *testing.F) {
	for i, name := range fuzzTables {
		for kind, suffix := range suffixes {
			b, err := os.ReadFile(filepath.Join(testDir, name+suffix))
			if err != nil {
				f.Fatal(err)
			}
			sel := byte(2*i + kind)
			f.Add(sel, b)
			f.Add(sel, b[:len(b)/2])
			f.Add(sel, b[:5])
			c := append([]byte(nil), b...)
			for j := 5; j < len(c) && j < 64; j++ {
				c[j] ^= 0x5a
			}
			f.Add(sel, c)
		}
	}
	positions := map[string][]core.Position{}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range fuzzTables {
		for i := 0; i < 16; i++ {
			p, _ := randomPosition(rng, name, 0)
			positions[name] = append(positions[name], p)
		}
	}
	f.Fuzz(func(t *testing.T, sel byte, data []byte) {
		name := fuzzTables[int(sel/2)%len(fuzzTables)]
		kind := int(sel % 2)
		counts, _ := parseName(name)
		files := map[string][]byte{}
		for k, suffix := range suffixes {
			if k == kind {
				files[suffix] = data
				continue
			}
			b, err := os.ReadFile(filepath.Join(testDir, name+suffix))
			if err != nil {
				t.Fatal(err)
			}
			files[suffix] = b
		}
		tb := newTablebase(func(path string) ([]byte, func() error, error) {
			return files[path], nil, nil
		})
		tab := newTable(name, counts)
		tab.paths = suffixes
		mirrored := [2][7]int{counts[1], counts[0]}
		tb.tables[tab.key] = tab
		tb.tables[materialKey(&mirrored)] = tab
		tb.byName[name] = tab
		tb.maxPieces = tab.num
		for i := range positions[name] {
			p := positions[name][i]
			_, err := tb.ProbeWDL(&p)
			checkFuzzError(t, err)
			_, err = tb.ProbeDTZ(&p)
			checkFuzzError(t, err)
			_, err = tb.ProbeRoot(&p, nil)
			checkFuzzError(t, err)
		}
	})
}

func checkFuzzError(t *testing.T, err error) {
	if err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrMissingTable) {
		t.Fatalf("unexpected error %v", err)
	}
}
