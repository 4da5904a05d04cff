package polyglot_test

import (
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// forEachPosition calls f with every position before a mainline move of
// the games of file.
func forEachPosition(t testing.TB, file string, f func(pos *core.Position)) {
	t.Helper()
	in, err := os.Open(file)
	require.NoError(t, err)
	defer in.Close()
	r := pgn.NewReader(in)
	var g pgn.Mainline
	for {
		err := r.NextMainline(&g)
		if err == io.EOF {
			return
		}
		require.NoError(t, err)
		pos := g.Start
		for _, m := range g.Moves {
			f(&pos)
			pos.MakeMove(m)
		}
	}
}
