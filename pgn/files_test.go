package pgn_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// pgnFiles returns the PGN files of the repository's testdata: the real
// games (testdata/pgn) and the hand-made nasty cases (testdata/pgn/nasty),
// without the file of broken games unless broken is set.
func pgnFiles(t testing.TB, broken bool) []string {
	t.Helper()
	real, err := filepath.Glob("../testdata/pgn/*.pgn")
	require.NoError(t, err)
	nasty, err := filepath.Glob("../testdata/pgn/nasty/*.pgn")
	require.NoError(t, err)
	require.NotEmpty(t, real)
	require.NotEmpty(t, nasty)
	files := append(real, nasty...)
	if broken {
		return files
	}
	out := files[:0]
	for _, f := range files {
		if filepath.Base(f) != "broken-games.pgn" {
			out = append(out, f)
		}
	}
	return out
}
