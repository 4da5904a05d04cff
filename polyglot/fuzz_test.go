package polyglot_test

import (
	"bytes"
	"cmp"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

// fuzzPositions are the positions FuzzBook looks up: castling both ways,
// promotions, en passant.
var fuzzPositions = []string{
	core.StartFEN,
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
	"1n5k/P7/8/8/8/8/8/K7 w - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
}

// FuzzBook: any bytes either are a book or give an error, never a panic;
// a book's entries, from a byte slice or an io.ReaderAt, are legal moves
// of the position. The entries are also read again with their keys moved
// to those of fuzzPositions, so that their move fields are decoded.
func FuzzBook(f *testing.F) {
	data := build(f, filepath.Join(pgnDir, "molinari-bordais-1979.pgn"), polyglot.BuildOptions{MinGames: 1})
	f.Add(data)
	f.Add(data[:len(data)-3])
	f.Add([]byte{})
	var positions []core.Position
	for _, fen := range fuzzPositions {
		pos, err := core.ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, pos)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check(t, data, positions)
		// The same entries keyed to the test positions, sorted.
		var es []polyglot.RawEntry
		for i := 0; i+polyglot.EntrySize <= len(data); i += polyglot.EntrySize {
			b, err := polyglot.NewBytes(data[i : i+polyglot.EntrySize])
			if err != nil {
				continue
			}
			e, _ := b.Raw(0)
			e.Key = positions[e.Key%uint64(len(positions))].Hash()
			es = append(es, e)
		}
		slices.SortStableFunc(es, func(a, b polyglot.RawEntry) int { return cmp.Compare(a.Key, b.Key) })
		var rekeyed []byte
		for _, e := range es {
			rekeyed = polyglot.AppendEntry(rekeyed, e)
		}
		check(t, rekeyed, positions)
	})
}

// check opens data as a book both ways and looks the positions up.
func check(t *testing.T, data []byte, positions []core.Position) {
	b1, err1 := polyglot.NewBytes(data)
	b2, err2 := polyglot.NewReaderAt(bytes.NewReader(data), int64(len(data)))
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("NewBytes: %v, NewReaderAt: %v", err1, err2)
	}
	if err1 != nil {
		return
	}
	for i := range positions {
		pos := positions[i]
		e1, err1 := b1.Entries(&pos, nil)
		e2, err2 := b2.Entries(&pos, nil)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !slices.Equal(e1, e2) {
			t.Fatalf("%s: %v and %v", pos.FEN(), e1, e2)
		}
		for _, e := range e1 {
			if pos.LegalMove(e.Move.From(), e.Move.To(), e.Move.Promotion()) != e.Move {
				t.Fatalf("%s: %v is not legal", pos.FEN(), e.Move)
			}
		}
		if _, _, err := b1.Pick(&pos, polyglot.PickOptions{}); err != nil {
			t.Fatal(err)
		}
		if pos != positions[i] {
			t.Fatal("the position changed")
		}
	}
}
