package nnue

import "github.com/gambit-chess/gambit/core"

// The incremental path: an Evaluator keeps a stack of accumulators that
// follows a game or a search through MakeMove and UnmakeMove. A move
// changes a few features (the moved piece, a captured one, the rook of a
// castling), whose weights are subtracted and added; the perspective whose
// king moved is recomputed, since every one of its features depends on
// its king's square. The numbers are the from-scratch path's: the int16
// sums wrap the same whatever the order of the additions.

// Reset starts the incremental path at pos. It returns an error matching
// ErrPosition for a position CheckPosition refuses.
func (e *Evaluator) Reset(pos *core.Position) error {
	if err := CheckPosition(pos); err != nil {
		return err
	}
	if len(e.stack) == 0 {
		e.stack = make([]accumulator, 1, 32)
	}
	e.top = 0
	e.setBoard(pos)
	e.refreshInto(&e.stack[0], core.White, -1)
	e.refreshInto(&e.stack[0], core.Black, -1)
	return nil
}

// Push follows move m, which pos has just made (call it after
// pos.MakeMove(m), with core.NoMove after a null move). The stack grows to
// the deepest line followed and is then reused: no allocation in a search.
// Before the first Reset it does nothing.
func (e *Evaluator) Push(pos *core.Position, m core.Move) {
	if len(e.stack) == 0 {
		return
	}
	if e.top+1 == len(e.stack) {
		e.stack = append(e.stack, accumulator{})
	}
	parent, child := &e.stack[e.top], &e.stack[e.top+1]
	e.top++
	if m == core.NoMove {
		*child = *parent
		return
	}
	if m.IsDrop() || pos.Variant() != core.Standard {
		// Variants' moves (drops, explosions) change what the move does
		// not say: recompute, when the network can read the position.
		if e.setBoard(pos) {
			e.refreshInto(child, core.White, -1)
			e.refreshInto(child, core.Black, -1)
		}
		return
	}
	mover := pos.SideToMove().Other()
	for _, c := range [2]core.Color{core.White, core.Black} {
		ksq := pos.KingSquare(c)
		if c == mover && m.Piece() == core.King {
			e.setBoard(pos)
			e.refreshInto(child, c, -1)
			continue
		}
		// The features added first, then those subtracted.
		var feats [4]int
		from := m.From()
		moved := featureIndex(c, ksq, from, core.NewPiece(mover, m.Piece()))
		if m.IsCastle() {
			// King takes rook: To is the rook's square, Dest the king's.
			rookTo := core.NewSquare(5, from.Rank()) // f1 or f8
			if m.To() < from {
				rookTo = core.NewSquare(3, from.Rank()) // d1 or d8
			}
			rook := core.NewPiece(mover, core.Rook)
			feats = [4]int{
				featureIndex(c, ksq, m.Dest(), core.NewPiece(mover, core.King)),
				featureIndex(c, ksq, rookTo, rook),
				moved,
				featureIndex(c, ksq, m.To(), rook),
			}
			e.update(child, c, &parent.acc[c], &parent.psqt[c], feats[:], 2)
			continue
		}
		landed := m.Piece()
		if m.IsPromotion() {
			landed = m.Promotion()
		}
		feats[0] = featureIndex(c, ksq, m.To(), core.NewPiece(mover, landed))
		feats[1] = moved
		n := 2
		if m.IsCapture() {
			at := m.To()
			if m.IsEnPassant() {
				at = core.NewSquare(m.To().File(), from.Rank())
			}
			feats[2] = featureIndex(c, ksq, at, core.NewPiece(mover.Other(), m.Captured()))
			n = 3
		}
		e.update(child, c, &parent.acc[c], &parent.psqt[c], feats[:n], 1)
	}
}

// Pop goes back one Push (call it with pos.UnmakeMove). At the position of
// Reset it does nothing.
func (e *Evaluator) Pop() {
	if e.top > 0 {
		e.top--
	}
}

// EvaluateIncremental returns Evaluate's value of pos from the
// accumulators that Reset and Push have followed to it: pos must be the
// position of the last Reset, after the moves pushed and not popped. A
// position CheckPosition refuses evaluates to 0.
func (e *Evaluator) EvaluateIncremental(pos *core.Position) int {
	if len(e.stack) == 0 || CheckPosition(pos) != nil {
		return 0
	}
	e.stm = pos.SideToMove()
	e.cur = &e.stack[e.top]
	psqt, positional := e.run((pos.Occupied().Count() - 1) / 4)
	return int((psqt + positional) / outputScale)
}
