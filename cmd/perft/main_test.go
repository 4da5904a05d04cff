package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"-progress=false"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCount(t *testing.T) {
	code, out, _ := runCmd(t, "-fen", "startpos", "-depth", "4")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "perft(4) = 197281\n")
	assert.Regexp(t, `(?m)^nodes=197281 time=[0-9.]+s nps=[0-9]+$`, out)
}

// TestFull counts Kiwipete with every leaf move made, on one goroutine and
// two: the published count.
func TestFull(t *testing.T) {
	for _, threads := range []string{"1", "2"} {
		code, out, _ := runCmd(t, "-fen", "kiwipete", "-depth", "3", "-full", "-threads", threads)
		require.Equal(t, 0, code)
		assert.Contains(t, out, "perft(3) = 97862\n")
	}
	code, _, stderr := runCmd(t, "-fen", "kiwipete", "-depth", "3", "-full", "-hash", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-full and -hash")
}

func TestDivide(t *testing.T) {
	code, out, _ := runCmd(t, "-fen", "kiwipete", "-depth", "2", "-divide")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "e1g1: 43\n")
	assert.Contains(t, out, "perft(2) = 2039\n")
	assert.Equal(t, 48, strings.Count(out, ": "))
}

func TestJSON(t *testing.T) {
	code, out, _ := runCmd(t, "-fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "-depth", "3", "-json", "-divide")
	require.Equal(t, 0, code)
	var res result
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, uint64(2812), res.Nodes)
	assert.Equal(t, 3, res.Depth)
	assert.Len(t, res.Divide, 14)
}

func TestSuite(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.epd")
	require.NoError(t, os.WriteFile(good, []byte(
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D6 119060324\n"), 0o644))
	code, out, _ := runCmd(t, "-epd", good, "-max-nodes", "10000")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "3 passed, 0 failed, 1 skipped (over -max-nodes 10000)\n")

	bad := filepath.Join(dir, "bad.epd")
	require.NoError(t, os.WriteFile(bad, []byte(
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n"+
			"not a fen ;D1 1\n"), 0o644))
	code, out, _ = runCmd(t, "-epd", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "depth 2: got 400, want 401")
	assert.Contains(t, out, "bad.epd:2")
	assert.Contains(t, out, "1 passed, 2 failed\n")
}

func TestUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"nothing":      {},
		"no depth":     {"-fen", "startpos"},
		"depth 0":      {"-depth", "0"},
		"bad fen":      {"-fen", "8/8 w", "-depth", "1"},
		"both modes":   {"-fen", "startpos", "-epd", "x", "-depth", "1"},
		"missing file": {"-epd", "/nonexistent/suite.epd"},
		"stray arg":    {"-fen", "startpos", "-depth", "1", "extra"},
		"unknown flag": {"-nope"},
	} {
		code, _, stderr := runCmd(t, args...)
		assert.Equal(t, 2, code, name)
		assert.NotEmpty(t, stderr, name)
	}
}

// -depth alone counts the start position.
func TestDepthAloneCountsTheStartPosition(t *testing.T) {
	code, out, stderr := runCmd(t, "-depth", "3")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "perft(3) = 8902\n")
	assert.Empty(t, stderr)
}

// An error says the program's name once, then the cause.
func TestErrorSaysPerftOnce(t *testing.T) {
	code, _, stderr := runCmd(t, "-epd", "/nonexistent/suite.epd")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(stderr, "perft: "), stderr)
	assert.NotContains(t, stderr, "perft: perft:")
	assert.Contains(t, stderr, "/nonexistent/suite.epd")
}
