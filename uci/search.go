package uci

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// maxQueued bounds the info lines a Search holds for a reader that does not
// keep up; beyond it the oldest are dropped (Lines still sees them all).
const maxQueued = 1 << 14

// Search is a running "go": the info lines as they come, then the best
// move. It always ends: with the engine's bestmove, or with an error when
// the engine dies, when its context ends (at once, see Go) or when it
// runs past its limits.
type Search struct {
	e      *Engine
	pos    core.Position // the searched position
	limits Limits

	mu     sync.Mutex
	queue  []Info
	notify chan struct{} // closed and replaced when an info arrives or the search ends
	lines  []Info        // the latest info with a PV for each MultiPV rank
	cause  error         // set when we stopped the search because its context or time ran out

	done      chan struct{} // closed when the engine's search has ended (bestmove, or its death)
	abandoned chan struct{} // closed when the search's context ended first
	over      chan struct{} // closed when Wait returns: done or abandoned
	overOnce  sync.Once
	best      BestMove
	err       error

	stopOnce   sync.Once
	stopped    chan struct{} // closed once "stop" is sent
	ponderOnce sync.Once
	ponderHit  chan struct{} // closed once "ponderhit" is sent
}

// Go starts a search of the position set by Position (the start position if
// none was) and returns at once; the search goes on until the engine sends
// bestmove. ctx bounds the whole search: a search whose context ends
// before its bestmove returns no move and ctx's error, from Wait at once
// (within scheduling delay of the deadline), while "stop" is sent and the
// engine's late bestmove is dropped; the next call that needs the engine
// idle waits for that bestmove (at most Config.Timeout, after which the
// engine is killed). Stop, not a context, ends a search with its move.
// Search moves are checked for legality first; UCI allows one search at a
// time, so Go returns an error matching ErrSearching while one runs.
func (e *Engine) Go(ctx context.Context, limits Limits) (*Search, error) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	g := e.getGame()
	if err := e.syncPosition(ctx, "go", g.start, g.command(), false); err != nil {
		return nil, err
	}
	return e.goLocked(ctx, g.cur, limits)
}

// goLocked starts a search of pos, which the engine has been sent, with
// e.opMu held.
func (e *Engine) goLocked(ctx context.Context, pos core.Position, limits Limits) (*Search, error) {
	var sm []string
	for _, s := range limits.SearchMoves {
		m, err := pos.ParseUCI(s)
		if err != nil {
			return nil, e.c.Errorf("go", fmt.Errorf("searchmoves: %w", err))
		}
		sm = append(sm, pos.UCI(m))
	}
	s := &Search{
		e:         e,
		pos:       pos,
		limits:    limits,
		notify:    make(chan struct{}),
		done:      make(chan struct{}),
		abandoned: make(chan struct{}),
		over:      make(chan struct{}),
		stopped:   make(chan struct{}),
		ponderHit: make(chan struct{}),
	}
	e.c.Mu.Lock()
	switch {
	case e.c.CauseLocked() != nil:
		e.c.Mu.Unlock()
		return nil, e.c.Errorf("go", nil)
	case e.search != nil:
		e.c.Mu.Unlock()
		return nil, e.c.Errorf("go", ErrSearching)
	}
	// Registered before "go" is written, so no early line is missed.
	e.search = s
	e.c.Mu.Unlock()
	if err := e.c.Send("go", goCommand(limits, sm)); err != nil {
		e.c.Mu.Lock()
		if e.search == s {
			e.search = nil
		}
		e.c.Mu.Unlock()
		s.finish(BestMove{}, err)
		return nil, err
	}
	go s.watch(ctx)
	return s, nil
}

// timeLimit is how long a search may take before it is stopped: its own
// time plus Timeout, SearchTimeout when it has no time of its own, and no
// limit (0) for infinite and ponder searches.
func (e *Engine) timeLimit(l Limits, side core.Color) time.Duration {
	if l.Infinite || l.Ponder {
		return 0
	}
	if l.MoveTime > 0 {
		return l.MoveTime + e.c.Config.AnswerTimeout()
	}
	if t, inc := l.Clock(side); t > 0 {
		return t + inc + e.c.Config.AnswerTimeout()
	}
	return e.c.Config.SearchBound()
}

// watch stops the search when its context or time runs out, and kills the
// engine when it does not answer stop in time. It returns when the search
// ends.
func (s *Search) watch(ctx context.Context) {
	e := s.e
	var limit <-chan time.Time
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	arm := func(l Limits) {
		if d := e.timeLimit(l, s.pos.SideToMove()); d > 0 {
			timer.Reset(d)
			limit = timer.C
		}
	}
	arm(s.limits)
	ctxDone, stopped, ponderHit := ctx.Done(), s.stopped, s.ponderHit
	var grace <-chan time.Time
	graceTimer := time.NewTimer(time.Hour)
	graceTimer.Stop()
	defer graceTimer.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-ctxDone:
			ctxDone = nil
			s.abandon(ctx.Err())
		case <-limit:
			limit = nil
			s.stopFor(fmt.Errorf("%w: the search ran past its limits", ErrTimeout))
		case <-ponderHit:
			ponderHit = nil
			l := s.limits
			l.Ponder = false
			arm(l)
		case <-stopped:
			stopped = nil
			graceTimer.Reset(e.c.Config.AnswerTimeout())
			grace = graceTimer.C
		case <-grace:
			e.c.Fail(fmt.Errorf("%w: no bestmove within %v of stop", ErrTimeout, e.c.Config.AnswerTimeout()))
			return
		}
	}
}

