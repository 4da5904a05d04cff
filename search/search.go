package search

import (
	"math"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
	"github.com/gambit-chess/gambit/nnue/perspective"
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
	pawns   pawnTable           // the pawn structures met (eval.go)

	// The network of the EvalFile option (nnue.go): nn (Stockfish's
	// format) or own (gambit's) is nil without one; useNN or useOwn is
	// true while a search evaluates with it.
	nn     *nnue.Evaluator
	useNN  bool
	own    *perspective.Evaluator
	useOwn bool
}

// lmr holds the late-move reductions by depth and move number.
var lmr = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
	return t
}()

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

// evaluate is the static evaluation the search uses: the network's
// (EvalFile: a Stockfish network's final evaluation as Stockfish 15.1
// searches on it, with the optimism 0, or gambit's own network's) or the
// hand-written one.
func (w *worker) evaluate() int {
	switch {
	case w.useNN:
		return nnueScore(w.nn.EvaluateFinalIncremental(&w.pos, 0))
	case w.useOwn:
		return ownScore(w.own.EvaluateIncremental(&w.pos))
	}
	return evaluate(&w.pos, nil, &w.pawns)
}

// made follows move m, just made (core.NoMove for a null move), with the
// network's accumulators; unmade goes back one.
func (w *worker) made(m core.Move) {
	switch {
	case w.useNN:
		w.nn.Push(&w.pos, m)
	case w.useOwn:
		w.own.Push(&w.pos, m)
	}
}

func (w *worker) unmade() {
	switch {
	case w.useNN:
		w.nn.Pop()
	case w.useOwn:
		w.own.Pop()
	}
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
			w.made(core.NoMove)
			s := -w.search(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
			w.unmade()
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
			// SEE pruning: a quiet move that puts its piece where the
			// exchange loses more than a shallow search could win back.
			if depth <= 7 && !p.SEEGreaterEqual(m, -20*depth*depth) {
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
		w.made(m)
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
			// No re-search once the search is stopped: the 0 a stopped
			// search returns is no score.
			if s > alpha && r > 0 && !w.stop {
				s = -w.search(-alpha-1, -alpha, depth-1, ply+1, false, !cutNode)
			}
			if s > alpha && s < beta && pvNode && !w.stop {
				s = -w.search(-beta, -alpha, depth-1, ply+1, true, false)
			}
		}
		w.unmade()
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
	// The table: any stored result (quiescence ones have depth 0) ends
	// the node when its bound allows, and gives the move to try first and
	// the static evaluation.
	key := p.Hash()
	hit, found := w.tt.probe(key)
	ttm := core.NoMove
	if found {
		s := scoreFromTT(hit.score, ply)
		if hit.bound == boundExact || (hit.bound == boundLower && s >= beta) || (hit.bound == boundUpper && s <= alpha) {
			return s
		}
		ttm = ttMove(p, hit.move)
	}
	origAlpha := alpha
	inCheck := p.InCheck()
	fr := &w.stack[ply]
	best := -infinity
	eval, stand := -infinity, 0
	if !inCheck {
		if found && hit.eval != -infinity {
			eval = hit.eval
		} else {
			eval = w.evaluate()
		}
		stand = eval
		// A stored score is a better guess than the static one where its
		// bound allows.
		if found {
			s := scoreFromTT(hit.score, ply)
			if (hit.bound == boundLower && s > stand) || (hit.bound == boundUpper && s < stand) {
				stand = s
			}
		}
		if stand >= beta {
			if !found {
				w.tt.store(key, core.NoMove, scoreToTT(stand, ply), eval, 0, boundLower)
			}
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
		if m == ttm {
			fr.scores[i] = orderTT
		}
	}
	bestMove := core.NoMove
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
		w.made(m)
		s := -w.quiesce(-beta, -alpha, ply+1)
		w.unmade()
		p.UnmakeMove(m, u)
		if w.stop {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				bestMove = m
				if s >= beta {
					break
				}
			}
		}
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	if !found || hit.depth <= 0 {
		// A quiescence result never replaces a deeper one.
		w.tt.store(key, bestMove, scoreToTT(best, ply), eval, 0, bound)
	}
	return best
}
