package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
)

// TestVariant counts variant start positions and FENs; the counts are
// Fairy-Stockfish's and chessops's (docs/ENGINES.md), which perft's tests
// check against the live Fairy-Stockfish.
func TestVariant(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "horde", "-depth", "3"}, "perft(3) = 1274\n"},
		{[]string{"-variant", "Racing Kings", "-fen", "startpos", "-depth", "3"}, "perft(3) = 11264\n"},
		{[]string{"-variant", "antichess", "-depth", "3", "-threads", "2", "-hash", "1"}, "perft(3) = 8067\n"},
		{[]string{"-variant", "kingofthehill", "-depth", "3", "-full"}, "perft(3) = 8902\n"},
		{[]string{"-variant", "atomic", "-depth", "4"}, "perft(4) = 197326\n"},
		// atomic960-castle-1 of testdata/variants/atomic.perft.
		{[]string{"-variant", "atomic", "-fen", "8/8/8/8/8/8/2k5/rR4KR w KQ -", "-depth", "3", "-threads", "2"}, "perft(3) = 4364\n"},
		// python-chess's and shakmaty's published zh-promoted and zh-drops.
		{[]string{"-variant", "crazyhouse", "-fen", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", "-depth", "3", "-threads", "2", "-hash", "1"}, "perft(3) = 5445\n"},
		{[]string{"-variant", "Crazyhouse", "-fen", "2k5/8/8/8/8/8/8/4K3[Qn] w - -", "-depth", "2", "-divide"}, "Q@a1: "},
		{[]string{"-variant", "crazyhouse", "-fen", "2k5/8/8/8/8/8/8/4K3[Qn] w - -", "-depth", "3", "-full"}, "perft(3) = 88634\n"},
		{[]string{"-variant", "chess960", "-fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "-depth", "2"}, "perft(2) = 528\n"},
		// Each side has one check left; White's Bxf7+ ends the game.
		{[]string{"-variant", "3check", "-fen", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1+1 2 3", "-depth", "2", "-divide"}, "c4f7: 0\n"},
	} {
		code, out, stderr := runCmd(t, tc.args...)
		require.Equal(t, 0, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, out, tc.want, tc.args)
	}
	code, _, stderr := runCmd(t, "-variant", "shogi", "-depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "unknown variant")
	code, _, stderr = runCmd(t, "-variant", "crazyhouse", "-fen", "2k5/8/8/8/8/8/8/4K3[K] w - -", "-depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "pockets")
	code, _, stderr = runCmd(t, "-variant", "3check", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+4 0 1", "-depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "checks")
}

// TestVariantSuite runs an -epd suite under a variant's rules.
func TestVariantSuite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "horde.epd")
	require.NoError(t, os.WriteFile(path, []byte(
		"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1 ;D1 8 ;D3 1274\n"), 0o600))
	code, out, _ := runCmd(t, "-variant", "horde", "-epd", path)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "2 passed, 0 failed")
	code, out, _ = runCmd(t, "-epd", path)
	assert.Equal(t, 1, code, "as standard chess, the horde is no position")
	assert.Contains(t, out, "FAIL")
}

// A suite file whose header names its variant is read under that
// variant's rules without -variant; a -variant the header contradicts is
// a usage error naming both.
func TestSuiteHeaderNamesTheVariant(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "variants", "atomic.perft")
	code, out, stderr := runCmd(t, "-epd", path, "-max-nodes", "10000")
	require.Equal(t, 0, code, "%s%s", out, stderr)
	assert.Regexp(t, `(?m)^[1-9][0-9]* passed, 0 failed, [0-9]+ skipped`, out)
	code, out, _ = runCmd(t, "-variant", "atomic", "-epd", path, "-max-nodes", "10000")
	assert.Equal(t, 0, code, out)
	code, out, stderr = runCmd(t, "-variant", "crazyhouse", "-epd", path)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "perft: -variant crazyhouse, but "+path+"'s header says its positions are atomic\n"+cli.Hint("perft")+"\n", stderr)

	// A header that names no variant leaves the positions standard chess.
	plain := filepath.Join(t.TempDir(), "plain.epd")
	require.NoError(t, os.WriteFile(plain, []byte("# perft: the start\n"+core.StartFEN+" ;D1 20\n"), 0o600))
	code, out, _ = runCmd(t, "-epd", plain)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "1 passed, 0 failed")
}
