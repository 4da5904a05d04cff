// Package pgncorpus runs the chessops oracle scripts of package pgn's
// testdata for the tests of pgn and cmd/pgn: corpus.mjs writes random games
// (nested variations, comments, NAGs, the quirks of real files) and, for
// each, what any PGN reader must find in it. The tests fail, never skip,
// when Node.js or chessops is missing: CI installs both.
package pgncorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Install installs Node.js and chessops, from the repository root; make
// test runs it before the tests.
const Install = "scripts/test-deps.sh"

// Game is one game of the corpus as chessops played it.
type Game struct {
	Game     int               `json:"game"`
	Chess960 bool              `json:"chess960"`
	StartFEN string            `json:"start_fen"`
	UCI      []string          `json:"moves_uci"` // castling as king takes rook
	SAN      []string          `json:"moves_san"`
	FinalFEN string            `json:"final_fen"`
	Result   string            `json:"result"`
	Tags     map[string]string `json:"tags"`
}

// RunNode runs script, a file of pgn/testdata, with node in that directory
// and returns its standard output. root is the repository root, relative
// to the calling test's directory.
func RunNode(tb testing.TB, root, script string, args ...string) []byte {
	tb.Helper()
	node, err := exec.LookPath("node")
	require.NoError(tb, err, "Node.js (20 or later) runs the chessops oracle; install it, then run %s", Install)
	_, err = os.Stat(filepath.Join(root, "san", "testdata", "oracle", "node_modules", "chessops", "package.json"))
	require.NoError(tb, err, "chessops is not installed: run %s (from the repository root)", Install)
	cmd := exec.Command(node, append([]string{script}, args...)...)
	cmd.Dir = filepath.Join(root, "pgn", "testdata")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(tb, err, "node %s: %s", script, stderr.String())
	return out
}

// Write writes a corpus of games with corpus.mjs into a temporary
// directory and returns the PGN file's path and the games.
func Write(tb testing.TB, root string, seed, games int) (string, []Game) {
	tb.Helper()
	prefix := filepath.Join(tb.TempDir(), "corpus")
	RunNode(tb, root, "corpus.mjs", "--seed", strconv.Itoa(seed), "--games", strconv.Itoa(games), "--out", prefix)
	data, err := os.ReadFile(prefix + ".jsonl")
	require.NoError(tb, err)
	var out []Game
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var g Game
		require.NoError(tb, json.Unmarshal(sc.Bytes(), &g))
		out = append(out, g)
	}
	require.NoError(tb, sc.Err())
	require.Len(tb, out, games)
	return prefix + ".pgn", out
}

// EnvInt reads a positive integer from the environment variable name, or
// returns def when it is not set.
func EnvInt(tb testing.TB, name string, def int) int {
	tb.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	require.NoError(tb, err, "%s", name)
	require.Positive(tb, n, "%s", name)
	return n
}
