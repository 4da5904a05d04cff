package search

import (
	"github.com/gambit-chess/gambit/core"
)

// EvalMaxPhase is the game phase of a position with every piece (see
// EvalTrace.Phase).
const EvalMaxPhase = maxPhase

// EvalTrace is the evaluation of one position as a linear form in its
// weights, what a tuner fits to game results: with the weights of
// EvalWeights, White's score is
//
//	(MG*Phase + EG*(EvalMaxPhase-Phase)) / EvalMaxPhase, divided by 8 if Drawish,
//
// where MG is the sum over i of Coef[i] times weight i's middlegame value
// and EG the same with the endgame values. Evaluate's value is that score
// from the side to move's point of view, rounded towards zero at the
// blend and again at the division. (Drawish depends on which side the
// weights favour, so the form holds for weights near those of the trace.)
type EvalTrace struct {
	// Coef[i] is how many times weight i counts for White less how many
	// times it counts for Black.
	Coef [NumEvalWeights]int16
	// Phase is the non-pawn material left, 0 (pawns and kings) to
	// EvalMaxPhase: knight and bishop 1, rook 2, queen 4.
	Phase int
	// Drawish is an endgame without pawns that the side ahead cannot win:
	// the score is divided by 8.
	Drawish bool
}

// TraceEvaluate returns Evaluate(p) and records its linear form in t.
func TraceEvaluate(p *core.Position, t *EvalTrace) int {
	*t = EvalTrace{}
	return evaluate(p, t, nil)
}

// add counts weight i n times for c.
func (t *EvalTrace) add(c core.Color, i, n int) {
	if c == core.Black {
		n = -n
	}
	t.Coef[i] += int16(n)
}

// material counts the material and piece-square weights of p's pieces.
func (t *EvalTrace) material(p *core.Position) {
	for c := core.White; c <= core.Black; c++ {
		for pt := core.Pawn; pt <= core.King; pt++ {
			bb := p.Pieces(c, pt)
			if pt != core.King {
				t.add(c, wMaterial+int(pt-core.Pawn), bb.Count())
			}
			for bb != 0 {
				t.add(c, pstIndex(pt, bb.PopFirst().Relative(c)), 1)
			}
		}
	}
}

// Quiesce returns the value of the quiescence search of p (captures and
// promotions, every evasion in check, until the position is quiet) with
// a full window, from the side to move's point of view: a tuner keeps
// the positions where it equals Evaluate, the quiet ones. It uses e's
// search state, the transposition table included (it probes and stores
// results like any quiescence node), and must not run during a Search.
func (e *Engine) Quiesce(p *core.Position) int {
	w := e.w
	w.pos = *p
	w.ctl = &control{}
	w.nodes = 0
	w.stop = false
	return w.quiesce(-infinity, infinity, 0)
}
