package syzygy

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The 16-bit DTZ maps ("wide", flag 16 of a DTZ sub-table) are written by
// the generator (syzygy1/tb, tbgen.c sort_values) only when one of a
// sub-table's four maps holds 256 values or more, or a value of 256 or
// more. Map values are DTZ in plies or moves below the fifty-move limit
// (under 100) and (DTZ-100)/2 beyond it, so a wide map needs a DTZ past
// 600 plies; the longest mate of any 3- to 5-piece endgame is 254 plies
// (KPPvKP, by Nalimov's tables), and DTZ is never longer than the mate.
// No 3- to 5-piece table is wide, then, and none of the tables made here
// is (TestNoWideMapsHere); among 7-piece tables only KRBNvKQN and
// KRBBPvKQ needed them. So the wide layout is tested on tables made wide
// here: widen rewrites a real DTZ file's 8-bit maps in the 16-bit layout
// the generator writes (compress.c: the flag set, the maps word-aligned,
// a 16-bit count and 16-bit little-endian values each, the file padded
// as before), optionally adding a constant to every map value.

// widen returns the DTZ file data of table t with the mapped sub-tables
// of mask (bit s for sub-table s) rewritten with wide maps whose values
// are add more than the original's; the others keep their 8-bit maps, as
// in a mixed table. It also reports how many sub-tables it widened and
// how many wide maps needed a byte to start word-aligned.
func widen(t *testing.T, tab *table, data []byte, add int, mask uint) (out []byte, widened, pads int) {
	t.Helper()
	f, err := parseFile(tab, kindDTZ, data)
	require.NoError(t, err)
	// Walk the headers as the reader does to find each sub-table's flag
	// byte and where the maps start.
	off := 5
	num := tab.subTables()
	step := tab.num + 1
	if tab.hasPawns && tab.pawns[1] > 0 {
		step++
	}
	var sizes [4]uint64
	var scratch tableFile
	for s := 0; s < num; s++ {
		sizes[s], err = scratch.initEnc(&scratch.ei[s], tab, data[off:off+step], 0, s)
		require.NoError(t, err)
		off += step
	}
	off += off & 1
	var flagAt [4]int
	var tables [4][3]uint64
	for s := 0; s < num; s++ {
		flagAt[s] = off
		require.Equal(t, f.dtzFlags[s], data[off])
		_, next, sz, err := setupPairs(data, off, sizes[s], false)
		require.NoError(t, err)
		tables[s] = sz
		off = next
	}
	mapsStart := off

	out = append([]byte(nil), data[:mapsStart]...)
	u16 := func(v int) { out = binary.LittleEndian.AppendUint16(out, uint16(v)) }
	for s := 0; s < num; s++ {
		if f.dtzFlags[s]&dtzMapped == 0 {
			continue
		}
		require.Zero(t, f.dtzFlags[s]&dtzWide, "already wide")
		if mask&(1<<s) == 0 {
			for i := 0; i < 4; i++ {
				start := f.dtzMap[s][i]
				out = append(out, data[start-1:start+int(data[start-1])]...)
			}
			continue
		}
		out[flagAt[s]] |= dtzWide
		widened++
		if len(out)&1 != 0 {
			out = append(out, 0)
			pads++
		}
		for i := 0; i < 4; i++ {
			start := f.dtzMap[s][i]
			n := int(data[start-1])
			u16(n)
			for k := 0; k < n; k++ {
				u16(int(data[start+k]) + add)
			}
		}
	}
	if len(out)&1 != 0 {
		out = append(out, 0)
	}
	// The old maps ended where the index tables start: after them, padded
	// to an even offset.
	old := mapsStart
	for s := 0; s < num; s++ {
		if f.dtzFlags[s]&dtzMapped != 0 {
			for i := 0; i < 4; i++ {
				old += 1 + int(data[old])
			}
		}
	}
	old += old & 1
	var tabBytes uint64
	for s := 0; s < num; s++ {
		tabBytes += tables[s][0] + tables[s][1]
	}
	out = append(out, data[old:old+int(tabBytes)]...)
	dataStart := (old + int(tabBytes) + 63) &^ 63
	for len(out)&63 != 0 {
		out = append(out, 0)
	}
	out = append(out, data[dataStart:]...)
	require.Equal(t, 16, len(out)&63, "a table file's size is 16 more than a multiple of 64")
	return out, widened, pads
}

// wideDir returns a directory with the committed tables, the DTZ files of
// names replaced by widened ones (the sub-tables of mask, values add
// more), and the number of alignment bytes the wide maps needed.
func wideDir(t *testing.T, add int, mask uint, names ...string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(testDir)
	require.NoError(t, err)
	abs, err := filepath.Abs(testDir)
	require.NoError(t, err)
	for _, e := range entries {
		require.NoError(t, os.Symlink(filepath.Join(abs, e.Name()), filepath.Join(dir, e.Name())))
	}
	pads := 0
	for _, name := range names {
		path := filepath.Join(testDir, name+".rtbz")
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		counts, ok := parseName(name)
		require.True(t, ok)
		wide, n, p := widen(t, newTable(name, counts), data, add, mask)
		require.Positive(t, n, "%s has a mapped sub-table", name)
		pads += p
		target := filepath.Join(dir, name+".rtbz")
		require.NoError(t, os.Remove(target))
		require.NoError(t, os.WriteFile(target, wide, 0o644))
	}
	return dir, pads
}

