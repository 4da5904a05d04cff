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
