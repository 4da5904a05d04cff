package xboard

import (
	"bufio"
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Start runs a local XBoard engine with the zero Config; see Config.Start.
func Start(ctx context.Context, path string, args ...string) (*Engine, error) {
	var c Config
	return c.Start(ctx, path, args...)
}

// Dial connects to an engine served over TCP with the zero Config; see
// Config.Dial.
func Dial(ctx context.Context, addr string) (*Engine, error) {
	var c Config
	return c.Dial(ctx, addr)
}

// Connect speaks XBoard over conn with the zero Config; see Config.Connect.
func Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	var c Config
	return c.Connect(ctx, conn)
}

// gnuChessNudge is the Nudge a GNU Chess started by Start gets.
const gnuChessNudge = 250 * time.Millisecond

// Start runs the engine at path with args, and does the handshake:
// "xboard" and "protover 2", the features until done=1 (or for
// FeatureTimeout when the engine sent no done=0: protocol 1 engines send
// no features), each answered with accepted or rejected; then "new",
// "force", "post", "easy" and a ping. ctx
// bounds the start, not the engine's life: the engine runs until Close.
// The engine gets a process group of its own, so that killing it also ends
// what it started.
func (c Config) Start(ctx context.Context, path string, args ...string) (*Engine, error) {
	if c.Nudge == 0 && strings.HasPrefix(filepath.Base(path), "gnuchess") {
		// GNU Chess 6 needs it (see Config.Nudge); other engines may take
		// an empty line as "move now" (Fairy-Max does).
		c.Nudge = gnuChessNudge
	}
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		closeFiles(stdinR, stdinW)
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		closeFiles(stdinR, stdinW, stdoutR, stdoutW)
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	// Our own pipes rather than cmd's: *os.File pipes can be closed under
	// a blocked read or write, and no copying goroutines are needed.
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW
	cmd.Dir, cmd.Env = c.Dir, c.Env
	newProcessGroup(cmd)
	err = cmd.Start()
	closeFiles(stdinR, stdoutW, stderrW) // the child's ends
	if err != nil {
		closeFiles(stdinW, stdoutR, stderrR)
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	e := newEngine(c, path, stdoutR, stdinW, func() { closeFiles(stdinW, stdoutR, stderrR) })
	e.cmd = cmd
	e.exited = make(chan struct{})
	e.stderrDone = make(chan struct{})
	go e.copyStderr(stderrR)
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
		// Whatever the engine started may still hold its output open;
		// once it has exited, give the reader a moment to drain, then
		// close our end so the reader ends.
		t := time.NewTimer(time.Second)
		defer t.Stop()
		select {
		case <-e.readerDone:
		case <-t.C:
			e.closeIO()
		}
	}()
	return e.run(ctx)
}

// Dial connects to an engine served over TCP at addr ("host:port") and
// does the handshake as Start does. ctx, or Config.Timeout if ctx has no
// earlier deadline, bounds the connection and the handshake.
func (c Config) Dial(ctx context.Context, addr string) (*Engine, error) {
	d := net.Dialer{Timeout: c.timeout()}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, &EngineError{Op: "dial", Engine: addr, Err: err}
	}
	return newEngine(c, addr, conn, conn, func() { _ = conn.Close() }).run(ctx)
}

// Connect speaks XBoard over conn, an established connection to an engine,
// and does the handshake as Start does. The Engine owns conn from then on
// and closes it when the engine dies or is closed; closing conn must
// unblock its pending reads and writes, as it does for net.Conn and
// io.Pipe.
func (c Config) Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return newEngine(c, "conn", conn, conn, func() { _ = conn.Close() }).run(ctx)
}

// copyStderr keeps the engine's stderr lines for error messages and copies
// them to Config.Stderr.
func (e *Engine) copyStderr(r io.Reader) {
	defer close(e.stderrDone)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		e.last.add("stderr: " + sc.Text())
		if e.cfg.Stderr != nil {
			_, _ = e.cfg.Stderr.Write(append(sc.Bytes(), '\n'))
		}
	}
	// A line too long to keep: let the rest drain so the engine never
	// blocks writing to stderr.
	_, _ = io.Copy(io.Discard, r)
}

func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}
