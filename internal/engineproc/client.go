package engineproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/engine"
)

// MaxLine bounds one line from the engine; a longer one is a protocol
// error rather than a reason to buffer without end.
const MaxLine = 1 << 20

// Defaults of the timing of a client, for the zero uci.Config and
// xboard.Config.
const (
	DefaultTimeout       = 10 * time.Second
	DefaultSearchTimeout = time.Minute
	DefaultCloseGrace    = 2 * time.Second
)

// Config is what uci.Config and xboard.Config share: the bounds on the
// engine's answers, the hooks on its lines, and how a local engine runs.
// Their doc comments say what each field means.
type Config struct {
	Timeout       time.Duration
	SearchTimeout time.Duration
	CloseGrace    time.Duration
	Nudge         time.Duration
	OnLine        func(line string)
	OnSend        func(line string)
	Stderr        io.Writer
	Dir           string
	Env           []string
}

// AnswerTimeout is Timeout, or DefaultTimeout when it is not positive.
func (c *Config) AnswerTimeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultTimeout
}

// Grace is CloseGrace, or DefaultCloseGrace when it is not positive.
func (c *Config) Grace() time.Duration {
	if c.CloseGrace > 0 {
		return c.CloseGrace
	}
	return DefaultCloseGrace
}

// SearchBound is SearchTimeout, DefaultSearchTimeout when it is zero, and
// zero (no bound) when it is negative.
func (c *Config) SearchBound() time.Duration {
	switch {
	case c.SearchTimeout < 0:
		return 0
	case c.SearchTimeout == 0:
		return DefaultSearchTimeout
	}
	return c.SearchTimeout
}

// Start runs the engine at path with args and returns a client to it; it
// fails with an *engine.EngineError of op "start".
func (c Config) Start(protocol, path string, args []string) (*Client, error) {
	link, err := StartLink(path, args, c.Dir, c.Env, c.Stderr, MaxLine)
	if err != nil {
		return nil, &engine.EngineError{Protocol: protocol, Op: "start", Engine: path, Err: err}
	}
	return c.NewClient(protocol, path, link), nil
}

// Dial connects to an engine served over TCP at addr; ctx, or Timeout if
// ctx has no earlier deadline, bounds the connection. It fails with an
// *engine.EngineError of op "dial".
func (c Config) Dial(ctx context.Context, protocol, addr string) (*Client, error) {
	d := net.Dialer{Timeout: c.AnswerTimeout()}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, &engine.EngineError{Protocol: protocol, Op: "dial", Engine: addr, Err: err}
	}
	return c.NewClient(protocol, addr, ConnLink(conn)), nil
}

// Connect returns a client over conn, an established connection that the
// client owns from then on.
func (c Config) Connect(protocol string, conn io.ReadWriteCloser) *Client {
	return c.NewClient(protocol, "conn", ConnLink(conn))
}

// Client is the life of an engine client, the part package uci's Engine
// and package xboard's share: the link, the cause that makes the engine
// unusable once it is set, the writes and their deadline, the waits that
// end when the engine dies, the echo (isready, ping) that synchronises
// with the engine, and Close. What the lines mean is the protocol's
// business: it reads them in the route function it gives to Run.
type Client struct {
	// Config is the client's configuration.
	Config Config
	// Protocol ("uci" or "xboard") starts the client's error messages.
	Protocol string
	// Name is the engine's path or address, for errors.
	Name string
	// Link is the transport.
	Link *Link
	// Mu guards the client's cause and echo counts, and the protocol's
	// own state beside them (its search, its handshake).
	Mu sync.Mutex
	// OnDeath, if set, is called once, without Mu held, when the client
	// becomes unusable, with the error calls return from then on: the
	// protocol ends the search in progress.
	OnDeath func(err error)

	wmu       sync.Mutex // serialises writes
	cause     error      // why the engine is unusable; nil while it works
	dead      chan struct{}
	echoSent  int
	echoGot   int
	echoCh    chan struct{} // closed and replaced at each answer to an echo
	closeOnce sync.Once
	closeErr  error
}

