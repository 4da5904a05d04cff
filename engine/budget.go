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
// the least time kept on the clock for the protocol's round trip, how far
// past the soft budget the hard one may reach, and the moves of margin a
// period of a control with moves to go (40/60) is shared over beyond its
// moves, so that it ends with about a tenth of its time rather than a
// twentieth (TestBudgetOverWholeGames): at the end of a period each move
// would otherwise take half of what is left.
const (
	defaultMovesToGo = 20
	maxMovesToGo     = 50
	safetyMargin     = 50 * time.Millisecond
	hardFactor       = 4
	controlMargin    = 2
)

// Budget turns the limits into a time budget for side, the side to move,
// with no Move Overhead: BudgetOverhead(side, 0).
func (l Limits) Budget(side core.Color) Budget {
	return l.BudgetOverhead(side, 0)
}

// moveNow is the budget of a search that must answer at once.
var moveNow = Budget{Soft: time.Millisecond, Hard: time.Millisecond}

// BudgetOverhead turns the limits into a time budget for side, the side
// to move, when each move costs overhead of the clock on top of the
// search (the GUI's round trip, the Move Overhead option).
//
// A fixed MoveTime is both budgets, less the overhead. Clocks give a share
// of the time left as Soft: the clock, less the overhead of this move
// (at least a safety margin) and of each move still to come (the moves to
// go, 20 when unknown, never more than a tenth of the clock), over one more
// than the moves to go (three more when the control gives them), plus the
// increment. Hard is at most four
// times that and never more than a quarter of that time plus the
// increment (all of it for the last move before the control); neither
// ever reaches into this move's overhead. The overhead is taken from the
// clock, not from the budget, so that a fast game still uses its time.
//
// A limit given as zero or less (MoveNow) gives a budget of a
// millisecond. A ponder or infinite search, or one with neither clock
// nor MoveTime, has no budget.
func (l Limits) BudgetOverhead(side core.Color, overhead time.Duration) Budget {
	if l.Infinite || l.Ponder {
		return Budget{}
	}
	overhead = max(overhead, 0)
	if l.MoveNow(side) {
		return moveNow
	}
	if l.Has(GivenMoveTime) {
		t := max(l.MoveTime-overhead, time.Millisecond)
		return Budget{Soft: t, Hard: t}
	}
	if !l.HasClock(side) {
		return Budget{}
	}
	left, inc := l.Clock(side)
	mtg, share := l.MovesToGo, l.MovesToGo+1+controlMargin
	if mtg <= 0 || mtg > maxMovesToGo {
		mtg, share = defaultMovesToGo, defaultMovesToGo+1
	}
	// This move's round trip, and those of the moves still to come.
	reach := left - max(safetyMargin, overhead)
	reserve := min(overhead*time.Duration(mtg), left/10)
	usable := reach - reserve
	if reach < time.Millisecond || usable < time.Millisecond {
		// Almost flagged: move at once.
		return moveNow
	}
	soft := usable/time.Duration(share) + inc
	hard := min(soft*hardFactor, usable/4+inc)
	if mtg == 1 {
		// The last move before the control may use nearly all of it.
		hard = usable
	}
	hard = min(hard, reach)
	soft = min(soft, hard)
	return Budget{Soft: max(soft, time.Millisecond), Hard: max(hard, time.Millisecond)}
}
