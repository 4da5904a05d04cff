package uci

import (
	"context"
	"io"
	"net"
	"time"

	"github.com/gambit-chess/gambit/internal/engineproc"
)

// Start runs a local engine with the zero Config; see Config.Start.
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

// Connect speaks UCI over conn with the zero Config; see Config.Connect.
func Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	var c Config
	return c.Connect(ctx, conn)
}

// Start runs the engine at path with args, and does the handshake: "uci"
// until "uciok", reading the engine's id and options, then "isready". ctx
// bounds the start, not the engine's life: the engine runs until Close.
// The engine gets a process group of its own, so that killing it also ends
// what it started.
func (c Config) Start(ctx context.Context, path string, args ...string) (*Engine, error) {
	proc, err := engineproc.Start(path, args, c.Dir, c.Env)
	if err != nil {
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	e := newEngine(c, path, proc.Stdout, proc.Stdin, proc.Close)
	e.cmd = proc.Cmd
	e.exited = make(chan struct{})
	e.stderrDone = make(chan struct{})
	go func() {
		defer close(e.stderrDone)
		engineproc.CopyStderr(proc.Stderr, &e.last, e.cfg.Stderr, maxLine)
	}()
	go func() {
		e.waitErr = proc.Cmd.Wait()
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

// Connect speaks UCI over conn, an established connection to an engine,
// and does the handshake as Start does. The Engine owns conn from then on
// and closes it when the engine dies or is closed; closing conn must
// unblock its pending reads and writes, as it does for net.Conn and
// io.Pipe.
func (c Config) Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return newEngine(c, "conn", conn, conn, func() { _ = conn.Close() }).run(ctx)
}
