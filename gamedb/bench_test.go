package gamedb

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// realText is the real files' text, one after the other.
func realText(b *testing.B) []byte {
	var text []byte
	for _, name := range realFiles {
		data, err := os.ReadFile(name)
		require.NoError(b, err)
		text = append(append(text, data...), '\n')
	}
	return text
}

// BenchmarkBuild indexes the real files' 1,548 games, one goroutine:
// reading, replaying, sorting and writing the segment.
func BenchmarkBuild(b *testing.B) {
	text := realText(b)
	dir := b.TempDir()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := range b.N {
		bd, err := Create(filepath.Join(dir, strconv.Itoa(i)), BuildOptions{})
		require.NoError(b, err)
		require.NoError(b, bd.AddPGN(bytes.NewReader(text), "real", nil))
		require.NoError(b, bd.Commit())
	}
	b.ReportMetric(float64(b.N*1548)/b.Elapsed().Seconds(), "games/s")
}

// benchDB is the index of the real files.
func benchDB(b *testing.B) *DB {
	dir := buildIndex(b, BuildOptions{}, realFiles...)
	db, err := Open(dir)
	require.NoError(b, err)
	b.Cleanup(func() { db.Close() })
	return db
}

// benchPositions are positions of the real games: the start position,
// and positions reached by several games and by one.
func benchPositions(b *testing.B) []core.Position {
	reached, positions := countPositions(b, realFiles...)
	var out []core.Position
	for _, k := range samplePositions(reached, positions, 200) {
		out = append(out, positions[k])
	}
	return out
}

func BenchmarkExplore(b *testing.B) {
	db, ps := benchDB(b), benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := db.Explore(&ps[i%len(ps)], Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFind(b *testing.B) {
	db, ps := benchDB(b), benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := db.Find(&ps[i%len(ps)], Filter{}, 0, 20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScan scans every position of every game for a material
// signature no game has (so every game is replayed whole unless its
// material rules it out): plies/s is the scan's speed.
func BenchmarkScan(b *testing.B) {
	db := benchDB(b)
	var plies int64
	for n := int64(1); n <= db.Len(); n++ {
		g, err := db.Game(n)
		require.NoError(b, err)
		plies += int64(g.Plies + 1)
	}
	var ps Pieces
	ps[core.White][core.Queen] = core.A1.Bitboard() | core.H8.Bitboard() // never
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, err := range db.Scan(Pattern{Pieces: &ps}, Filter{}) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}
