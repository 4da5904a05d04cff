package match

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Infinite and undefined figures are printed in words.
func TestEstimateString(t *testing.T) {
	assert.Equal(t, "Elo 35.00 +/- 12.50  nElo 52.10 +/- 18.60  LOS 99.70%",
		Estimate{Elo: 35, Error: 12.5, NElo: 52.1, NError: 18.6, LOS: 0.997}.String())
	assert.Equal(t, "Elo +inf  nElo +inf  LOS 100.00%",
		Estimate{Elo: math.Inf(1), Error: math.NaN(), NElo: math.Inf(1), NError: math.NaN(), LOS: 1}.String())
	assert.Equal(t, "Elo -190.85 +/- inf  nElo n/a  LOS n/a",
		Estimate{Elo: -190.85, Error: math.Inf(1), NElo: math.NaN(), LOS: math.NaN()}.String())
	assert.Equal(t, "Elo 10.00  nElo -inf  LOS 0.00%",
		Estimate{Elo: 10, Error: math.NaN(), NElo: math.Inf(-1)}.String())
	// With no game an estimate is even.
	assert.Equal(t, "Elo 0.00 +/- 0.00  nElo 0.00 +/- 0.00  LOS 50.00%", estimate(nil, nil, 1).String())
}

// An even score is an Elo difference of 0, never a negative zero: in the
// line and in the JSON, by the WDL counts and by the pentanomial ones; a
// difference that rounds to zero prints as 0.00 too.
func TestEvenScoreIsZeroElo(t *testing.T) {
	for _, e := range []Estimate{
		WDL{Wins: 3, Draws: 5, Losses: 3}.Estimate(),
		WDL{Draws: 4}.Estimate(),
		WDL{Wins: 7, Draws: 1, Losses: 7}.Estimate(),
	} {
		assert.Equal(t, 0.5, e.Score)
		assert.False(t, math.Signbit(e.Elo), "Elo %v", e.Elo)
		assert.Regexp(t, `^Elo 0\.00( |$)`, e.String())
		data, err := json.Marshal(e)
		require.NoError(t, err)
		assert.Contains(t, string(data), `"Elo":0,`)
	}
	var p Pentanomial
	p.Add(1, 0)
	p.Add(0.5, 0.5)
	p.Add(0, 1)
	p.Add(1, 0.5)
	p.Add(0, 0.5)
	e := p.Estimate()
	assert.Equal(t, 0.5, e.Score)
	assert.False(t, math.Signbit(e.Elo))
	assert.Regexp(t, `^Elo 0\.00 `, e.String())
	assert.Equal(t, "Elo 0.00 +/- 0.00  nElo 0.00  LOS n/a", Estimate{Elo: -0.004, Error: -0.001, NElo: math.Copysign(0, -1), NError: math.NaN(), LOS: math.NaN()}.String())
}
