package game_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/pgntext"
)

// readPGN reads the games of a plain PGN file, SAN tokens as written.
func readPGN(tb testing.TB, path string) []pgntext.Game {
	tb.Helper()
	games, err := pgntext.ReadFile(path)
	require.NoError(tb, err)
	return games
}
