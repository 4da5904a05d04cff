package polyglot_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/polyglottest"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/san"
)

const pgnDir = "../testdata/pgn"

// oracleFiles are the files of testdata/pgn that Polyglot reads: the
// others have a byte-order mark, a FEN start (Polyglot plays every game
// from the standard start), Chess960 or a "Z0" null move, on which
// make-book stops with an error.
var oracleFiles = []string{
	"twic1599_1000k.pgn", "lichess_db_1000k.pgn", "chessjs-benchmark.pgn",
	"kasparov-deep-blue-1997.pgn", "stockfish-learning.pgn", "nepomniachtchi-liren-game1.pgn",
	"molinari-bordais-1979.pgn", "chessbase-empty-line.pgn",
}

// oracleCase is a set of make-book options and the BuildOptions that say
// the same.
type oracleCase struct {
	name string
	args []string
	opt  polyglot.BuildOptions
}

var oracleCases = []oracleCase{
	{"defaults", nil, polyglot.BuildOptions{}},
	{"min-game-1", []string{"-min-game", "1"}, polyglot.BuildOptions{MinGames: 1}},
	{"max-ply-20", []string{"-max-ply", "20", "-min-game", "2"}, polyglot.BuildOptions{MaxPly: 20, MinGames: 2}},
	{"only-white", []string{"-only-white", "-min-game", "1"}, polyglot.BuildOptions{OnlyWhite: true, MinGames: 1}},
	{"only-black", []string{"-only-black", "-min-game", "1"}, polyglot.BuildOptions{OnlyBlack: true, MinGames: 1}},
	{"uniform", []string{"-uniform", "-min-game", "1"}, polyglot.BuildOptions{Uniform: true, MinGames: 1}},
	{"min-score-50", []string{"-min-score", "50", "-min-game", "1"}, polyglot.BuildOptions{MinScore: 50, MinGames: 1}},
}

// build builds a book from the PGN file with opt.
func build(t testing.TB, file string, opt polyglot.BuildOptions) []byte {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	b, err := polyglot.NewBuilder(opt)
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.ReadPGN(f))
	require.Zero(t, b.Stats().Broken, file)
	var out bytes.Buffer
	_, err = b.WriteTo(&out)
	require.NoError(t, err)
	return out.Bytes()
}

// requireSameBook fails with the first differing entry when the books
// differ.
func requireSameBook(t *testing.T, want, got []byte) {
	t.Helper()
	if bytes.Equal(want, got) {
		return
	}
	for i := 0; i < min(len(want), len(got)); i += polyglot.EntrySize {
		if !bytes.Equal(want[i:i+polyglot.EntrySize], got[i:i+polyglot.EntrySize]) {
			t.Fatalf("books differ at entry %d: polyglot % x, gambit % x (%d and %d entries)", i/polyglot.EntrySize,
				want[i:i+polyglot.EntrySize], got[i:i+polyglot.EntrySize], len(want)/polyglot.EntrySize, len(got)/polyglot.EntrySize)
		}
	}
	t.Fatalf("books differ in length: polyglot %d entries, gambit %d", len(want)/polyglot.EntrySize, len(got)/polyglot.EntrySize)
}

// TestBuildAgainstPolyglot: the book a Builder writes is byte for byte the
// book Debian's polyglot make-book writes, for every file Polyglot reads,
// with each set of options on the two large samples and Polyglot's
// -min-game 1 and defaults on the rest.
func TestBuildAgainstPolyglot(t *testing.T) {
	for _, file := range oracleFiles {
		cases := oracleCases
		if !strings.Contains(file, "1000k") {
			cases = cases[:2]
		}
		for _, c := range cases {
			t.Run(file+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				path := filepath.Join(pgnDir, file)
				want := polyglottest.MakeBook(t, path, c.args...)
				requireSameBook(t, want, build(t, path, c.opt))
			})
		}
	}
}

// TestBuildSpilledAgainstPolyglot: with a memory limit so small that the
// table is written to a run after every batch of games, the book is the
// same.
func TestBuildSpilledAgainstPolyglot(t *testing.T) {
	path := filepath.Join(pgnDir, "twic1599_1000k.pgn")
	want := polyglottest.MakeBook(t, path, "-min-game", "1")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	b, err := polyglot.NewBuilder(polyglot.BuildOptions{MinGames: 1, MemoryLimit: 1, TempDir: t.TempDir()})
	require.NoError(t, err)
	defer b.Close()
	r := pgn.NewReader(f)
	bt := b.NewBatch()
	for {
		err := bt.ReadGame(r)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if bt.Stats().Games == 50 {
			require.NoError(t, b.AddBatch(bt))
			bt.Reset()
		}
	}
	require.NoError(t, b.AddBatch(bt))
	assert.Greater(t, b.Spills(), 20)
	var out bytes.Buffer
	_, err = b.WriteTo(&out)
	require.NoError(t, err)
	requireSameBook(t, want, out.Bytes())
}

