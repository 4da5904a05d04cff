package match

import (
	"encoding/json"
	"fmt"
	"math"
)

// z95 is the two-sided 95 % quantile of the standard normal distribution.
const z95 = 1.959963984540054

// nEloScale turns a normalized score difference (in standard deviations)
// into normalized Elo: 800/ln 10, the slope of the logistic Elo curve at
// a score of one half, times two.
var nEloScale = 800 / math.Ln10

// WDL counts the games of a player: wins, draws and losses.
type WDL struct {
	Wins, Draws, Losses int
}

// Games returns the number of games.
func (w WDL) Games() int { return w.Wins + w.Draws + w.Losses }

// Score returns the points per game, between 0 and 1; 0.5 with no game.
func (w WDL) Score() float64 {
	n := w.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(w.Wins) + 0.5*float64(w.Draws)) / float64(n)
}

// DrawRatio returns the share of drawn games, between 0 and 1.
func (w WDL) DrawRatio() float64 {
	if w.Games() == 0 {
		return 0
	}
	return float64(w.Draws) / float64(w.Games())
}

// Estimate returns the Elo estimate of the counts, each game an
// independent trial.
func (w WDL) Estimate() Estimate {
	return estimate([]float64{0, 0.5, 1}, []int{w.Losses, w.Draws, w.Wins}, 1)
}

// Pentanomial counts game pairs (the two games of an opening, one with
// each colour) by the points the player scored in the pair: LL is 0, LD
// 0.5, WL and DD 1, WD 1.5, WW 2.
type Pentanomial struct {
	LL, LD, WL, DD, WD, WW int
}

// Pairs returns the number of pairs.
func (p Pentanomial) Pairs() int { return p.LL + p.LD + p.WL + p.DD + p.WD + p.WW }

// Counts returns the five counts from 0 to 2 points, WL and DD together.
func (p Pentanomial) Counts() [5]int { return [5]int{p.LL, p.LD, p.WL + p.DD, p.WD, p.WW} }

// Add counts one pair whose games gave the player a and b points (0, 0.5
// or 1 each).
func (p *Pentanomial) Add(a, b float64) {
	switch a + b {
	case 0:
		p.LL++
	case 0.5:
		p.LD++
	case 1:
		if a == 0.5 {
			p.DD++
		} else {
			p.WL++
		}
	case 1.5:
		p.WD++
	case 2:
		p.WW++
	}
}

// Score returns the points per game, between 0 and 1; 0.5 with no pair.
func (p Pentanomial) Score() float64 {
	if p.Pairs() == 0 {
		return 0.5
	}
	c := p.Counts()
	return (0.25*float64(c[1]) + 0.5*float64(c[2]) + 0.75*float64(c[3]) + float64(c[4])) / float64(p.Pairs())
}

// Estimate returns the Elo estimate of the pairs, each pair an independent
// trial, which takes the correlation of an opening's two games into account.
func (p Pentanomial) Estimate() Estimate {
	c := p.Counts()
	return estimate([]float64{0, 0.25, 0.5, 0.75, 1}, c[:], 2)
}

// Estimate is the strength difference a match measured, from the point of
// view of the first player.
type Estimate struct {
	// Score is the points per game, between 0 and 1.
	Score float64
	// Elo is the logistic Elo difference, Error the half width of its 95 %
	// confidence interval.
	Elo, Error float64
	// NElo is the normalized Elo difference (the score difference in
	// standard deviations of a game pair, times 800/ln 10), NError the half
	// width of its 95 % confidence interval.
	NElo, NError float64
	// LOS is the likelihood of superiority: the probability, between 0 and
	// 1, that the first player is the stronger.
	LOS float64
}

// String is the estimate as match's progress lines print it, infinities
// and undefined values in words: "Elo 35.00 +/- 12.50  nElo 52.10 +/-
// 18.60  LOS 99.70%", "Elo +inf" after wins only, "LOS n/a".
func (e Estimate) String() string {
	return "Elo " + plusMinus(e.Elo, e.Error) + "  nElo " + plusMinus(e.NElo, e.NError) + "  LOS " + percent(e.LOS)
}

// plusMinus writes a value and the half width of its interval: "+inf"
// for an infinite value (no interval then), "n/a" for an undefined one,
// no interval when its width is undefined.
func plusMinus(v, err float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(err, 0):
		return fixed2(v) + " +/- inf"
	case math.IsNaN(err):
		return fixed2(v)
	}
	return fixed2(v) + " +/- " + fixed2(err)
}

// fixed2 writes v with two decimals, a value that rounds to zero as
// "0.00", never "-0.00".
func fixed2(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

// percent writes a probability as a percentage, or "n/a".
func percent(p float64) string {
	if math.IsNaN(p) || math.IsInf(p, 0) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f%%", p*100)
}

// estimate computes an Estimate from counts of outcomes worth scores
// (per game), each trial worth games games.
func estimate(scores []float64, counts []int, games int) Estimate {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return Estimate{Score: 0.5, LOS: 0.5}
	}
	// The points are summed before the division: the scores are
	// multiples of a quarter, so the sum is exact and an even score is
	// exactly one half.
	points := 0.0
	for i, c := range counts {
		points += scores[i] * float64(c)
	}
	mu := points / float64(n)
	variance := 0.0
	for i, c := range counts {
		d := scores[i] - mu
		variance += float64(c) / float64(n) * d * d
	}
	perTrial := variance / float64(n)
	hi, lo := mu+z95*math.Sqrt(perTrial), mu-z95*math.Sqrt(perTrial)
	e := Estimate{
		Score: mu,
		Elo:   ScoreToElo(mu),
		Error: (ScoreToElo(hi) - ScoreToElo(lo)) / 2,
	}
	// The per-game standard deviation of a trial of games games.
	sd := math.Sqrt(float64(games) * variance)
	if sd > 0 {
		e.NElo = (mu - 0.5) / sd * nEloScale
		e.NError = z95 * math.Sqrt(perTrial) / sd * nEloScale
		e.LOS = (1 + math.Erf((mu-0.5)/math.Sqrt(2*perTrial))) / 2
	} else {
		switch {
		case mu > 0.5:
			e.LOS = 1
		case mu < 0.5:
			e.LOS = 0
		default:
			e.LOS = 0.5
		}
	}
	return e
}

// ScoreToElo returns the logistic Elo difference that gives score points
// per game: -400·log10(1/score - 1); ±Inf at 0 and 1, and 0 (not the
// negative zero of the formula) at one half.
func ScoreToElo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	case score == 0.5:
		return 0
	}
	return -400 * math.Log10(1/score-1)
}

// EloToScore returns the expected points per game of a player elo
// logistic Elo stronger than its opponent.
func EloToScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// MarshalJSON writes the estimate with null for the infinite Elo of a
// perfect or a zero score, which JSON cannot hold.
func (e Estimate) MarshalJSON() ([]byte, error) {
	num := func(f float64) *float64 {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil
		}
		return &f
	}
	return json.Marshal(struct {
		Score, Elo, Error, NElo, NError, LOS *float64
	}{num(e.Score), num(e.Elo), num(e.Error), num(e.NElo), num(e.NError), num(e.LOS)})
}
