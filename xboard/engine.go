package xboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/gambit-chess/gambit/san"
)

// maxLine bounds one line from the engine.
const maxLine = 1 << 20

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
	cfg  Config
	name string // path or address, for errors

	link *engineproc.Link
	wmu  sync.Mutex // serialises writes

	mu         sync.Mutex
	cause      error
	dead       chan struct{}
	hs         *handshake
	features   Features // final once the handshake is over
	pingSent   int
	pongGot    int
	pongCh     chan struct{} // closed and replaced at each pong
	complaints []string      // "Illegal move" and "Error" lines since the last check
	search     *search
	drawOffer  bool // the engine offered (or accepted) a draw, not yet reported

	closeOnce sync.Once
	closeErr  error

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

func newEngine(cfg Config, name string, link *engineproc.Link) *Engine {
	p := core.StartPosition()
	return &Engine{
		cfg: cfg, name: name, link: link,
		dead:     make(chan struct{}),
		pongCh:   make(chan struct{}),
		features: defaultFeatures(),
		start:    p,
		cur:      p,
	}
}

// run starts the reader and does the handshake.
func (e *Engine) run(ctx context.Context) (*Engine, error) {
	go e.readLoop()
	if err := e.handshake(ctx); err != nil {
		e.link.Teardown()
		e.link.Wait()
		return nil, err
	}
	return e, nil
}

func (e *Engine) errorf(op string, err error) error {
	if err == nil {
		e.mu.Lock()
		err = e.cause
		e.mu.Unlock()
	}
	return &EngineError{Op: op, Engine: e.name, Err: err, Output: e.link.Last.Lines()}
}

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
		s.err = e.errorf("go", cause)
		close(s.done)
	}
}

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
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		e.mu.Lock()
		if err == nil && n > e.pongGot && n <= e.pingSent {
			e.pongGot = n
			close(e.pongCh)
			e.pongCh = make(chan struct{})
		}
		e.mu.Unlock()
	case word == "move":
		e.onMove(line, rest)
	case oldMove.MatchString(line):
		e.onMove(line, oldMove.FindStringSubmatch(line)[1])
	case word == "resign":
		e.endSearch(func(r *engine.Reply) { r.Resign = true })
	case word == "offer" && strings.HasPrefix(rest, "draw"):
		e.mu.Lock()
		e.drawOffer = true
		e.mu.Unlock()
	case word == "1-0" || word == "0-1" || word == "1/2-1/2":
		reason := strings.TrimSuffix(strings.TrimPrefix(rest, "{"), "}")
		e.endSearch(func(r *engine.Reply) { r.Result, r.Reason = word, reason })
	case strings.HasPrefix(word, "Illegal") || strings.HasPrefix(word, "Error") ||
		// GNU Chess says "Invalid move: X", and "Invalid move: " to the
		// empty lines of Nudge.
		word == "Invalid" && strings.TrimSpace(strings.TrimPrefix(rest, "move:")) != "":
		e.mu.Lock()
		e.complaints = append(e.complaints, line)
		e.mu.Unlock()
	case IsThinking(line):
		e.mu.Lock()
		s := e.search
		e.mu.Unlock()
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
	e.mu.Lock()
	hs := e.hs
	if hs == nil {
		e.mu.Unlock()
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
	e.mu.Unlock()
	for _, r := range replies {
		if e.send("feature", r) != nil {
			return
		}
	}
}

// onMove ends the running search with the engine's move, checked with core.
func (e *Engine) onMove(line, text string) {
	e.mu.Lock()
	s := e.search
	if s == nil || s.analyze {
		e.mu.Unlock()
		return
	}
	e.search = nil
	e.mu.Unlock()
	pos := s.pos
	m, err := san.Parse(&pos, strings.TrimSpace(text))
	if err != nil {
		s.err = e.errorf("go", fmt.Errorf("%w: the engine's move %s: %w", ErrProtocol, quoteShort(line), err))
	}
	s.reply.Move = m
	close(s.done)
}

// endSearch ends the running search with what set says (a resignation, a
// claim).
func (e *Engine) endSearch(set func(*engine.Reply)) {
	e.mu.Lock()
	s := e.search
	if s == nil || s.analyze {
		e.mu.Unlock()
		return
	}
	e.search = nil
	e.mu.Unlock()
	set(&s.reply)
	close(s.done)
}

// send writes one command. A write that blocks past Timeout kills the
// engine.
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
		e.fail(e.link.ExitCause(ErrExited, err))
		return e.errorf(op, nil)
	}
	return nil
}

// sendAll writes commands in order.
func (e *Engine) sendAll(op string, lines ...string) error {
	for _, l := range lines {
		if err := e.send(op, l); err != nil {
			return err
		}
	}
	return nil
}

// await waits for ch, the engine's death, ctx or the deadline; a missed
// deadline kills the engine.
func (e *Engine) await(ctx context.Context, op string, ch <-chan struct{}, deadline <-chan time.Time, what string) error {
	nudge, stop := e.nudger()
	defer stop()
	for {
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
			e.fail(fmt.Errorf("%w: no %s within %v", ErrTimeout, what, e.cfg.timeout()))
			return e.errorf(op, nil)
		case <-nudge:
			_ = e.send(op, "")
		}
	}
}

