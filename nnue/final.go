package nnue

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// The final evaluation: what Stockfish 15.1's Eval::evaluate makes of the
// network's output when it searches, and what its eval command prints as
// "Final evaluation". Stockfish 15.1 always evaluates with the network
// there except for lopsided positions (below); gambit computes the
// network's branch, in Stockfish's integer arithmetic:
//
//  1. The network's output, with the positional term weighted above the
//     material (PSQT) term by delta = 24 - npm/9560 parts in 1024, npm the
//     non-pawn material of both sides in Stockfish's middlegame piece
//     values: ((1024-delta)*psqt + (1024+delta)*positional) / (1024*16).
//  2. Scaled by npm: times 1064 + 106*npm/5120, over 1024, plus the
//     optimism times (that scale - 754), over 1024, the optimism first
//     grown by the position's complexity: optimism*(269+complexity)/256.
//  3. Damped by the 50-move counter: times (195 - halfmove clock) / 211.
//  4. Kept inside the tablebase scores: within ±(32000 - 2*246 - 1).
//
// The complexity blends the network's (|psqt - positional| / 16) with
// the distance between the network's output and Stockfish's classical
// piece-square score (and, for a positive optimism, their difference
// times the optimism): it matters only when the optimism is not 0.
//
// Stockfish's eval command sets the optimism to 0; its search sets it
// from depth 4 on to 118*score/(|score|+169) for the side to move and its
// opposite for the other side, score the root move's average score, so
// that it stays within ±118. With 0 the final
// evaluation is steps 1, 2, 3 and 4 without the optimism, and gambit's is
// Stockfish's to the unit. With another optimism the complexity reads
// Stockfish's classical piece-square score, which gambit does not have
// (it is Stockfish's GPL table of piece-square bonuses): gambit puts the
// endgame material values of Stockfish 15.1 in its place (pawn 208,
// knight 854, bishop 915, rook 1380, queen 2682), so the value follows
// Stockfish's formula but is not Stockfish's to the unit.
//
// Lopsided positions: Stockfish 15.1 uses its classical evaluation
// instead of the network when there are more than 7 pieces (kings
// included) and its classical endgame piece-square score (material plus
// the square bonuses) is more than 1760 either way, about eight pawns.
// gambit has no classical evaluation; EvaluateFinal gives the network's
// final evaluation for those positions too.

// Stockfish 15.1's piece values as its final evaluation reads them: the
// middlegame values for the non-pawn material, the endgame values for
// the material that stands in for the piece-square score.
var (
	npmValue = [7]int64{core.Knight: 781, core.Bishop: 825, core.Rook: 1276, core.Queen: 2538}
	egValue  = [7]int64{core.Pawn: 208, core.Knight: 854, core.Bishop: 915, core.Rook: 1380, core.Queen: 2682}
)

// The constants of Stockfish 15.1's final evaluation (see above).
const (
	finalDeltaBase   = 24   // the positional term's extra weight, in 1024ths
	finalDeltaNPM    = 9560 // npm per unit less of that weight
	finalScaleBase   = 1064 // the scale without non-pawn material
	finalScaleNPM    = 106  // the scale's growth per finalScaleDiv of npm
	finalScaleDiv    = 5120
	finalOptimismOff = 754 // the optimism's scale is the scale less this
	finalComplexNN   = 416 // the network's complexity, in 1024ths
	finalComplexPSQ  = 424 // |psq - nnue|, in 1024ths
	finalOptimismBas = 269 // the optimism grows by (this+complexity)/256
	finalRule50Base  = 195 // damping: (this - halfmove clock) / finalRule50Div
	finalRule50Div   = 211
	// FinalBound is the largest final evaluation either way: below
	// Stockfish 15.1's tablebase scores (VALUE_TB_WIN_IN_MAX_PLY - 1).
	FinalBound = 32000 - 2*246 - 1
)

