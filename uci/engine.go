package uci

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/engineproc"
)

// maxLine bounds one line from the engine, or from a GUI to Serve; a
// longer one is a protocol error rather than a reason to buffer without
// end.
const maxLine = engineproc.MaxLine

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
	// c is the connection's life; c.Mu also guards hs and search.
	c *engineproc.Client

	hs     *handshake // the uci handshake in progress
	search *Search    // the search in progress

	// id and options are set by the handshake, before the Engine is
	// returned, and never change.
	id      ID
	options []Option

	// opMu serialises the calls that change state; sentPos, chess960 and
	// variant are only touched with it held.
	opMu     sync.Mutex
	sentPos  string       // the last "position" command sent
	chess960 bool         // the value of UCI_Chess960 we last set
	variant  core.Variant // the variant UCI_Variant was last set to (standard chess at first)

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

// run makes the Engine over c, starts the reader and does the handshake.
func run(ctx context.Context, c *engineproc.Client) (*Engine, error) {
	e := &Engine{c: c, game: newGameState(core.Standard)}
	if err := c.Run(ctx, e.route, e.handshake, e.onDeath); err != nil {
		return nil, err
	}
	return e, nil
}

// onDeath ends the search in progress when the engine becomes unusable.
func (e *Engine) onDeath(err error) {
	if s := e.takeSearch(); s != nil {
		s.finish(BestMove{}, err)
	}
}

// takeSearch returns the search in progress, which has ended, or nil.
func (e *Engine) takeSearch() *Search {
	e.c.Mu.Lock()
	defer e.c.Mu.Unlock()
	s := e.search
	e.search = nil
	return s
}

// route hands a line to whoever waits for it. Lines nobody waits for are
// dropped here; OnLine has seen them.
func (e *Engine) route(line string) {
	t := tokens{line: line}
	cmd, _ := t.next()
	if cmd == "bestmove" {
		if s := e.takeSearch(); s != nil {
			bm, err := ParseBestMove(line, s.pos)
			if err != nil {
				err = e.c.Errorf("go", fmt.Errorf("%w: %w", ErrProtocol, err))
			}
			s.finish(bm, err)
		}
		return
	}
	e.c.Mu.Lock()
	defer e.c.Mu.Unlock()
	switch cmd {
	case "readyok":
		e.c.AnsweredLocked(0)
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

// handshake sends "uci", collects the id and options until "uciok", then
// checks the engine is ready.
func (e *Engine) handshake(ctx context.Context) error {
	hs := &handshake{done: make(chan struct{})}
	e.c.Mu.Lock()
	e.hs = hs
	e.c.Mu.Unlock()
	deadline := time.NewTimer(e.c.Config.AnswerTimeout())
	defer deadline.Stop()
	if err := e.c.Send("uci", "uci"); err != nil {
		return err
	}
	if err := e.c.Await(ctx, "uci", hs.done, deadline.C, "answer to uci"); err != nil {
		return err
	}
	e.id, e.options = hs.id, hs.options
	return e.IsReady(ctx)
}

// IsReady sends "isready" and waits for "readyok": the engine has done
// everything sent before. It may be called during a search.
func (e *Engine) IsReady(ctx context.Context) error {
	return e.c.Echo(ctx, "isready", "answer to isready", func(int) string { return "isready" })
}

// Send writes a raw line to the engine, for commands this package does not
// wrap (Stockfish's "d", "eval"); OnLine sees the answers. Lines that
// change what the Engine keeps track of ("position", "go", "setoption")
// bypass it and should be sent through their methods instead.
func (e *Engine) Send(line string) error {
	return e.c.Send("send", line)
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
func (e *Engine) Process() *os.Process { return e.c.Link.Process() }

// Close ends the engine: it stops a running search, sends "quit", waits
// up to Config.CloseGrace for the engine to exit (or close the
// connection), and kills it (or drops the connection) after that. It
// returns an error matching ErrTimeout when the engine had to be killed,
// and nil otherwise, also when the engine had died before. Close waits
// for every goroutine and process of the Engine to end.
func (e *Engine) Close() error { return e.c.Close("quit") }

// gameState is the position the Engine keeps for Position, Go and Play.
type gameState struct {
	startCmd string // "startpos" or "fen ..."
	start    core.Position
	moves    []core.Move
	cur      core.Position
}

// newGameState returns the kept game at the start position of variant v
// (which core plays: the variant of a position core made).
func newGameState(v core.Variant) gameState {
	p := engine.VariantStart(v)
	return gameState{startCmd: "startpos", start: p, cur: p}
}
