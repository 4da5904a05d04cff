package perspective_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// wideNetwork returns a network of hidden neurons (a multiple of 64) with
// weights over the whole int16 range: the accumulators' sums wrap, the
// clamps bite at both ends and the output's int32 sum wraps, which the
// two arithmetics must do alike.
func wideNetwork(t testing.TB, hidden int, seed uint64) *perspective.Network {
	t.Helper()
	n, err := perspective.New(hidden, 30000, perspective.DefaultQB, perspective.DefaultScale)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 9))
	for _, s := range [][]int16{n.FeatureWeights(), n.FeatureBias(), n.OutputWeights()} {
		for i := range s {
			s[i] = int16(rng.IntN(65536) - 32768)
		}
	}
	n.SetOutputBias(int32(rng.Uint32()))
	return n
}

// The AVX2 kernels give pure Go's numbers, from scratch and through
// random games followed incrementally (castling, en passant, captures,
// promotions, null moves), on a network of the usual scale and on one
// whose sums wrap.
func TestSIMDIsPureGo(t *testing.T) {
	if !perspective.SIMDAvailable() {
		t.Skip("the AVX2 kernels need amd64 with AVX2, built without nnue_purego")
	}
	for name, n := range map[string]*perspective.Network{
		"usual":    randomNetwork(t, perspective.DefaultHidden, 31),
		"wrapping": wideNetwork(t, 128, 32),
	} {
		t.Run(name, func(t *testing.T) {
			simd, pure := n.NewEvaluator(), n.NewEvaluator()
			require.True(t, simd.SIMD(), "chosen by NewEvaluator")
			require.NoError(t, pure.SetSIMD(false))
			assert.False(t, pure.SIMD())
			rng := rand.New(rand.NewPCG(33, 33))
			starts := chess960Starts(t)
			var ml core.MoveList
			distinct := map[int]bool{}
			for game := range 20 {
				p := core.StartPosition()
				if game%2 == 1 {
					p = starts[rng.IntN(len(starts))]
				}
				simd.Reset(&p)
				pure.Reset(&p)
				for range 200 {
					p.LegalMoves(&ml)
					if ml.Len() == 0 {
						break
					}
					m := ml.At(rng.IntN(ml.Len()))
					p.MakeMove(m)
					simd.Push(&p, m)
					pure.Push(&p, m)
					want := pure.Evaluate(&p)
					require.Equal(t, want, simd.Evaluate(&p), p.FEN())
					require.Equal(t, want, pure.EvaluateIncremental(&p), p.FEN())
					require.Equal(t, want, simd.EvaluateIncremental(&p), p.FEN())
					distinct[want] = true
					if !p.InCheck() && rng.IntN(10) == 0 {
						u := p.MakeNullMove()
						simd.Push(&p, core.NoMove)
						require.Equal(t, pure.Evaluate(&p), simd.EvaluateIncremental(&p), p.FEN())
						simd.Pop()
						p.UnmakeNullMove(u)
					}
				}
			}
			assert.Greater(t, len(distinct), 200)
		})
	}
}

// SetSIMD refuses the kernels for a hidden layer they do not fit, and
// pure Go is always there.
func TestSetSIMD(t *testing.T) {
	ev := randomNetwork(t, 48, 34).NewEvaluator()
	assert.False(t, ev.SIMD(), "48 neurons: not a multiple of 64")
	assert.ErrorIs(t, ev.SetSIMD(true), perspective.ErrSIMD)
	assert.False(t, ev.SIMD())
	require.NoError(t, ev.SetSIMD(false))
	wide := randomNetwork(t, 64, 35).NewEvaluator()
	assert.Equal(t, perspective.SIMDAvailable(), wide.SIMD())
	if perspective.SIMDAvailable() {
		require.NoError(t, wide.SetSIMD(true))
	} else {
		assert.ErrorIs(t, wide.SetSIMD(true), perspective.ErrSIMD)
	}
}