// wideTables are committed tables with mapped DTZ sub-tables: a pawnless
// one (one sub-table) and a pawn one (four, one per file of the leading
// pawn).
var wideTables = []string{"KQvKR", "KRvKP"}

// The same tables with wide maps give the same DTZ everywhere: all maps
// wide, and mixed (KPvKP's files b and d wide, a and c not), where a wide
// map has to skip a byte to start at an even offset.
func TestWideDTZMaps(t *testing.T) {
	all, pads := wideDir(t, 0, 0xf, wideTables...)
	assert.Zero(t, pads, "with every map wide, each starts even")
	testWideDir(t, all, wideTables)
	mixed, pads := wideDir(t, 0, 0xa, "KPvKP")
	require.Positive(t, pads, "a mixed table with a wide map after an odd-length narrow one")
	testWideDir(t, mixed, []string{"KPvKP"})
}

// testWideDir compares the DTZ of random positions of names between the
// committed tables and those of dir, which holds them widened.
func testWideDir(t *testing.T, dir string, names []string) {
	t.Helper()
	narrow := openTest(t)
	wide, err := Open(dir)
	require.NoError(t, err)
	defer wide.Close()
	rng := rand.New(rand.NewPCG(19, 16))
	fromMap := 0
	for _, name := range names {
		for range 3000 {
			p, _ := randomPosition(rng, name, 0)
			want, err := narrow.ProbeDTZ(&p)
			require.NoError(t, err)
			got, err := wide.ProbeDTZ(&p)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s: DTZ with wide maps", p.FEN())
			if want != 0 {
				fromMap++
			}
		}
		tab := wide.byName[name]
		f, err := tab.file(wide, kindDTZ)
		require.NoError(t, err)
		wideSubs := 0
		for s := 0; s < tab.subTables(); s++ {
			if f.dtzFlags[s]&dtzWide != 0 {
				wideSubs++
			}
		}
		assert.Positive(t, wideSubs, "%s was read as wide", name)
	}
	assert.Greater(t, fromMap, 1000, "positions with a DTZ")
}

// Values of 256 and more come out whole: the map entries are read as
// 16-bit little-endian numbers, not as their low byte. With 256 added to
// every map value, each value the table gives moves by 256 (512 where
// the table stores moves, not plies).
func TestWideDTZMapsHighByte(t *testing.T) {
	narrow := openTest(t)
	dir, _ := wideDir(t, 256, 0xf, wideTables...)
	wide, err := Open(dir)
	require.NoError(t, err)
	defer wide.Close()
	rng := rand.New(rand.NewPCG(19, 17))
	checked := 0
	for _, name := range wideTables {
		for range 3000 {
			p, _ := randomPosition(rng, name, 0)
			q := p
			wdl, _, err := narrow.probeWDL(&q)
			require.NoError(t, err)
			if wdl == 0 {
				continue
			}
			want, other, err := narrow.probeTable(&p, kindDTZ, wdl)
			require.NoError(t, err)
			if other {
				continue
			}
			got, _, err := wide.probeTable(&p, kindDTZ, wdl)
			require.NoError(t, err)
			if d := got - want; d != 256 && d != 512 {
				t.Fatalf("%s: table value %d with wide maps, %d without", p.FEN(), got, want)
			}
			checked++
		}
	}
	assert.Greater(t, checked, 1000)
}

// None of the tables at hand uses wide maps: the committed ones, and those
// of GAMBIT_SYZYGY_DIR when it is set (make syzygy-deep's directory of
// every 3- to 5-piece table).
func TestNoWideMapsHere(t *testing.T) {
	dirs := []string{testDir}
	if d := os.Getenv("GAMBIT_SYZYGY_DIR"); d != "" {
		dirs = append(dirs, filepath.SplitList(d)...)
	}
	n := 0
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.rtbz"))
		require.NoError(t, err)
		for _, path := range files {
			name := filepath.Base(path[:len(path)-len(".rtbz")])
			counts, ok := parseName(name)
			if !ok {
				continue
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			f, err := parseFile(newTable(name, counts), kindDTZ, data)
			require.NoError(t, err, path)
			for s, fl := range f.dtzFlags {
				assert.Zero(t, fl&dtzWide, "%s: sub-table %d is wide: test it against fathom", path, s)
			}
			n++
		}
	}
	t.Logf("%d DTZ files, none with a wide map", n)
	assert.Positive(t, n)
}
