//go:build unix

package uci_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// shortTimeouts keep the failure tests fast: every deadline is a second
// or two.
func shortTimeouts() uci.Config {
	return uci.Config{Timeout: time.Second, CloseGrace: time.Second, SearchTimeout: 2 * time.Second}
}

// slack is what a failure may take beyond its deadline on a loaded
// machine; a hang would take far longer.
const slack = 3 * time.Second

// fakeConfig runs the fake engine with a pid file, and returns a function
// that tells whether the engine's process is gone.
func fakeConfig(t *testing.T) (uci.Config, func() bool) {
	cfg := shortTimeouts()
	pidFile := filepath.Join(t.TempDir(), "pid")
	cfg.Env = append(os.Environ(), "FAKEENGINE_PIDFILE="+pidFile)
	gone := func() bool {
		b, err := os.ReadFile(pidFile)
		require.NoError(t, err, "the fake engine did not start")
		pid, err := strconv.Atoi(string(b))
		require.NoError(t, err)
		// Signal 0 probes for the process; it has been waited for, so
		// not even a zombie may remain.
		return syscall.Kill(pid, 0) == syscall.ESRCH
	}
	return cfg, gone
}

func TestStartFailures(t *testing.T) {
	tests := []struct {
		name    string
		mode    string
		err     error
		output  string // expected in the error's text
		maxTime time.Duration
	}{
		{"hangs", "hang", uci.ErrTimeout, "no answer to uci", time.Second + slack},
		// The message quotes the engine's last line only.
		{"prints garbage", "garbage", uci.ErrTimeout, "#!@$%^&*", time.Second + slack},
		{"exits at start", "banner-exit", uci.ErrExited, "exit status 3", slack},
		{"exits at start with stderr", "banner-exit", uci.ErrExited, "stderr: fatal: cannot open network file", slack},
		{"prints an endless line", "longline", uci.ErrProtocol, "longer than", slack},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, gone := fakeConfig(t)
			start := time.Now()
			e, err := cfg.Start(context.Background(), fakeEngine, tc.mode)
			require.Nil(t, e)
			require.ErrorIs(t, err, tc.err)
			assert.Contains(t, err.Error(), tc.output)
			assert.Less(t, time.Since(start), tc.maxTime)
			assert.True(t, gone(), "the engine process must be gone")
			var ee *uci.EngineError
			require.ErrorAs(t, err, &ee)
			assert.Equal(t, fakeEngine, ee.Engine)
		})
	}

	t.Run("no such file", func(t *testing.T) {
		_, err := uci.Start(context.Background(), filepath.Join(t.TempDir(), "no-engine"))
		require.ErrorIs(t, err, os.ErrNotExist)
	})

	t.Run("context ends the handshake", func(t *testing.T) {
		cfg, gone := fakeConfig(t)
		cfg.Timeout = time.Minute
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		_, err := cfg.Start(ctx, fakeEngine, "hang")
		require.ErrorIs(t, err, context.DeadlineExceeded)
		assert.True(t, gone())
	})
}

func TestSearchFailures(t *testing.T) {
	tests := []struct {
		name    string
		mode    string
		limits  uci.Limits
		err     []error
		output  string
		usable  bool // the engine still works afterwards
		maxTime time.Duration
	}{
		// Deadlines: the search's own time plus Timeout, or SearchTimeout,
		// then Timeout for the answer to stop.
		{"crashes mid-search", "crash-on-go", uci.Limits{Depth: 5}, []error{uci.ErrExited}, "stderr: panic: search exploded", false, slack},
		{"hangs in a timed search", "hang-on-go", uci.Limits{MoveTime: 50 * time.Millisecond}, []error{uci.ErrTimeout}, "no bestmove within", false, 2050*time.Millisecond + slack},
		{"hangs in an untimed search", "hang-on-go", uci.Limits{Depth: 30}, []error{uci.ErrTimeout}, "no bestmove within", false, 3*time.Second + slack},
		{"illegal best move", "illegal", uci.Limits{Depth: 1}, []error{uci.ErrProtocol, core.ErrIllegalMove}, "e2e5", true, slack},
		{"garbage best move", "garbage-bestmove", uci.Limits{Depth: 1}, []error{uci.ErrProtocol, core.ErrMoveSyntax}, "bestmove", true, slack},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, gone := fakeConfig(t)
			e, err := cfg.Start(context.Background(), fakeEngine, tc.mode)
			require.NoError(t, err)
			defer func() {
				require.NoError(t, e.Close())
				assert.True(t, gone())
			}()
			start := time.Now()
			bm, err := e.Play(context.Background(), "", tc.limits)
			for _, want := range tc.err {
				require.ErrorIs(t, err, want)
			}
			assert.Equal(t, core.NoMove, bm.Move)
			assert.Contains(t, err.Error(), tc.output)
			assert.Less(t, time.Since(start), tc.maxTime)
			_, moves := e.Game()
			assert.Empty(t, moves, "a failed Play leaves the game as it was")
			if tc.usable {
				require.NoError(t, e.IsReady(context.Background()))
			} else {
				// Killed at once; reaped a moment later.
				assert.Eventually(t, gone, slack, 10*time.Millisecond, "a broken engine is killed")
				require.ErrorIs(t, e.IsReady(context.Background()), tc.err[0])
			}
		})
	}
}

