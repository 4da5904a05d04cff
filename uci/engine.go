package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/engineproc"
)

// maxLine bounds one line from the engine; a longer one is a protocol
// error rather than a reason to buffer without end.
const maxLine = 1 << 20

// Engine is a connection to a UCI engine, a local process (Start) or one
// served over TCP (Dial). Its methods are safe for concurrent use: calls
// that change the engine's state are serialised, while Stop, PonderHit,
// Send, IsReady and Close may be called at any time, also during a search.
//
// Every call that waits for the engine is bounded by its context and by
// Config.Timeout. An engine that crashes, hangs, closes the connection or
// breaks the protocol makes the call return an *EngineError holding the
// engine's last output; an engine that missed a deadline is killed, and
// from then on every call returns that first error.
type Engine struct {
	cfg  Config
	name string // path or address, for errors

	link *engineproc.Link
	wmu  sync.Mutex // serialises writes

	mu        sync.Mutex
	cause     error         // why the engine is unusable; nil while it works
	dead      chan struct{} // closed when cause is set
	readySent uint64        // isready commands sent
	readyGot  uint64        // readyok answers received
	readyCh   chan struct{} // closed and replaced at each readyok
	hs        *handshake    // the uci handshake in progress
	search    *Search       // the search in progress

	closeOnce sync.Once
	closeErr  error

	// id and options are set by the handshake, before the Engine is
	// returned, and never change.
	id      ID
	options []Option

	// opMu serialises the calls that change state; sentPos and chess960
	// are only touched with it held.
	opMu     sync.Mutex
	sentPos  string // the last "position" command sent
	chess960 bool   // the value of UCI_Chess960 we last set

	// gameMu guards game, which is changed with opMu held too, so that
	// reading it never waits for a search.
	gameMu sync.Mutex
	game   gameState
}

// ID is what the engine says about itself in its "id" lines.
type ID struct {
	Name   string
	Author string
}

// handshake collects the answer to "uci".
type handshake struct {
	id      ID
	options []Option
	done    chan struct{}
}

func newEngine(cfg Config, name string, link *engineproc.Link) *Engine {
	return &Engine{
		cfg:     cfg,
		name:    name,
		link:    link,
		dead:    make(chan struct{}),
		readyCh: make(chan struct{}),
		game:    newGameState(),
	}
}

// run starts the reader and does the handshake; on failure it tears the
// engine down and returns the error.
func (e *Engine) run(ctx context.Context) (*Engine, error) {
	go e.readLoop()
	if err := e.handshake(ctx); err != nil {
		e.link.Teardown()
		e.link.Wait()
		return nil, err
	}
	return e, nil
}

// errorf builds the error a call returns: op, the cause (err, or the
// engine's cause when err is nil) and the last output.
func (e *Engine) errorf(op string, err error) error {
	if err == nil {
		e.mu.Lock()
		err = e.cause
		e.mu.Unlock()
	}
	return &EngineError{Op: op, Engine: e.name, Err: err, Output: e.link.Last.Lines()}
}

// alive returns the error for op if the engine can no longer be used.
func (e *Engine) alive(op string) error {
	e.mu.Lock()
	c := e.cause
	e.mu.Unlock()
	if c != nil {
		return e.errorf(op, c)
	}
	return nil
}

// setCause marks the engine unusable, once, and ends whatever waits on it.
func (e *Engine) setCause(cause error) {
	e.mu.Lock()
	if e.cause != nil {
		e.mu.Unlock()
		return
	}
	e.cause = cause
	close(e.dead)
	s := e.search
	e.search = nil
	e.mu.Unlock()
	if s != nil {
		s.finish(BestMove{}, e.errorf("go", cause))
	}
}

// fail marks the engine unusable and kills it.
func (e *Engine) fail(cause error) {
	e.setCause(cause)
	e.link.Teardown()
}

