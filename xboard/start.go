package xboard

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/internal/engineproc"
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
	link, err := engineproc.StartLink(path, args, c.Dir, c.Env, c.Stderr, maxLine)
	if err != nil {
		return nil, &EngineError{Op: "start", Engine: path, Err: err}
	}
	return newEngine(c, path, link).run(ctx)
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
	return newEngine(c, addr, engineproc.ConnLink(conn)).run(ctx)
}

// Connect speaks XBoard over conn, an established connection to an engine,
// and does the handshake as Start does. The Engine owns conn from then on
// and closes it when the engine dies or is closed; closing conn must
// unblock its pending reads and writes, as it does for net.Conn and
// io.Pipe.
func (c Config) Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return newEngine(c, "conn", engineproc.ConnLink(conn)).run(ctx)
}
