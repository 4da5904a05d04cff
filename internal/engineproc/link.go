package engineproc

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Link is the transport under an engine client (package uci's Engine and
// package xboard's): the engine's output read line by line, our end of its
// input, its process when there is one, and the teardown that ends them
// all. What the lines mean, and when the engine has become unusable, is the
// protocol's business above it.
type Link struct {
	// W is our end of the engine's input. The client serialises writes.
	W io.Writer
	// Last holds the engine's last lines, standard error included, for
	// errors.
	Last LastLines

	r            io.Reader
	closeIO      func()
	cmd          *exec.Cmd
	exited       chan struct{} // closed when the process has been waited for
	waitErr      error         // the process's exit, valid once exited is closed
	readerDone   chan struct{} // closed by EndRead
	stderrDone   chan struct{}
	teardownOnce sync.Once
}

// NewLink returns a Link over r and w, a connection; closeIO closes them
// (it is called once, however often the Link asks).
func NewLink(r io.Reader, w io.Writer, closeIO func()) *Link {
	var once sync.Once
	return &Link{
		W:          w,
		r:          r,
		closeIO:    func() { once.Do(closeIO) },
		readerDone: make(chan struct{}),
	}
}

// ConnLink returns a Link over conn, which closing ends.
func ConnLink(conn io.ReadWriteCloser) *Link {
	return NewLink(conn, conn, func() { _ = conn.Close() })
}

// StartLink starts the engine at path (see Start) and returns a Link to
// it. Its standard error goes to Last and, when stderr is not nil, to
// stderr, a line of up to maxLine bytes at a time (see CopyStderr).
func StartLink(path string, args []string, dir string, env []string, stderr io.Writer, maxLine int) (*Link, error) {
	proc, err := Start(path, args, dir, env)
	if err != nil {
		return nil, err
	}
	l := NewLink(proc.Stdout, proc.Stdin, proc.Close)
	l.cmd = proc.Cmd
	l.exited = make(chan struct{})
	l.stderrDone = make(chan struct{})
	go func() {
		defer close(l.stderrDone)
		CopyStderr(proc.Stderr, &l.Last, stderr, maxLine)
	}()
	go func() {
		l.waitErr = proc.Cmd.Wait()
		close(l.exited)
		// Whatever the engine started may still hold its output open;
		// once it has exited, give the reader a moment to drain, then
		// close our end so the reader ends.
		t := time.NewTimer(time.Second)
		defer t.Stop()
		select {
		case <-l.readerDone:
		case <-t.C:
			l.closeIO()
		}
	}()
	return l, nil
}

// ReadLines reads the engine's output until it ends, a line at a time
// with trailing blanks and carriage returns cut: each goes to Last, then
// to onLine when it is not nil, then to route. It returns the read error
// (nil at the end of the output); a line longer than maxLine is
// bufio.ErrTooLong. The caller calls EndRead when it has dealt with the
// end.
func (l *Link) ReadLines(maxLine int, onLine, route func(string)) error {
	sc := bufio.NewScanner(l.r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		l.Last.Add(line)
		if onLine != nil {
			onLine(line)
		}
		route(line)
	}
	return sc.Err()
}

// EndRead says the reader has ended; Wait waits for it.
func (l *Link) EndRead() { close(l.readerDone) }

// ExitCause says why the output ended or a write failed, as an error
// wrapping exited: the process's exit status when there is a process
// (after waiting up to a second for it, and for what it wrote on standard
// error), else readErr or a closed connection.
func (l *Link) ExitCause(exited, readErr error) error {
	if l.exited != nil {
		t := time.NewTimer(time.Second)
		defer t.Stop()
		select {
		case <-l.exited:
		case <-t.C:
			return fmt.Errorf("%w: output closed", exited)
		}
		// What a crashing engine says on stderr is the best part of the
		// error: let it arrive before the error is built.
		select {
		case <-l.stderrDone:
		case <-t.C:
		}
		if l.waitErr != nil {
			return fmt.Errorf("%w: %v", exited, l.waitErr)
		}
		return fmt.Errorf("%w: exit status 0", exited)
	}
	if readErr != nil {
		return fmt.Errorf("%w: %v", exited, readErr)
	}
	return fmt.Errorf("%w: connection closed", exited)
}

// Teardown kills the process (if any, and still running) and closes every
// file or connection, once.
func (l *Link) Teardown() {
	l.teardownOnce.Do(func() {
		if l.cmd != nil && l.cmd.Process != nil {
			select {
			case <-l.exited:
			default:
				Kill(l.cmd.Process)
			}
		}
		l.closeIO()
	})
}

// Gone is closed when the engine has gone: its process has exited, or,
// over a connection, the reader has ended.
func (l *Link) Gone() <-chan struct{} {
	if l.exited != nil {
		return l.exited
	}
	return l.readerDone
}

// Wait waits for the reader, the standard error copier and the process.
func (l *Link) Wait() {
	<-l.readerDone
	if l.stderrDone != nil {
		<-l.stderrDone
	}
	if l.exited != nil {
		<-l.exited
	}
}

// Process returns the engine's process, or nil over a connection.
func (l *Link) Process() *os.Process {
	if l.cmd == nil {
		return nil
	}
	return l.cmd.Process
}
