package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gambit-chess/gambit/nnue/perspective"
)

// shards is the number of parts a mini-batch is cut into. Each part's
// gradient is summed in a buffer of its own, in the part's order, and the
// parts' in theirs: the sums, and so the network, are the same whatever
// the number of goroutines (-j) that computes them.
const shards = 16

// trainer fits a model by mini-batch gradient descent with Adam, on the
// mean squared error between the model's expected score and the target.
type trainer struct {
	m      *model
	c      float32 // d(logit)/d(output): Scale*ln(10)/K
	jobs   int
	grads  [shards]*shard
	mom, v []float32 // Adam's moments
	step   int
	lr     float64
}

// shard is one part's buffers: its gradient and the accumulators.
type shard struct {
	g        []float32 // the gradient, laid out as model.params
	us, them []float32
	dus      []float32
	dthem    []float32
	loss     float64
}

func newTrainer(m *model, k float64, jobs int, lr float64) *trainer {
	t := &trainer{
		m:    m,
		c:    float32(perspective.DefaultScale * math.Ln10 / k),
		jobs: jobs,
		mom:  make([]float32, len(m.params)),
		v:    make([]float32, len(m.params)),
		lr:   lr,
	}
	for i := range t.grads {
		h := m.hidden
		t.grads[i] = &shard{g: make([]float32, len(m.params)),
			us: make([]float32, h), them: make([]float32, h), dus: make([]float32, h), dthem: make([]float32, h)}
	}
	return t
}

// sigmoid is the logistic function.
func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// predict returns the model's expected score for the side to move of
// position i of p, and its target from the side to move's view.
func (t *trainer) predict(p *positions, i int, s *shard) (out, pred, target float32) {
	black := p.black[i]
	out = t.m.forward(p.feats[p.start[i]:p.start[i+1]], black, s.us, s.them)
	pred = sigmoid(t.c * out)
	target = p.target[i]
	if black {
		target = 1 - target
	}
	return out, pred, target
}

// backward adds to s.g the gradient of position i's squared error,
// divided by n, with the accumulators forward left in s: sparse in w1,
// whose rows of the position's inputs alone are touched.
func (t *trainer) backward(p *positions, i int, s *shard, pred, target, n float32) {
	m, h := t.m, t.m.hidden
	g := 2 * (pred - target) * t.c * pred * (1 - pred) / n
	gw1 := s.g[:perspective.Inputs*h]
	gb1 := s.g[perspective.Inputs*h : perspective.Inputs*h+h]
	gw2 := s.g[perspective.Inputs*h+h : perspective.Inputs*h+3*h]
	s.g[len(s.g)-1] += g
	w2us, w2them := m.w2[:h], m.w2[h:]
	gw2us, gw2them := gw2[:h], gw2[h:]
	for j := range s.us {
		a, b := s.us[j], s.them[j]
		gw2us[j] += g * crelu(a)
		gw2them[j] += g * crelu(b)
		s.dus[j], s.dthem[j] = 0, 0
		if a > 0 && a < 1 {
			s.dus[j] = g * w2us[j]
		}
		if b > 0 && b < 1 {
			s.dthem[j] = g * w2them[j]
		}
		gb1[j] += s.dus[j] + s.dthem[j]
	}
	black := p.black[i]
	for _, f := range p.feats[p.start[i]:p.start[i+1]] {
		fw, fb := int(f), blackFeature(int(f))
		fus, fthem := fw, fb
		if black {
			fus, fthem = fb, fw
		}
		rus, rthem := gw1[fus*h:fus*h+h], gw1[fthem*h:fthem*h+h]
		for j := range rus {
			rus[j] += s.dus[j]
			rthem[j] += s.dthem[j]
		}
	}
}

// parallel runs f on each shard, the shards shared among t.jobs
// goroutines.
func (t *trainer) parallel(f func(k int, s *shard)) {
	var wg sync.WaitGroup
	next := make(chan int, shards)
	for k := range shards {
		next <- k
	}
	close(next)
	for range t.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				f(k, t.grads[k])
			}
		}()
	}
	wg.Wait()
}

// part returns shard k's share of the n items from lo.
func part(lo, n, k int) (int, int) {
	return lo + n*k/shards, lo + n*(k+1)/shards
}

// epoch trains one pass over p in the order of a permutation drawn from
// rng, in batches of batch positions, and returns the mean squared error
// seen on the way (each position's before its batch's step).
func (t *trainer) epoch(p *positions, batch int, rng *rand.Rand) float64 {
	order := rng.Perm(p.len())
	var sum float64
	for lo := 0; lo < len(order); lo += batch {
		idx := order[lo:min(lo+batch, len(order))]
		n := float32(len(idx))
		t.parallel(func(k int, s *shard) {
			a, b := part(0, len(idx), k)
			clear(s.g)
			s.loss = 0
			for _, i := range idx[a:b] {
				_, pred, target := t.predict(p, i, s)
				d := float64(pred - target)
				s.loss += d * d
				t.backward(p, i, s, pred, target, n)
			}
		})
		for _, s := range t.grads {
			sum += s.loss
		}
		t.apply()
	}
	return sum / float64(p.len())
}

// apply sums the shards' gradients in order and takes one Adam step.
func (t *trainer) apply() {
	g := t.grads[0].g
	for _, s := range t.grads[1:] {
		for i, x := range s.g {
			g[i] += x
		}
	}
	t.step++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	lr := float32(t.lr * math.Sqrt(1-math.Pow(b2, float64(t.step))) / (1 - math.Pow(b1, float64(t.step))))
	for i, x := range g {
		t.mom[i] = b1*t.mom[i] + (1-b1)*x
		t.v[i] = b2*t.v[i] + (1-b2)*x*x
		t.m.params[i] -= lr * t.mom[i] / (float32(math.Sqrt(float64(t.v[i]))) + eps)
	}
	t.m.clip()
}

// loss returns the mean squared error of the model on p.
func (t *trainer) loss(p *positions) float64 {
	if p.len() == 0 {
		return 0
	}
	t.parallel(func(k int, s *shard) {
		a, b := part(0, p.len(), k)
		s.loss = 0
		for i := a; i < b; i++ {
			_, pred, target := t.predict(p, i, s)
			d := float64(pred - target)
			s.loss += d * d
		}
	})
	var sum float64
	for _, s := range t.grads {
		sum += s.loss
	}
	return sum / float64(p.len())
}

// quantisedLoss returns the mean squared error of the quantised network
// n on p, through package perspective's evaluation, and the mean and the
// largest gap in centipawns between its evaluations and the float
// model's.
func quantisedLoss(n *perspective.Network, m *model, p *positions, k float64) (loss, meanGap, maxGap float64, err error) {
	if p.len() == 0 {
		return 0, 0, 0, nil
	}
	ev := n.NewEvaluator()
	us, them := make([]float32, m.hidden), make([]float32, m.hidden)
	for i := range p.len() {
		pos, err := p.position(i)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("position %d of the validation set: %w", i, err)
		}
		e := float64(ev.Evaluate(&pos))
		f := float64(m.forward(p.feats[p.start[i]:p.start[i+1]], p.black[i], us, them)) * perspective.DefaultScale
		gap := math.Abs(e - f)
		meanGap += gap
		maxGap = max(maxGap, gap)
		target := float64(p.target[i])
		if p.black[i] {
			target = 1 - target
		}
		d := expected(e, k) - target
		loss += d * d
	}
	return loss / float64(p.len()), meanGap / float64(p.len()), maxGap, nil
}