// nudger returns a channel that ticks every Config.Nudge (never without
// one) and a function to stop it.
func (e *Engine) nudger() (<-chan time.Time, func()) {
	if e.cfg.Nudge <= 0 {
		return nil, func() {}
	}
	t := time.NewTicker(e.cfg.Nudge)
	return t.C, t.Stop
}

// handshake sends "xboard" and "protover 2" and collects the features:
// until done=1, or for FeatureTimeout when the engine did not send done=0
// (protocol 1 engines send nothing); then it synchronises with ping.
func (e *Engine) handshake(ctx context.Context) error {
	hs := &handshake{extended: make(chan struct{}), done: make(chan struct{})}
	e.mu.Lock()
	e.hs = hs
	e.mu.Unlock()
	if err := e.sendAll("handshake", "xboard", "protover 2"); err != nil {
		return err
	}
	wait := time.NewTimer(e.cfg.featureTimeout())
	defer wait.Stop()
	extended := hs.extended
	nudge, stopNudge := e.nudger()
	defer stopNudge()
	var err error
wait:
	for {
		select {
		case <-nudge:
			_ = e.send("handshake", "")
		case <-hs.done:
			break wait
		case <-extended:
			extended = nil
			wait.Reset(e.cfg.timeout())
		case <-wait.C:
			if extended == nil {
				e.fail(fmt.Errorf("%w: no feature done=1 within %v of done=0", ErrTimeout, e.cfg.timeout()))
				err = e.errorf("handshake", nil)
			}
			break wait
		case <-e.dead:
			err = e.errorf("handshake", nil)
			break wait
		case <-ctx.Done():
			err = e.errorf("handshake", ctx.Err())
			break wait
		}
	}
	e.mu.Lock()
	e.hs = nil
	if hs.got {
		e.features.Protocol = 2
	}
	e.mu.Unlock()
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
	e.mu.Lock()
	e.complaints = nil
	e.mu.Unlock()
	return nil
}

// Ping synchronises with the engine: it sends "ping N" and waits for
// "pong N", after which the engine has done everything sent before. For an
// engine without the ping feature it returns at once.
func (e *Engine) Ping(ctx context.Context) error {
	if !e.features.Ping {
		return e.alive("ping")
	}
	deadline := time.NewTimer(e.cfg.timeout())
	defer deadline.Stop()
	e.wmu.Lock()
	if err := e.alive("ping"); err != nil {
		e.wmu.Unlock()
		return err
	}
	e.mu.Lock()
	e.pingSent++
	want := e.pingSent
	e.mu.Unlock()
	err := e.write("ping", "ping "+strconv.Itoa(want))
	e.wmu.Unlock()
	if err != nil {
		return err
	}
	for {
		e.mu.Lock()
		got, ch := e.pongGot, e.pongCh
		e.mu.Unlock()
		if got >= want {
			return nil
		}
		if err := e.await(ctx, "ping", ch, deadline.C, "pong"); err != nil {
			return err
		}
	}
}

// check synchronises with the engine and returns an error matching
// ErrRejected when it answered anything since the last check with
// "Illegal move" or "Error".
func (e *Engine) check(ctx context.Context, op string) error {
	if err := e.Ping(ctx); err != nil {
		return err
	}
	e.mu.Lock()
	c := e.complaints
	e.complaints = nil
	e.mu.Unlock()
	if len(c) > 0 {
		return e.errorf(op, fmt.Errorf("%w: %s", ErrRejected, quoteShort(c[0])))
	}
	return nil
}

// Send writes a raw line to the engine, for commands this package does not
// wrap; Config.OnLine sees the answers. Commands that change the game
// should go through the methods, which keep track of it.
func (e *Engine) Send(line string) error { return e.send("send", line) }

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
	return e.name
}

// Options returns the option features the engine declared, in its order.
func (e *Engine) Options() []engine.Option { return slices.Clone(e.features.Options) }

// Process returns the engine's process, or nil for an engine over a
// connection.
func (e *Engine) Process() *os.Process { return e.link.Process() }

// idle returns an error unless the engine is alive and not searching.
func (e *Engine) idle(op string) error {
	e.mu.Lock()
	cause, searching := e.cause, e.search != nil
	e.mu.Unlock()
	switch {
	case cause != nil:
		return e.errorf(op, cause)
	case searching:
		return e.errorf(op, ErrSearching)
	}
	return nil
}

// SetOption sets an option the engine declared with an option feature,
// after checking the value against the declaration (a button takes ""),
// and waits until the engine has taken it. An undeclared option gives an
// *engine.OptionError matching engine.ErrUnknownOption.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle("option"); err != nil {
		return err
	}
	o, ok := engine.FindOption(e.features.Options, name)
	if !ok {
		return e.errorf("option", &engine.OptionError{Name: name, Value: value, Err: engine.ErrUnknownOption})
	}
	v, err := o.Check(value)
	if err != nil {
		return e.errorf("option", err)
	}
	if err := e.send("option", optionCommand(o, v)); err != nil {
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
		return e.errorf(op, engine.ErrUnsupported)
	}
	if err := e.idle(op); err != nil {
		return err
	}
	if err := e.send(op, cmd); err != nil {
		return err
	}
	return e.check(ctx, op)
}

// Close ends the engine: it sends "quit", waits up to Config.CloseGrace
// for the engine to exit (or close the connection), and kills it after
// that. It returns an error matching ErrTimeout when the engine had to be
// killed, and nil otherwise, also when the engine had died before. Close
// waits for every goroutine and process of the Engine to end.
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
