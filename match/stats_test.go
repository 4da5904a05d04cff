package match_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/match"
)

// The reference values in these tests are fastchess's own unit tests
// (github.com/Disservin/fastchess, app/tests/elo_test.cpp and
// app/tests/sprt_test.cpp, commit 74deac23aadc), which check them to a
// relative 1 %; they are checked here to the same tolerance. fastchess
// writes Stats(wins, losses, draws) and Stats(LL, LD, WL, DD, WD, WW).

func TestEstimateWDLFastchess(t *testing.T) {
	for _, tc := range []struct {
		w, l, d              int
		nelo, nerr, elo, err float64
		los, score           float64
	}{
		{w: 76, l: 89, d: 123, nelo: -20.76, nerr: 40.13, los: 0.1553, score: 0.477},
		{w: 136, l: 96, d: 111, nelo: 49.77, nerr: 36.77, elo: 40.70, err: 30.43, los: 0.9960, score: 0.558},
		{w: 34, l: 356, d: 0, nelo: -508.44, nerr: 34.48, score: 0.087},
	} {
		t.Run(fmt.Sprintf("%d-%d-%d", tc.w, tc.d, tc.l), func(t *testing.T) {
			e := match.WDL{Wins: tc.w, Draws: tc.d, Losses: tc.l}.Estimate()
			assert.InEpsilon(t, tc.nelo, e.NElo, 0.01)
			assert.InEpsilon(t, tc.nerr, e.NError, 0.01)
			assert.InEpsilon(t, tc.score, e.Score, 0.01)
			if tc.elo != 0 {
				assert.InEpsilon(t, tc.elo, e.Elo, 0.01)
				assert.InEpsilon(t, tc.err, e.Error, 0.01)
			}
			if tc.los != 0 {
				// fastchess prints the LOS as a percentage with two decimals.
				assert.Equal(t, fmt.Sprintf("%.2f", tc.los*100), fmt.Sprintf("%.2f", e.LOS*100))
			}
		})
	}
}

func TestEstimatePentanomialFastchess(t *testing.T) {
	for _, tc := range []struct {
		p                    match.Pentanomial
		nelo, nerr, elo, err float64
		los, score           float64
	}{
		{p: match.Pentanomial{LL: 34, LD: 54, WL: 31, DD: 32, WD: 64, WW: 75}, nelo: 57.94, nerr: 28.28, elo: 55.58, err: 27.65, los: 1, score: 0.579},
		{p: match.Pentanomial{LL: 332, LD: 433, WL: 457, DD: 41, WD: 333, WW: 334}, nelo: -9.17, nerr: 10.96, elo: -8.64, err: 10.33, los: 0.0505, score: 0.488},
		{p: match.Pentanomial{LL: 7895, LD: 8757, WL: 5485, DD: 200, WD: 568, WW: 9999}, nelo: -19.01, nerr: 2.65, elo: -21.04, err: 2.95, los: 0, score: 0.470},
	} {
		t.Run(fmt.Sprint(tc.p), func(t *testing.T) {
			e := tc.p.Estimate()
			assert.InEpsilon(t, tc.nelo, e.NElo, 0.01)
			assert.InEpsilon(t, tc.nerr, e.NError, 0.01)
			assert.InEpsilon(t, tc.elo, e.Elo, 0.01)
			assert.InEpsilon(t, tc.err, e.Error, 0.01)
			assert.InEpsilon(t, tc.score, e.Score, 0.01)
			assert.Equal(t, fmt.Sprintf("%.2f", tc.los*100), fmt.Sprintf("%.2f", e.LOS*100))
		})
	}
}