// abandon ends the search for Wait, with no move and cause, and stops the
// engine's search, whose bestmove is dropped when it comes.
func (s *Search) abandon(cause error) {
	s.mu.Lock()
	if s.cause == nil {
		s.cause = cause
	}
	s.mu.Unlock()
	select {
	case <-s.done:
	default:
		close(s.abandoned)
		s.overOnce.Do(func() { close(s.over) })
	}
	_ = s.Stop()
}

// isAbandoned reports whether the search's context ended before its
// bestmove.
func (s *Search) isAbandoned() bool {
	select {
	case <-s.abandoned:
		return true
	default:
		return false
	}
}

// stopFor records why the search is being cut short and stops it.
func (s *Search) stopFor(cause error) {
	s.mu.Lock()
	if s.cause == nil {
		s.cause = cause
	}
	s.mu.Unlock()
	_ = s.Stop()
}

// addInfo queues an info line and keeps the latest line of each rank.
func (s *Search) addInfo(info Info) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == maxQueued {
		s.queue = s.queue[1:]
	}
	s.queue = append(s.queue, info)
	if len(info.PV) > 0 {
		rank := max(info.MultiPV, 1)
		for len(s.lines) < rank {
			s.lines = append(s.lines, Info{})
		}
		s.lines[rank-1] = info
	}
	close(s.notify)
	s.notify = make(chan struct{})
}

// finish ends the search, once.
func (s *Search) finish(bm BestMove, err error) {
	s.mu.Lock()
	cause := s.cause
	s.mu.Unlock()
	if cause != nil {
		// A search cut short gives no move, only why (never both).
		bm = BestMove{}
		if err == nil {
			// Built without s.mu: the engine's lock is never taken
			// inside the search's.
			err = s.e.c.Errorf("go", cause)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.done:
		return
	default:
	}
	s.best, s.err = bm, err
	close(s.done)
	s.overOnce.Do(func() { close(s.over) })
	close(s.notify)
	s.notify = make(chan struct{})
}

// Info returns the search's info lines, in order, as they come; the loop
// ends when the search does. Each line is delivered once, to one loop:
// the lines are a stream, not a list.
func (s *Search) Info() iter.Seq[Info] {
	return func(yield func(Info) bool) {
		for {
			s.mu.Lock()
			if len(s.queue) > 0 {
				info := s.queue[0]
				s.queue[0] = Info{}
				s.queue = s.queue[1:]
				s.mu.Unlock()
				if !yield(info) {
					return
				}
				continue
			}
			ch := s.notify
			s.mu.Unlock()
			select {
			case <-s.abandoned:
				return
			case <-s.done:
				// Drain what came before the end.
				s.mu.Lock()
				empty := len(s.queue) == 0
				s.mu.Unlock()
				if empty {
					return
				}
			case <-ch:
			}
		}
	}
}

// Lines returns the latest info with a principal variation for each
// MultiPV rank, best first: the engine's current analysis, and its final
// one once the search has ended.
func (s *Search) Lines() []Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.lines)
}

// Done returns a channel closed when the search has ended, when Wait
// returns at once.
func (s *Search) Done() <-chan struct{} { return s.over }

// Wait waits for the search to end and returns the best move, or an error
// and no move: when the engine failed, or when the search was cut short
// because its context ended (Wait returns then, see Go) or it ran past its
// limits. A search ended by Stop returns the engine's move.
func (s *Search) Wait() (BestMove, error) {
	<-s.over
	select {
	case <-s.done:
		return s.best, s.err
	default:
	}
	s.mu.Lock()
	cause := s.cause
	s.mu.Unlock()
	return BestMove{}, s.e.c.Errorf("go", cause)
}

// Stop asks the engine to end the search now; Wait then returns its best
// move. Stopping an ended search does nothing.
func (s *Search) Stop() error {
	var err error
	s.stopOnce.Do(func() {
		select {
		case <-s.done:
			return
		default:
		}
		err = s.e.c.Send("stop", "stop")
		close(s.stopped)
	})
	return err
}

// PonderHit tells the engine that the opponent played the expected move:
// a ponder search goes on as a normal one, timed by its clocks.
func (s *Search) PonderHit() error {
	if !s.limits.Ponder {
		return s.e.c.Errorf("ponderhit", ErrNotPondering)
	}
	var err error
	s.ponderOnce.Do(func() {
		err = s.e.c.Send("ponderhit", "ponderhit")
		close(s.ponderHit)
	})
	return err
}

// Stop stops the running search, if any (a search whose context ended is
// being stopped already); see Search.Stop.
func (e *Engine) Stop() error {
	e.c.Mu.Lock()
	s := e.search
	e.c.Mu.Unlock()
	if s == nil || s.isAbandoned() {
		return nil
	}
	return s.Stop()
}

// PonderHit tells the engine its ponder move was played; see
// Search.PonderHit. It does nothing when no search runs.
func (e *Engine) PonderHit() error {
	e.c.Mu.Lock()
	s := e.search
	e.c.Mu.Unlock()
	if s == nil || s.isAbandoned() {
		return nil
	}
	return s.PonderHit()
}
