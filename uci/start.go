package uci

import (
	"context"
	"io"
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
	client, err := c.proc().Start("uci", path, args)
	if err != nil {
		return nil, err
	}
	return run(ctx, client)
}

// Dial connects to an engine served over TCP at addr ("host:port") and
// does the handshake as Start does. ctx, or Config.Timeout if ctx has no
// earlier deadline, bounds the connection and the handshake.
func (c Config) Dial(ctx context.Context, addr string) (*Engine, error) {
	client, err := c.proc().Dial(ctx, "uci", addr)
	if err != nil {
		return nil, err
	}
	return run(ctx, client)
}

// Connect speaks UCI over conn, an established connection to an engine,
// and does the handshake as Start does. The Engine owns conn from then on
// and closes it when the engine dies or is closed; closing conn must
// unblock its pending reads and writes, as it does for net.Conn and
// io.Pipe.
func (c Config) Connect(ctx context.Context, conn io.ReadWriteCloser) (*Engine, error) {
	return run(ctx, c.proc().Connect("uci", conn))
}
