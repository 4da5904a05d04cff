//go:build unix

package enginetest

import (
	"bufio"
	"net"
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