// EvaluateFinal returns pos's final evaluation as Stockfish 15.1's
// Eval::evaluate computes it from the network, in internal units from the
// side to move's point of view, with the search's optimism for the side
// to move (0 gives the value Stockfish's eval command prints as "Final
// evaluation", to the unit; see final.go for the formula and what differs
// with another optimism or in lopsided positions, where Stockfish 15.1
// uses its classical evaluation). It evaluates from scratch, as Evaluate.
// A position CheckPosition refuses evaluates to 0.
func (e *Evaluator) EvaluateFinal(pos *core.Position, optimism int) int {
	if !e.setBoard(pos) {
		return 0
	}
	e.refresh(-1)
	psqt, positional := e.run(e.bucket(-1))
	return finalValue(pos, psqt, positional, optimism)
}

// EvaluateFinalIncremental is EvaluateFinal from the accumulators that
// Reset and Push have followed to pos, as EvaluateIncremental.
func (e *Evaluator) EvaluateFinalIncremental(pos *core.Position, optimism int) int {
	if len(e.stack) == 0 || CheckPosition(pos) != nil {
		return 0
	}
	e.stm = pos.SideToMove()
	e.cur = &e.stack[e.top]
	psqt, positional := e.run((pos.Occupied().Count() - 1) / 4)
	return finalValue(pos, psqt, positional, optimism)
}

// EvaluateFinal is Evaluator.EvaluateFinal with an Evaluator from the
// network's pool: safe for concurrent use.
func (n *Network) EvaluateFinal(pos *core.Position, optimism int) int {
	e := n.pool.Get().(*Evaluator)
	v := e.EvaluateFinal(pos, optimism)
	n.pool.Put(e)
	return v
}

// finalValue is the final evaluation of pos from the network's terms
// (internal units times 16, the side to move's view), in Stockfish
// 15.1's arithmetic (C++ division truncates as Go's does). It computes in
// int64, which gives C++'s int results wherever those do not overflow (a
// search's optimism stays below 118) and no overflow for any optimism.
func finalValue(pos *core.Position, psqt, positional int32, optimism int) int {
	npm := nonPawnMaterial(pos)
	ps, pos16 := int64(psqt), int64(positional)
	delta := finalDeltaBase - npm/finalDeltaNPM
	nn := ((1024-delta)*ps + (1024+delta)*pos16) / (1024 * outputScale)
	scale := finalScaleBase + finalScaleNPM*npm/finalScaleDiv

	opt := int64(max(min(optimism, FinalBound), -FinalBound))
	if opt != 0 {
		psq := materialEg(pos)
		complexity := finalComplexNN*(abs64(ps-pos16)/outputScale) + finalComplexPSQ*abs64(psq-nn)
		if opt > 0 {
			complexity += opt * (psq - nn)
		}
		complexity /= 1024
		opt = opt * (finalOptimismBas + complexity) / 256
	}
	v := (nn*scale + opt*(scale-finalOptimismOff)) / 1024
	v = v * (finalRule50Base - int64(pos.HalfmoveClock())) / finalRule50Div
	return int(min(max(v, -FinalBound), FinalBound))
}

// nonPawnMaterial is Stockfish's non_pawn_material of both sides.
func nonPawnMaterial(pos *core.Position) int64 {
	var npm int64
	for _, t := range [4]core.PieceType{core.Knight, core.Bishop, core.Rook, core.Queen} {
		npm += npmValue[t] * int64(pos.ByType(t).Count())
	}
	return npm
}

// materialEg is the side to move's endgame material less the other's, in
// Stockfish 15.1's endgame piece values: what EvaluateFinal puts in place
// of the classical piece-square score.
func materialEg(pos *core.Position) int64 {
	var v int64
	us, them := pos.SideToMove(), pos.SideToMove().Other()
	for t := core.Pawn; t <= core.Queen; t++ {
		v += egValue[t] * int64(pos.Pieces(us, t).Count()-pos.Pieces(them, t).Count())
	}
	return v
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// FormatFinal writes v (internal units, White's point of view) as
// Stockfish 15.1's eval command writes its final evaluation: the line
// "Final evaluation" and v in pawns with a sign and two decimals.
func FormatFinal(v int) string {
	return fmt.Sprintf("Final evaluation       %+.2f (white side) [with scaled NNUE, hybrid, ...]", float64(v)/PawnValue)
}
