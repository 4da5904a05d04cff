//go:build unix

package enginetest

import (
	"bufio"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeTCP talks UCI to Stockfish through ServeTCP, then kills it: the
// address stops answering.
func TestServeTCP(t *testing.T) {
	addr, kill := ServeTCP(t, StockfishPath(t))
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	require.NoError(t, err)
	require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = c.Write([]byte("uci\n"))
	require.NoError(t, err)
	sc := bufio.NewScanner(c)
	id := ""
	for sc.Scan() && sc.Text() != "uciok" {
		if strings.HasPrefix(sc.Text(), "id name ") {
			id = sc.Text()
		}
	}
	require.NoError(t, sc.Err())
	assert.Contains(t, id, "Stockfish")
	require.NoError(t, c.Close())

	kill()
	_, err = net.DialTimeout("tcp", addr, time.Second)
	assert.Error(t, err, "socat still listens after kill")
}

func TestStockfishPathFromEnvironment(t *testing.T) {
	path := StockfishPath(t)
	t.Setenv("GAMBIT_STOCKFISH", path)
	assert.Equal(t, path, StockfishPath(t))
}

// The XBoard GUI tests' opponent survives XBoard's `computer` command.
func TestGUIOpponentSurvivesComputer(t *testing.T) {
	RequireSurvivesComputer(t, 20, Program(t, GUIOpponent))
}

// The check fails, naming the engine, on an engine that dies of SIGSEGV on
// `computer` as Fairy-Max 5.0b does, on one that never moves, and on one
// that does not quit.
func TestSurvivesComputerCatches(t *testing.T) {
	for _, c := range []struct{ name, onComputer, onGo, onQuit, want string }{
		{"dies", `kill -SEGV $$`, `echo "move e7e5"`, `exit 0`, "died of segmentation fault before its first move"},
		{"silent", `:`, `:`, `exit 0`, "no move within"},
		{"dies on quit", `:`, `echo "move e7e5"`, `kill -ABRT $$`, "died of aborted after its first move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "engine")
			script := "#!/bin/sh\nwhile read line; do\n\tcase \"$line\" in\n" +
				"\tprotover*) echo 'feature myname=\"crashy\" done=1' ;;\n" +
				"\tcomputer) " + c.onComputer + " ;;\n" +
				"\tgo) " + c.onGo + " ;;\n" +
				"\tquit) " + c.onQuit + " ;;\n" +
				"\tesac\ndone\n"
			require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
			err := survivesComputer(3, time.Second, []string{path})
			require.Error(t, err)
			assert.Contains(t, err.Error(), path+", run 1 of 3")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
