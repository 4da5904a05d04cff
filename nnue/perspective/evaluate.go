package perspective

import "github.com/gambit-chess/gambit/core"

// Evaluator evaluates positions with one network, in buffers of its own:
// it allocates nothing per evaluation or move. It is not safe for
// concurrent use; give each goroutine its own (4*Hidden bytes, and as
// many a ply of the deepest line the incremental path follows).
type Evaluator struct {
	net     *Network
	h       int
	scratch []int16 // the from-scratch evaluation's accumulators: White's H, Black's H
	stack   []int16 // the incremental path's, 2*H a ply
	top     int     // stack[2*H*top:] is the current position's
	started bool
	simd    bool // the AVX2 kernels (simd.go)
}

// NewEvaluator returns an Evaluator of n.
func (n *Network) NewEvaluator() *Evaluator {
	return &Evaluator{net: n, h: n.hidden, scratch: make([]int16, 2*n.hidden), simd: simdAvailable && n.hidden%simdWidth == 0}
}

// Evaluate is Evaluator.Evaluate with an Evaluator from a pool: safe for
// concurrent use, and allocation-free once the pool has one per goroutine.
func (n *Network) Evaluate(pos *core.Position) int {
	e := n.pool.Get().(*Evaluator)
	v := e.Evaluate(pos)
	n.pool.Put(e)
	return v
}

// Evaluate returns the network's evaluation of pos in centipawns, from
// the side to move's point of view, computed from scratch: both
// accumulators summed from every piece. Any position can be evaluated
// (the inputs are the pieces on the board, whatever they are).
func (e *Evaluator) Evaluate(pos *core.Position) int {
	e.refresh(e.scratch, pos)
	return e.output(e.scratch, pos.SideToMove())
}

// refresh sets acc (White's H then Black's H) from pos's pieces.
func (e *Evaluator) refresh(acc []int16, pos *core.Position) {
	h := e.h
	w, b := acc[:h:h], acc[h:2*h:2*h]
	copy(w, e.net.ftBias)
	copy(b, e.net.ftBias)
	for bb := pos.Occupied(); bb != 0; {
		s := bb.PopFirst()
		pc := pos.PieceAt(s)
		fw, fb := Feature(core.White, s, pc), Feature(core.Black, s, pc)
		if fw < 0 {
			continue
		}
		if e.simd {
			addSIMD(w, e.row(fw))
			addSIMD(b, e.row(fb))
		} else {
			addRow(w, e.row(fw))
			addRow(b, e.row(fb))
		}
	}
}

// row returns input f's weights.
func (e *Evaluator) row(f int) []int16 {
	h := e.h
	return e.net.ftWeights[f*h : f*h+h : f*h+h]
}

// addRow adds r to acc, element by element (int16 sums that wrap).
func addRow(acc, r []int16) {
	r = r[:len(acc)]
	for i := range acc {
		acc[i] += r[i]
	}
}

// output is the network's evaluation from the accumulators acc (White's,
// Black's) for side to move stm.
func (e *Evaluator) output(acc []int16, stm core.Color) int {
	h := e.h
	us, them := acc[:h:h], acc[h:2*h:2*h]
	if stm == core.Black {
		us, them = them, us
	}
	n := e.net
	var sum int32
	if e.simd {
		sum = n.outBias + dotSIMD(us, n.outWeights[:h:h], int16(n.qa)) + dotSIMD(them, n.outWeights[h:2*h:2*h], int16(n.qa))
	} else {
		sum = n.outBias + dot(us, n.outWeights[:h:h], int16(n.qa)) + dot(them, n.outWeights[h:2*h:2*h], int16(n.qa))
	}
	return int(int64(sum) * int64(n.scale) / (int64(n.qa) * int64(n.qb)))
}

// dot returns the sum of clamp(acc[i], 0, qa) * w[i], in int32 (that
// wraps, never panics, for a network whose weights overflow it).
func dot(acc, w []int16, qa int16) int32 {
	w = w[:len(acc)]
	var sum int32
	for i, x := range acc {
		x = min(max(x, 0), qa)
		sum += int32(x) * int32(w[i])
	}
	return sum
}

// Reset starts the incremental path at pos.
func (e *Evaluator) Reset(pos *core.Position) {
	if len(e.stack) == 0 {
		e.stack = make([]int16, 2*e.h*16)
	}
	e.top = 0
	e.started = true
	e.refresh(e.stack[:2*e.h], pos)
}

