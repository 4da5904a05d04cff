package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/polyglottest"
	"github.com/gambit-chess/gambit/polyglot"
)

// envBookDeep asks for TestBookDeepAgainstPolyglot, which takes about half
// a minute.
const envBookDeep = "GAMBIT_BOOK_DEEP"

// TestBookDeepAgainstPolyglot: 64 copies of each sample (64 MB, 71,040 and
// 28,032 games), so that the most played moves pass Polyglot's count limit
// of 16384 and are halved. pgn book with two workers writes polyglot
// make-book's book byte for byte. With -mem 1 (hundreds of runs spilled to
// disk) it writes the same entries in the same order; the weights of the
// positions halved may differ (see polyglot.Builder).
func TestBookDeepAgainstPolyglot(t *testing.T) {
	if os.Getenv(envBookDeep) == "" {
		t.Skip("set " + envBookDeep + "=1 for the 64 MB books against polyglot")
	}
	dir := t.TempDir()
	for _, file := range []string{twicFile, lichessFile} {
		text, err := os.ReadFile(file)
		require.NoError(t, err)
		big := filepath.Join(dir, filepath.Base(file)+".x64")
		require.NoError(t, os.WriteFile(big, bytes.Repeat(text, 64), 0o644))
		want := polyglottest.MakeBook(t, big)

		out := filepath.Join(dir, "book.bin")
		status, stdout, stderr := runCmd(t, nil, "book", "-o", out, "-j", "2", big)
		require.Equal(t, exitOK, status, stderr)
		t.Logf("%s: %s", filepath.Base(big), stdout)
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		require.True(t, bytes.Equal(want, got), "%s: %d and %d bytes", big, len(want), len(got))

		status, stdout, stderr = runCmd(t, nil, "book", "-o", out, "-j", "2", "-mem", "1", "-tmp", dir, big)
		require.Equal(t, exitOK, status, stderr)
		assert.Contains(t, stdout, "spilled to disk")
		got, err = os.ReadFile(out)
		require.NoError(t, err)
		require.Equal(t, len(want), len(got))
		differ := 0
		for i := 0; i < len(want); i += polyglot.EntrySize {
			w, g := want[i:i+polyglot.EntrySize], got[i:i+polyglot.EntrySize]
			require.Equal(t, w[:10], g[:10], "key and move of entry %d", i/polyglot.EntrySize)
			if !bytes.Equal(w, g) {
				differ++
			}
		}
		t.Logf("%s with -mem 1: %d of %d entries differ in weight", filepath.Base(big), differ, len(want)/polyglot.EntrySize)
	}
}
