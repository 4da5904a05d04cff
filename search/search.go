package search

import (
	"math"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/syzygy"
)

// Scores.
const (
	infinity  = 32000
	mateScore = 31000 // mate at the root; mate in n plies scores mateScore-n
	// mateBound: scores beyond it are mates.
	mateBound = mateScore - maxPly
	maxPly    = 120
)

// frame is the state of one ply of the search, kept in the worker so that
// nothing is allocated per node.
type frame struct {
	ml     core.MoveList
	scores [core.MaxMoves]int32
	quiets [64]core.Move // quiet moves tried, for the history malus
	move   core.Move     // the move made from this ply
	eval   int
}

// worker is one search thread: its own position, history of repetition
// keys, move-ordering tables and stacks.
type worker struct {
	pos  core.Position
	hist core.History
	tt   *table

	nodes    int64
	seldepth int
	stop     bool
	ctl      *control

	// Tablebases (tb.go): tbCard is the most pieces probed, 0 for none.
	tb       *syzygy.Tablebase
	tbCard   int
	tbDepth  int
	tbRule50 bool
	tbHits   int64

	stack   [maxPly + 2]frame
	pv      [maxPly + 1][maxPly + 1]core.Move
	pvLen   [maxPly + 1]int
	killers [maxPly + 2][2]core.Move
	history [2][64][64]int32
	counter [2][8][64]core.Move // by the side to move, the previous move's piece and destination
}