// halvingPGN writes games that play some moves more than 16384 times, in
// an order that decides where Polyglot halves the counts, with mixed
// results.
func halvingPGN(games int) string {
	lines := []string{"e4 e5 Nf3 Nc6", "e4 c5 Nf3 d6", "d4 d5 c4 e6", "e4 e5 Nf3 Nf6", "d4 Nf6 c4 g6", "c4 e5 Nc3 Nf6"}
	results := []string{"1-0", "0-1", "1/2-1/2", "*", "1-0"}
	var sb strings.Builder
	x := uint32(7)
	for i := range games {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		line := lines[x%uint32(len(lines))]
		if i%3 != 0 { // skew the counts toward the first line
			line = lines[0]
		}
		res := results[(x>>8)%uint32(len(results))]
		fmt.Fprintf(&sb, "[Result \"%s\"]\n\n%s %s\n\n", res, line, res)
	}
	return sb.String()
}

// TestBuildHalvingAgainstPolyglot: positions played more than 16384 times
// have their counts halved where Polyglot halves them.
func TestBuildHalvingAgainstPolyglot(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "halving.pgn")
	require.NoError(t, os.WriteFile(path, []byte(halvingPGN(40000)), 0o644))
	for _, c := range oracleCases[:2] {
		want := polyglottest.MakeBook(t, path, c.args...)
		requireSameBook(t, want, build(t, path, c.opt))
		// In batches of 1,000 games: most batches add their counts, those
		// that reach the limit replay their moves.
		requireSameBook(t, want, buildBatched(t, path, c.opt, 1000))
	}
}

// buildBatched builds a book from the PGN file with opt, adding the games
// in batches of n.
func buildBatched(t *testing.T, file string, opt polyglot.BuildOptions, n int) []byte {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	b, err := polyglot.NewBuilder(opt)
	require.NoError(t, err)
	defer b.Close()
	r := pgn.NewReader(f)
	bt := b.NewBatch()
	for {
		err := bt.ReadGame(r)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if bt.Stats().Games == n {
			require.NoError(t, b.AddBatch(bt))
			bt.Reset()
		}
	}
	require.NoError(t, b.AddBatch(bt))
	var out bytes.Buffer
	_, err = b.WriteTo(&out)
	require.NoError(t, err)
	return out.Bytes()
}

// TestMergeAgainstPolyglot: Merge writes what polyglot merge-book writes,
// either way round.
func TestMergeAgainstPolyglot(t *testing.T) {
	dir := t.TempDir()
	a := polyglottest.MakeBook(t, filepath.Join(pgnDir, "chessjs-benchmark.pgn"), "-min-game", "1")
	b := polyglottest.MakeBook(t, filepath.Join(pgnDir, "lichess_db_1000k.pgn"), "-min-game", "1")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.bin"), a, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.bin"), b, 0o644))
	for _, order := range [][2]string{{"a.bin", "b.bin"}, {"b.bin", "a.bin"}} {
		polyglottest.Run(t, dir, "merge-book", "-in1", order[0], "-in2", order[1], "-out", "m.bin")
		want, err := os.ReadFile(filepath.Join(dir, "m.bin"))
		require.NoError(t, err)
		b1, err := polyglot.Open(filepath.Join(dir, order[0]))
		require.NoError(t, err)
		b2, err := polyglot.Open(filepath.Join(dir, order[1]))
		require.NoError(t, err)
		var got bytes.Buffer
		_, err = polyglot.Merge(&got, b1, b2)
		require.NoError(t, err)
		requireSameBook(t, want, got.Bytes())
		require.NoError(t, b1.Close())
		require.NoError(t, b2.Close())
	}
}

// listing is what polyglot dump-book lists: for each position of the
// dumped colour on its lines, the book moves (UCI) and their share in
// percent as it prints it, and the position.
type listing map[uint64]map[string]string

// listed holds the positions of a listing.
type listed map[uint64]core.Position