// NewClient returns a client named name (a path or an address) over link.
func (c Config) NewClient(protocol, name string, link *Link) *Client {
	return &Client{Config: c, Protocol: protocol, Name: name, Link: link,
		dead: make(chan struct{}), echoCh: make(chan struct{})}
}

// Run sets OnDeath, starts the reader, which hands each line to route
// (after Config.OnLine), and does the handshake; on failure it tears the
// engine down and returns the handshake's error.
func (c *Client) Run(ctx context.Context, route func(line string), handshake func(context.Context) error, onDeath func(error)) error {
	c.OnDeath = onDeath
	go c.readLoop(route)
	if err := handshake(ctx); err != nil {
		c.Link.Teardown()
		c.Link.Wait()
		return err
	}
	return nil
}

// readLoop reads the engine's lines until the end and hands each on.
func (c *Client) readLoop(route func(string)) {
	defer c.Link.EndRead()
	err := c.Link.ReadLines(MaxLine, c.Config.OnLine, route)
	if errors.Is(err, bufio.ErrTooLong) {
		c.Fail(fmt.Errorf("%w: a line longer than %d bytes", engine.ErrProtocol, MaxLine))
		return
	}
	c.Fail(c.Link.ExitCause(engine.ErrExited, err))
}

// Errorf builds the error a call returns: an *engine.EngineError of op
// with the cause (err, or the client's cause when err is nil) and the
// engine's last output.
func (c *Client) Errorf(op string, err error) error {
	if err == nil {
		err = c.Cause()
	}
	return &engine.EngineError{Protocol: c.Protocol, Op: op, Engine: c.Name, Err: err, Output: c.Link.Last.Lines()}
}

// Cause returns why the engine is unusable, or nil while it works.
func (c *Client) Cause() error {
	c.Mu.Lock()
	defer c.Mu.Unlock()
	return c.cause
}

// CauseLocked is Cause for a caller that holds Mu.
func (c *Client) CauseLocked() error { return c.cause }

// Dead is closed when the engine has become unusable.
func (c *Client) Dead() <-chan struct{} { return c.dead }

// Alive returns the error for op if the engine can no longer be used.
func (c *Client) Alive(op string) error {
	if cause := c.Cause(); cause != nil {
		return c.Errorf(op, cause)
	}
	return nil
}

// Idle returns the error for op unless the engine is alive and, as
// searching (called with Mu held) says, not searching; the error of a
// search matches engine.ErrSearching.
func (c *Client) Idle(op string, searching func() bool) error {
	c.Mu.Lock()
	cause, busy := c.cause, searching()
	c.Mu.Unlock()
	switch {
	case cause != nil:
		return c.Errorf(op, cause)
	case busy:
		return c.Errorf(op, engine.ErrSearching)
	}
	return nil
}

// SetCause marks the engine unusable, once, and ends whatever waits on it.
func (c *Client) SetCause(cause error) {
	c.Mu.Lock()
	if c.cause != nil {
		c.Mu.Unlock()
		return
	}
	c.cause = cause
	close(c.dead)
	c.Mu.Unlock()
	if c.OnDeath != nil {
		c.OnDeath(c.Errorf("go", cause))
	}
}

// Fail marks the engine unusable and kills it.
func (c *Client) Fail(cause error) {
	c.SetCause(cause)
	c.Link.Teardown()
}

