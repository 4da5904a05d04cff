package engineproc_test

import (
	"errors"
	"io"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/engineproc"
)

var errExited = errors.New("exited")

// A started process: its lines are read, its exit status and what it said
// on standard error make the cause, and Wait returns once all has ended.
func TestStartLinkExit(t *testing.T) {
	l, err := engineproc.StartLink("/bin/sh", []string{"-c", "echo one; echo 'two  '; echo oops >&2; exit 3"}, "", nil, nil, 1024)
	require.NoError(t, err)
	require.NotNil(t, l.Process())
	var seen, routed []string
	err = l.ReadLines(1024, func(s string) { seen = append(seen, s) }, func(s string) { routed = append(routed, s) })
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "two"}, routed)
	assert.Equal(t, routed, seen)
	cause := l.ExitCause(errExited, err)
	assert.ErrorIs(t, cause, errExited)
	assert.ErrorContains(t, cause, "exit status 3")
	assert.Contains(t, l.Last.Lines(), "stderr: oops")
	l.EndRead()
	<-l.Gone()
	l.Teardown()
	l.Wait()
}

// A line longer than the limit is bufio.ErrTooLong; Teardown kills the
// process, which would otherwise run on.
func TestStartLinkTooLongAndKill(t *testing.T) {
	l, err := engineproc.StartLink("/bin/sh", []string{"-c", "head -c 5000 /dev/zero | tr '\\0' x; echo; exec sleep 60"}, "", nil, nil, 1024)
	require.NoError(t, err)
	err = l.ReadLines(1024, nil, func(string) {})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too long")
	l.EndRead()
	l.Teardown()
	l.Wait()
	select {
	case <-l.Gone():
	default:
		t.Fatal("the process did not end")
	}
}

// Over a connection, closing ends the reader and the cause says so; a
// Link has no process.
func TestConnLink(t *testing.T) {
	a, b := net.Pipe()
	l := engineproc.ConnLink(a)
	assert.Nil(t, l.Process())
	done := make(chan error)
	var got []string
	go func() { done <- l.ReadLines(1024, nil, func(s string) { got = append(got, s) }) }()
	go func() {
		_, _ = io.WriteString(b, "hello\r\n")
		_ = b.Close()
	}()
	err := <-done
	require.NoError(t, err)
	assert.Equal(t, []string{"hello"}, got)
	assert.EqualError(t, l.ExitCause(errExited, err), "exited: connection closed")
	l.EndRead()
	<-l.Gone()
	l.Teardown()
	l.Teardown() // once
	l.Wait()
	_, err = io.WriteString(l.W, "x\n")
	assert.Error(t, err, "closed by Teardown")
}
