package engine_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

func TestBudget(t *testing.T) {
	sec := time.Second
	for _, tc := range []struct {
		name   string
		l      engine.Limits
		side   core.Color
		soft   time.Duration
		hard   time.Duration
		exactS bool
	}{
		{name: "none", l: engine.Limits{Depth: 5}},
		{name: "infinite", l: engine.Limits{Infinite: true, WTime: sec}},
		{name: "ponder", l: engine.Limits{Ponder: true, WTime: sec}},
		{name: "movetime", l: engine.Limits{MoveTime: 2 * sec}, soft: 2 * sec, hard: 2 * sec, exactS: true},
		{name: "sudden death", l: engine.Limits{WTime: 60 * sec, BTime: 1}, side: core.White},
		{name: "black's clock", l: engine.Limits{WTime: 1, BTime: 60 * sec, BInc: sec}, side: core.Black},
		{name: "moves to go", l: engine.Limits{WTime: 300 * sec, MovesToGo: 40}, side: core.White},
		{name: "last move to go", l: engine.Limits{WTime: 10 * sec, MovesToGo: 1}, side: core.White},
		{name: "flagging", l: engine.Limits{WTime: 10 * time.Millisecond}, side: core.White, soft: time.Millisecond, hard: time.Millisecond, exactS: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.l.Budget(tc.side)
			if tc.exactS || tc.soft != 0 || (tc.l.WTime == 0 && tc.l.BTime == 0) || tc.l.Infinite || tc.l.Ponder {
				assert.Equal(t, tc.soft, b.Soft)
				assert.Equal(t, tc.hard, b.Hard)
				return
			}
			left, inc := tc.l.Clock(tc.side)
			assert.Positive(t, b.Soft)
			assert.LessOrEqual(t, b.Soft, b.Hard)
			assert.Less(t, b.Hard, left+inc, "never the whole clock")
			if tc.l.MovesToGo != 1 {
				assert.Less(t, b.Soft, left/4+inc)
			}
		})
	}
	// With moves to go, the share grows as the control nears.
	far := engine.Limits{WTime: 100 * sec, MovesToGo: 40}.Budget(core.White)
	near := engine.Limits{WTime: 100 * sec, MovesToGo: 5}.Budget(core.White)
	assert.Greater(t, near.Soft, far.Soft)
}

func TestLimitsString(t *testing.T) {
	l := engine.Limits{WTime: 60 * time.Second, BTime: 30 * time.Second, WInc: time.Second, MovesToGo: 40, Depth: 3, SearchMoves: []string{"e2e4"}}
	assert.Equal(t, "go wtime 60000 btime 30000 winc 1000 movestogo 40 depth 3 searchmoves e2e4", l.String())
	assert.Equal(t, "go ponder infinite", engine.Limits{Ponder: true, Infinite: true}.String())
}

func TestFindOption(t *testing.T) {
	opts := []engine.Option{{Name: "hash", Type: engine.TypeSpin}, {Name: "Hash", Type: engine.TypeCheck}}
	o, ok := engine.FindOption(opts, "Hash")
	assert.True(t, ok)
	assert.Equal(t, engine.TypeCheck, o.Type, "an exact match first")
	o, ok = engine.FindOption(opts, "HASH")
	assert.True(t, ok)
	assert.Equal(t, engine.TypeSpin, o.Type)
	_, ok = engine.FindOption(opts, "Threads")
	assert.False(t, ok)
}

func TestBudgetOverheadFromTheClock(t *testing.T) {
	const overhead = 100 * time.Millisecond
	ms := time.Millisecond
	// A fast game, 1.9 s and 50 ms a move: the search starts no iteration
	// past about half its soft budget, so 40 ms of search needs a soft
	// budget above 70 ms. Taking the overhead from the budget left 1 ms.
	fast := engine.Limits{WTime: 1900 * ms, BTime: 1900 * ms, WInc: 50 * ms, BInc: 50 * ms}
	b := fast.BudgetOverhead(core.White, overhead)
	assert.GreaterOrEqual(t, b.Soft, 70*ms)
	assert.LessOrEqual(t, b.Soft, b.Hard)
	assert.LessOrEqual(t, b.Hard, 1900*ms-overhead, "this move's overhead stays on the clock")
	assert.Less(t, b.Soft, fast.Budget(core.White).Soft, "the overhead of the moves to come is kept")

	// A fixed move time: all of it but the overhead, both budgets.
	mt := engine.Limits{MoveTime: time.Second}.BudgetOverhead(core.Black, overhead)
	assert.Equal(t, engine.Budget{Soft: 900 * ms, Hard: 900 * ms}, mt)

	// The overhead of the moves to come is bounded: a long game keeps
	// most of its clock to share.
	long := engine.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second}.BudgetOverhead(core.White, overhead)
	assert.Greater(t, long.Soft, (10*time.Second*3/4-overhead)/31-ms)

	// Without overhead, BudgetOverhead is Budget.
	for _, l := range []engine.Limits{fast, {MoveTime: time.Second}, {WTime: time.Minute, MovesToGo: 1}} {
		assert.Equal(t, l.Budget(core.White), l.BudgetOverhead(core.White, 0), "%v", l)
	}
	// A clock smaller than the overhead: move at once.
	assert.Equal(t, engine.Budget{Soft: ms, Hard: ms}, engine.Limits{WTime: 90 * ms}.BudgetOverhead(core.White, overhead))
}