// Send writes one command. A write that blocks past Timeout (an engine
// that stopped reading) kills the engine, which unblocks the write.
func (c *Client) Send(op, line string) error {
	if strings.ContainsAny(line, "\r\n") {
		return c.Errorf(op, fmt.Errorf("%w: line break inside a command", engine.ErrSyntax))
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.Alive(op); err != nil {
		return err
	}
	return c.write(op, line)
}

// write writes a line with wmu held, without checking the engine is
// alive (Close uses it to say quit).
func (c *Client) write(op, line string) error {
	if c.Config.OnSend != nil {
		c.Config.OnSend(line)
	}
	timeout := c.Config.AnswerTimeout()
	timer := time.AfterFunc(timeout, func() {
		c.Fail(fmt.Errorf("%w: writing %q blocked for %v", engine.ErrTimeout, line, timeout))
	})
	_, err := io.WriteString(c.Link.W, line+"\n")
	if !timer.Stop() {
		return c.Errorf(op, nil)
	}
	if err != nil {
		// A broken pipe means the engine is gone: say how it ended.
		c.Fail(c.Link.ExitCause(engine.ErrExited, err))
		return c.Errorf(op, nil)
	}
	return nil
}

// Nudger returns a channel that ticks every Config.Nudge (never without
// one) and a function to stop it.
func (c *Client) Nudger() (<-chan time.Time, func()) {
	if c.Config.Nudge <= 0 {
		return nil, func() {}
	}
	t := time.NewTicker(c.Config.Nudge)
	return t.C, t.Stop
}

// Await waits for ch, the engine's death, ctx or the deadline, writing an
// empty line at each nudge. A missed deadline kills the engine, its state
// unknown from then on, with an error that says no what came.
func (c *Client) Await(ctx context.Context, op string, ch <-chan struct{}, deadline <-chan time.Time, what string) error {
	nudge, stop := c.Nudger()
	defer stop()
	for {
		select {
		case <-ch:
			return nil
		case <-c.dead:
			select {
			case <-ch:
				return nil
			default:
			}
			return c.Errorf(op, nil)
		case <-ctx.Done():
			return c.Errorf(op, ctx.Err())
		case <-deadline:
			c.Fail(fmt.Errorf("%w: no %s within %v", engine.ErrTimeout, what, c.Config.AnswerTimeout()))
			return c.Errorf(op, nil)
		case <-nudge:
			_ = c.Send(op, "")
		}
	}
}

// Echo synchronises with the engine: it writes command(n), the n-th echo
// ("isready", "ping n"), and waits until Answered has counted the
// answer, what (for the timeout's message), after which the engine has
// done everything sent before.
func (c *Client) Echo(ctx context.Context, op, what string, command func(n int) string) error {
	deadline := time.NewTimer(c.Config.AnswerTimeout())
	defer deadline.Stop()
	c.wmu.Lock()
	if err := c.Alive(op); err != nil {
		c.wmu.Unlock()
		return err
	}
	// Count under wmu so the numbering follows the order on the wire.
	c.Mu.Lock()
	c.echoSent++
	want := c.echoSent
	c.Mu.Unlock()
	err := c.write(op, command(want))
	c.wmu.Unlock()
	if err != nil {
		return err
	}
	for {
		c.Mu.Lock()
		got, ch := c.echoGot, c.echoCh
		c.Mu.Unlock()
		if got >= want {
			return nil
		}
		if err := c.Await(ctx, op, ch, deadline.C, what); err != nil {
			return err
		}
	}
}

// AnsweredLocked counts an answer to echo n, or to the next echo when n
// is 0; answers to no echo sent, or to one already counted, are dropped.
// The caller holds Mu.
func (c *Client) AnsweredLocked(n int) {
	if n == 0 {
		n = c.echoGot + 1
	}
	if n > c.echoGot && n <= c.echoSent {
		c.echoGot = n
		close(c.echoCh)
		c.echoCh = make(chan struct{})
	}
}

// Close ends the engine: it marks it closed (ErrClosed), writes quit,
// waits up to Config.CloseGrace for the engine to exit (or close the
// connection), and kills it (or drops the connection) after that. It
// returns an error matching ErrTimeout when the engine had to be killed,
// and nil otherwise, also when the engine had died before. Close waits
// for every goroutine and process of the client to end.
func (c *Client) Close(quit string) error {
	c.closeOnce.Do(func() {
		wasAlive := c.Cause() == nil
		c.SetCause(engine.ErrClosed)
		if wasAlive {
			c.wmu.Lock()
			err := c.write("close", quit)
			c.wmu.Unlock()
			gone := c.Link.Gone()
			if err == nil {
				grace := c.Config.Grace()
				t := time.NewTimer(grace)
				select {
				case <-gone:
				case <-t.C:
					c.closeErr = c.Errorf("close", fmt.Errorf("%w: did not quit within %v; killed", engine.ErrTimeout, grace))
				}
				t.Stop()
			}
		}
		c.Link.Teardown()
		c.Link.Wait()
	})
	return c.closeErr
}
