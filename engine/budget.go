package engine

import (
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Budget is the time a search may spend on one move: past Soft it should
// not start another iteration, at Hard it must stop. A zero Budget means no
// time limit (depth, nodes, mate, infinite or ponder searches).
type Budget struct {
	Soft, Hard time.Duration
}

// Tuning of Budget: the moves assumed left when the clock does not say,
// the least time kept on the clock for the protocol's round trip, and how
// far past the soft budget the hard one may reach.
const (
	defaultMovesToGo = 30
	maxMovesToGo     = 50
	safetyMargin     = 50 * time.Millisecond
	hardFactor       = 4
)

// Budget turns the limits into a time budget for side, the side to move:
// a fixed MoveTime is both budgets; clocks give a share of the time left
// (the time over one more than the moves to go, 30 when unknown,
// plus most of the increment) as Soft and at most four times that, never more than a
// quarter of the clock plus the increment (all of it for the last move
// before the control), as Hard, always leaving a
// safety margin on the clock. A ponder or infinite search, or one with
// neither clock nor MoveTime, has no budget.
func (l Limits) Budget(side core.Color) Budget {
	if l.Infinite || l.Ponder {
		return Budget{}
	}
	if l.MoveTime > 0 {
		return Budget{Soft: l.MoveTime, Hard: l.MoveTime}
	}
	left, inc := l.Clock(side)
	if left <= 0 && inc <= 0 {
		return Budget{}
	}
	usable := left - safetyMargin
	if usable < time.Millisecond {
		// Almost flagged: move at once.
		return Budget{Soft: time.Millisecond, Hard: time.Millisecond}
	}
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > maxMovesToGo {
		mtg = defaultMovesToGo
	}
	soft := usable/time.Duration(mtg+1) + inc*3/4
	hard := min(soft*hardFactor, usable/4+inc)
	if mtg == 1 {
		// The last move before the control may use nearly all of it.
		hard = usable
	}
	hard = min(hard, usable)
	soft = min(soft, hard)
	return Budget{Soft: max(soft, time.Millisecond), Hard: max(hard, time.Millisecond)}
}
