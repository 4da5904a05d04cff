package engineproc_test

import (
	"bufio"
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/engineproc"
)

// fakeEngine answers each line it reads over conn with answer(line), and
// says hello first; it ends when conn closes.
func fakeEngine(conn net.Conn, hello string, answer func(string) string) {
	go func() {
		if hello != "" {
			_, _ = conn.Write([]byte(hello + "\n"))
		}
		sc := bufio.NewScanner(conn)
		for sc.Scan() {
			if a := answer(sc.Text()); a != "" {
				_, _ = conn.Write([]byte(a + "\n"))
			}
		}
	}()
}

// connect runs a client over one end of a pipe whose other end is a fake
// engine; "readyok" lines count as echo answers.
func connect(t *testing.T, cfg engineproc.Config, hello string, answer func(string) string) *engineproc.Client {
	ours, theirs := net.Pipe()
	fakeEngine(theirs, hello, answer)
	c := cfg.Connect("uci", ours)
	route := func(line string) {
		if line == "readyok" {
			c.Mu.Lock()
			c.AnsweredLocked(0)
			c.Mu.Unlock()
		}
	}
	require.NoError(t, c.Run(context.Background(), route, func(context.Context) error { return nil }, nil))
	t.Cleanup(func() { _ = theirs.Close() })
	return c
}

// An echo waits for its own answer: a readyok nobody asked for does not
// count, and an engine that never answers is a timeout.
func TestEchoCountsOnlyAnswers(t *testing.T) {
	cfg := engineproc.Config{Timeout: 200 * time.Millisecond, CloseGrace: 100 * time.Millisecond}
	isready := func(int) string { return "isready" }

	c := connect(t, cfg, "readyok", func(string) string { return "" })
	require.Eventually(t, func() bool { return len(c.Link.Last.Lines()) == 1 }, 5*time.Second, time.Millisecond,
		"the unasked readyok is read before the echo is sent")
	err := c.Echo(context.Background(), "isready", "answer to isready", isready)
	assert.ErrorIs(t, err, engine.ErrTimeout)
	var ee *engine.EngineError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "uci", ee.Protocol)
	assert.Contains(t, ee.Output, "readyok", "the engine's last words")
	assert.NoError(t, c.Close("quit"), "a dead engine closes without error")

	c = connect(t, cfg, "", func(l string) string {
		if l == "isready" {
			return "readyok"
		}
		return ""
	})
	for range 3 {
		require.NoError(t, c.Echo(context.Background(), "isready", "answer to isready", isready))
	}
	// It ignores quit: Close kills it after CloseGrace.
	err = c.Close("quit")
	assert.ErrorIs(t, err, engine.ErrTimeout)
	assert.ErrorContains(t, err, "did not quit within 100ms")
	assert.ErrorIs(t, c.Send("go", "go"), engine.ErrClosed)
}