func TestMoveNow(t *testing.T) {
	ms := time.Millisecond
	now := engine.Budget{Soft: ms, Hard: ms}
	for _, tc := range []struct {
		name string
		l    engine.Limits
		side core.Color
		now  bool
	}{
		{"wtime 0", engine.Limits{BTime: 100 * ms, Given: engine.GivenWTime}, core.White, true},
		{"wtime -5000", engine.Limits{WTime: -5000 * ms, BTime: 100 * ms}, core.White, true},
		{"wtime 0, black to move", engine.Limits{BTime: 100 * ms, Given: engine.GivenWTime}, core.Black, false},
		{"btime 0 with an increment", engine.Limits{WTime: ms, BInc: 100 * ms, Given: engine.GivenBTime}, core.Black, false},
		{"movetime 0", engine.Limits{Given: engine.GivenMoveTime}, core.White, true},
		{"nodes 0", engine.Limits{Given: engine.GivenNodes}, core.White, true},
		{"depth 0", engine.Limits{Given: engine.GivenDepth}, core.White, true},
		{"depth 0 infinite", engine.Limits{Given: engine.GivenDepth, Infinite: true}, core.White, false},
		{"nothing given", engine.Limits{}, core.White, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.now, tc.l.MoveNow(tc.side))
			if tc.now {
				assert.Equal(t, now, tc.l.Budget(tc.side))
			}
		})
	}
	// Zeros given are written, so that an engine gets them too.
	l := engine.Limits{BTime: 100 * ms, Given: engine.GivenWTime | engine.GivenDepth}
	assert.Equal(t, "go wtime 0 btime 100 depth 0", l.String())
	assert.True(t, l.HasClock(core.White))
	assert.True(t, l.Has(engine.GivenBTime))
	assert.False(t, l.Has(engine.GivenNodes))
}

// wholeGame plays n moves of one side on a clock of base and inc (moves
// a period, 0 for sudden death) with a Move Overhead of 100 ms, each move
// taking use of its budget, and returns the share of base left at the
// end (at the control passed last, with moves a period) and whether the
// clock ran out.
func wholeGame(base, inc time.Duration, moves, n int, use func(engine.Budget) time.Duration) (float64, bool) {
	left, atControl, controls := base, time.Duration(0), 0
	for k := range n {
		l := engine.Limits{WTime: left, BTime: left, WInc: inc, BInc: inc}
		if moves > 0 {
			l.MovesToGo = moves - k%moves
		}
		left -= use(l.BudgetOverhead(core.White, 100*time.Millisecond))
		if left <= 0 {
			return 0, true
		}
		left += inc
		if moves > 0 && (k+1)%moves == 0 {
			atControl, controls = left, controls+1
			left += base
		}
	}
	if controls > 0 {
		left = atControl
	}
	return float64(left) / float64(base), false
}

// Issue #28's clocks, played through by the budget alone: the search uses
// 0.9 of its soft budget on average (114 moves of make engine-clock
// GAMES=2 CLOCK_TCS=1+0.01 beside other jobs: median 0.87, 10th percentile
// 0.58, 90th 1.41, the last iteration started before 0.55 of it running
// on). Then a game of 40, 60 or 80 moves ends with 5 % to 60 % of the base
// time left at each control; with 3/4 of the increment in the budget and
// 40/60 shared over one move more than those to go, 2+0.05 kept 67 % after
// 40 moves and 40/60 reached its control with 4.9 %. A search that takes
// its hard budget at every move does not run out of time either.
func TestBudgetOverWholeGames(t *testing.T) {
	ms := time.Millisecond
	typical := func(b engine.Budget) time.Duration { return min(b.Soft*9/10, b.Hard) }
	worst := func(b engine.Budget) time.Duration { return b.Hard }
	for _, tc := range []struct {
		name      string
		base, inc time.Duration
		moves     int
	}{
		{"1+0.01", time.Second, 10 * ms, 0},
		{"2+0.05", 2 * time.Second, 50 * ms, 0},
		{"10+0.1", 10 * time.Second, 100 * ms, 0},
		{"40/60", time.Minute, 0, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{40, 60, 80} {
				share, flagged := wholeGame(tc.base, tc.inc, tc.moves, n, typical)
				assert.False(t, flagged, "%d moves", n)
				assert.GreaterOrEqual(t, share, 0.05, "%d moves", n)
				assert.LessOrEqual(t, share, 0.60, "%d moves", n)
			}
			_, flagged := wholeGame(tc.base, tc.inc, tc.moves, 120, worst)
			assert.False(t, flagged, "the hard budget at each of 120 moves")
		})
	}
}
