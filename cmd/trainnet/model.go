package main

import (
	"math"
	"math/rand/v2"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// model is the float network that training fits: the same architecture
// as package perspective's (perspective.Inputs -> hidden x 2 -> 1, a
// clipped ReLU clamp(x, 0, 1)), whose output times perspective's Scale is
// the evaluation in centipawns. All its parameters sit in one slice, for
// Adam: w1 (Inputs rows of hidden), b1, w2 (the side to move's hidden,
// then the other's), b2.
type model struct {
	hidden int
	params []float32
	w1     []float32
	b1     []float32
	w2     []float32
	b2     []float32 // one
}

// newModel returns a model of hidden neurons, its weights drawn from rng:
// small enough that a position's sums start inside the ReLU's range.
func newModel(hidden int, rng *rand.Rand) *model {
	m := &model{hidden: hidden, params: make([]float32, perspective.Inputs*hidden+3*hidden+1)}
	m.split()
	for i := range m.w1 {
		m.w1[i] = float32(rng.Float64()*0.2 - 0.1)
	}
	for i := range m.b1 {
		m.b1[i] = 0.25
	}
	r := 1 / math.Sqrt(float64(hidden))
	for i := range m.w2 {
		m.w2[i] = float32((rng.Float64()*2 - 1) * r)
	}
	return m
}

// split sets the named parts of m.params.
func (m *model) split() {
	h, p := m.hidden, m.params
	m.w1, p = p[:perspective.Inputs*h], p[perspective.Inputs*h:]
	m.b1, p = p[:h], p[h:]
	m.w2, p = p[:2*h], p[2*h:]
	m.b2 = p[:1]
}

// The bounds the weights are kept in, so that the quantised network's
// int16 accumulators (32 inputs of at most 2*QA) and int32 output sum
// cannot overflow.
const (
	maxW1 = 1.98
	maxW2 = 1.98
)

// fitsQB reports whether the output weights times qb fit an int16 and
// the output's sum of 2*hidden products an int32.
func fitsQB(hidden, qb int) bool {
	return maxW2*float64(qb) <= math.MaxInt16 && 2*float64(hidden)*perspective.DefaultQA*maxW2*float64(qb) <= math.MaxInt32
}

// clip keeps the weights within their bounds.
func (m *model) clip() {
	for i, w := range m.w1 {
		m.w1[i] = min(max(w, -maxW1), maxW1)
	}
	for i, w := range m.b1 {
		m.b1[i] = min(max(w, -maxW1), maxW1)
	}
	for i, w := range m.w2 {
		m.w2[i] = min(max(w, -maxW2), maxW2)
	}
}

// accumulate sets acc to the transformer's sums of the inputs feats.
func (m *model) accumulate(acc []float32, feats []uint16, black bool) {
	h := m.hidden
	copy(acc, m.b1)
	for _, f := range feats {
		i := int(f)
		if black {
			i = blackFeature(i)
		}
		row := m.w1[i*h : i*h+h]
		for j := range acc {
			acc[j] += row[j]
		}
	}
}

// crelu is the clipped ReLU.
func crelu(x float32) float32 { return min(max(x, 0), 1) }

// forward returns the model's output (centipawns over Scale, the side to
// move's view) of a position's White inputs feats, with its
// accumulators in us and them (the side to move's, the other's).
func (m *model) forward(feats []uint16, black bool, us, them []float32) float32 {
	m.accumulate(us, feats, black)
	m.accumulate(them, feats, !black)
	h := m.hidden
	out := m.b2[0]
	w2us, w2them := m.w2[:h], m.w2[h:]
	for i := range us {
		out += crelu(us[i])*w2us[i] + crelu(them[i])*w2them[i]
	}
	return out
}

// evaluate returns the float evaluation of pos in centipawns (the side to
// move's view).
func (m *model) evaluate(pos *core.Position) float64 {
	var p positions = newPositions()
	p.add(pos, 0)
	us, them := make([]float32, m.hidden), make([]float32, m.hidden)
	return float64(m.forward(p.feats, p.black[0], us, them)) * perspective.DefaultScale
}

// quantise returns the network of perspective's format: w1 and b1 times
// QA (255), w2 times qb, b2 times QA*qb, rounded. The output weights are
// at most maxW2, so that maxW2*qb must fit an int16 and the output's sum,
// at most 2*H*QA*maxW2*qb, an int32 (fitsQB); a larger qb makes the
// rounding of the output weights finer.
func (m *model) quantise(description string, qb int) (*perspective.Network, error) {
	n, err := perspective.New(m.hidden, perspective.DefaultQA, qb, perspective.DefaultScale)
	if err != nil {
		return nil, err
	}
	const qa = perspective.DefaultQA
	qbf := float32(qb)
	round16 := func(x float32) int16 {
		return int16(min(max(math.Round(float64(x)), math.MinInt16), math.MaxInt16))
	}
	for i, w := range m.w1 {
		n.FeatureWeights()[i] = round16(w * qa)
	}
	for i, w := range m.b1 {
		n.FeatureBias()[i] = round16(w * qa)
	}
	for i, w := range m.w2 {
		n.OutputWeights()[i] = round16(w * qbf)
	}
	n.SetOutputBias(int32(math.Round(float64(m.b2[0]) * qa * float64(qb))))
	n.Description = description
	return n, nil
}
