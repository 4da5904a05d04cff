package match

import (
	"errors"
	"fmt"
	"math"
)

// Model is the Elo model of the hypotheses of an SPRT.
type Model uint8

// The models.
const (
	// Normalized Elo: the score difference in standard deviations, as
	// fishtest and OpenBench use by default; its bounds hold whatever the
	// draw ratio.
	Normalized Model = iota
	// Logistic Elo: the classic Elo scale, 400·log10 of the odds.
	Logistic
)

// String returns "normalized" or "logistic".
func (m Model) String() string {
	if m == Logistic {
		return "logistic"
	}
	return "normalized"
}

// ParseModel reads "normalized" or "logistic".
func ParseModel(s string) (Model, error) {
	switch s {
	case "normalized", "":
		return Normalized, nil
	case "logistic":
		return Logistic, nil
	}
	return 0, fmt.Errorf("match: SPRT model %q: want normalized or logistic", s)
}

// Decision is the state of a sequential test.
type Decision uint8

// The decisions.
const (
	Continue Decision = iota // no bound crossed yet
	AcceptH0                 // the lower bound crossed: not elo1 better (elo0 holds)
	AcceptH1                 // the upper bound crossed: elo1 holds
)

// String returns "continue", "H0" or "H1".
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0"
	case AcceptH1:
		return "H1"
	}
	return "continue"
}

// SPRT is a generalized sequential probability ratio test (GSPRT) of
// H0: the Elo difference is Elo0 against H1: it is Elo1, with error rates
// Alpha (accepting H1 when H0 holds) and Beta (accepting H0 when H1
// holds), as fishtest, OpenBench and fastchess run it. The log-likelihood
// ratio is that of the maximum-likelihood multinomial distributions of
// the observed results under each hypothesis (Michel Van den Bergh,
// "Comparing the approximations for the generalized log likelihood ratio
// of a multinomial distribution" and "Comments on normalized Elo").
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       Model
}

// ErrSPRT means the test's parameters make no sense.
var ErrSPRT = errors.New("match: invalid SPRT")

// Validate checks elo0 < elo1 and 0 < alpha, beta, alpha+beta < 1.
func (s SPRT) Validate() error {
	switch {
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("%w: elo0 %g must be less than elo1 %g", ErrSPRT, s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("%w: alpha %g and beta %g must be between 0 and 1", ErrSPRT, s.Alpha, s.Beta)
	case s.Alpha+s.Beta >= 1:
		return fmt.Errorf("%w: alpha+beta %g must be less than 1", ErrSPRT, s.Alpha+s.Beta)
	}
	return nil
}

// Bounds returns the LLR bounds of the test: ln(beta/(1-alpha)) below,
// ln((1-beta)/alpha) above (Wald's approximation).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide returns the decision for llr.
func (s SPRT) Decide(llr float64) Decision {
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// regularize stands in for a count of zero, so that the empirical
// distribution has no empty cell (the convention of fishtest and
// fastchess).
func regularize(n int) float64 {
	if n == 0 {
		return 1e-3
	}
	return float64(n)
}

// LLR returns the log-likelihood ratio of pentanomial results, the way to
// run the test: the two games of an opening are one trial.
func (s SPRT) LLR(p Pentanomial) float64 {
	c := p.Counts()
	return s.llr([]float64{0, 0.25, 0.5, 0.75, 1}, c[:], math.Sqrt2)
}

// LLRWDL returns the log-likelihood ratio of game results, each game a
// trial (for games that are not played in pairs).
func (s SPRT) LLRWDL(w WDL) float64 {
	return s.llr([]float64{0, 0.5, 1}, []int{w.Losses, w.Draws, w.Wins}, 1)
}

// llr is the GSPRT log-likelihood ratio of counts of outcomes worth
// scores; nScale turns normalized Elo per game into the t value of one
// trial (√2 for a pair of games).
func (s SPRT) llr(scores []float64, counts []int, nScale float64) float64 {
	total := 0.0
	phat := make([]float64, len(counts))
	for i, c := range counts {
		phat[i] = regularize(c)
		total += phat[i]
	}
	for i := range phat {
		phat[i] /= total
	}
	var p0, p1 []float64
	if s.Model == Logistic {
		p0 = mleMean(scores, phat, EloToScore(s.Elo0))
		p1 = mleMean(scores, phat, EloToScore(s.Elo1))
	} else {
		p0 = mleNormalized(scores, phat, nScale*s.Elo0/nEloScale)
		p1 = mleNormalized(scores, phat, nScale*s.Elo1/nEloScale)
	}
	sum := 0.0
	for i := range phat {
		sum += phat[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// mleMean returns the distribution on scores closest to phat (in the
// Kullback-Leibler sense, the maximum-likelihood one) whose mean is mu:
// p_i = phat_i / (1 + θ(a_i - mu)), θ the root of Σ phat_i (a_i - mu) /
// (1 + θ(a_i - mu)) = 0.
func mleMean(scores, phat []float64, mu float64) []float64 {
	phi := make([]float64, len(scores))
	for i, a := range scores {
		phi[i] = a - mu
	}
	return tilt(phat, phi)
}

// mleNormalized returns the maximum-likelihood distribution on scores,
// given the empirical phat, whose normalized score difference
// (mu - 1/2)/sigma is t, by the fixed-point iteration of "Comments on
// normalized Elo", section 4.1, from the uniform distribution.
func mleNormalized(scores, phat []float64, t float64) []float64 {
	n := len(scores)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for range 100 {
		mu, v := 0.0, 0.0
		for i, a := range scores {
			mu += p[i] * a
		}
		for i, a := range scores {
			v += p[i] * (a - mu) * (a - mu)
		}
		sigma := math.Sqrt(v)
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - 0.5*t*sigma*(1+z*z)
		}
		next := tilt(phat, phi)
		diff := 0.0
		for i := range p {
			diff = math.Max(diff, math.Abs(next[i]-p[i]))
		}
		p = next
		if diff < 1e-12 {
			break
		}
	}
	return p
}

// tilt returns p_i = phat_i / (1 + θ·phi_i) with θ chosen so that
// Σ p_i·phi_i = 0, found by bisection on the interval where every
// 1 + θ·phi_i is positive. phi must have both signs.
func tilt(phat, phi []float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, f := range phi {
		switch {
		case f > 0:
			lo = math.Max(lo, -1/f)
		case f < 0:
			hi = math.Min(hi, -1/f)
		}
	}
	g := func(theta float64) float64 {
		s := 0.0
		for i, f := range phi {
			s += phat[i] * f / (1 + theta*f)
		}
		return s
	}
	// g decreases from +Inf at lo to -Inf at hi.
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	p := make([]float64, len(phat))
	for i, f := range phi {
		p[i] = phat[i] / (1 + theta*f)
	}
	return p
}
