package nnue_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/nnue"
)

// The network is Stockfish's (GPL), never in the repository: the tests
// export it from the installed Stockfish 15.1 once per test binary into a
// temporary directory that TestMain removes.
var (
	netOnce sync.Once
	netDir  string
	netPath string
	netErr  error
	netVal  *nnue.Network
)

func TestMain(m *testing.M) {
	code := m.Run()
	if netDir != "" {
		os.RemoveAll(netDir)
	}
	os.Exit(code)
}

// networkFile returns the path of Stockfish 15.1's network, exported by
// the installed Stockfish, or the file GAMBIT_NNUE_NET names (for
// callgrind, which Stockfish's exit signal can crash; the loader checks
// that it is the network).
func networkFile(t testing.TB) string {
	t.Helper()
	if path := os.Getenv("GAMBIT_NNUE_NET"); path != "" {
		netOnce.Do(func() {
			netPath = path
			netVal, netErr = nnue.LoadFile(path)
		})
		require.NoError(t, netErr, "GAMBIT_NNUE_NET")
		return netPath
	}
	sf := enginetest.StockfishPath(t)
	netOnce.Do(func() {
		netDir, netErr = os.MkdirTemp("", "gambit-nnue-")
		if netErr != nil {
			return
		}
		netPath = filepath.Join(netDir, "nn-ad9b42354671.nnue")
		netErr = exportNet(sf, netPath)
		if netErr == nil {
			netVal, netErr = nnue.LoadFile(netPath)
		}
	})
	require.NoError(t, netErr)
	return netPath
}

// network returns the loaded network of networkFile.
func network(t testing.TB) *nnue.Network {
	t.Helper()
	networkFile(t)
	return netVal
}

// exportNet runs Stockfish's export_net command.
func exportNet(stockfish, path string) error {
	cmd := exec.Command(stockfish)
	cmd.Stdin = strings.NewReader("uci\nexport_net " + path + "\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s export_net: %w", stockfish, err)
	}
	if !strings.Contains(string(out), "id name Stockfish 15.1") {
		return fmt.Errorf("%s is not Stockfish 15.1, whose network this package reads: %q", stockfish, firstLine(out))
	}
	if !strings.Contains(string(out), "Network saved successfully") {
		return fmt.Errorf("%s export_net %s failed: %s", stockfish, path, out)
	}
	return nil
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}

// oracle is a Stockfish 15.1 process answering eval commands.
type oracle struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startOracle(t testing.TB) *oracle {
	t.Helper()
	cmd := exec.Command(enginetest.StockfishPath(t))
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	o := &oracle{cmd: cmd, in: in, out: bufio.NewScanner(stdout)}
	t.Cleanup(func() {
		io.WriteString(o.in, "quit\n")
		o.in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	o.send(t, "uci")
	lines := o.until(t, "uciok")
	require.Contains(t, strings.Join(lines, "\n"), "id name Stockfish 15.1")
	o.send(t, "setoption name UCI_Chess960 value true")
	return o
}

func (o *oracle) send(t testing.TB, s string) {
	t.Helper()
	_, err := io.WriteString(o.in, s+"\n")
	require.NoError(t, err)
}

// until reads lines to one starting with prefix, which it returns last.
func (o *oracle) until(t testing.TB, prefix string) []string {
	t.Helper()
	var lines []string
	for o.out.Scan() {
		lines = append(lines, o.out.Text())
		if strings.HasPrefix(o.out.Text(), prefix) {
			return lines
		}
	}
	require.FailNow(t, "Stockfish stopped answering", "waiting for %q: %v", prefix, o.out.Err())
	return nil
}

// eval returns Stockfish's eval output of a FEN, to its Final evaluation
// line.
func (o *oracle) eval(t testing.TB, fen string) []string {
	t.Helper()
	o.send(t, "position fen "+fen)
	o.send(t, "eval")
	return o.until(t, "Final evaluation")
}

// nnueLines picks out of eval output the network's lines: the piece-value
// board and the contributions table (41 lines from " NNUE derived piece
// values:") and the "NNUE evaluation" line; nil if there are none.
func nnueLines(out []string) []string {
	const blockLen = 1 + 25 + 1 + 1 + 4 + nnue.Buckets + 1
	var picked []string
	for i, l := range out {
		if l == " NNUE derived piece values:" && i+blockLen <= len(out) {
			picked = append(picked, out[i:i+blockLen]...)
		}
		if strings.HasPrefix(l, "NNUE evaluation ") {
			picked = append(picked, l)
		}
	}
	return picked
}