// readLoop reads the engine's lines until the end and hands each on.
func (e *Engine) readLoop() {
	defer e.link.EndRead()
	err := e.link.ReadLines(maxLine, e.cfg.OnLine, e.route)
	if errors.Is(err, bufio.ErrTooLong) {
		e.fail(fmt.Errorf("%w: a line longer than %d bytes", ErrProtocol, maxLine))
		return
	}
	e.fail(e.link.ExitCause(ErrExited, err))
}

// route hands a line to whoever waits for it. Lines nobody waits for are
// dropped here; OnLine has seen them.
func (e *Engine) route(line string) {
	t := tokens{line: line}
	cmd, _ := t.next()
	if cmd == "bestmove" {
		e.mu.Lock()
		s := e.search
		e.search = nil
		e.mu.Unlock()
		if s != nil {
			bm, err := ParseBestMove(line, s.pos)
			if err != nil {
				err = e.errorf("go", fmt.Errorf("%w: %w", ErrProtocol, err))
			}
			s.finish(bm, err)
		}
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	switch cmd {
	case "readyok":
		e.readyGot++
		close(e.readyCh)
		e.readyCh = make(chan struct{})
	case "id":
		if e.hs != nil {
			switch k, _ := t.next(); k {
			case "name":
				e.hs.id.Name = t.rest()
			case "author":
				e.hs.id.Author = t.rest()
			}
		}
	case "option":
		if e.hs != nil {
			// A malformed option line is dropped: the engine still
			// works, only that option cannot be set.
			if o, err := ParseOption(line); err == nil {
				e.hs.options = append(e.hs.options, o)
			}
		}
	case "uciok":
		if e.hs != nil {
			close(e.hs.done)
			e.hs = nil
		}
	case "info":
		if s := e.search; s != nil {
			// A malformed info line is skipped, as UCI asks of a GUI.
			if info, err := ParseInfo(line, s.pos); err == nil {
				s.addInfo(info)
			}
		}
	}
}

// await waits for ch, the engine's death, ctx or the deadline. A missed
// deadline kills the engine: its state is unknown from then on.
func (e *Engine) await(ctx context.Context, op string, ch <-chan struct{}, deadline <-chan time.Time) error {
	select {
	case <-ch:
		return nil
	case <-e.dead:
		select {
		case <-ch:
			return nil
		default:
		}
		return e.errorf(op, nil)
	case <-ctx.Done():
		return e.errorf(op, ctx.Err())
	case <-deadline:
		e.fail(fmt.Errorf("%w: no answer to %s within %v", ErrTimeout, op, e.cfg.timeout()))
		return e.errorf(op, nil)
	}
}

// send writes one command. A write that blocks past Timeout (an engine
// that stopped reading) kills the engine, which unblocks the write.
func (e *Engine) send(op, line string) error {
	if strings.ContainsAny(line, "\r\n") {
		return e.errorf(op, fmt.Errorf("%w: line break inside a command", ErrSyntax))
	}
	e.wmu.Lock()
	defer e.wmu.Unlock()
	if err := e.alive(op); err != nil {
		return err
	}
	return e.write(op, line)
}

// write writes a line with e.wmu held, without checking the engine is
// alive (Close uses it to say quit).
func (e *Engine) write(op, line string) error {
	if e.cfg.OnSend != nil {
		e.cfg.OnSend(line)
	}
	timeout := e.cfg.timeout()
	timer := time.AfterFunc(timeout, func() {
		e.fail(fmt.Errorf("%w: writing %q blocked for %v", ErrTimeout, line, timeout))
	})
	_, err := io.WriteString(e.link.W, line+"\n")
	if !timer.Stop() {
		return e.errorf(op, nil)
	}
	if err != nil {
		// A broken pipe means the engine is gone: say how it ended.
		e.fail(e.link.ExitCause(ErrExited, err))
		return e.errorf(op, nil)
	}
	return nil
}

// handshake sends "uci", collects the id and options until "uciok", then
// checks the engine is ready.
func (e *Engine) handshake(ctx context.Context) error {
	hs := &handshake{done: make(chan struct{})}
	e.mu.Lock()
	e.hs = hs
	e.mu.Unlock()
	deadline := time.NewTimer(e.cfg.timeout())
	defer deadline.Stop()
	if err := e.send("uci", "uci"); err != nil {
		return err
	}
	if err := e.await(ctx, "uci", hs.done, deadline.C); err != nil {
		return err
	}
	e.id, e.options = hs.id, hs.options
	return e.IsReady(ctx)
}

// IsReady sends "isready" and waits for "readyok": the engine has done
// everything sent before. It may be called during a search.
func (e *Engine) IsReady(ctx context.Context) error {
	deadline := time.NewTimer(e.cfg.timeout())
	defer deadline.Stop()
	e.wmu.Lock()
	if err := e.alive("isready"); err != nil {
		e.wmu.Unlock()
		return err
	}
	// Count under wmu so the numbering follows the order on the wire.
	e.mu.Lock()
	e.readySent++
	want := e.readySent
	e.mu.Unlock()
	err := e.write("isready", "isready")
	e.wmu.Unlock()
	if err != nil {
		return err
	}
	for {
		e.mu.Lock()
		got, ch := e.readyGot, e.readyCh
		e.mu.Unlock()
		if got >= want {
			return nil
		}
		if err := e.await(ctx, "isready", ch, deadline.C); err != nil {
			return err
		}
	}
}

// Send writes a raw line to the engine, for commands this package does not
// wrap (Stockfish's "d", "eval"); OnLine sees the answers. Lines that
// change what the Engine keeps track of ("position", "go", "setoption")
// bypass it and should be sent through their methods instead.
func (e *Engine) Send(line string) error {
	return e.send("send", line)
}

// ID returns the engine's name and author from its "id" lines.
func (e *Engine) ID() ID { return e.id }

// Options returns the options the engine declared, in its order.
func (e *Engine) Options() []Option {
	out := slices.Clone(e.options)
	for i := range out {
		out[i].Vars = slices.Clone(out[i].Vars)
	}
	return out
}

// Option returns the declared option whose name matches name without
// regard to case.
func (e *Engine) Option(name string) (Option, bool) {
	o, ok := findOption(e.options, name)
	o.Vars = slices.Clone(o.Vars)
	return o, ok
}

// Process returns the engine's process, or nil for an engine over a
// connection.
func (e *Engine) Process() *os.Process { return e.link.Process() }

// Close ends the engine: it stops a running search, sends "quit", waits
// up to Config.CloseGrace for the engine to exit (or close the
// connection), and kills it (or drops the connection) after that. It
// returns an error matching ErrTimeout when the engine had to be killed,
// and nil otherwise, also when the engine had died before. Close waits
// for every goroutine and process of the Engine to end.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.mu.Lock()
		wasAlive := e.cause == nil
		e.mu.Unlock()
		e.setCause(ErrClosed)
		if wasAlive {
			e.wmu.Lock()
			err := e.write("close", "quit")
			e.wmu.Unlock()
			gone := e.link.Gone()
			if err == nil {
				t := time.NewTimer(e.cfg.closeGrace())
				select {
				case <-gone:
				case <-t.C:
					e.closeErr = e.errorf("close", fmt.Errorf("%w: did not quit within %v; killed", ErrTimeout, e.cfg.closeGrace()))
				}
				t.Stop()
			}
		}
		e.link.Teardown()
		e.link.Wait()
	})
	return e.closeErr
}

// gameState is the position the Engine keeps for Position, Go and Play.
type gameState struct {
	startCmd string // "startpos" or "fen ..."
	start    core.Position
	moves    []core.Move
	cur      core.Position
}

func newGameState() gameState {
	p := core.StartPosition()
	return gameState{startCmd: "startpos", start: p, cur: p}
}
