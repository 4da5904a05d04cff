package match

import (
	"github.com/gambit-chess/gambit/engine"
)

// DrawRule adjudicates a draw once, from move MoveNumber on, both
// engines' scores have stayed within ±Score centipawns for MoveCount
// consecutive moves each (cutechess-cli's -draw).
type DrawRule struct {
	MoveNumber, MoveCount, Score int
}

// ResignRule adjudicates a loss for an engine whose score has stayed at
// or below -Score centipawns for MoveCount consecutive moves; with
// TwoSided its opponent's score must also have been at least +Score for
// as many moves (cutechess-cli's -resign).
type ResignRule struct {
	MoveCount, Score int
	TwoSided         bool
}

// mateCP is the centipawn value a mate score stands for.
const mateCP = 100000

// centipawns returns a score as centipawns from the engine's side,
// mates as ±mateCP less the distance; ok is false without a score or for
// a bound.
func centipawns(s *engine.Score) (cp int, ok bool) {
	if s == nil || s.Bound != engine.Exact {
		return 0, false
	}
	if !s.IsMate {
		return s.CP, true
	}
	// The distance is capped, so that a wild one (an XBoard engine's
	// mate written as a huge score) still counts as a mate.
	if s.Mate > 0 {
		return mateCP - min(s.Mate, mateCP/2), true
	}
	return -mateCP + min(-s.Mate, mateCP/2), true
}

// adjudicator follows the scores of a game.
type adjudicator struct {
	draw   *DrawRule
	resign *ResignRule
	// per side (core.Color): consecutive moves within the draw window, at
	// or below -Score, at or above +Score.
	drawn, losing, winning [2]int
}

// observe takes the score of side's move and returns what the rules
// decide: "" for nothing, "draw", or "resign" (side loses).
func (a *adjudicator) observe(side int, s *engine.Score, moveNumber int) string {
	cp, ok := centipawns(s)
	if a.draw != nil {
		if ok && cp <= a.draw.Score && cp >= -a.draw.Score {
			a.drawn[side]++
		} else {
			a.drawn[side] = 0
		}
	}
	if a.resign != nil {
		if ok && cp <= -a.resign.Score {
			a.losing[side]++
		} else {
			a.losing[side] = 0
		}
		if ok && cp >= a.resign.Score {
			a.winning[side]++
		} else {
			a.winning[side] = 0
		}
		if a.losing[side] >= a.resign.MoveCount && (!a.resign.TwoSided || a.winning[1-side] >= a.resign.MoveCount) {
			return "resign"
		}
	}
	if a.draw != nil && moveNumber >= a.draw.MoveNumber &&
		a.drawn[0] >= a.draw.MoveCount && a.drawn[1] >= a.draw.MoveCount {
		return "draw"
	}
	return ""
}
