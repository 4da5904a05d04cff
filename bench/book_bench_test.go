package bench

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gambit-chess/gambit/internal/polyglottest"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/polyglot"
)

// libPolyglot is Debian's polyglot, whose make-book builds the same book
// as polyglot.Builder (the polyglot package's oracle tests check it byte
// for byte).
const libPolyglot = "polyglot"

// BenchmarkBook builds a Polyglot opening book from each PGN sample, with
// make-book's default options: gambit's polyglot.Builder on one goroutine,
// reading the text from memory and writing the book to io.Discard, and
// Debian's polyglot make-book, a process reading the same text from a file
// and writing the book to one (its start-up, a few milliseconds, is in
// its figure). pgn book -j N adds workers that parse ahead of the builder.
func BenchmarkBook(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int {
			bl, err := polyglot.NewBuilder(polyglot.BuildOptions{})
			if err != nil {
				b.Fatal(err)
			}
			defer bl.Close()
			if err := bl.ReadPGN(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
			if _, err := bl.WriteTo(io.Discard); err != nil {
				b.Fatal(err)
			}
			return bl.Stats().Games
		})
	})
	b.Run(libPolyglot, func(b *testing.B) {
		bin := polyglottest.Path(b)
		dir := b.TempDir()
		in := filepath.Join(dir, "games.pgn")
		written, games := []byte(nil), 0
		benchPGN(b, func(b *testing.B, data []byte) int {
			if !bytes.Equal(data, written) {
				// A new sample: written once, outside the timer.
				b.StopTimer()
				if err := os.WriteFile(in, data, 0o644); err != nil {
					b.Fatal(err)
				}
				written, games = data, gamesIn(b, data)
				b.StartTimer()
			}
			cmd := exec.Command(bin, "make-book", "-pgn", in, "-bin", filepath.Join(dir, "book.bin"))
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("polyglot make-book: %v\n%s", err, out)
			}
			return games
		})
	})
}

// gamesIn counts the games of a PGN text, for a peer that does not say
// how many it read.
func gamesIn(tb testing.TB, data []byte) int {
	tb.Helper()
	n := 0
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		if _, err := r.NextTags(); err == io.EOF {
			return n
		} else if err != nil {
			tb.Fatal(err)
		}
		n++
	}
}
