//go:build unix

package uci_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/uci"
)

// serveTCP serves the engine at path over TCP on 127.0.0.1 the way the
// package documentation shows, with socat forking one engine per
// connection:
//
//	socat TCP-LISTEN:PORT,bind=127.0.0.1,reuseaddr,fork EXEC:PATH
//
// It returns the address and a function that kills socat and every engine
// it started (also run when the test ends). A missing socat fails the
// test: CI installs it (apt-get install socat).
func serveTCP(t testing.TB, path string) (addr string, kill func()) {
	t.Helper()
	socat, err := exec.LookPath("socat")
	if err != nil {
		socat = "/usr/bin/socat"
		_, err = os.Stat(socat)
		require.NoError(t, err, "socat is needed: apt-get install socat")
	}
	// A free port: the kernel picks one, we let it go and socat takes it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	addr = fmt.Sprintf("127.0.0.1:%d", port)

	cmd := exec.Command(socat, fmt.Sprintf("TCP-LISTEN:%d,bind=127.0.0.1,reuseaddr,fork", port), "EXEC:"+path)
	// A process group of its own, so one kill ends socat, its forks and
	// their engines.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	killed := false
	kill = func() {
		if !killed {
			killed = true
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			_ = cmd.Wait()
		}
	}
	t.Cleanup(kill)

	// Wait until socat listens. The probe's engine gets end of input at
	// once and exits.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			require.NoError(t, c.Close())
			return addr, kill
		}
		require.True(t, time.Now().Before(deadline), "socat did not listen on %s: %v", addr, err)
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStockfishOverTCP(t *testing.T) {
	addr, _ := serveTCP(t, stockfishPath(t))
	e, err := uci.Dial(testCtx(t, 10*time.Second), addr)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	assert.True(t, strings.HasPrefix(e.ID().Name, "Stockfish"))
	assert.Nil(t, e.Process())
	lowSkill(t, e)
	start := time.Now()
	r := playGame(t, e, 2, gameLimits)
	t.Logf("TCP game: %d plies, %s, winner %q, %v", r.plies, r.reason, r.winner, time.Since(start))
}

func TestStockfishOverTCPKilledMidSearch(t *testing.T) {
	addr, kill := serveTCP(t, stockfishPath(t))
	e, err := uci.Dial(testCtx(t, 10*time.Second), addr)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, e.Close()) })
	ctx := testCtx(t, 10*time.Second)
	s, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	for info := range s.Info() {
		if info.Depth >= 3 {
			break
		}
	}
	kill() // socat and the engine die; the socket closes
	start := time.Now()
	_, err = s.Wait()
	require.ErrorIs(t, err, uci.ErrExited)
	assert.Contains(t, err.Error(), "connection closed")
	assert.Less(t, time.Since(start), 3*time.Second)
	require.ErrorIs(t, e.IsReady(ctx), uci.ErrExited)
}
