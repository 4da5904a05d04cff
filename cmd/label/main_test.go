package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/cli"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
)

const games = "../../testdata/pgn/kasparov-deep-blue-1997.pgn"

// label runs the command and returns its output.
func label(t *testing.T, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	require.NoError(t, run(args, &out, &errs), errs.String())
	return out.String()
}

// Stockfish scores the quiet positions of real games: every line is a
// quiet position of legal FEN, each once, with a score from 0 to 1 that
// agrees in sign with Stockfish's own view, and a second run gives the
// same lines.
func TestLabelWithStockfish(t *testing.T) {
	out := label(t, "-engine", "/usr/games/stockfish", "-depth", "4", "-per-game", "5", games)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.NotEmpty(t, lines)
	assert.LessOrEqual(t, len(lines), 5*6, "-per-game 5 over six games")
	eng := search.New()
	defer eng.Close()
	seen := map[string]bool{}
	for _, l := range lines {
		fen, val, ok := strings.Cut(l, ";")
		require.True(t, ok, l)
		p, err := core.ParseFEN(fen)
		require.NoError(t, err, l)
		assert.False(t, p.InCheck(), l)
		assert.Equal(t, search.Evaluate(&p), eng.Quiesce(&p), "not quiet: %s", l)
		assert.False(t, seen[fen], "twice: %s", fen)
		seen[fen] = true
		r, err := strconv.ParseFloat(val, 64)
		require.NoError(t, err, l)
		assert.True(t, r >= 0 && r <= 1, l)
	}
	assert.Equal(t, out, label(t, "-engine", "/usr/games/stockfish", "-depth", "4", "-per-game", "5", games))
}

// The file written with -o holds what standard output would.
func TestLabelToFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.txt")
	assert.Empty(t, label(t, "-engine", "/usr/games/stockfish", "-depth", "2", "-per-game", "1", "-o", path, games))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(b), label(t, "-engine", "/usr/games/stockfish", "-depth", "2", "-per-game", "1", games))
}

// -h prints the usage on standard output and returns flag.ErrHelp, which
// cli.Exit turns into status 0.
func TestLabelHelp(t *testing.T) {
	var out, errs bytes.Buffer
	require.ErrorIs(t, run([]string{"-h"}, &out, &errs), flag.ErrHelp)
	assert.Contains(t, out.String(), "usage: label -engine PATH")
	assert.Contains(t, out.String(), "-per-game")
	assert.Empty(t, errs.String())
}

// Bad flags and inputs are errors that say what is wrong.
func TestLabelErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{games}, "an -engine and at least one PGN file are needed", true},
		{[]string{"-engine", "/usr/games/stockfish"}, "an -engine and at least one PGN file are needed", true},
		{[]string{"-engine", "/usr/games/stockfish", "-depth", "0", games}, "-depth 0", true},
		{[]string{"-engine", "/usr/games/stockfish", "no-such.pgn"}, "no-such.pgn", false},
		{[]string{"-engine", "/no/such/engine", games}, "starting the engine", false},
		{[]string{"-nope", games}, "flag provided but not defined: -nope", true},
	} {
		var out, errs bytes.Buffer
		err := run(tc.args, &out, &errs)
		require.Error(t, err, tc.args)
		assert.Contains(t, err.Error(), tc.want)
		assert.Equal(t, tc.usage, cli.IsUsage(err), "%q: a usage error (exit status 2)?", tc.args)
	}
}

// A score becomes the expected score of the side to move: 400 cp is ten
// to one, a mate is certain.
func TestExpected(t *testing.T) {
	assert.InDelta(t, 0.5, expected(uci.Score{CP: 0}), 1e-12)
	assert.InDelta(t, 10.0/11, expected(uci.Score{CP: 400}), 1e-12)
	assert.InDelta(t, 1.0/11, expected(uci.Score{CP: -400}), 1e-12)
	assert.Equal(t, 1.0, expected(uci.Score{IsMate: true, Mate: 3}))
	assert.Equal(t, 0.0, expected(uci.Score{IsMate: true, Mate: -2}))
	assert.Equal(t, 0.0, expected(uci.Score{IsMate: true, Mate: 0}))
}
