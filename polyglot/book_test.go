package polyglot_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

// specKeys are the example keys of the Polyglot book format specification
// (book_format.html), for the positions after these moves.
var specKeys = []struct {
	moves []string // UCI
	key   uint64
}{
	{nil, 0x463b96181691fc9c},
	{[]string{"e2e4"}, 0x823c9b50fd114196},
	{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
	{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
	{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
	{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
	{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
	{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
	{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
}

// play returns the start position after the UCI moves.
func play(t testing.TB, fen string, moves ...string) core.Position {
	t.Helper()
	pos, err := core.ParseFEN(fen)
	require.NoError(t, err)
	for _, s := range moves {
		m, err := pos.ParseUCI(s)
		require.NoError(t, err, s)
		pos.MakeMove(m)
	}
	return pos
}

// bookOf returns a book of the entries, which it sorts by key (stably).
func bookOf(t testing.TB, es ...polyglot.RawEntry) *polyglot.Book {
	t.Helper()
	sorted := append([]polyglot.RawEntry(nil), es...)
	for i := 1; i < len(sorted); i++ { // insertion sort: stable
		for j := i; j > 0 && sorted[j].Key < sorted[j-1].Key; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	var data []byte
	for _, e := range sorted {
		data = polyglot.AppendEntry(data, e)
	}
	b, err := polyglot.NewBytes(data)
	require.NoError(t, err)
	return b
}

// mv returns the Polyglot encoding of a UCI move in pos.
func mv(t testing.TB, pos *core.Position, uci string) uint16 {
	t.Helper()
	m, err := pos.ParseUCI(uci)
	require.NoError(t, err)
	return polyglot.EncodeMove(m)
}

// TestSpecKeys: the keys of the specification's example positions are the
// ones Entries looks up.
func TestSpecKeys(t *testing.T) {
	var es []polyglot.RawEntry
	for i, c := range specKeys {
		pos := play(t, core.StartFEN, c.moves...)
		require.Equal(t, c.key, pos.Hash(), "after %v", c.moves)
		var ml core.MoveList
		pos.LegalMoves(&ml)
		es = append(es, polyglot.RawEntry{Key: c.key, Move: polyglot.EncodeMove(ml.At(0)), Weight: uint16(i + 1), Learn: uint32(i)})
	}
	book := bookOf(t, es...)
	for i, c := range specKeys {
		pos := play(t, core.StartFEN, c.moves...)
		got, err := book.Entries(&pos, nil)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, uint16(i+1), got[0].Weight)
		assert.Equal(t, uint32(i), got[0].Learn)
	}
}

// TestMoveEncoding: the specification's encoding, castling as king takes
// rook ("e1h1"), promotions to every piece.
func TestMoveEncoding(t *testing.T) {
	start := core.StartPosition()
	// e2e4: to e4 = 28, from e2 = 12.
	assert.Equal(t, uint16(28|12<<6), mv(t, &start, "e2e4"))
	castle := play(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for uci, book := range map[string]string{"e1g1": "e1h1", "e1c1": "e1a1"} {
		v := mv(t, &castle, uci)
		assert.Equal(t, book, squareName(v>>6&63)+squareName(v&63), uci)
		m := polyglot.DecodeMove(&castle, v)
		assert.True(t, m.IsCastle(), uci)
		assert.Equal(t, uci, castle.UCI(m))
	}
	black := play(t, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
	m := polyglot.DecodeMove(&black, 63|60<<6) // e8h8
	assert.True(t, m.IsCastle())
	assert.Equal(t, "e8g8", black.UCI(m))
	// The king's form, e1g1, is not how Polyglot writes castling: it is
	// no legal move, and its entry is left out.
	assert.Equal(t, core.NoMove, polyglot.DecodeMove(&castle, 6|4<<6))

	promo := play(t, "8/P6k/8/8/8/8/8/K7 w - - 0 1")
	for i, uci := range []string{"a7a8n", "a7a8b", "a7a8r", "a7a8q"} {
		v := mv(t, &promo, uci)
		assert.Equal(t, uint16(56|48<<6|(i+1)<<12), v, uci)
		assert.Equal(t, uci, polyglot.DecodeMove(&promo, v).String())
	}
	assert.Equal(t, core.NoMove, polyglot.DecodeMove(&promo, 56|48<<6), "a promotion needs its piece")
	assert.Equal(t, core.NoMove, polyglot.DecodeMove(&promo, 56|48<<6|5<<12), "promotion 5")
	assert.Equal(t, core.NoMove, polyglot.DecodeMove(&promo, 56|48<<6|4<<12|1<<15), "bit 15")
}

func squareName(sq uint16) string { return core.Square(sq).String() }

// TestEntries: a position's entries in book order, castling and
// under-promotions among them; entries of other keys around it and
// entries of illegal moves left out.
func TestEntries(t *testing.T) {
	castle := play(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	promo := play(t, "1n5k/P7/8/8/8/8/8/K7 w - - 0 1")
	es := []polyglot.RawEntry{
		{Key: castle.Hash() - 1, Move: mv(t, &castle, "e1g1"), Weight: 9},
		{Key: castle.Hash(), Move: mv(t, &castle, "e1g1"), Weight: 5, Learn: 1},
		{Key: castle.Hash(), Move: 6 | 4<<6, Weight: 4},   // e1g1, the king's form: no legal move
		{Key: castle.Hash(), Move: 20 | 12<<6, Weight: 4}, // e2e4: no piece there
		{Key: castle.Hash(), Move: mv(t, &castle, "e1c1"), Weight: 3, Learn: 2},
		{Key: castle.Hash(), Move: mv(t, &castle, "a1a8"), Weight: 1},
		{Key: castle.Hash() + 1, Move: mv(t, &castle, "e1c1"), Weight: 9},
		{Key: promo.Hash(), Move: mv(t, &promo, "a7b8n"), Weight: 2},
		{Key: promo.Hash(), Move: mv(t, &promo, "a7a8r"), Weight: 1},
	}
	book := bookOf(t, es...)
	got, err := book.Entries(&castle, nil)
	require.NoError(t, err)
	var ucis []string
	for _, e := range got {
		ucis = append(ucis, castle.UCI(e.Move))
	}
	assert.Equal(t, []string{"e1g1", "e1c1", "a1a8"}, ucis)
	assert.Equal(t, polyglot.Entry{Move: got[0].Move, Weight: 5, Learn: 1}, got[0])
	assert.True(t, got[1].Move.IsCastle())

	got, err = book.Entries(&promo, got[:0])
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "a7b8n", got[0].Move.String())
	assert.True(t, got[0].Move.IsCapture())
	assert.Equal(t, "a7a8r", got[1].Move.String())

	empty := core.StartPosition()
	got, err = book.Entries(&empty, nil)
	require.NoError(t, err)
	assert.Empty(t, got)
}

// TestChess960: a Chess960 position is refused, by Entries and by Pick.
func TestChess960(t *testing.T) {
	pos, err := core.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	require.NoError(t, err)
	require.True(t, pos.Chess960())
	book := bookOf(t, polyglot.RawEntry{Key: pos.Hash(), Move: 1 | 2<<6, Weight: 1})
	_, err = book.Entries(&pos, nil)
	assert.ErrorIs(t, err, polyglot.ErrChess960)
	_, _, err = book.Pick(&pos, polyglot.PickOptions{})
	assert.ErrorIs(t, err, polyglot.ErrChess960)
}

// TestVariant: a variant's position is refused too, also where it looks
// like chess's (King of the Hill's start).
func TestVariant(t *testing.T) {
	std := core.StartPosition()
	koth, err := core.VariantStartPosition(core.KingOfTheHill)
	require.NoError(t, err)
	e2e4, err := std.ParseUCI("e2e4")
	require.NoError(t, err)
	book := bookOf(t, polyglot.RawEntry{Key: std.Hash(), Move: polyglot.EncodeMove(e2e4), Weight: 1})
	_, err = book.Entries(&koth, nil)
	assert.ErrorIs(t, err, polyglot.ErrVariant)
	_, _, err = book.Pick(&koth, polyglot.PickOptions{})
	assert.ErrorIs(t, err, polyglot.ErrVariant)
	es, err := book.Entries(&std, nil)
	require.NoError(t, err)
	assert.Len(t, es, 1)
}

// TestFormatErrors: a truncated, unsorted or corrupt book is an error
// naming the offset of the first bad entry, from every way of opening it.
func TestFormatErrors(t *testing.T) {
	start := core.StartPosition()
	good := func(key uint64) polyglot.RawEntry {
		return polyglot.RawEntry{Key: key, Move: mv(t, &start, "e2e4"), Weight: 1}
	}
	entries := func(es ...polyglot.RawEntry) []byte {
		var b []byte
		for _, e := range es {
			b = polyglot.AppendEntry(b, e)
		}
		return b
	}
	cases := []struct {
		name   string
		data   []byte
		offset int64
		text   string
	}{
		{"truncated", entries(good(1), good(2))[:31], 16, "length 31 is not a multiple of 16"},
		{"unsorted", entries(good(1), good(5), good(5), good(4)), 48, "not sorted"},
		{"promotion 7", entries(good(1), polyglot.RawEntry{Key: 2, Move: 7<<12 | 28 | 12<<6}), 16, "promotion 7"},
		{"bit 15", entries(polyglot.RawEntry{Key: 2, Move: 1<<15 | 28 | 12<<6}), 0, "bit 15"},
		{"null move", entries(good(1), good(2), polyglot.RawEntry{Key: 3}), 32, "to itself"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".bin")
		require.NoError(t, os.WriteFile(path, c.data, 0o644))
		_, err1 := polyglot.NewBytes(c.data)
		_, err2 := polyglot.NewReaderAt(bytes.NewReader(c.data), int64(len(c.data)))
		_, err3 := polyglot.Open(path)
		for i, err := range []error{err1, err2, err3} {
			var fe *polyglot.FormatError
			require.True(t, errors.As(err, &fe), "%s %d: %v", c.name, i, err)
			assert.Equal(t, c.offset, fe.Offset, c.name)
			assert.Contains(t, err.Error(), c.text, c.name)
			assert.Contains(t, err.Error(), "polyglot: ", c.name)
		}
		assert.Contains(t, err3.Error(), path)
	}
	// A header entry (key 0, text in its fields) is no error.
	header := append(entries(polyglot.RawEntry{Key: 0, Move: 0x4050, Weight: 0x4740, Learn: 0x0a312e30}), entries(good(7))...)
	b, err := polyglot.NewBytes(header)
	require.NoError(t, err)
	assert.Equal(t, 2, b.Len())
	// An empty book is a book.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "empty.bin"), nil, 0o644))
	empty, err := polyglot.Open(filepath.Join(dir, "empty.bin"))
	require.NoError(t, err)
	got, err := empty.Entries(&start, nil)
	require.NoError(t, err)
	assert.Empty(t, got)
	require.NoError(t, empty.Close())
	_, err = polyglot.Open(filepath.Join(dir, "missing.bin"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	_, err = polyglot.Open(dir)
	assert.ErrorContains(t, err, "not a regular file")
}

// TestOpenings: a file, its bytes and an io.ReaderAt over them give the
// same entries for every position of a real book.
func TestOpenings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.bin")
	data := build(t, filepath.Join(pgnDir, "chessjs-benchmark.pgn"), polyglot.BuildOptions{MinGames: 1, MaxPly: 30})
	require.NoError(t, os.WriteFile(path, data, 0o644))
	fromFile, err := polyglot.Open(path)
	require.NoError(t, err)
	defer fromFile.Close()
	fromBytes, err := polyglot.NewBytes(data)
	require.NoError(t, err)
	fromReader, err := polyglot.NewReaderAt(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	require.Equal(t, len(data)/16, fromReader.Len())
	positions := 0
	forEachPosition(t, filepath.Join(pgnDir, "chessjs-benchmark.pgn"), func(pos *core.Position) {
		want, err := fromBytes.Entries(pos, nil)
		require.NoError(t, err)
		for _, b := range []*polyglot.Book{fromFile, fromReader} {
			got, err := b.Entries(pos, nil)
			require.NoError(t, err)
			require.Equal(t, want, got)
		}
		positions++
	})
	assert.Greater(t, positions, 5000)
	for i := range fromBytes.Len() {
		want, err := fromBytes.Raw(i)
		require.NoError(t, err)
		got, err := fromReader.Raw(i)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	// Find against a linear scan, for every key of the book and its
	// neighbours.
	var keys []uint64
	for i := range fromBytes.Len() {
		e, err := fromBytes.Raw(i)
		require.NoError(t, err)
		keys = append(keys, e.Key)
	}
	for _, k := range keys {
		for _, probe := range []uint64{k - 1, k, k + 1} {
			want := slices.IndexFunc(keys, func(x uint64) bool { return x >= probe })
			if want < 0 {
				want = len(keys)
			}
			for _, b := range []*polyglot.Book{fromBytes, fromReader} {
				got, err := b.Find(probe)
				require.NoError(t, err)
				require.Equal(t, want, got, "key %016x", probe)
			}
		}
	}
	_, err = fromReader.Raw(fromReader.Len())
	assert.Error(t, err)
	n, err := fromReader.Find(0)
	require.NoError(t, err)
	assert.Zero(t, n)
	n, err = fromReader.Find(^uint64(0))
	require.NoError(t, err)
	assert.Equal(t, fromReader.Len(), n) // no key is all ones
}