func TestLLRFastchess(t *testing.T) {
	norm, logi := match.Normalized, match.Logistic
	for _, tc := range []struct {
		name       string
		model      match.Model
		elo0, elo1 float64
		wdl        *match.WDL
		p          match.Pentanomial
		llr        float64
	}{
		{name: "normalized trinomial 1", model: norm, elo0: 0, elo1: 2, wdl: &match.WDL{Wins: 36433, Losses: 36027, Draws: 68692}, llr: 0.92},
		{name: "normalized trinomial 2", model: norm, elo0: -1.75, elo1: 0.25, wdl: &match.WDL{Wins: 10871, Losses: 10650, Draws: 20431}, llr: 2.30},
		{name: "normalized trinomial 3", model: norm, elo0: 0, elo1: 10, wdl: &match.WDL{Wins: 4250}, llr: 120.56},
		{name: "logistic trinomial 1", model: logi, elo0: 0.5, elo1: 2.5, wdl: &match.WDL{Wins: 21404, Losses: 21184, Draws: 40708}, llr: -1.57},
		{name: "logistic trinomial 2", model: logi, elo0: 0, elo1: 2, wdl: &match.WDL{Wins: 57433, Losses: 57030, Draws: 106593}, llr: -2.59},
		{name: "normalized pentanomial 1", model: norm, elo0: 0, elo1: 2, p: match.Pentanomial{LL: 365, LD: 16618, WL: 36029, DD: 200, WD: 16974, WW: 390}, llr: 2.25},
		{name: "normalized pentanomial 2", model: norm, elo0: -1.75, elo1: 0.25, p: match.Pentanomial{LL: 127, LD: 4883, WL: 10311, DD: 401, WD: 5150, WW: 104}, llr: 3.01},
		{name: "normalized pentanomial 3", model: norm, elo0: 0, elo1: 5, p: match.Pentanomial{WW: 5550}, llr: 111.82},
		{name: "logistic pentanomial 1", model: logi, elo0: 0.5, elo1: 2.5, p: match.Pentanomial{LL: 223, LD: 9863, WL: 20279, DD: 1000, WD: 10037, WW: 246}, llr: -3.07},
		{name: "logistic pentanomial 2", model: logi, elo0: 0, elo1: 2, p: match.Pentanomial{LL: 871, LD: 26175, WL: 55003, DD: 980, WD: 26678, WW: 821}, llr: -4.98},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := match.SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05, Model: tc.model}
			require.NoError(t, s.Validate())
			var llr float64
			if tc.wdl != nil {
				llr = s.LLRWDL(*tc.wdl)
			} else {
				llr = s.LLR(tc.p)
			}
			assert.InEpsilon(t, tc.llr, llr, 0.01)
		})
	}
}

func TestSPRTBounds(t *testing.T) {
	// Wald's bounds for alpha = beta = 0.05: ±ln 19 = ±2.944, the
	// (-2.94, 2.94) that fishtest and OpenBench show.
	lo, hi := match.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	assert.InDelta(t, -2.944, lo, 0.001)
	assert.InDelta(t, 2.944, hi, 0.001)
	s := match.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}
	lo, hi = s.Bounds()
	assert.InDelta(t, -2.251, lo, 0.001)
	assert.InDelta(t, 2.890, hi, 0.001)
	assert.Equal(t, match.AcceptH1, s.Decide(2.9))
	assert.Equal(t, match.AcceptH0, s.Decide(-2.3))
	assert.Equal(t, match.Continue, s.Decide(0))
	for _, bad := range []match.SPRT{
		{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1},
		{Elo0: 0, Elo1: 5, Alpha: 0.6, Beta: 0.5},
	} {
		assert.ErrorIs(t, bad.Validate(), match.ErrSPRT, "%+v", bad)
	}
}

func TestEstimateEmptyAndPentanomialAdd(t *testing.T) {
	e := match.Pentanomial{}.Estimate()
	assert.Equal(t, 0.5, e.Score)
	assert.Equal(t, 0.0, e.Elo)
	var p match.Pentanomial
	for _, pr := range [][2]float64{{0, 0}, {0, 0.5}, {1, 0}, {0.5, 0.5}, {1, 0.5}, {1, 1}, {0.5, 1}} {
		p.Add(pr[0], pr[1])
	}
	assert.Equal(t, match.Pentanomial{LL: 1, LD: 1, WL: 1, DD: 1, WD: 2, WW: 1}, p)
	assert.InDelta(t, 0.999, match.EloToScore(match.ScoreToElo(0.999)), 1e-12)
	assert.InDelta(t, 100, match.ScoreToElo(match.EloToScore(100)), 1e-9)
}