func TestFakeEngineWorks(t *testing.T) {
	// The fake engine's normal mode, to show the failures above come from
	// the modes: id, a combo option, a best move with a ponder move.
	cfg, _ := fakeConfig(t)
	e, err := cfg.Start(context.Background(), fakeEngine, "normal")
	require.NoError(t, err)
	defer func() { require.NoError(t, e.Close()) }()
	assert.Equal(t, uci.ID{Name: "Fake normal", Author: "gambit tests"}, e.ID())
	o, ok := e.Option("style")
	require.True(t, ok)
	assert.Equal(t, uci.Option{Name: "Style", Type: uci.TypeCombo, Default: "Normal", Min: o.Min, Max: o.Max, Vars: []string{"Solid", "Normal", "Risky"}}, o)
	ctx := context.Background()
	require.ErrorIs(t, e.SetOption(ctx, "Style", "Wild"), uci.ErrOptionValue)
	require.NoError(t, e.SetOption(ctx, "style", "risky"))
	bm, err := e.Play(ctx, "", uci.Limits{Depth: 1})
	require.NoError(t, err)
	assert.Equal(t, "e2e4", bm.UCI)
	assert.Equal(t, "e7e5", bm.PonderUCI)

	// It declares no UCI_Chess960, so a Chess960 position is refused and
	// the kept game stays.
	err = e.Position("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1")
	require.ErrorIs(t, err, uci.ErrNoChess960)
	_, moves := e.Game()
	assert.Len(t, moves, 1, "the engine's e2e4")
}

func TestCloseKillsAnEngineThatIgnoresQuit(t *testing.T) {
	cfg, gone := fakeConfig(t)
	e, err := cfg.Start(context.Background(), fakeEngine, "ignore-quit")
	require.NoError(t, err)
	start := time.Now()
	err = e.Close()
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.Contains(t, err.Error(), "did not quit")
	assert.Less(t, time.Since(start), time.Second+slack)
	assert.True(t, gone())
	require.Equal(t, err, e.Close(), "a second Close only says the same")
	require.ErrorIs(t, e.IsReady(context.Background()), uci.ErrClosed)
}

func TestWriteToAnEngineThatStoppedReading(t *testing.T) {
	cfg, gone := fakeConfig(t)
	e, err := cfg.Start(context.Background(), fakeEngine, "normal")
	require.NoError(t, err)
	defer func() { require.NoError(t, e.Close()) }()
	require.NoError(t, e.Send("deaf"))
	// Far more than a pipe holds: the write blocks until the deadline.
	start := time.Now()
	err = e.Send("echo " + strings.Repeat("x", 4<<20))
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.Contains(t, err.Error(), "blocked")
	assert.Less(t, time.Since(start), time.Second+slack)
	assert.Eventually(t, gone, slack, 10*time.Millisecond)
}

func TestDialFailures(t *testing.T) {
	t.Run("nobody listens", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := l.Addr().String()
		require.NoError(t, l.Close())
		_, err = uci.Dial(context.Background(), addr)
		require.ErrorIs(t, err, syscall.ECONNREFUSED)
	})

	t.Run("server accepts and says nothing", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer l.Close()
		accepted := make(chan net.Conn, 1)
		go func() {
			c, err := l.Accept()
			if err == nil {
				accepted <- c
			}
			close(accepted)
		}()
		start := time.Now()
		_, err = shortTimeouts().Dial(context.Background(), l.Addr().String())
		require.ErrorIs(t, err, uci.ErrTimeout)
		assert.Less(t, time.Since(start), time.Second+slack)
		if c, ok := <-accepted; ok {
			c.Close()
		}
	})

	t.Run("server closes the connection", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer l.Close()
		done := make(chan struct{})
		go func() {
			defer close(done)
			c, err := l.Accept()
			if err == nil {
				_, _ = c.Write([]byte("id name Gone\n"))
				c.Close()
			}
		}()
		_, err = shortTimeouts().Dial(context.Background(), l.Addr().String())
		require.ErrorIs(t, err, uci.ErrExited)
		assert.Contains(t, err.Error(), "id name Gone")
		<-done
	})
}
