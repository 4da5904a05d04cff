package match_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/match"
)

// pairModel gives game pairs of a known strength: each game independent,
// won, drawn or lost with the probabilities of a player elo logistic Elo
// stronger at the given draw ratio.
type pairModel struct {
	win, draw float64
}

func newPairModel(elo, draw float64) pairModel {
	s := match.EloToScore(elo)
	return pairModel{win: s - draw/2, draw: draw}
}

func (m pairModel) game(r *rand.Rand) float64 {
	x := r.Float64()
	switch {
	case x < m.win:
		return 1
	case x < m.win+m.draw:
		return 0.5
	}
	return 0
}

// nElo is the exact normalized Elo of the model's pairs.
func (m pairModel) nElo() float64 {
	g := []float64{m.win, m.draw, 1 - m.win - m.draw} // 1, 0.5, 0 points
	pts := []float64{1, 0.5, 0}
	mu, v := 0.0, 0.0
	for i := range g {
		for j := range g {
			mu += g[i] * g[j] * (pts[i] + pts[j]) / 2
		}
	}
	for i := range g {
		for j := range g {
			d := (pts[i]+pts[j])/2 - mu
			v += g[i] * g[j] * d * d
		}
	}
	return (mu - 0.5) / math.Sqrt(2*v) * 800 / math.Ln10
}

// run plays pairs until the test decides, looking at the LLR every look
// pairs, and returns the decision.
func run(r *rand.Rand, s match.SPRT, m pairModel, look int) match.Decision {
	var p match.Pentanomial
	for n := 1; n < 200000; n++ {
		p.Add(m.game(r), m.game(r))
		if n%look == 0 {
			if d := s.Decide(s.LLR(p)); d != match.Continue {
				return d
			}
		}
	}
	return match.Continue
}

// TestSPRTErrorRates runs thousands of seeded SPRTs on simulated pairs
// whose strength is exactly elo0 or elo1: H1 must be accepted at about
// alpha under H0, H0 at about beta under H1 (Wald's bounds make the rates
// a little lower than configured, the more so as the LLR is looked at
// less often).
func TestSPRTErrorRates(t *testing.T) {
	const runs = 1500
	r := rand.New(rand.NewPCG(15, 2026))
	logistic := match.SPRT{Elo0: 0, Elo1: 40, Alpha: 0.05, Beta: 0.05, Model: match.Logistic}
	m0, m1 := newPairModel(0, 0.4), newPairModel(40, 0.4)
	// Normalized bounds at exactly the models' normalized Elo.
	normalized := match.SPRT{Elo0: m0.nElo(), Elo1: newPairModel(30, 0.4).nElo(), Alpha: 0.05, Beta: 0.1, Model: match.Normalized}
	n1 := newPairModel(30, 0.4)
	for _, tc := range []struct {
		name  string
		s     match.SPRT
		truth pairModel
		wrong match.Decision
		rate  float64
	}{
		{"logistic H0 true", logistic, m0, match.AcceptH1, logistic.Alpha},
		{"logistic H1 true", logistic, m1, match.AcceptH0, logistic.Beta},
		{"normalized H0 true", normalized, m0, match.AcceptH1, normalized.Alpha},
		{"normalized H1 true", normalized, n1, match.AcceptH0, normalized.Beta},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wrong, undecided := 0, 0
			for range runs {
				switch run(r, tc.s, tc.truth, 2) {
				case tc.wrong:
					wrong++
				case match.Continue:
					undecided++
				}
			}
			rate := float64(wrong) / runs
			t.Logf("%s: wrong decision in %d of %d runs (%.3f, configured %.2f)", tc.name, wrong, runs, rate, tc.rate)
			assert.Zero(t, undecided)
			assert.Greater(t, rate, tc.rate*0.4, "far fewer errors than configured: the LLR is off")
			assert.Less(t, rate, tc.rate*1.3, "more errors than configured")
		})
	}
}
