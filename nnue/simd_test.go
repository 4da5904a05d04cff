package nnue_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

// simdSets are the SIMD kernel sets and the CPU features each needs.
var simdSets = []struct {
	k     nnue.Kernels
	needs string
}{
	{nnue.AVX2, "amd64 with AVX2, built without nnue_purego"},
	{nnue.AVX512, "amd64 with AVX2, AVX512F and AVX512BW, built without nnue_purego"},
	{nnue.AVX512VNNI, "amd64 with AVX2, AVX512F, AVX512BW and AVX512VNNI, built without nnue_purego"},
}

// forEachSIMD runs test for each SIMD kernel set with an Evaluator of it
// and a pure-Go one; a set the CPU or build lacks is skipped, by name.
func forEachSIMD(t *testing.T, test func(t *testing.T, simd, pure *nnue.Evaluator)) {
	net := network(t)
	for _, s := range simdSets {
		t.Run(s.k.String(), func(t *testing.T) {
			if !s.k.Available() {
				t.Skipf("%v kernels not available: they need %s", s.k, s.needs)
			}
			simd, pure := net.NewEvaluator(), net.NewEvaluator()
			require.NoError(t, simd.SetKernels(s.k))
			require.NoError(t, pure.SetKernels(nnue.PureGo))
			test(t, simd, pure)
		})
	}
}

func TestKernels(t *testing.T) {
	assert.Equal(t, "pure Go", nnue.PureGo.String())
	assert.Equal(t, "AVX2", nnue.AVX2.String())
	assert.Equal(t, "AVX-512", nnue.AVX512.String())
	assert.Equal(t, "AVX-512 VNNI", nnue.AVX512VNNI.String())
	assert.Equal(t, "Kernels(9)", nnue.Kernels(9).String())
	assert.True(t, nnue.PureGo.Available())
	assert.False(t, nnue.Kernels(9).Available())
	best := nnue.BestKernels()
	assert.True(t, best.Available())
	for _, s := range simdSets {
		if s.k.Available() {
			assert.GreaterOrEqual(t, best, s.k, "the best kernels are the widest available")
		}
	}

	ev := network(t).NewEvaluator()
	assert.Equal(t, best, ev.Kernels())
	err := ev.SetKernels(nnue.Kernels(9))
	require.ErrorIs(t, err, nnue.ErrKernels)
	assert.Contains(t, err.Error(), "Kernels(9)")
	assert.Equal(t, best, ev.Kernels(), "a refused set changes nothing")
	require.NoError(t, ev.SetKernels(nnue.PureGo))
	assert.Equal(t, nnue.PureGo, ev.Kernels())
}

// The SIMD kernels give the pure-Go numbers, bit for bit: both
// perspectives' accumulators and PSQT sums, the transformer's output,
// every layer's, the evaluation and the whole trace (whose piece values
// refresh the accumulators once a piece), on the held test positions:
// real games, random games (half from Chess960 starts), random
// placements of every piece count and the Chess960 start positions.
func TestKernelsAgreeFromScratch(t *testing.T) {
	ps := gamePositions(t, 300, 7)
	ps = append(ps, randomGamePositions(t, 150, 5)...)
	ps = append(ps, placedPositions(t, 4, 9)...)
	ps = append(ps, chess960Starts(t)...)
	forEachSIMD(t, func(t *testing.T, simd, pure *nnue.Evaluator) {
		var ts, tp nnue.Trace
		for i := range ps {
			p := &ps[i]
			fen := p.FEN()
			require.Equal(t, pure.Evaluate(p), simd.Evaluate(p), fen)
			require.Equal(t, nnue.LastState(pure), nnue.LastState(simd), fen)
			require.NoError(t, pure.Trace(p, &tp))
			require.NoError(t, simd.Trace(p, &ts))
			require.Equal(t, tp, ts, fen)
		}
	})
}

