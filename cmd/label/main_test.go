package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
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

// -rescore scores the positions of position files: a line with a result
// keeps it and gets the engine's score in centipawns from White's side,
// any other White's expected score; a mate with a result is left out;
// gzip in and out; the order kept whatever -j; a second run the same.
func TestRescore(t *testing.T) {
	const (
		whiteUp = "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"   // White a queen up, Black to move
		blackUp = "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1"   // Black a queen up, White to move
		mate    = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" // Ra8 mates
		level   = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	)
	dir := t.TempDir()
	in := filepath.Join(dir, "positions.txt.gz")
	f, err := os.Create(in)
	require.NoError(t, err)
	z := gzip.NewWriter(f)
	fmt.Fprintf(z, "%s;-35;1\n%s;12;0\n\n%s;0;1\n%s\n%s;0.5000\n", whiteUp, blackUp, mate, level, whiteUp)
	require.NoError(t, z.Close())
	require.NoError(t, f.Close())

	for _, j := range []string{"1", "2"} {
		outPath := filepath.Join(dir, "scored"+j+".txt.gz")
		var stdout, errs bytes.Buffer
		require.NoError(t, run([]string{"-rescore", "-engine", "/usr/games/stockfish", "-depth", "6", "-j", j, "-o", outPath, in}, &stdout, &errs), errs.String())
		assert.Contains(t, errs.String(), "4 positions written, 1 left out")
		b, err := os.ReadFile(outPath)
		require.NoError(t, err)
		zr, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		text, err := io.ReadAll(zr)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		require.Len(t, lines, 4, string(text))
		field := func(i, k int) float64 {
			fields := strings.Split(lines[i], ";")
			v, err := strconv.ParseFloat(fields[k], 64)
			require.NoError(t, err, lines[i])
			return v
		}
		assert.True(t, strings.HasPrefix(lines[0], whiteUp+";") && strings.HasSuffix(lines[0], ";1"), lines[0])
		assert.Greater(t, field(0, 1), 500.0, "a queen up for White, from White's side: %s", lines[0])
		assert.True(t, strings.HasPrefix(lines[1], blackUp+";") && strings.HasSuffix(lines[1], ";0"), lines[1])
		assert.Less(t, field(1, 1), -500.0, "a queen up for Black, from White's side: %s", lines[1])
		assert.True(t, strings.HasPrefix(lines[2], level+";"), lines[2])
		assert.InDelta(t, 0.5, field(2, 1), 0.15, "the position after 1.e4, White's expected score: %s", lines[2])
		assert.True(t, strings.HasPrefix(lines[3], whiteUp+";"), lines[3])
		assert.Greater(t, field(3, 1), 0.95, "a queen up for White, White's expected score: %s", lines[3])
	}
}

// A position file's bad line is an error naming the file and the line.
func TestRescoreErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(path, []byte("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1;0;1\nnot a fen;0;1\n"), 0o644))
	var out, errs bytes.Buffer
	err := run([]string{"-rescore", "-engine", "/usr/games/stockfish", "-depth", "2", path}, &out, &errs)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.txt:2:")
	err = run([]string{"-rescore", "-engine", "/usr/games/stockfish", "-depth", "2", "no-such.txt"}, &out, &errs)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no-such.txt")
	err = run([]string{"-rescore", "-engine", "/usr/games/stockfish", "-j", "0", path}, &out, &errs)
	require.Error(t, err)
	assert.True(t, cli.IsUsage(err), err)
	err = run([]string{"-rescore", "-engine", "/usr/games/stockfish"}, &out, &errs)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at least one position file")
}