// readListing reads the lines of a dump-book file.
func readListing(t *testing.T, text string, color core.Color) (listing, listed) {
	t.Helper()
	l, ps := listing{}, listed{}
	for _, line := range strings.Split(text, "\n")[1:] {
		_, moves, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		pos := core.StartPosition()
		for _, tok := range strings.Fields(moves) {
			if strings.HasPrefix(tok, "{") {
				break // {trans: ...} or {cycle: ...}
			}
			if strings.HasSuffix(tok, ".") {
				continue // a move number
			}
			sanText, pct, _ := strings.Cut(tok, "{")
			m, err := san.Parse(&pos, sanText)
			require.NoError(t, err, line)
			if pos.SideToMove() == color {
				ms := l[pos.Hash()]
				if ms == nil {
					ms = map[string]string{}
					l[pos.Hash()] = ms
				}
				ms[m.String()] = strings.TrimSuffix(pct, "}")
				ps[pos.Hash()] = pos
			}
			pos.MakeMove(m)
		}
	}
	return l, ps
}

// share is a book entry's share as dump-book prints it.
func share(es []polyglot.Entry, i int) string {
	sum := 0
	for _, e := range es {
		sum += int(e.Weight)
	}
	return fmt.Sprintf("%.0f%%", 100*(float64(es[i].Weight)/float64(sum)))
}

// TestEntriesAgainstPolyglotListing: probing a book that polyglot built
// gives the moves, and the shares, that polyglot's own listing
// (dump-book) gives, for every position it lists and every position along
// the mainlines of the source games that its lines reach.
func TestEntriesAgainstPolyglotListing(t *testing.T) {
	for _, c := range []struct {
		file string
		args []string
	}{
		{"chessjs-benchmark.pgn", []string{"-min-game", "1", "-max-ply", "16"}},
		{"twic1599_1000k.pgn", []string{"-min-game", "1", "-max-ply", "12"}},
		{"lichess_db_1000k.pgn", []string{"-max-ply", "16"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(pgnDir, c.file)
			data := polyglottest.MakeBook(t, path, c.args...)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "book.bin"), data, 0o644))
			book, err := polyglot.Open(filepath.Join(dir, "book.bin"))
			require.NoError(t, err)
			defer book.Close()
			for _, color := range []core.Color{core.White, core.Black} {
				polyglottest.Run(t, dir, "dump-book", "-bin", "book.bin", "-color", color.String(), "-out", "dump.txt")
				text, err := os.ReadFile(filepath.Join(dir, "dump.txt"))
				require.NoError(t, err)
				l, ps := readListing(t, string(text), color)
				require.NotEmpty(t, l)
				// Every listed position.
				for key, want := range l {
					pos := ps[key]
					es, err := book.Entries(&pos, nil)
					require.NoError(t, err)
					got := map[string]string{}
					for i, e := range es {
						got[e.Move.String()] = share(es, i)
					}
					require.Equal(t, want, got, "%s", pos.FEN())
				}
				checked := checkListing(t, book, l, path, color)
				t.Logf("%s: %d positions listed, %d mainline positions reached by the listing", color, len(l), checked)
			}
		})
	}
}

// checkListing compares the book's entries with the listing l of colour
// color at the positions along the mainlines of the games of file that the
// listing's lines reach, and returns how many it compared.
func checkListing(t *testing.T, book *polyglot.Book, l listing, file string, color core.Color) int {
	t.Helper()
	// entries returns the book's entries of pos as the listing writes
	// them.
	entries := func(pos *core.Position) map[string]string {
		es, err := book.Entries(pos, nil)
		require.NoError(t, err)
		ms := map[string]string{}
		for i, e := range es {
			ms[e.Move.String()] = share(es, i)
		}
		return ms
	}
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	r := pgn.NewReader(f)
	var g pgn.Mainline
	checked := 0
	for {
		err := r.NextMainline(&g)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		pos := g.Start
		reached := true // the listing's lines reach pos
		for _, m := range g.Moves {
			if !reached {
				break
			}
			got := entries(&pos)
			if pos.SideToMove() == color {
				want := l[pos.Hash()]
				if len(got) == 0 {
					assert.Nil(t, want, "listed but not in the book: %s", pos.FEN())
					break
				}
				require.Equal(t, want, got, "%s", pos.FEN())
				checked++
				_, reached = got[m.String()] // the lines follow book moves only
			}
			pos.MakeMove(m)
			if pos.SideToMove() == color {
				// The lines follow every reply that leads to a position
				// with book moves.
				reached = len(entries(&pos)) > 0
			}
		}
	}
	assert.Positive(t, checked)
	return checked
}
