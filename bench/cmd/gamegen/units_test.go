package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChess960Positions(t *testing.T) {
	seen := map[string]bool{}
	for n := range 960 {
		p, err := chess960Position(n)
		require.NoError(t, err, "position %d", n)
		assert.True(t, p.Chess960())
		placement := strings.Fields(p.FEN())[0]
		back := placement[:8]
		assert.False(t, seen[back], "position %d repeats %s", n, back)
		seen[back] = true
		// The king between the rooks, the bishops on squares of both colours.
		k, r1, r2 := strings.IndexByte(back, 'k'), strings.IndexByte(back, 'r'), strings.LastIndexByte(back, 'r')
		assert.True(t, r1 < k && k < r2, "position %d: %s", n, back)
		b1, b2 := strings.IndexByte(back, 'b'), strings.LastIndexByte(back, 'b')
		assert.NotEqual(t, b1%2, b2%2, "position %d: %s", n, back)
		// Every castling right, with the rooks of the back rank.
		assert.Equal(t, core.NewSquare(r2, 0), p.CastlingRook(core.WhiteShort), "position %d", n)
		assert.Equal(t, core.NewSquare(r1, 0), p.CastlingRook(core.WhiteLong), "position %d", n)
		assert.Equal(t, core.NewSquare(r2, 7), p.CastlingRook(core.BlackShort), "position %d", n)
		assert.Equal(t, core.NewSquare(r1, 7), p.CastlingRook(core.BlackLong), "position %d", n)
		assert.Equal(t, strings.ToUpper(back), strings.Split(placement, "/")[7], "position %d", n)
	}
	p, err := chess960Position(518)
	require.NoError(t, err)
	assert.Equal(t, "rnbqkbnr", strings.Fields(p.FEN())[0][:8], "518 is the standard position")
	p, err = chess960Position(0)
	require.NoError(t, err)
	assert.Equal(t, "bbqnnrkr", strings.Fields(p.FEN())[0][:8], "0 is BBQNNRKR")
	for _, n := range []int{-1, 960} {
		_, err := chess960Position(n)
		assert.Error(t, err, "position %d", n)
	}
}

func TestSpeedName(t *testing.T) {
	for _, c := range []struct{ tc, want string }{
		{"15+0", "UltraBullet"}, {"60+0", "Bullet"}, {"120+1", "Bullet"}, {"180+0", "Blitz"},
		{"180+2", "Blitz"}, {"300+3", "Blitz"}, {"600+0", "Rapid"}, {"600+5", "Rapid"},
		{"900+10", "Rapid"}, {"1800+0", "Classical"}, {"-", "Correspondence"},
	} {
		assert.Equal(t, c.want, speedName(c.tc), c.tc)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no output", []string{"-n", "3"}, 2, "usage"},
		{"negative count", []string{"-n", "-3", "-o", filepath.Join(dir, "a.pgn")}, 2, "usage"},
		{"no jobs", []string{"-j", "0", "-o", filepath.Join(dir, "a.pgn")}, 2, "usage"},
		{"unknown flag", []string{"-x"}, 2, "flag provided but not defined"},
		{"extension", []string{"-n", "3", "-o", filepath.Join(dir, "a.txt")}, 1, "must end in .pgn, .pgn.gz or .pgn.zst"},
		{"no sources", []string{"-n", "3", "-src", dir, "-o", filepath.Join(dir, "a.pgn")}, 1, "opening the source games"},
		{"no directory", []string{"-n", "3", "-o", filepath.Join(dir, "none", "a.pgn")}, 1, "creating the output"},
	} {
		var stderr bytes.Buffer
		assert.Equal(t, c.code, run(c.args, &stderr), c.name)
		assert.Contains(t, stderr.String(), c.msg, c.name)
	}
	matches, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	assert.Empty(t, matches, "a failed run left files")
}

func TestSourceWithoutStandardGames(t *testing.T) {
	_, err := readSource("x.pgn", strings.NewReader("[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. Kb1 Kg1 *\n"))
	assert.ErrorContains(t, err, "no standard game")
}
