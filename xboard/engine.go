package xboard

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/engineproc"
	"github.com/gambit-chess/gambit/internal/quote"
	"github.com/gambit-chess/gambit/san"
)

// maxLine bounds one line from the engine, or from a GUI to Serve.
const maxLine = engineproc.MaxLine

// Engine is a connection to an XBoard (CECP) engine, a local process
// (Start) or one served over TCP (Dial). It implements engine.Player: it
// keeps the game it was told, sends positions with setboard or edit mode
// as the engine asks, keeps the engine in force mode except while it
// thinks, and checks every move the engine sends with core.
//
// Every call that waits for the engine is bounded by its context and by
// Config.Timeout. An engine that crashes, hangs, closes the connection or
// breaks the protocol makes the call return an *EngineError holding the
// engine's last output; an engine that missed a deadline is killed, and
// from then on every call returns that first error. Calls are serialised;
// MoveNow, Send and Close may be called at any time.
type Engine struct {
	// c is the connection's life; c.Mu also guards the fields up to
	// drawOffer.
	c *engineproc.Client
	// featureTimeout is Config.FeatureTimeout or its default.
	featureTimeout time.Duration

	hs         *handshake
	features   Features // final once the handshake is over
	complaints []string // "Illegal move" and "Error" lines since the last check
	search     *search
	resync     *search // a search Think gave up on; the engine's game is sent again once it ends
	drawOffer  bool    // the engine offered (or accepted) a draw, not yet reported

	// opMu serialises the calls that change state; the fields below are
	// only touched with it held.
	opMu      sync.Mutex
	start     core.Position
	moves     []core.Move
	cur       core.Position
	sentLevel string // the last level command sent since new
	sentSt    string
	sentSd    int
	ponder    bool
}

// handshake collects the feature lines.
type handshake struct {
	got      bool          // a feature line came
	extended chan struct{} // closed at done=0
	done     chan struct{} // closed at done=1
	extOnce  sync.Once
	doneOnce sync.Once
}

// search is a running "go" or "analyze".
type search struct {
	pos     core.Position
	analyze bool
	info    func(engine.Info)
	done    chan struct{}
	reply   engine.Reply
	err     error
}

// run makes the Engine over c, starts the reader and does the handshake.
func run(ctx context.Context, c *engineproc.Client, featureTimeout time.Duration) (*Engine, error) {
	p := core.StartPosition()
	e := &Engine{c: c, featureTimeout: featureTimeout, features: defaultFeatures(), start: p, cur: p}
	if err := c.Run(ctx, e.route, e.handshake, e.onDeath); err != nil {
		return nil, err
	}
	return e, nil
}

// onDeath ends the search in progress when the engine becomes unusable.
func (e *Engine) onDeath(err error) {
	e.c.Mu.Lock()
	s := e.search
	e.search = nil
	e.c.Mu.Unlock()
	if s != nil {
		s.err = err
		close(s.done)
	}
}

// oldMove matches a protocol 1 move announcement, "12. ... e7e5".
var oldMove = regexp.MustCompile(`^\d+\s*\.\s*\.\.\.\s*(\S+)$`)

// route handles one line of the engine's.
func (e *Engine) route(line string) {
	word, rest, _ := strings.Cut(strings.TrimLeft(line, " \t"), " ")
	rest = strings.TrimSpace(rest)
	switch {
	case word == "feature":
		e.onFeature(line)
	case word == "pong":
		if n, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && n > 0 {
			e.c.Mu.Lock()
			e.c.AnsweredLocked(n)
			e.c.Mu.Unlock()
		}
	case word == "move":
		e.onMove(line, rest)
	case oldMove.MatchString(line):
		e.onMove(line, oldMove.FindStringSubmatch(line)[1])
	case word == "resign":
		e.endSearch(func(r *engine.Reply) { r.Resign = true })
	case word == "offer" && strings.HasPrefix(rest, "draw"):
		e.c.Mu.Lock()
		e.drawOffer = true
		e.c.Mu.Unlock()
	case word == "1-0" || word == "0-1" || word == "1/2-1/2":
		reason := strings.TrimSuffix(strings.TrimPrefix(rest, "{"), "}")
		e.endSearch(func(r *engine.Reply) { r.Result, r.Reason = word, reason })
	case unknownOptionalCommand(line):
		// Not a rejection: see unknownOptionalCommand.
	case strings.HasPrefix(word, "Illegal") || strings.HasPrefix(word, "Error") ||
		// GNU Chess says "Invalid move: X", and "Invalid move: " to the
		// empty lines of Nudge.
		word == "Invalid" && strings.TrimSpace(strings.TrimPrefix(rest, "move:")) != "":
		e.c.Mu.Lock()
		e.complaints = append(e.complaints, line)
		e.c.Mu.Unlock()
	case IsThinking(line):
		e.c.Mu.Lock()
		s := e.search
		e.c.Mu.Unlock()
		if s != nil && s.info != nil {
			if info, err := ParseThinking(line, s.pos); err == nil {
				s.info(info)
			}
		}
	}
}

