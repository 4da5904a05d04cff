package main

import (
	"math"

	"github.com/gambit-chess/gambit/search"
)

// vector is the weights being fitted, middlegame and endgame values in
// the order of search.EvalWeights.
type vector struct{ mg, eg []float64 }

// newVector returns the values of ws.
func newVector(ws []search.EvalWeight) vector {
	v := vector{make([]float64, len(ws)), make([]float64, len(ws))}
	for i, w := range ws {
		v.mg[i], v.eg[i] = float64(w.MG), float64(w.EG)
	}
	return v
}

// round rounds every value to a centipawn.
func (v vector) round() {
	for i := range v.mg {
		v.mg[i], v.eg[i] = math.Round(v.mg[i]), math.Round(v.eg[i])
	}
}

// weights returns ws with v's values (rounded).
func (v vector) weights(ws []search.EvalWeight) []search.EvalWeight {
	out := make([]search.EvalWeight, len(ws))
	for i, w := range ws {
		w.MG, w.EG = int(math.Round(v.mg[i])), int(math.Round(v.eg[i]))
		out[i] = w
	}
	return out
}

// eval returns position i's evaluation for White with the weights w.
func (s *samples) eval(i int, w vector) float64 {
	var mg, eg float64
	for j := s.start[i]; j < s.start[i+1]; j++ {
		c := float64(s.coef[j])
		mg += c * w.mg[s.idx[j]]
		eg += c * w.eg[s.idx[j]]
	}
	return mg*s.mg[i] + eg*s.eg[i]
}

// sigmoid is the expected result for White of an evaluation e with the
// scale k: 1/(1+10^(-k*e/400)).
func sigmoid(k, e float64) float64 {
	return 1 / (1 + math.Exp(-k*e*math.Ln10/400))
}

// loss returns the mean squared gap between the results and the
// expected results of the evaluations with w and k (NaN without any
// position).
func (s *samples) loss(w vector, k float64) float64 {
	if len(s.result) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for i, r := range s.result {
		d := r - sigmoid(k, s.eval(i, w))
		sum += d * d
	}
	return sum / float64(len(s.result))
}

// fitK returns the scale K that minimises the loss with w, by golden
// section search over 0 to 10.
func fitK(s *samples, w vector) float64 {
	evals := make([]float64, len(s.result))
	for i := range evals {
		evals[i] = s.eval(i, w)
	}
	loss := func(k float64) float64 {
		sum := 0.0
		for i, r := range s.result {
			d := r - sigmoid(k, evals[i])
			sum += d * d
		}
		return sum
	}
	phi := (math.Sqrt(5) - 1) / 2
	lo, hi := 0.0, 10.0
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	la, lb := loss(a), loss(b)
	for range 80 {
		if la <= lb {
			hi, b, lb = b, a, la
			a = hi - phi*(hi-lo)
			la = loss(a)
		} else {
			lo, a, la = a, b, lb
			b = lo + phi*(hi-lo)
			lb = loss(b)
		}
	}
	return (lo + hi) / 2
}

// Adam's constants, as its paper gives them.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// fit returns w after epochs steps of Adam over the whole of s, each of
// at most about rate centipawns per weight, minimising the loss plus l2
// times the sum of the squared changes of the weights in pawns (a pull
// back to w's values, against fitting the games rather than chess). It
// calls report, if not nil, after each step.
func fit(s *samples, w vector, k float64, epochs int, rate, l2 float64, report func(epoch int, w vector)) vector {
	n := len(w.mg)
	w0 := w
	w = vector{append([]float64(nil), w.mg...), append([]float64(nil), w.eg...)}
	grad := vector{make([]float64, n), make([]float64, n)}
	m := vector{make([]float64, n), make([]float64, n)}
	v := vector{make([]float64, n), make([]float64, n)}
	// d loss / d eval = 2 (sigmoid - r) sigmoid (1 - sigmoid) k ln10/400, over the mean.
	scale := 2 * k * math.Ln10 / 400 / float64(len(s.result))
	for epoch := 1; epoch <= epochs; epoch++ {
		clear(grad.mg)
		clear(grad.eg)
		for i, r := range s.result {
			sg := sigmoid(k, s.eval(i, w))
			g := (sg - r) * sg * (1 - sg) * scale
			gm, ge := g*s.mg[i], g*s.eg[i]
			for j := s.start[i]; j < s.start[i+1]; j++ {
				c := float64(s.coef[j])
				grad.mg[s.idx[j]] += c * gm
				grad.eg[s.idx[j]] += c * ge
			}
		}
		for i := range n {
			grad.mg[i] += 2 * l2 * (w.mg[i] - w0.mg[i]) / 1e4
			grad.eg[i] += 2 * l2 * (w.eg[i] - w0.eg[i]) / 1e4
		}
		c1 := 1 - math.Pow(beta1, float64(epoch))
		c2 := 1 - math.Pow(beta2, float64(epoch))
		for _, p := range [][4][]float64{{w.mg, grad.mg, m.mg, v.mg}, {w.eg, grad.eg, m.eg, v.eg}} {
			x, g, mm, vv := p[0], p[1], p[2], p[3]
			for i := range x {
				mm[i] = beta1*mm[i] + (1-beta1)*g[i]
				vv[i] = beta2*vv[i] + (1-beta2)*g[i]*g[i]
				x[i] -= rate * (mm[i] / c1) / (math.Sqrt(vv[i]/c2) + epsilon)
			}
		}
		if report != nil {
			report(epoch, w)
		}
	}
	return w
}
