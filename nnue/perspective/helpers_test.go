package perspective_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// randomNetwork returns a network of hidden neurons with random weights,
// large enough that the clipped ReLU clips both ways.
func randomNetwork(t testing.TB, hidden int, seed uint64) *perspective.Network {
	t.Helper()
	n, err := perspective.New(hidden, perspective.DefaultQA, perspective.DefaultQB, perspective.DefaultScale)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range n.FeatureWeights() {
		n.FeatureWeights()[i] = int16(rng.IntN(161) - 80)
	}
	for i := range n.FeatureBias() {
		n.FeatureBias()[i] = int16(rng.IntN(201) - 50)
	}
	for i := range n.OutputWeights() {
		n.OutputWeights()[i] = int16(rng.IntN(257) - 128)
	}
	n.SetOutputBias(int32(rng.IntN(20001) - 10000))
	n.Description = "random test network"
	return n
}

// reference evaluates pos by the package documentation's formula, input
// by input, without the package's code.
func reference(n *perspective.Network, pos *core.Position) int {
	h := n.Hidden()
	qa, qb, scale := n.Quantisation()
	acc := [2][]int16{make([]int16, h), make([]int16, h)}
	for c := range 2 {
		copy(acc[c], n.FeatureBias())
		for sq := range core.Square(64) {
			pc := pos.PieceAt(sq)
			if pc == core.NoPiece {
				continue
			}
			s := int(sq)
			if c == 1 {
				s = int(sq) ^ 56
			}
			own := 0
			if int(pc.Color()) != c {
				own = 1
			}
			f := own*384 + (int(pc.Type())-1)*64 + s
			for i := range h {
				acc[c][i] += n.FeatureWeights()[f*h+i]
			}
		}
	}
	us := int(pos.SideToMove())
	sum := n.OutputBias()
	for p, c := range []int{us, 1 - us} {
		for i := range h {
			x := min(max(int32(acc[c][i]), 0), int32(qa))
			sum += x * int32(n.OutputWeights()[p*h+i])
		}
	}
	return int(int64(sum) * int64(scale) / int64(qa*qb))
}

// randomPositions returns positions of random games, from the start
// (even i) or a Chess960 start (odd i).
func randomPositions(t testing.TB, n int, seed uint64) []core.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	starts := chess960Starts(t)
	var ps []core.Position
	var ml core.MoveList
	for i := range n {
		p := core.StartPosition()
		if i%2 == 1 {
			p = starts[rng.IntN(len(starts))]
		}
		for range rng.IntN(200) {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(rng.IntN(ml.Len())))
		}
		ps = append(ps, p)
	}
	return ps
}
