package xboard

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"time"
)

// Start runs a local XBoard engine with the zero Config; see Config.Start.
func Start(ctx context.Context, path string, args ...string) (*Engine, error) {
	return Config{}.Start(ctx, path, args...)
}

// Connect speaks XBoard over conn with the zero Config; see Config.Connect.
func Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return Config{}.Connect(ctx, conn)
}

// Dial connects to an engine served over TCP with the zero Config; see
// Config.Dial.
func Dial(ctx context.Context, addr string) (*Engine, error) {
	return Config{}.Dial(ctx, addr)
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
	client, err := c.proc().Start("xboard", path, args)
	if err != nil {
		return nil, err
	}
	return run(ctx, client, c.featureTimeout())
}

// Dial connects to an engine served over TCP at addr ("host:port") and
// does the handshake as Start does. ctx, or Config.Timeout if ctx has no
// earlier deadline, bounds the connection and the handshake.
func (c Config) Dial(ctx context.Context, addr string) (*Engine, error) {
	client, err := c.proc().Dial(ctx, "xboard", addr)
	if err != nil {
		return nil, err
	}
	return run(ctx, client, c.featureTimeout())
}

// Connect speaks XBoard over conn, an established connection to an engine,
// and does the handshake as Start does. The Engine owns conn from then on
// and closes it when the engine dies or is closed; closing conn must
// unblock its pending reads and writes, as it does for net.Conn and
// io.Pipe.
func (c Config) Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return run(ctx, c.proc().Connect("xboard", conn), c.featureTimeout())
}
