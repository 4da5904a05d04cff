package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/polyglottest"
)

const (
	twicFile    = "../../testdata/pgn/twic1599_1000k.pgn"
	lichessFile = "../../testdata/pgn/lichess_db_1000k.pgn"
)

// TestBookAgainstPolyglot: pgn book writes the very book polyglot
// make-book writes from the same games with the same options, with one
// worker or two, from plain or gzip PGN, and from two files as from their
// concatenation.
func TestBookAgainstPolyglot(t *testing.T) {
	dir := t.TempDir()
	twic, err := os.ReadFile(twicFile)
	require.NoError(t, err)
	lichess, err := os.ReadFile(lichessFile)
	require.NoError(t, err)
	both := filepath.Join(dir, "both.pgn")
	require.NoError(t, os.WriteFile(both, append(append([]byte{}, twic...), lichess...), 0o644))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write(twic)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	twicGz := filepath.Join(dir, "twic.pgn.gz")
	require.NoError(t, os.WriteFile(twicGz, gz.Bytes(), 0o644))

	for _, c := range []struct {
		name  string
		pgn   string // for polyglot
		files []string
		args  []string // the same for both
	}{
		{"twic-j1", twicFile, []string{twicFile}, []string{"-max-ply", "20", "-min-game", "2"}},
		{"twic-j2-gz", twicFile, []string{twicGz}, []string{"-min-game", "1"}},
		{"two-files", both, []string{twicFile, lichessFile}, []string{"-only-white"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := polyglottest.MakeBook(t, c.pgn, c.args...)
			out := filepath.Join(t.TempDir(), "book.bin")
			args := append([]string{"book", "-o", out, "-j", "2"}, c.args...)
			status, stdout, stderr := runCmd(t, nil, append(args, c.files...)...)
			require.Equal(t, exitOK, status, stderr)
			assert.Contains(t, stdout, "throughput")
			got, err := os.ReadFile(out)
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, got), "%d and %d bytes", len(want), len(got))
		})
	}
}

// TestBookSpills: with -mem 1 the counts go through runs on disk and the
// book is the same.
func TestBookSpills(t *testing.T) {
	want := polyglottest.MakeBook(t, lichessFile, "-min-game", "1")
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	// Copies of the file make a table larger than 1 MB.
	var big []string
	for range 6 {
		big = append(big, lichessFile)
	}
	status, stdout, stderr := runCmd(t, nil, "book", "-o", out, "-min-games", "1", "-mem", "1", "-tmp", dir, lichessFile)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "spilled to disk")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, got))
	status, stdout, stderr = runCmd(t, nil, append([]string{"book", "-o", out, "-mem", "1", "-tmp", dir}, big...)...)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "spilled to disk")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "the runs are removed")
}

func TestBookDumpAndMerge(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")
	require.NoError(t, os.WriteFile(a, polyglottest.MakeBook(t, twicFile, "-min-game", "1"), 0o644))
	require.NoError(t, os.WriteFile(b, polyglottest.MakeBook(t, lichessFile, "-min-game", "1"), 0o644))

	status, stdout, stderr := runCmd(t, nil, "book", "-dump", "startpos", a)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "key 463b96181691fc9c: 8 entries")
	assert.Contains(t, stdout, "e4       e2e4   e2e4   weight   547  45.7%  learn 0")

	// Castling, which the book writes as king takes rook.
	fen := "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5"
	status, stdout, stderr = runCmd(t, nil, "book", "-dump", fen, "-json", a)
	require.Equal(t, exitOK, status, stderr)
	var dump struct {
		FEN     string      `json:"fen"`
		Key     string      `json:"key"`
		Entries []dumpEntry `json:"entries"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &dump))
	assert.Equal(t, fen, dump.FEN)
	require.NotEmpty(t, dump.Entries)
	found := false
	for _, e := range dump.Entries {
		if e.SAN == "O-O" {
			found = true
			assert.Equal(t, "e1g1", e.UCI)
			assert.Equal(t, "e1h1", e.BookMove)
		}
	}
	assert.True(t, found, "%+v", dump.Entries)

	out := filepath.Join(dir, "m.bin")
	status, _, stderr = runCmd(t, nil, "book", "-merge", "-o", out, a, b)
	require.Equal(t, exitOK, status, stderr)
	polyglottest.Run(t, dir, "merge-book", "-in1", "a.bin", "-in2", "b.bin", "-out", "want.bin")
	want, err := os.ReadFile(filepath.Join(dir, "want.bin"))
	require.NoError(t, err)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got))
}

func TestBookErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"book", twicFile}, "-o BOOK is needed"},
		{[]string{"book", "-o", out, "-only-white", "-only-black", twicFile}, "OnlyWhite and OnlyBlack"},
		{[]string{"book", "-o", out, "-min-games", "0", twicFile}, "at least"},
		{[]string{"book", "-dump", "startpos", "a.bin", "b.bin"}, "one BOOK file"},
		{[]string{"book", "-dump", "not a fen", twicFile}, "FEN"},
		{[]string{"book", "-dump", "startpos", twicFile}, "polyglot: "},
		{[]string{"book", "-merge", "-o", out, twicFile}, "two BOOK files"},
		{[]string{"book", "-o", out, "/no/such/file.pgn"}, "no such file"},
	} {
		status, _, stderr := runCmd(t, nil, c.args...)
		assert.Equal(t, exitFail, status, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
	// A broken game is left out, said, and makes the exit status 1.
	broken := filepath.Join(dir, "broken.pgn")
	require.NoError(t, os.WriteFile(broken, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Result \"1-0\"]\n\n1. d4 1-0\n"), 0o644))
	status, stdout, stderr := runCmd(t, nil, "book", "-o", out, "-min-games", "1", broken)
	assert.Equal(t, exitBroken, status)
	assert.Contains(t, stderr, "game 1: ")
	assert.Contains(t, stderr, "(left out)")
	assert.Contains(t, stdout, "games       2 (1 broken and 0 Chess960 or variant left out)")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Len(t, data, 16, "1. d4 only")
}
