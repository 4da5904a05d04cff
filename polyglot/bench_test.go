package polyglot_test

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

// bigBook is a book of 10⁶ entries: three legal moves of each position of
// the TWIC sample's mainlines, and entries of random keys to fill it up; and
// the positions, in game order.
func bigBook(tb testing.TB) ([]byte, []core.Position) {
	bigOnce.Do(func() { bigData, bigPositions = makeBigBook(tb) })
	return bigData, bigPositions
}

var (
	bigOnce      sync.Once
	bigData      []byte
	bigPositions []core.Position
)

func makeBigBook(tb testing.TB) ([]byte, []core.Position) {
	var es []polyglot.RawEntry
	var positions []core.Position
	seen := map[uint64]bool{}
	forEachPosition(tb, filepath.Join(pgnDir, "twic1599_1000k.pgn"), func(pos *core.Position) {
		var ml core.MoveList
		pos.LegalMoves(&ml)
		positions = append(positions, *pos)
		if seen[pos.Hash()] {
			return
		}
		seen[pos.Hash()] = true
		for i, m := range ml.Moves() {
			if i == 3 {
				break
			}
			es = append(es, polyglot.RawEntry{Key: pos.Hash(), Move: polyglot.EncodeMove(m), Weight: uint16(i + 1)})
		}
	})
	r := rand.New(rand.NewPCG(1, 2))
	for len(es) < 1_000_000 {
		es = append(es, polyglot.RawEntry{Key: r.Uint64(), Move: 28 | 12<<6, Weight: 1})
	}
	slices.SortStableFunc(es, func(a, b polyglot.RawEntry) int { return cmp.Compare(a.Key, b.Key) })
	data := make([]byte, 0, len(es)*polyglot.EntrySize)
	for _, e := range es {
		data = polyglot.AppendEntry(data, e)
	}
	return data, positions
}

// BenchmarkEntries looks up the positions of the TWIC sample's games in a
// book of 10⁶ entries: memory-mapped (Open), in a byte slice, and through
// an io.ReaderAt.
func BenchmarkEntries(b *testing.B) {
	data, positions := bigBook(b)
	path := filepath.Join(b.TempDir(), "big.bin")
	require.NoError(b, os.WriteFile(path, data, 0o644))
	mapped, err := polyglot.Open(path)
	require.NoError(b, err)
	defer mapped.Close()
	inMemory, err := polyglot.NewBytes(data)
	require.NoError(b, err)
	readerAt, err := polyglot.NewReaderAt(bytes.NewReader(data), int64(len(data)))
	require.NoError(b, err)
	for _, c := range []struct {
		name string
		book *polyglot.Book
	}{{"mapped", mapped}, {"bytes", inMemory}, {"readerat", readerAt}} {
		b.Run(c.name, func(b *testing.B) {
			var buf [core.MaxMoves]polyglot.Entry
			b.ReportAllocs()
			found := 0
			i := 0
			for b.Loop() {
				es, err := c.book.Entries(&positions[i], buf[:0])
				if err != nil {
					b.Fatal(err)
				}
				found += len(es)
				i++
				if i == len(positions) {
					i = 0
				}
			}
			if found == 0 {
				b.Fatal("no entry found")
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
		})
	}
}

// TestEntriesAllocs: a lookup allocates nothing, from a mapped file, a
// byte slice or an io.ReaderAt, and neither does Pick.
func TestEntriesAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	data := build(t, filepath.Join(pgnDir, "chessjs-benchmark.pgn"), polyglot.BuildOptions{MinGames: 1})
	path := filepath.Join(t.TempDir(), "book.bin")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	mapped, err := polyglot.Open(path)
	require.NoError(t, err)
	defer mapped.Close()
	inMemory, err := polyglot.NewBytes(data)
	require.NoError(t, err)
	readerAt, err := polyglot.NewReaderAt(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	start := core.StartPosition()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, book := range []*polyglot.Book{mapped, inMemory, readerAt} {
		var buf [core.MaxMoves]polyglot.Entry
		var n int
		allocs := testing.AllocsPerRun(100, func() {
			es, _ := book.Entries(&start, buf[:0])
			n = len(es)
			_, _, _ = book.Pick(&start, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: rng})
		})
		assert.Positive(t, n)
		assert.Zero(t, allocs)
	}
}

// BenchmarkOpen opens (maps and checks every entry of) a book of 10⁶
// entries, 16 MB, and closes it.
func BenchmarkOpen(b *testing.B) {
	data, _ := bigBook(b)
	path := filepath.Join(b.TempDir(), "big.bin")
	require.NoError(b, os.WriteFile(path, data, 0o644))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		book, err := polyglot.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		book.Close()
	}
}