// Followed through random games (half from Chess960 starts), with
// excursions of a few moves and null moves taken back, the SIMD kernels'
// incremental accumulators and evaluations are the pure-Go ones at every
// ply, and the ones from scratch.
func TestKernelsAgreeIncremental(t *testing.T) {
	starts := chess960Starts(t)
	forEachSIMD(t, func(t *testing.T, simd, pure *nnue.Evaluator) {
		rng := rand.New(rand.NewPCG(7, 7))
		var ml core.MoveList
		check := func(p *core.Position, what string) {
			t.Helper()
			require.Equal(t, nnue.IncrementalState(pure), nnue.IncrementalState(simd), "%s: %s", what, p.FEN())
			require.Equal(t, pure.EvaluateIncremental(p), simd.EvaluateIncremental(p), "%s: %s", what, p.FEN())
			require.Equal(t, nnue.LastState(pure), nnue.LastState(simd), "%s: %s", what, p.FEN())
			require.True(t, nnue.IncrementalIsScratch(simd, p), "%s: %s", what, p.FEN())
		}
		plies := 0
		for game := range 16 {
			p := core.StartPosition()
			if game%2 == 1 {
				p = starts[rng.IntN(len(starts))]
			}
			require.NoError(t, simd.Reset(&p))
			require.NoError(t, pure.Reset(&p))
			check(&p, "reset")
			for ply := 0; ply < 200; ply++ {
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(rng.IntN(ml.Len()))
				p.MakeMove(m)
				simd.Push(&p, m)
				pure.Push(&p, m)
				check(&p, p.UCI(m))
				plies++
				if ply%8 == 3 {
					both := func(q *core.Position, what string) { check(q, what) }
					excursion(t, rng, &p, both, simd, pure)
					check(&p, "after an excursion")
				}
			}
		}
		assert.Greater(t, plies, 1000)
	})
}

// On arbitrary accumulators (any int16s, any PSQT sums: clipping at both
// ends, products at their largest, layer sums of any size) and arbitrary
// updates of them (up to 32 features added and subtracted, wrapping),
// the best SIMD kernels compute what pure Go does, bit for bit.
func FuzzKernelsAgree(f *testing.F) {
	f.Add([]byte{0}, false, uint8(0), []byte{0, 0, 1, 0}, uint8(1))
	f.Add([]byte{0xff, 0x7f}, true, uint8(7), []byte{0xff, 0xff, 0x12, 0x34, 0x56, 0x78}, uint8(2))
	f.Add([]byte{0x00, 0x80}, false, uint8(3), []byte{1, 2, 3, 4, 5, 6, 7, 8}, uint8(0))
	f.Add([]byte{0x7f, 0x00, 0x7f, 0x00, 0x01, 0x00}, true, uint8(5), []byte{9, 9, 9, 9}, uint8(2))
	f.Add([]byte{0x3f, 0x00, 0xc8, 0x00, 0x40, 0x00, 0x90, 0x01}, false, uint8(6), []byte{}, uint8(0))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		data := make([]byte, 64+rng.IntN(512))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		feats := make([]byte, 2*rng.IntN(33))
		for i := range feats {
			feats[i] = byte(rng.Uint32())
		}
		f.Add(data, rng.IntN(2) == 0, uint8(rng.IntN(8)), feats, uint8(rng.IntN(33)))
	}
	net := network(f)
	best := nnue.BestKernels()
	f.Fuzz(func(t *testing.T, data []byte, black bool, bucket uint8, featBytes []byte, nadd uint8) {
		if best == nnue.PureGo {
			t.Skipf("no SIMD kernels available: they need %s", simdSets[0].needs)
		}
		simd, pure := net.NewEvaluator(), net.NewEvaluator()
		require.NoError(t, simd.SetKernels(best))
		require.NoError(t, pure.SetKernels(nnue.PureGo))
		stm := core.White
		if black {
			stm = core.Black
		}
		b := int(bucket) % nnue.Buckets
		sp, ss := nnue.EvaluateAccumulators(simd, data, stm, b)
		pp, ps := nnue.EvaluateAccumulators(pure, data, stm, b)
		assert.Equal(t, pp, sp, "psqt")
		assert.Equal(t, ps, ss, "positional")
		require.Equal(t, nnue.LastState(pure), nnue.LastState(simd))

		var feats []int
		for i := 0; i+1 < len(featBytes) && len(feats) < 32; i += 2 {
			feats = append(feats, int(featBytes[i])|int(featBytes[i+1])<<8)
		}
		n := min(int(nadd), len(feats))
		require.Equal(t, nnue.Update(pure, data, stm, feats, n), nnue.Update(simd, data, stm, feats, n))
	})
}
