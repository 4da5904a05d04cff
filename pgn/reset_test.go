package pgn_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
)

// mainlines reads every game of r with NextMainline and returns what it
// finds as text: each game's error, moves, result and tags, and the
// reader's count of games.
func mainlines(t testing.TB, r *pgn.Reader) string {
	t.Helper()
	var b strings.Builder
	var m pgn.Mainline
	for {
		err := r.NextMainline(&m)
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if err != nil && !errors.As(err, &perr) {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%v|%v|%s|%v\n", err, m.Moves, m.Result, m.Tags)
	}
	fmt.Fprintf(&b, "%d games", r.Games())
	return b.String()
}

// TestReset reads each test file with a Reader that has read another file
// before, stopped anywhere in it (inside a variation, a comment, a broken
// game), and Reset: it must find what a new Reader finds.
func TestReset(t *testing.T) {
	paths := pgnFiles(t, true)
	r := pgn.NewReader(strings.NewReader(""))
	for i, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		want := mainlines(t, pgn.NewReader(bytes.NewReader(data)))

		// Leave the reader somewhere in the middle of another file.
		other, err := os.ReadFile(paths[(i+1)%len(paths)])
		require.NoError(t, err)
		r.Reset(bytes.NewReader(other[:len(other)*(i%5)/5]))
		for range i % 4 {
			r.Next()
		}
		r.Reset(bytes.NewReader(data))
		require.Equal(t, want, mainlines(t, r), "%s after Reset", path)
	}
	r.Reset(strings.NewReader("1. e4 (1. d4 {open"))
	_, err := r.Next()
	require.Error(t, err)
	r.Reset(strings.NewReader("1. e4 e5 *"))
	g, err := r.Next()
	require.NoError(t, err)
	require.Equal(t, "*", g.Result)
	require.Equal(t, 1, r.Games())
}

// TestResetAllocations reads a chunk of games again and again with one
// Reader, Reset between: nothing is allocated but each game's tags.
func TestResetAllocations(t *testing.T) {
	data, err := os.ReadFile("../testdata/pgn/twic1599_1000k.pgn")
	require.NoError(t, err)
	data = data[:64<<10]
	var br bytes.Reader
	r := pgn.NewReader(&br)
	games := 0
	allocs := testing.AllocsPerRun(5, func() {
		br.Reset(data)
		r.Reset(&br)
		games = 0
		for {
			err := r.Visit(pgn.BaseVisitor{})
			if err == io.EOF {
				break
			}
			games++
		}
	})
	require.Greater(t, games, 10)
	require.Zero(t, allocs, "%d games", games)
}