// onFeature records a feature line during the handshake and answers each
// feature with accepted or rejected.
func (e *Engine) onFeature(line string) {
	fs, _ := ParseFeatures(line)
	e.c.Mu.Lock()
	hs := e.hs
	if hs == nil {
		e.c.Mu.Unlock()
		return
	}
	hs.got = true
	var replies []string
	for _, f := range fs {
		if f.Name == "done" {
			if f.Value == "0" {
				hs.extOnce.Do(func() { close(hs.extended) })
			} else {
				hs.doneOnce.Do(func() { close(hs.done) })
			}
		}
		if e.features.apply(f) {
			replies = append(replies, "accepted "+f.Name)
		} else {
			replies = append(replies, "rejected "+f.Name)
		}
	}
	e.c.Mu.Unlock()
	for _, r := range replies {
		if e.c.Send("feature", r) != nil {
			return
		}
	}
}

// onMove ends the running search with the engine's move, checked with core.
func (e *Engine) onMove(line, text string) {
	e.c.Mu.Lock()
	s := e.search
	if s == nil || s.analyze {
		e.c.Mu.Unlock()
		return
	}
	e.search = nil
	e.c.Mu.Unlock()
	pos := s.pos
	m, err := san.Parse(&pos, strings.TrimSpace(text))
	if err != nil {
		s.err = e.c.Errorf("go", fmt.Errorf("%w: the engine's move %s: %w", ErrProtocol, quote.Short(line), err))
	}
	s.reply.Move = m
	close(s.done)
}

// endSearch ends the running search with what set says (a resignation, a
// claim).
func (e *Engine) endSearch(set func(*engine.Reply)) {
	e.c.Mu.Lock()
	s := e.search
	if s == nil || s.analyze {
		e.c.Mu.Unlock()
		return
	}
	e.search = nil
	e.c.Mu.Unlock()
	set(&s.reply)
	close(s.done)
}

// sendAll writes commands in order.
func (e *Engine) sendAll(op string, lines ...string) error {
	for _, l := range lines {
		if err := e.c.Send(op, l); err != nil {
			return err
		}
	}
	return nil
}

