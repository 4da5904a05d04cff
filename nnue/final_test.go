package nnue_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

// Within the range of Stockfish 15.1's optimism (its search's
// 118*score/(|score|+169), of the root move's average score, stays within
// ±118), the optimism moves the final evaluation its way and never the
// other: Stockfish's scale less 754 is positive whatever the material,
// and the complexity stays positive. Any optimism gives a value within
// FinalBound.
func TestEvaluateFinalOptimism(t *testing.T) {
	net := network(t)
	ev := net.NewEvaluator()
	moved := 0
	for _, p := range gamePositions(t, 200, 5) {
		if p.HalfmoveClock() >= 195 {
			continue
		}
		prev := ev.EvaluateFinal(&p, -118)
		for _, opt := range []int{-100, -30, -1, 0, 1, 30, 100, 118} {
			v := ev.EvaluateFinal(&p, opt)
			assert.GreaterOrEqual(t, v, prev, "%s: optimism %d", p.FEN(), opt)
			if v != prev {
				moved++
			}
			prev = v
		}
		assert.Greater(t, ev.EvaluateFinal(&p, 100), ev.EvaluateFinal(&p, -100), p.FEN())
		for _, opt := range []int{math.MinInt, -nnue.FinalBound - 1, nnue.FinalBound + 1, math.MaxInt} {
			v := ev.EvaluateFinal(&p, opt)
			assert.LessOrEqual(t, v, nnue.FinalBound, p.FEN())
			assert.GreaterOrEqual(t, v, -nnue.FinalBound, p.FEN())
		}
	}
	assert.Positive(t, moved)
}

// The 50-move counter damps the final evaluation toward 0, and past 195
// reversible moves turns it over, as Stockfish 15.1's does.
func TestEvaluateFinalRule50(t *testing.T) {
	net := network(t)
	ev := net.NewEvaluator()
	const placement = "4k3/8/8/8/8/8/8/3QK3 w - - "
	at := func(clock string) int {
		p, err := core.ParseFEN(placement + clock + " 80")
		if err != nil {
			t.Fatal(err)
		}
		return ev.EvaluateFinal(&p, 0)
	}
	fresh, old, dead, over := at("0"), at("90"), at("195"), at("199")
	assert.Positive(t, fresh)
	assert.Less(t, old, fresh)
	assert.Positive(t, old)
	assert.Zero(t, dead)
	assert.Negative(t, over)
}
