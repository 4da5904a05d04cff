package perspective_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

func chess960Starts(t testing.TB) []core.Position {
	t.Helper()
	return fentest.EPD(t, "../../testdata/perft/chess960.epd")
}

// Evaluate gives the documented formula's value, computed input by input,
// on positions of random games and on a few set ones.
func TestEvaluateIsTheFormula(t *testing.T) {
	n := randomNetwork(t, 64, 1)
	ev := n.NewEvaluator()
	ps := randomPositions(t, 200, 2)
	for _, fen := range []string{
		"8/8/8/8/8/8/8/K6k w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
		"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
	} {
		ps = append(ps, fentest.Position(t, fen))
	}
	distinct := map[int]bool{}
	for i := range ps {
		want := reference(n, &ps[i])
		require.Equal(t, want, ev.Evaluate(&ps[i]), ps[i].FEN())
		require.Equal(t, want, n.Evaluate(&ps[i]), ps[i].FEN())
		distinct[want] = true
	}
	assert.Greater(t, len(distinct), 100, "the random network tells the positions apart")
}

// The evaluation is the side to move's: a position and its colours
// swapped (the board turned over, the other side to move) evaluate alike.
func TestEvaluateMirror(t *testing.T) {
	n := randomNetwork(t, 32, 3)
	for _, pair := range [][2]string{
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3"},
		{"8/5k2/8/3Q4/8/8/2K5/8 b - - 0 1", "8/2k5/8/8/3q4/8/5K2/8 w - - 0 1"},
	} {
		a, b := fentest.Position(t, pair[0]), fentest.Position(t, pair[1])
		assert.Equal(t, n.Evaluate(&a), n.Evaluate(&b), pair[0])
	}
}

// Accumulators followed through random games (half from Chess960 starts:
// castling of every kind, en passant, promotions, captures) evaluate as
// from scratch at every ply, after null moves, and after excursions of a
// few moves made, pushed, unmade and popped.
func TestIncrementalIsScratch(t *testing.T) {
	n := randomNetwork(t, 48, 4)
	inc, scratch := n.NewEvaluator(), n.NewEvaluator()
	rng := rand.New(rand.NewPCG(5, 5))
	starts := chess960Starts(t)
	var ml core.MoveList
	kinds := map[string]int{}
	for game := range 40 {
		p := core.StartPosition()
		if game%2 == 1 {
			p = starts[rng.IntN(len(starts))]
		}
		inc.Reset(&p)
		require.Equal(t, scratch.Evaluate(&p), inc.EvaluateIncremental(&p))
		for ply := 0; ply < 250; ply++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			switch {
			case m.IsCastle():
				kinds["castle"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.IsPromotion():
				kinds["promotion"]++
			case m.IsCapture():
				kinds["capture"]++
			case m.Piece() == core.King:
				kinds["king"]++
			}
			p.MakeMove(m)
			inc.Push(&p, m)
			require.Equal(t, scratch.Evaluate(&p), inc.EvaluateIncremental(&p), "%s: %s", p.UCI(m), p.FEN())
			if ply%10 == 5 {
				excursion(t, rng, &p, inc, scratch)
				require.Equal(t, scratch.Evaluate(&p), inc.EvaluateIncremental(&p), "after an excursion: %s", p.FEN())
			}
		}
	}
	t.Logf("moves followed: %v", kinds)
	for _, k := range []string{"castle", "en passant", "promotion", "capture", "king"} {
		assert.Positive(t, kinds[k], k)
	}
}

