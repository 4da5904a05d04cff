package match

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
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