// Push follows move m, which pos has just made (call it after
// pos.MakeMove(m), with core.NoMove after a null move): the inputs the
// move changed are subtracted and added. The stack grows to the deepest
// line followed and is then reused: no allocation in a search. Before the
// first Reset it does nothing.
func (e *Evaluator) Push(pos *core.Position, m core.Move) {
	if !e.started {
		return
	}
	h2 := 2 * e.h
	if (e.top+2)*h2 > len(e.stack) {
		e.stack = append(e.stack, make([]int16, len(e.stack))...)
	}
	parent := e.stack[e.top*h2 : (e.top+1)*h2 : (e.top+1)*h2]
	e.top++
	child := e.stack[e.top*h2 : (e.top+1)*h2 : (e.top+1)*h2]
	if m == core.NoMove {
		copy(child, parent)
		return
	}
	if m.IsDrop() || pos.Variant() != core.Standard {
		// Variants' moves (drops, explosions) change what the move does
		// not say: recompute.
		e.refresh(child, pos)
		return
	}
	mover := pos.SideToMove().Other()
	from := m.From()
	h := e.h
	for p := range 2 {
		c := core.Color(p)
		dst, src := child[p*h:(p+1)*h:(p+1)*h], parent[p*h:(p+1)*h:(p+1)*h]
		switch {
		case m.IsCastle():
			// King takes rook: To is the rook's square, Dest the king's.
			rookTo := core.NewSquare(5, from.Rank()) // f1 or f8
			if m.To() < from {
				rookTo = core.NewSquare(3, from.Rank()) // d1 or d8
			}
			king, rook := core.NewPiece(mover, core.King), core.NewPiece(mover, core.Rook)
			e.update(dst, src, e.row(Feature(c, m.Dest(), king)), e.row(Feature(c, from, king)))
			e.update(dst, dst, e.row(Feature(c, rookTo, rook)), e.row(Feature(c, m.To(), rook)))
		default:
			landed := m.Piece()
			if m.IsPromotion() {
				landed = m.Promotion()
			}
			add := e.row(Feature(c, m.To(), core.NewPiece(mover, landed)))
			sub := e.row(Feature(c, from, core.NewPiece(mover, m.Piece())))
			if !m.IsCapture() {
				e.update(dst, src, add, sub)
				continue
			}
			at := m.To()
			if m.IsEnPassant() {
				at = core.NewSquare(m.To().File(), from.Rank())
			}
			sub2 := e.row(Feature(c, at, core.NewPiece(mover.Other(), m.Captured())))
			if e.simd {
				updateCaptureSIMD(dst, src, add, sub, sub2)
			} else {
				updateCapture(dst, src, add, sub, sub2)
			}
		}
	}
}

// update is update in e's arithmetic.
func (e *Evaluator) update(dst, src, add, sub []int16) {
	if e.simd {
		updateSIMD(dst, src, add, sub)
		return
	}
	update(dst, src, add, sub)
}

// update sets dst to src + add - sub, element by element (int16 sums
// that wrap): one pass for a quiet move.
func update(dst, src, add, sub []int16) {
	src, add, sub = src[:len(dst)], add[:len(dst)], sub[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

// updateCapture sets dst to src + add - sub - sub2: one pass for a
// capture.
func updateCapture(dst, src, add, sub, sub2 []int16) {
	src, add, sub, sub2 = src[:len(dst)], add[:len(dst)], sub[:len(dst)], sub2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i] - sub2[i]
	}
}

// Pop goes back one Push (call it with pos.UnmakeMove). At the position
// of Reset it does nothing.
func (e *Evaluator) Pop() {
	if e.top > 0 {
		e.top--
	}
}

// EvaluateIncremental returns Evaluate's value of pos from the
// accumulators that Reset and Push have followed to it: pos must be the
// position of the last Reset after the moves pushed and not popped.
// Before the first Reset it evaluates from scratch.
func (e *Evaluator) EvaluateIncremental(pos *core.Position) int {
	if !e.started {
		return e.Evaluate(pos)
	}
	h2 := 2 * e.h
	return e.output(e.stack[e.top*h2:(e.top+1)*h2:(e.top+1)*h2], pos.SideToMove())
}
