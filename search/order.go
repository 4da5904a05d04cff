package search

import (
	"github.com/gambit-chess/gambit/core"
)

// clearTables forgets the move-ordering tables (a new game).
func (w *worker) clearTables() {
	w.killers = [maxPly + 2][2]core.Move{}
	w.history = [2][64][64]int32{}
	w.counter = [2][8][64]core.Move{}
}

// goodQuiet rewards the quiet move m that caused a beta cutoff (killers,
// history, counter-move) and punishes the quiet moves tried before it.
func (w *worker) goodQuiet(m core.Move, ply, depth int, tried []core.Move) {
	if w.killers[ply][0] != m {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	us := w.pos.SideToMove()
	bonus := int32(min(depth*depth, 400))
	h := &w.history[us]
	update := func(mv core.Move, b int32) {
		e := &h[mv.From()][mv.To()]
		*e += b - *e*abs32(b)/16384
	}
	update(m, bonus)
	for _, q := range tried {
		update(q, -bonus)
	}
	if ply > 0 {
		if prev := w.stack[ply-1].move; prev != core.NoMove {
			w.counter[us][prev.Piece()][prev.Dest()] = m
		}
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// Move-ordering bands.
const (
	orderTT       = 1 << 30
	orderGood     = 1 << 24 // good captures and queen promotions, by MVV-LVA
	orderKiller   = 1 << 22
	orderCounter  = 1 << 21
	orderBadCapt  = -(1 << 24)
	mvvLVAScale   = 16
	historyLimits = 1 << 20
)

// scoreMoves gives each move of fr.ml its ordering score: the hash move,
// then captures that do not lose material (SEE) and queen promotions by
// MVV-LVA, killers, the counter-move, quiet moves by history, and last the
// losing captures and under-promotions.
func (w *worker) scoreMoves(fr *frame, ttm core.Move, ply int) {
	p := &w.pos
	us := p.SideToMove()
	counter := core.NoMove
	if ply > 0 {
		if prev := w.stack[ply-1].move; prev != core.NoMove {
			counter = w.counter[us][prev.Piece()][prev.Dest()]
		}
	}
	k0, k1 := w.killers[ply][0], w.killers[ply][1]
	for i, m := range fr.ml.Moves() {
		var s int32
		switch {
		case m == ttm:
			s = orderTT
		case m.IsCapture() || m.IsPromotion():
			mvv := int32(core.SEEValue(m.Captured()))
			if m.Promotion() == core.Queen {
				mvv += int32(core.SEEValue(core.Queen))
			}
			s = mvv*mvvLVAScale - int32(m.Piece())
			if (m.IsPromotion() && m.Promotion() != core.Queen) || !p.SEEGreaterEqual(m, 0) {
				s += orderBadCapt
			} else {
				s += orderGood
			}
		case m == k0:
			s = orderKiller + 1
		case m == k1:
			s = orderKiller
		case m == counter:
			s = orderCounter
		default:
			s = w.history[us][m.From()][m.To()]
		}
		fr.scores[i] = s
	}
}
