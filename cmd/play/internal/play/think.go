package play

import (
	"context"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/san"
)

// EngineToMove reports whether the engine should move now.
func (s *Session) EngineToMove() bool {
	return s.cfg.Player != nil && !s.thinking && !s.failed && !s.asking && !s.quit &&
		!s.g.IsOver() && s.g.SideToMove() != s.you
}

// ThinkResult is what the engine's turn came to.
type ThinkResult struct {
	Move core.Move // the move played, or core.NoMove
	SAN  string
	Book bool // from the opening book
	Err  error
}

// StartThink begins the engine's turn and returns the function that
// runs it, on another goroutine if the caller likes; its result goes to
// FinishThink. ctx, for the engine, gets the engine's time left on the
// clock plus a grace as its deadline.
func (s *Session) StartThink(ctx context.Context) func() ThinkResult {
	s.thinking = true
	s.status = s.name + " is thinking..."
	limits := engine.Limits{MoveTime: s.cfg.MoveTime}
	var cancel context.CancelFunc = func() {}
	if s.clock != nil {
		now := s.cfg.Now()
		inc := s.cfg.TimeControl.Inc
		limits = engine.Limits{
			WTime: max(s.clock.Left(core.White, now), time.Millisecond),
			BTime: max(s.clock.Left(core.Black, now), time.Millisecond),
			WInc:  inc, BInc: inc,
		}
		left := s.clock.Left(s.g.SideToMove(), now)
		ctx, cancel = context.WithTimeout(ctx, left+time.Second)
	}
	if s.cfg.Level >= 0 {
		limits.Depth = s.cfg.Level + 1
	}
	g, book, rng, chess960 := s.g, s.cfg.Book, s.cfg.Rand, s.cfg.Chess960
	return func() ThinkResult {
		defer cancel()
		pos := g.Position()
		if book != nil && !chess960 && !pos.Chess960() {
			if e, ok, err := book.Pick(&pos, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: rng}); err == nil && ok {
				if err := g.MakeMove(e.Move); err == nil {
					return ThinkResult{Move: e.Move, SAN: san.Format(&pos, e.Move), Book: true}
				}
			}
		}
		bm, err := g.EnginePlay(ctx, limits)
		if err != nil {
			return ThinkResult{Err: err}
		}
		r := ThinkResult{Move: bm.Move}
		if bm.Move != core.NoMove {
			r.SAN = san.Format(&pos, bm.Move)
		}
		return r
	}
}

// FinishThink takes the engine's turn's result: its move on the clock,
// a loss on time, its draw offer, or its failure.
func (s *Session) FinishThink(r ThinkResult) {
	s.thinking = false
	defer s.refresh()
	side := s.you.Other()
	name := s.name
	if s.clock != nil && s.clock.Left(side, s.cfg.Now()) <= 0 {
		if r.Err == nil && r.Move != core.NoMove && s.g.LastMove() == r.Move {
			_ = s.g.Undo() // played after its flag fell
		}
		s.timeLoss(side)
		return
	}
	if r.Err != nil {
		s.failed = true
		s.say("The engine failed: "+oneLine(r.Err.Error()), "Type save FILE to keep the game, or quit.")
		return
	}
	s.dirty = true
	if r.Move != core.NoMove {
		s.pressClock()
		how := ""
		if r.Book {
			how = " (book)"
		}
		s.say(name + " plays " + r.SAN + how + ".")
	} else if s.clock != nil {
		s.clock.Stop(s.cfg.Now())
	}
	if s.g.EngineOffersDraw() && !s.g.IsOver() {
		if s.offered && s.offerBy == s.you {
			_ = s.g.Draw("")
			s.offered = false
		} else {
			s.engOffer = true
			s.msgs = append(s.msgs, name+" offers a draw: type draw to accept, or move.")
		}
	}
	s.offered = false
	s.announce()
}