// handshake sends "xboard" and "protover 2" and collects the features:
// until done=1, or for FeatureTimeout when the engine did not send done=0
// (protocol 1 engines send nothing); then it synchronises with ping.
func (e *Engine) handshake(ctx context.Context) error {
	hs := &handshake{extended: make(chan struct{}), done: make(chan struct{})}
	e.c.Mu.Lock()
	e.hs = hs
	e.c.Mu.Unlock()
	if err := e.sendAll("handshake", "xboard", "protover 2"); err != nil {
		return err
	}
	wait := time.NewTimer(e.featureTimeout)
	defer wait.Stop()
	extended := hs.extended
	nudge, stopNudge := e.c.Nudger()
	defer stopNudge()
	var err error
	nudges := 0
wait:
	for {
		select {
		case <-nudge:
			_ = e.c.Send("handshake", "")
			// GNU Chess 6 (the one engine nudged) now and then loses the
			// "protover 2" that came with "xboard" and then sends no
			// feature at all (1 start in 30 here): ask again after each
			// second of nudges that brought none. A second set of
			// features, if the first was only slow, comes after done=1
			// and is ignored.
			if nudges++; nudges%4 == 0 {
				e.c.Mu.Lock()
				got := hs.got
				e.c.Mu.Unlock()
				if !got {
					_ = e.c.Send("handshake", "protover 2")
				}
			}
		case <-hs.done:
			break wait
		case <-extended:
			extended = nil
			wait.Reset(e.c.Config.AnswerTimeout())
		case <-wait.C:
			if extended == nil {
				e.c.Fail(fmt.Errorf("%w: no feature done=1 within %v of done=0", ErrTimeout, e.c.Config.AnswerTimeout()))
				err = e.c.Errorf("handshake", nil)
			}
			break wait
		case <-e.c.Dead():
			err = e.c.Errorf("handshake", nil)
			break wait
		case <-ctx.Done():
			err = e.c.Errorf("handshake", ctx.Err())
			break wait
		}
	}
	e.c.Mu.Lock()
	e.hs = nil
	if hs.got {
		e.features.Protocol = 2
	}
	e.c.Mu.Unlock()
	if err != nil {
		return err
	}
	if err := e.sendAll("handshake", "new", "force", "post", "easy"); err != nil {
		return err
	}
	if err := e.Ping(ctx); err != nil {
		return err
	}
	// A protocol 1 engine answers protover with an Error: no fault.
	e.c.Mu.Lock()
	e.complaints = nil
	e.c.Mu.Unlock()
	return nil
}

// Ping synchronises with the engine: it sends "ping N" and waits for
// "pong N", after which the engine has done everything sent before. For an
// engine without the ping feature it returns at once.
func (e *Engine) Ping(ctx context.Context) error {
	if !e.features.Ping {
		return e.c.Alive("ping")
	}
	return e.c.Echo(ctx, "ping", "pong", func(n int) string { return "ping " + strconv.Itoa(n) })
}

// check synchronises with the engine and returns an error matching
// ErrRejected when it answered anything since the last check with
// "Illegal move" or "Error".
func (e *Engine) check(ctx context.Context, op string) error {
	if err := e.Ping(ctx); err != nil {
		return err
	}
	e.c.Mu.Lock()
	c := e.complaints
	e.complaints = nil
	e.c.Mu.Unlock()
	if len(c) > 0 {
		return e.c.Errorf(op, fmt.Errorf("%w: %s", ErrRejected, quote.Short(c[0])))
	}
	return nil
}

// Send writes a raw line to the engine, for commands this package does not
// wrap; Config.OnLine sees the answers. Commands that change the game
// should go through the methods, which keep track of it.
func (e *Engine) Send(line string) error { return e.c.Send("send", line) }

// Features returns what the engine told in its feature lines, with the
// protocol's defaults for the rest.
func (e *Engine) Features() Features {
	f := e.features
	f.Variants = slices.Clone(f.Variants)
	f.Options = slices.Clone(f.Options)
	return f
}

// Name returns the engine's name: myname, else the program's path or the
// address.
func (e *Engine) Name() string {
	if e.features.MyName != "" {
		return e.features.MyName
	}
	return e.c.Name
}

// Options returns the option features the engine declared, in its order.
func (e *Engine) Options() []engine.Option { return slices.Clone(e.features.Options) }

// Process returns the engine's process, or nil for an engine over a
// connection.
func (e *Engine) Process() *os.Process { return e.c.Link.Process() }

// idle returns an error unless the engine is alive and not searching.
// After a search Think gave up on (its context or time ran out), it first
// waits for the engine's late move, bounded by ctx and by Config.Timeout
// (after which the engine is killed), then sends the kept game again,
// which the engine's move has left behind.
func (e *Engine) idle(ctx context.Context, op string) error {
	e.c.Mu.Lock()
	s := e.resync
	e.c.Mu.Unlock()
	if s != nil {
		nudge, stopNudge := e.c.Nudger()
		defer stopNudge()
	wait:
		for {
			select {
			case <-s.done:
				break wait
			case <-nudge:
				_ = e.c.Send(op, "")
			case <-e.c.Dead():
				return e.c.Errorf(op, nil)
			case <-ctx.Done():
				return e.c.Errorf(op, ctx.Err())
			}
		}
		// What the engine said to "?" (an error when the move had
		// come) is no complaint about the game sent next.
		if err := e.Ping(ctx); err != nil {
			return err
		}
		e.c.Mu.Lock()
		e.complaints = nil
		e.c.Mu.Unlock()
		if err := e.startGame(ctx, e.start, e.moves); err != nil {
			return err
		}
		e.c.Mu.Lock()
		e.resync = nil
		e.c.Mu.Unlock()
	}
	return e.c.Idle(op, func() bool { return e.search != nil })
}

