package enginetest

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// StockfishNetwork exports the network of the installed Stockfish 15.1
// (its UCI command export_net) into a temporary directory of tb's, removed
// when tb ends, and returns the file's path. The network is Stockfish's
// (GPL): it is made on the machine, never kept in the repository. A
// Stockfish that is not 15.1 fails tb.
func StockfishNetwork(tb testing.TB) string {
	tb.Helper()
	sf := StockfishPath(tb)
	path := filepath.Join(tb.TempDir(), "nn-ad9b42354671.nnue")
	require.NoError(tb, exportNet(sf, path))
	return path
}

// exportNet runs Stockfish's export_net command into path.
func exportNet(stockfish, path string) error {
	cmd := exec.Command(stockfish)
	cmd.Stdin = strings.NewReader("uci\nexport_net " + path + "\nquit\n")
	cmd.WaitDelay = time.Minute
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s export_net: %w", stockfish, err)
	}
	if !strings.Contains(string(out), "id name Stockfish 15.1") {
		first, _, _ := strings.Cut(string(out), "\n")
		return fmt.Errorf("%s is not Stockfish 15.1, whose network gambit reads: %q", stockfish, first)
	}
	if !strings.Contains(string(out), "Network saved successfully") {
		return fmt.Errorf("%s export_net %s failed: %s", stockfish, path, out)
	}
	return nil
}
