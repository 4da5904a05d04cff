// Package enginetest finds and serves the real chess engine that the tests
// of uci, game and perft talk to. Those tests never skip for a missing
// engine or socat: make test installs both (scripts/test-deps.sh), so a
// missing one fails the test with what to install.
package enginetest

import (
	"os"
	"os/exec"
	"testing"
)

// stockfishPaths are tried in order when GAMBIT_STOCKFISH is not set; the
// first is where Debian's stockfish package installs it.
var stockfishPaths = []string{"/usr/games/stockfish", "stockfish"}

// StockfishPath returns the Stockfish to test against: $GAMBIT_STOCKFISH,
// else Debian's /usr/games/stockfish, else stockfish on the PATH. It fails
// the test when there is none.
func StockfishPath(tb testing.TB) string {
	tb.Helper()
	if p := os.Getenv("GAMBIT_STOCKFISH"); p != "" {
		path, err := exec.LookPath(p)
		if err != nil {
			tb.Fatalf("GAMBIT_STOCKFISH=%q is not an executable: %v", p, err)
		}
		return path
	}
	for _, p := range stockfishPaths {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	tb.Fatalf("Stockfish is needed and was not found in %v: run scripts/test-deps.sh (make test does), or set GAMBIT_STOCKFISH to its path", stockfishPaths)
	return ""
}
