package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

func cp(n int) *engine.Score { return &engine.Score{CP: n} }

func TestAdjudicatorDraw(t *testing.T) {
	a := adjudicator{draw: &DrawRule{MoveNumber: 10, MoveCount: 3, Score: 10}}
	// Both sides within ±10 for three moves each, but before move 10.
	for m := 1; m <= 4; m++ {
		assert.Empty(t, a.observe(0, cp(5), m))
		assert.Empty(t, a.observe(1, cp(-10), m))
	}
	// A score outside the window resets that side's count.
	assert.Empty(t, a.observe(0, cp(11), 10))
	assert.Empty(t, a.observe(1, cp(0), 10))
	assert.Empty(t, a.observe(0, cp(0), 11))
	assert.Empty(t, a.observe(1, cp(0), 11))
	assert.Empty(t, a.observe(0, cp(0), 12))
	assert.Empty(t, a.observe(1, cp(0), 12))
	assert.Equal(t, "draw", a.observe(0, cp(0), 13))
	// No score (or a bound) counts as outside.
	b := adjudicator{draw: &DrawRule{MoveCount: 1, Score: 10}}
	assert.Empty(t, b.observe(0, nil, 1))
	assert.Empty(t, b.observe(1, &engine.Score{CP: 0, Bound: engine.LowerBound}, 1))
}

func TestAdjudicatorResign(t *testing.T) {
	one := adjudicator{resign: &ResignRule{MoveCount: 2, Score: 500}}
	assert.Empty(t, one.observe(1, cp(-600), 1))
	assert.Empty(t, one.observe(0, cp(100), 2))
	assert.Equal(t, "resign", one.observe(1, &engine.Score{IsMate: true, Mate: -3}, 2))

	// A mate found is winning however far (Phalanx's mates read as
	// mates in hundreds of thousands of moves), and being mated losing.
	for _, m := range []int{1, 30, 899994} {
		win, ok := centipawns(&engine.Score{IsMate: true, Mate: m})
		assert.True(t, ok)
		assert.Greater(t, win, 10000, "mate in %d", m)
		loss, _ := centipawns(&engine.Score{IsMate: true, Mate: -m})
		assert.Less(t, loss, -10000, "mated in %d", m)
	}
	mated, _ := centipawns(&engine.Score{IsMate: true, Mate: 0})
	assert.Less(t, mated, -10000, "mated already")

	two := adjudicator{resign: &ResignRule{MoveCount: 2, Score: 500, TwoSided: true}}
	assert.Empty(t, two.observe(0, cp(100), 1))
	assert.Empty(t, two.observe(1, cp(-600), 1))
	assert.Empty(t, two.observe(0, cp(700), 2))
	assert.Empty(t, two.observe(1, cp(-600), 2), "the winner agreed only once")
	assert.Empty(t, two.observe(0, cp(700), 3))
	assert.Equal(t, "resign", two.observe(1, cp(-600), 3))
}

func TestClocks(t *testing.T) {
	tc, err := ParseTimeControl("2/10+1")
	require.NoError(t, err)
	assert.Equal(t, TimeControl{Moves: 2, Base: 10 * time.Second, Inc: time.Second}, tc)
	assert.Equal(t, "2/10+1", tc.String())
	tcs := [2]TimeControl{tc, tc}
	clocks := [2]clock{{left: tc.Base}, {left: tc.Base}}
	l := limits(core.White, tcs, clocks)
	assert.Equal(t, engine.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second, WInc: time.Second, BInc: time.Second, MovesToGo: 2}, l)
	clocks[core.White].spend(tc, 3*time.Second) // 10 - 3 + 1
	assert.Equal(t, 8*time.Second, clocks[core.White].left)
	assert.Equal(t, 1, limits(core.White, tcs, clocks).MovesToGo)
	clocks[core.White].spend(tc, 2*time.Second) // 8 - 2 + 1, and a new period
	assert.Equal(t, 17*time.Second, clocks[core.White].left)
	assert.Equal(t, 2, limits(core.White, tcs, clocks).MovesToGo)
	assert.Equal(t, 17*time.Second+50*time.Millisecond, allowed(TimeControl{Base: time.Second, Margin: 50 * time.Millisecond}, clocks[core.White]))
	assert.Equal(t, 600*time.Millisecond, allowed(TimeControl{MoveTime: 500 * time.Millisecond, Margin: 100 * time.Millisecond}, clock{}))
	assert.Zero(t, allowed(TimeControl{Depth: 5}, clock{}))
	assert.Equal(t, engine.Limits{MoveTime: time.Second}, limits(core.Black, [2]TimeControl{{}, {MoveTime: time.Second}}, clocks))

	// The clock reported at a game's end: at the last control passed
	// (8 - 2 + 1 = 7 s, before the new period's 10), else the clock.
	assert.Equal(t, 7*time.Second, clocks[core.White].end())
	clocks[core.White].spend(tc, 4*time.Second)
	assert.Equal(t, 14*time.Second, clocks[core.White].left)
	assert.Equal(t, 7*time.Second, clocks[core.White].end())
	assert.Equal(t, 10*time.Second, clocks[core.Black].end(), "no move, no control passed")
	sd := TimeControl{Base: 5 * time.Second, Inc: 100 * time.Millisecond}
	c := clock{left: sd.Base}
	c.spend(sd, time.Second)
	assert.Equal(t, 4100*time.Millisecond, c.end())

	for _, bad := range []string{"", "x", "40/", "0/10", "10+", "10+x", "-1", "1:x", "0", "0+0"} {
		_, err := ParseTimeControl(bad)
		assert.Error(t, err, "%q", bad)
	}
	tc, err = ParseTimeControl("1:30")
	require.NoError(t, err)
	assert.Equal(t, 90*time.Second, tc.Base)
}
