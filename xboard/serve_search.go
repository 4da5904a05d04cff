package xboard

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// searchKind says what a running search is for.
type searchKind uint8

const (
	thinking  searchKind = iota + 1 // the engine's own move
	pondering                       // the opponent's time, on the expected move
	analyzing                       // analyze mode
)

// serveSearch is a search running for Serve.
type serveSearch struct {
	kind      searchKind
	pos       core.Position
	ponderOn  core.Move // the move pondered on
	cancel    context.CancelFunc
	ponderHit chan struct{}
	hitOnce   sync.Once
	result    chan [2]core.Move // best and ponder, once the Searcher returned
	discard   bool              // the result is not to be played
}

// think starts a search for the engine's move. In a position without a
// legal move it claims the result instead ("0-1 {Black mates}", "1/2-1/2
// {Stalemate}"), as CECP asks of an engine that sees the game ended by
// rule, so that the GUI is not left waiting for a move.
func (s *server) think(ctx context.Context) {
	if s.gameOver {
		return
	}
	if !s.cur.HasLegalMoves() {
		s.claim()
		return
	}
	s.startSearch(ctx, thinking, s.cur, core.NoMove, s.limits())
}

// maybePonder starts pondering on the expected reply, after "hard".
func (s *server) maybePonder(ctx context.Context, expected core.Move) {
	if !s.ponder || s.force || s.analyze || s.gameOver || expected == core.NoMove || !s.cur.IsLegal(expected) {
		return
	}
	pos := s.cur
	pos.MakeMove(expected)
	if !pos.HasLegalMoves() {
		return
	}
	l := s.limits()
	l.Ponder = true
	s.startSearch(ctx, pondering, pos, expected, l)
}

// restartAnalysis starts the analysis of the current position in analyze
// mode.
func (s *server) restartAnalysis(ctx context.Context) {
	if !s.analyze || !s.cur.HasLegalMoves() {
		return
	}
	s.startSearch(ctx, analyzing, s.cur, core.NoMove, engine.Limits{Infinite: true})
}

// startSearch runs the Searcher in its own goroutine.
func (s *server) startSearch(ctx context.Context, kind searchKind, pos core.Position, ponderOn core.Move, l engine.Limits) {
	sctx, cancel := context.WithCancel(ctx)
	run := &serveSearch{kind: kind, pos: pos, ponderOn: ponderOn, cancel: cancel,
		ponderHit: make(chan struct{}), result: make(chan [2]core.Move, 1)}
	moves := slices.Clone(s.moves)
	hist := s.history()
	if ponderOn != core.NoMove {
		hist.Push(&s.cur)
		moves = append(moves, ponderOn)
	}
	req := engine.Request{Position: pos, Start: s.start, Moves: moves, History: hist, Limits: l, PonderHit: run.ponderHit}
	s.run = run
	var infoMu sync.Mutex
	over := false
	info := func(i engine.Info) {
		infoMu.Lock()
		defer infoMu.Unlock()
		if over || !s.post {
			return
		}
		if len(i.PV) == 0 && i.Depth == 0 {
			// A text is a comment; a line of statistics alone (nodes,
			// time) has no form in XBoard's thinking output.
			if i.Text != "" {
				s.write("# " + strings.ReplaceAll(i.Text, "\n", " "))
			}
			return
		}
		s.write(FormatThinking(i, pos, pos.Chess960()))
	}
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		best, ponder := s.eng.Search(sctx, req, info)
		infoMu.Lock()
		over = true
		infoMu.Unlock()
		cancel()
		run.result <- [2]core.Move{best, ponder}
		select {
		case s.searchResults <- run:
		case <-s.done:
		}
	}()
}

// stopSearch stops the running search and waits for it; with discard its
// move is not played.
func (s *server) stopSearch(discard bool) {
	run := s.run
	if run == nil {
		return
	}
	run.discard = discard
	run.cancel()
	<-run.result // its notice, if it comes, is stale and ignored
	s.run = nil
	s.flushPongs()
}

// finished handles the end of a search: the engine's move when it was
// thinking.
func (s *server) finished(run *serveSearch) {
	if run != s.run {
		return
	}
	s.run = nil
	res := <-run.result
	if run.kind != thinking || run.discard {
		s.flushPongs()
		return
	}
	best, ponder := res[0], res[1]
	var ml core.MoveList
	s.cur.LegalMoves(&ml)
	if ml.Len() == 0 {
		s.flushPongs()
		return
	}
	if !ml.Contains(best) {
		s.write("# engine returned " + moveText(best, s.cur.Chess960()) + ", not a legal move; playing " + moveText(ml.At(0), s.cur.Chess960()))
		best, ponder = ml.At(0), core.NoMove
	}
	text := moveText(best, s.cur.Chess960())
	s.play(best)
	s.write("move " + text)
	s.claim()
	s.flushPongs()
	if !s.gameOver {
		s.maybePonder(s.ctx, ponder)
	}
}

// claim ends the game with a result claim when the side to move has no
// legal move: mated or stalemated, by the engine's move or before it, or
// in a variant its own rule ended the game (core generates no move after
// that either).
func (s *server) claim() {
	if s.cur.HasLegalMoves() {
		return
	}
	s.gameOver = true
	mover := s.cur.SideToMove()
	switch s.cur.Status() {
	case core.VariantWin:
		s.write(winClaim(mover, "wins"))
	case core.VariantLoss:
		s.write(winClaim(mover.Other(), "wins"))
	case core.VariantDraw:
		s.write("1/2-1/2 {Draw}")
	case core.Checkmate:
		s.write(winClaim(mover.Other(), "mates"))
	default:
		s.write("1/2-1/2 {Stalemate}")
	}
}

// winClaim returns the result claim of a win by c: "1-0 {White mates}".
func winClaim(c core.Color, how string) string {
	if c == core.White {
		return "1-0 {White " + how + "}"
	}
	return "0-1 {Black " + how + "}"
}

func (s *server) flushPongs() {
	if len(s.pendingPongs) > 0 {
		s.write(s.pendingPongs...)
		s.pendingPongs = nil
	}
}

// stopAll stops the search and waits for every search goroutine.
func (s *server) stopAll() {
	if s.run != nil {
		s.run.cancel()
		s.run = nil
	}
	close(s.done)
	s.searches.Wait()
}
