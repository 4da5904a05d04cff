package search

import (
	"slices"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// rootMove is a move of the root position with its score in the current
// iteration (-infinity until it is known to beat alpha), its score in the
// last completed one, and its principal variation.
type rootMove struct {
	move  core.Move
	score int
	prev  int
	bound engine.Bound
	pv    []core.Move
}

// root searches the root moves from index first on (MultiPV: the lines
// before it are already chosen) with the window alpha, beta.
func (w *worker) root(rms []rootMove, first, depth, alpha, beta int) int {
	p := &w.pos
	best := -infinity
	for i := first; i < len(rms); i++ {
		rms[i].score = -infinity
	}
	for i := first; i < len(rms); i++ {
		rm := &rms[i]
		m := rm.move
		w.stack[0].move = m
		w.hist.Push(p)
		u := p.MakeMove(m)
		w.made(m)
		var s int
		if i == first {
			s = -w.search(-beta, -alpha, depth-1, 1, true, false)
		} else {
			r := 0
			if depth >= 4 && i >= first+4 && !m.IsCapture() && !m.IsPromotion() && !p.InCheck() {
				r = 1
			}
			s = -w.search(-alpha-1, -alpha, depth-1-r, 1, false, true)
			if s > alpha && !w.stop {
				s = -w.search(-beta, -alpha, depth-1, 1, true, false)
			}
		}
		w.unmade()
		p.UnmakeMove(m, u)
		w.hist.Pop()
		if w.stop {
			break
		}
		best = max(best, s)
		if s > alpha {
			rm.score = s
			rm.bound = engine.Exact
			if s >= beta {
				rm.bound = engine.LowerBound
			}
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
			alpha = s
			if s >= beta {
				break
			}
		}
	}
	return best
}

// sortRoot orders the root moves from first on by their score in this
// iteration, keeping the order of the last for those without one.
func sortRoot(rms []rootMove, first int) {
	slices.SortStableFunc(rms[first:], func(a, b rootMove) int { return b.score - a.score })
}

// byPrev orders root moves by their last score, best first.
func byPrev(a, b rootMove) int { return b.prev - a.prev }

// iterate runs iterative deepening with aspiration windows over the root
// moves, reporting each line through report, until maxDepth or a stop.
// The main thread and each helper thread (smp.go) run it, on their own
// root moves.
func (w *worker) iterate(rms []rootMove, maxDepth, multiPV, mate int, report func(depth int, rms []rootMove, multiPV int)) {
	multiPV = min(multiPV, len(rms))
	for depth := 1; depth <= maxDepth; depth++ {
		if w.ctl.skip(depth, maxDepth) {
			continue // a helper thread's depth to leave out (smp.go)
		}
		w.seldepth = 0
		for pvIdx := range multiPV {
			prev := rms[pvIdx].prev
			delta := 25
			alpha, beta := -infinity, infinity
			if depth >= 5 && prev > -tbWinBound && prev < tbWinBound {
				alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
			}
			for {
				s := w.root(rms, pvIdx, depth, alpha, beta)
				sortRoot(rms, pvIdx)
				if w.stop {
					break
				}
				switch {
				case s <= alpha:
					beta = (alpha + beta) / 2
					alpha = max(s-delta, -infinity)
				case s >= beta:
					beta = min(s+delta, infinity)
				default:
					goto done
				}
				delta += delta
			}
		done:
			if w.stop {
				break
			}
			for i := pvIdx; i < len(rms); i++ {
				if rms[i].score != -infinity {
					rms[i].prev = rms[i].score
				}
			}
			if !slices.IsSortedFunc(rms[:pvIdx+1], byPrev) {
				// A later line scored above an earlier one (searched with
				// another window, the table filled since): the lines are
				// ordered again, as Stockfish does, and all reported.
				slices.SortStableFunc(rms[:pvIdx+1], byPrev)
				for line := 1; line <= pvIdx; line++ {
					report(depth, rms, line)
				}
			}
			report(depth, rms, pvIdx+1)
		}
		if w.stop {
			return
		}
		w.ctl.depthOne = true
		if mate > 0 && rms[0].prev > mateBound && mateScore-rms[0].prev <= 2*mate-1 {
			return
		}
		// Under a clock, a proven mate needs no deeper search.
		if s := rms[0].prev; w.ctl.hard > 0 && (s > mateBound || s < -mateBound) && depth > mateScore-abs(s)+4 {
			return
		}
		if w.ctl.softOver(0.55) {
			return
		}
	}
}

// newRootMoves returns the legal moves of p, or only those of only when it
// is not empty, ordered by a shallow look (captures by SEE first).
func newRootMoves(p *core.Position, only []core.Move) []rootMove {
	var ml core.MoveList
	p.LegalMoves(&ml)
	rms := make([]rootMove, 0, ml.Len())
	for _, m := range ml.Moves() {
		if len(only) > 0 && !slices.Contains(only, m) {
			continue
		}
		rms = append(rms, rootMove{move: m, score: -infinity, prev: -infinity, pv: make([]core.Move, 0, maxPly+1)})
	}
	return rms
}

// engineScore turns a search score into the protocol's Score.
func engineScore(s int, b engine.Bound) *engine.Score {
	switch {
	case s > mateBound:
		return &engine.Score{IsMate: true, Mate: (mateScore - s + 1) / 2, Bound: b}
	case s < -mateBound:
		return &engine.Score{IsMate: true, Mate: -(mateScore + s) / 2, Bound: b}
	}
	return &engine.Score{CP: s, Bound: b}
}

// elapsed since t, at least a microsecond (for nps).
func elapsed(t time.Time) time.Duration {
	return max(time.Since(t), time.Microsecond)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