// lmr holds the late-move reductions by depth and move number.
var lmr [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmr[d][n] = int8(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

// clearTables forgets the move-ordering tables (a new game).
func (w *worker) clearTables() {
	w.killers = [maxPly + 2][2]core.Move{}
	w.history = [2][64][64]int32{}
	w.counter = [2][8][64]core.Move{}
}

// poll checks the clock, the node budget and the stop signals; the search
// calls it every 1024 nodes.
func (w *worker) poll() {
	if w.ctl.check(w.nodes) {
		w.stop = true
	}
}

// isDraw reports a draw by the fifty-move rule, repetition or lack of
// material at an inner node.
func (w *worker) isDraw() bool {
	p := &w.pos
	if p.HalfmoveClock() >= 100 && !p.InCheck() {
		return true
	}
	if w.hist.IsRepetition(p) {
		return true
	}
	// Bare kings, or a single minor piece.
	if p.ByType(core.Pawn)|p.ByType(core.Rook)|p.ByType(core.Queen) == 0 &&
		(p.ByType(core.Knight)|p.ByType(core.Bishop)).Count() <= 1 {
		return true
	}
	return false
}

// scoreToTT and scoreFromTT keep mate and tablebase scores relative to
// the node.
func scoreToTT(s, ply int) int {
	switch {
	case s > tbWinBound:
		return s + ply
	case s < -tbWinBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > tbWinBound:
		return s - ply
	case s < -tbWinBound:
		return s + ply
	}
	return s
}

// evaluate is the static evaluation the search uses.
func (w *worker) evaluate() int {
	return Evaluate(&w.pos)
}

// search is the principal-variation search of a node below the root.
func (w *worker) search(alpha, beta, depth, ply int, pvNode, cutNode bool) int {
	w.pvLen[ply] = ply
	p := &w.pos
	inCheck := p.InCheck()
	if inCheck {
		depth++ // check extension
	}
	if depth <= 0 {
		return w.quiesce(alpha, beta, ply)
	}
	w.nodes++
	if w.nodes&1023 == 0 || w.ctl.nodeLimit > 0 {
		w.poll()
	}
	if w.stop {
		return 0
	}
	if ply >= maxPly {
		return w.evaluate()
	}
	if w.isDraw() {
		return 0
	}
	// Mate-distance pruning: no line from here beats a mate already found
	// nearer the root.
	alpha = max(alpha, -mateScore+ply)
	beta = min(beta, mateScore-ply-1)
	if alpha >= beta {
		return alpha
	}

	key := p.Hash()
	hit, found := w.tt.probe(key)
	ttm := core.NoMove
	if found {
		ttm = ttMove(p, hit.move)
		if !pvNode && hit.depth >= depth {
			s := scoreFromTT(hit.score, ply)
			if hit.bound == boundExact || (hit.bound == boundLower && s >= beta) || (hit.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}

	// Tablebases: a WDL value ends the node when it is exact or beyond the
	// window; at a PV node a bound narrows what the search may return.
	best, maxScore := -infinity, infinity
	if w.tbCard > 0 {
		if s, b, ok := w.probeTB(depth, ply); ok {
			if b == boundExact || (b == boundLower && s >= beta) || (b == boundUpper && s <= alpha) {
				w.tt.store(key, core.NoMove, scoreToTT(s, ply), w.evaluate(), min(maxPly-1, depth+6), b)
				return s
			}
			if pvNode {
				if b == boundLower {
					best = s
					alpha = max(alpha, s)
				} else {
					maxScore = s
				}
			}
		}
	}

	fr := &w.stack[ply]
	eval := -infinity
	if !inCheck {
		if found {
			eval = hit.eval
		} else {
			eval = w.evaluate()
		}
	}
	fr.eval = eval
	improving := !inCheck && ply >= 2 && w.stack[ply-2].eval != -infinity && eval > w.stack[ply-2].eval

	if !pvNode && !inCheck {
		// Reverse futility pruning: far above beta at a shallow depth.
		if depth <= 6 && eval-80*depth+boolInt(improving)*30 >= beta && eval < mateBound {
			return eval
		}
		// Null-move pruning.
		if depth >= 3 && eval >= beta && ply > 0 && w.stack[ply-1].move != core.NoMove &&
			nonPawnMaterial(p, p.SideToMove()) && beta > -mateBound {
			r := 3 + depth/4 + min((eval-beta)/200, 2)
			fr.move = core.NoMove
			w.hist.PushNull(p)
			u := p.MakeNullMove()
			s := -w.search(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
			p.UnmakeNullMove(u)
			w.hist.Pop()
			if w.stop {
				return 0
			}
			if s >= beta {
				if s > tbWinBound {
					s = beta // no unproven mate or tablebase win
				}
				return s
			}
		}
	}
	// Internal iterative reduction: without a hash move, a deep node is
	// searched one ply shallower.
	if ttm == core.NoMove && depth >= 6 && (pvNode || cutNode) {
		depth--
	}

	p.LegalMoves(&fr.ml)
	if fr.ml.Len() == 0 {
		if inCheck {
			return -mateScore + ply
		}
		return 0
	}
	w.scoreMoves(fr, ttm, ply)

	bestMove := core.NoMove
	origAlpha := alpha
	nq := 0
	quietsSeen := 0
	us := p.SideToMove()
	for i := range fr.ml.Len() {
		m := fr.ml.PickBest(i, fr.scores[:])
		quiet := !m.IsCapture() && !m.IsPromotion()
		gives := p.GivesCheck(m)
		if quiet {
			quietsSeen++
		}
		if !pvNode && !inCheck && best > -tbWinBound && quiet && !gives {
			// Late-move pruning and futility pruning of quiet moves.
			if depth <= 4 && quietsSeen > 3+depth*depth*(1+boolInt(improving)) {
				continue
			}
			if depth <= 3 && eval+120+100*depth <= alpha {
				continue
			}
		}
		// Bad captures at shallow depth.
		if !pvNode && !inCheck && best > -tbWinBound && !quiet && depth <= 3 && !p.SEEGreaterEqual(m, -90*depth) {
			continue
		}

		fr.move = m
		w.hist.Push(p)
		u := p.MakeMove(m)
		var s int
		if i == 0 {
			s = -w.search(-beta, -alpha, depth-1, ply+1, pvNode, false)
		} else {
			r := 0
			if depth >= 3 && i >= 2+boolInt(pvNode) && quiet && !inCheck && !gives {
				r = int(lmr[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				if cutNode {
					r++
				}
				if !improving {
					r++
				}
				if m == w.killers[ply][0] || m == w.killers[ply][1] {
					r--
				}
				r -= int(w.history[us][m.From()][m.To()] / 8000)
				r = max(0, min(r, depth-2))
			}
			s = -w.search(-alpha-1, -alpha, depth-1-r, ply+1, false, true)
			if s > alpha && r > 0 {
				s = -w.search(-alpha-1, -alpha, depth-1, ply+1, false, !cutNode)
			}
			if s > alpha && s < beta && pvNode {
				s = -w.search(-beta, -alpha, depth-1, ply+1, true, false)
			}
		}
		p.UnmakeMove(m, u)
		w.hist.Pop()
		if w.stop {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				bestMove = m
				alpha = s
				if pvNode {
					w.pv[ply][ply] = m
					n := copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
					w.pvLen[ply] = ply + 1 + n
				}
				if s >= beta {
					if quiet {
						w.goodQuiet(m, ply, depth, fr.quiets[:nq])
					}
					break
				}
			}
		}
		if quiet && nq < len(fr.quiets) {
			fr.quiets[nq] = m
			nq++
		}
	}
	if best == -infinity {
		// Every move was pruned: fail low on the static evaluation.
		best = alpha
	}
	best = min(best, maxScore)
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case bestMove != core.NoMove && best > origAlpha:
		bound = boundExact
	}
	w.tt.store(key, bestMove, scoreToTT(best, ply), eval, depth, bound)
	return best
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
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

// quiesce searches captures (and, in check, every evasion) until the
// position is quiet, standing pat on the static evaluation.
func (w *worker) quiesce(alpha, beta, ply int) int {
	w.pvLen[ply] = ply
	w.nodes++
	if w.nodes&1023 == 0 || w.ctl.nodeLimit > 0 {
		w.poll()
	}
	if w.stop {
		return 0
	}
	w.seldepth = max(w.seldepth, ply)
	p := &w.pos
	if ply >= maxPly {
		return w.evaluate()
	}
	inCheck := p.InCheck()
	fr := &w.stack[ply]
	best := -infinity
	stand := 0
	if !inCheck {
		stand = w.evaluate()
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
		p.QuiescenceMoves(&fr.ml)
	} else {
		p.LegalMoves(&fr.ml)
		if fr.ml.Len() == 0 {
			return -mateScore + ply
		}
	}
	for i, m := range fr.ml.Moves() {
		fr.scores[i] = int32(core.SEEValue(m.Captured())*mvvLVAScale - int(m.Piece()))
		if m.IsPromotion() {
			fr.scores[i] += int32(core.SEEValue(core.Queen) * mvvLVAScale)
		}
	}
	for i := range fr.ml.Len() {
		m := fr.ml.PickBest(i, fr.scores[:])
		if !inCheck {
			// Delta pruning: even winning the piece cannot reach alpha.
			if !m.IsPromotion() && stand+core.SEEValue(m.Captured())+200 <= alpha {
				continue
			}
			// SEE pruning: a capture that loses material.
			if !p.SEEGreaterEqual(m, 0) {
				continue
			}
		}
		fr.move = m
		u := p.MakeMove(m)
		s := -w.quiesce(-beta, -alpha, ply+1)
		p.UnmakeMove(m, u)
		if w.stop {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

// control is what stops a search: the context, a node budget, the clock
// (soft and hard budgets), pondering.
type control struct {
	done      <-chan struct{}
	ponderHit <-chan struct{}
	pondering bool
	onHit     func() // computes the budget when a ponder search becomes ours

	start      time.Time
	soft, hard time.Duration // zero: no time limit
	nodeLimit  int64
	stopped    bool
}

// check reports whether the search must stop now.
func (c *control) check(nodes int64) bool {
	if c.stopped {
		return true
	}
	if c.nodeLimit > 0 && nodes >= c.nodeLimit {
		c.stopped = true
		return true
	}
	if nodes&1023 != 0 && c.nodeLimit > 0 {
		return false
	}
	select {
	case <-c.done:
		c.stopped = true
		return true
	default:
	}
	if c.pondering {
		select {
		case <-c.ponderHit:
			c.pondering = false
			c.onHit()
		default:
			return false
		}
	}
	if c.hard > 0 && time.Since(c.start) >= c.hard {
		c.stopped = true
		return true
	}
	return false
}

// softOver reports whether the soft budget is spent, so that no new
// iteration should start; frac scales it (an iteration usually costs more
// than all the earlier ones).
func (c *control) softOver(frac float64) bool {
	if c.pondering || c.soft <= 0 {
		return false
	}
	return time.Since(c.start) >= time.Duration(float64(c.soft)*frac)
}