// SetOption sets an option the engine declared with an option feature,
// after checking the value against the declaration (a button takes ""),
// and waits until the engine has taken it. An undeclared option gives an
// *engine.OptionError matching engine.ErrUnknownOption.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "option"); err != nil {
		return err
	}
	o, ok := engine.FindOption(e.features.Options, name)
	if !ok {
		return e.c.Errorf("option", &engine.OptionError{Name: name, Value: value, Err: engine.ErrUnknownOption})
	}
	v, err := o.Check(value)
	if err != nil {
		return e.c.Errorf("option", err)
	}
	if err := e.c.Send("option", optionCommand(o, v)); err != nil {
		return err
	}
	return e.check(ctx, "option")
}

// SetMemory tells the engine how many megabytes it may use for its
// tables ("memory N"); engine.ErrUnsupported without the memory feature.
func (e *Engine) SetMemory(ctx context.Context, mb int) error {
	return e.simple(ctx, "memory", e.features.Memory, "memory "+strconv.Itoa(mb))
}

// SetCores tells the engine how many threads it may use ("cores N");
// engine.ErrUnsupported without the smp feature.
func (e *Engine) SetCores(ctx context.Context, n int) error {
	return e.simple(ctx, "cores", e.features.SMP, "cores "+strconv.Itoa(n))
}

// SetPonder switches pondering on ("hard") or off ("easy", the default
// this package sets). The Engine sends "force" right after each move of
// the engine's, so that a move told with Move is never answered unasked:
// an engine driven through Think does not get to ponder. SetPonder is for
// engines driven with Send, and for what the engine does in analyze mode.
func (e *Engine) SetPonder(ctx context.Context, on bool) error {
	cmd := "easy"
	if on {
		cmd = "hard"
	}
	e.opMu.Lock()
	e.ponder = on
	e.opMu.Unlock()
	return e.simple(ctx, cmd, true, cmd)
}

// simple sends one command the engine needs a feature for, and checks it
// was taken.
func (e *Engine) simple(ctx context.Context, op string, ok bool, cmd string) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if !ok {
		return e.c.Errorf(op, engine.ErrUnsupported)
	}
	if err := e.idle(ctx, op); err != nil {
		return err
	}
	if err := e.c.Send(op, cmd); err != nil {
		return err
	}
	return e.check(ctx, op)
}

// Close ends the engine: it sends "quit", waits up to Config.CloseGrace
// for the engine to exit (or close the connection), and kills it after
// that. It returns an error matching ErrTimeout when the engine had to be
// killed, and nil otherwise, also when the engine had died before. Close
// waits for every goroutine and process of the Engine to end.
func (e *Engine) Close() error { return e.c.Close("quit") }

// optionalCommands are the commands the client sends that only ask for
// output or thinking habits (post, easy, hard): an engine that does not
// know them plays as well without them.
var optionalCommands = map[string]bool{"post": true, "nopost": true, "easy": true, "hard": true}

// unknownOptionalCommand reports whether line is an engine's "Error
// (unknown command): CMD" for one of optionalCommands, which is no
// rejection of the game. Fairy-Stockfish 11.1 answers "post" so, with
// its own spelling "unkown".
func unknownOptionalCommand(line string) bool {
	kind, cmd, ok := strings.Cut(strings.TrimPrefix(line, "Error ("), "):")
	if !ok || !strings.HasPrefix(line, "Error (") {
		return false
	}
	if kind != "unknown command" && kind != "unkown command" {
		return false
	}
	name, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	return optionalCommands[name]
}