// excursion makes up to four random moves (a null move when not in
// check, now and then), checking each, then unmakes and pops them.
func excursion(t *testing.T, rng *rand.Rand, p *core.Position, inc, scratch *perspective.Evaluator) {
	t.Helper()
	type step struct {
		m core.Move
		u core.Undo
	}
	var ml core.MoveList
	var steps []step
	for range 1 + rng.IntN(4) {
		if !p.InCheck() && rng.IntN(4) == 0 {
			u := p.MakeNullMove()
			inc.Push(p, core.NoMove)
			steps = append(steps, step{core.NoMove, u})
		} else {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			u := p.MakeMove(m)
			inc.Push(p, m)
			steps = append(steps, step{m, u})
		}
		require.Equal(t, scratch.Evaluate(p), inc.EvaluateIncremental(p), p.FEN())
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].m == core.NoMove {
			p.UnmakeNullMove(steps[i].u)
		} else {
			p.UnmakeMove(steps[i].m, steps[i].u)
		}
		inc.Pop()
	}
}

// Variants' positions are followed by recomputing: crazyhouse drops and
// atomic explosions evaluate as from scratch.
func TestIncrementalVariants(t *testing.T) {
	n := randomNetwork(t, 16, 6)
	inc, scratch := n.NewEvaluator(), n.NewEvaluator()
	rng := rand.New(rand.NewPCG(6, 6))
	var ml core.MoveList
	for _, v := range []core.Variant{core.Crazyhouse, core.Atomic} {
		for range 10 {
			p := fentest.Variant(t, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
			inc.Reset(&p)
			for range 80 {
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(rng.IntN(ml.Len()))
				p.MakeMove(m)
				inc.Push(&p, m)
				require.Equal(t, scratch.Evaluate(&p), inc.EvaluateIncremental(&p), "%v %s", v, p.FEN())
			}
		}
	}
}

// An Evaluator allocates nothing to evaluate from scratch, nor to follow
// a move and evaluate from the accumulators, once its stack is as deep
// as the line.
func TestNoAllocations(t *testing.T) {
	n := randomNetwork(t, perspective.DefaultHidden, 7)
	ev := n.NewEvaluator()
	p := fentest.Position(t, "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 8")
	var ml core.MoveList
	p.LegalMoves(&ml)
	ev.Reset(&p)
	sink := 0
	assert.Zero(t, testing.AllocsPerRun(100, func() { sink += ev.Evaluate(&p) }), "Evaluate")
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		for i := range ml.Len() {
			m := ml.At(i)
			u := p.MakeMove(m)
			ev.Push(&p, m)
			sink += ev.EvaluateIncremental(&p)
			p.UnmakeMove(m, u)
			ev.Pop()
		}
	}), "a move made, pushed, evaluated, unmade and popped")
	assert.Zero(t, testing.AllocsPerRun(100, func() { sink += n.Evaluate(&p) }), "Network.Evaluate")
	assert.NotZero(t, sink)
}

// EvaluateIncremental before any Reset evaluates from scratch, and Push
// and Pop do nothing.
func TestBeforeReset(t *testing.T) {
	n := randomNetwork(t, 8, 8)
	ev := n.NewEvaluator()
	p := core.StartPosition()
	m, err := p.ParseUCI("e2e4")
	require.NoError(t, err)
	p.MakeMove(m)
	ev.Push(&p, m)
	ev.Pop()
	assert.Equal(t, reference(n, &p), ev.EvaluateIncremental(&p))
}

func TestNewRanges(t *testing.T) {
	for _, c := range []struct{ h, qa, qb, scale int }{
		{0, 255, 64, 400}, {perspective.MaxHidden + 1, 255, 64, 400}, {8, 0, 64, 400},
		{8, 32768, 64, 400}, {8, 255, 0, 400}, {8, 255, 64, 0}, {8, 255, 64, 1<<20 + 1},
	} {
		_, err := perspective.New(c.h, c.qa, c.qb, c.scale)
		assert.Error(t, err, "%+v", c)
	}
	n, err := perspective.New(8, 255, 64, 400)
	require.NoError(t, err)
	assert.Equal(t, 8, n.Hidden())
	assert.Len(t, n.FeatureWeights(), perspective.Inputs*8)
	assert.Len(t, n.OutputWeights(), 16)
}
