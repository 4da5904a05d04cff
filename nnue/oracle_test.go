package nnue_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

// oracleSize is the number of real-game positions the oracle test
// compares (every 7th position of the games, or closer for a larger
// sample): GAMBIT_NNUE_ORACLE_N (make nnue-oracle), else 200. Half as
// many random-game positions and a sixtieth as many placed positions of
// each piece count (at least 2) come with them.
func oracleSize(t *testing.T) int {
	n := 200
	if s := os.Getenv("GAMBIT_NNUE_ORACLE_N"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err, "GAMBIT_NNUE_ORACLE_N")
	}
	return n
}

// Every number Stockfish 15.1's eval prints of its network is gambit's:
// the derived value of each piece, each layer stack's material,
// positional and total terms, and the NNUE evaluation, text for text, on
// real games' positions, random games' (half from Chess960 starts, to the
// ends of games) and random placements of every piece count from 2 to 32.
// Stockfish prints nothing of the network in check; there it must say so.
// The final evaluation (EvaluateFinal, optimism 0) is Stockfish's "Final
// evaluation" line, text for text, except where Stockfish may have used
// its classical evaluation (mayUseClassical); where it must have
// (mustUseClassical), its final line is its classical evaluation damped.
func TestOracleStockfish(t *testing.T) {
	n := oracleSize(t)
	net := network(t)
	o := startOracle(t)
	sets := []struct {
		name string
		ps   []core.Position
	}{
		{"games", gamePositions(t, n, max(1, min(7, 24000/n)))},
		{"random games", randomGamePositions(t, n/2, 1)},
		{"placed", placedPositions(t, max(2, n/60), 2)},
	}
	ev := net.NewEvaluator()
	t.Logf("kernels: %v (the fastest this CPU and build run)", ev.Kernels())
	var tr nnue.Trace
	for _, set := range sets {
		compared, inCheck, failed, classical, must, finals, damped := 0, 0, 0, 0, 0, 0, 0
		buckets := map[int]int{}
		for i := range set.ps {
			p := &set.ps[i]
			fen := p.FEN()
			out := o.eval(t, fen)
			if p.InCheck() {
				assert.Equal(t, "Final evaluation: none (in check)", out[len(out)-1], fen)
				inCheck++
				continue
			}
			want := nnueLines(out)
			require.Len(t, want, 42, "%s: Stockfish's eval output: %q", fen, out)
			require.NoError(t, ev.Trace(p, &tr))
			lines := strings.Split(tr.String(), "\n")
			got := append(lines[:41:41], lines[42])
			if !assert.Equal(t, want, got, fen) {
				if failed++; failed >= 5 {
					t.FailNow()
				}
			}
			v := ev.Evaluate(p)
			final := ev.EvaluateFinal(p, 0)
			if p.SideToMove() == core.Black {
				v, final = -v, -final
			}
			assert.Equal(t, tr.Eval, v, "%s: Evaluate against Trace", fen)
			assert.Equal(t, tr.Final, final, "%s: EvaluateFinal against Trace", fen)
			gotFinal, wantFinal := nnue.FormatFinal(tr.Final), out[len(out)-1]
			if gotFinal != wantFinal {
				// Stockfish may have used its classical evaluation: then
				// the position must be able to be that lopsided.
				if !assert.True(t, mayUseClassical(p), "%s: final evaluation", fen) {
					assert.Equal(t, wantFinal, gotFinal, fen)
				}
				classical++
			} else {
				finals++
				if p.HalfmoveClock() > 0 {
					damped++
				}
			}
			if mustUseClassical(p) {
				assertClassicalFinal(t, out, p.HalfmoveClock(), fen)
				must++
			}
			compared++
			buckets[tr.Bucket]++
		}
		t.Logf("%s: %d positions compared, %d in check; final evaluation equal on %d (%d with a 50-move counter above 0), "+
			"classical on %d (%d certain); by layer stack: %v",
			set.name, compared, inCheck, finals, damped, classical, must, buckets)
		assert.Greater(t, finals, compared/3, "%s: final evaluations compared", set.name)
		assert.Greater(t, compared, len(set.ps)*3/4, set.name)
	}
}

// Evaluate allocates nothing, through an Evaluator or the network's pool,
// nor do Trace and the incremental path once its stack is deep enough.
func TestEvaluateAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	net := network(t)
	ev := net.NewEvaluator()
	ps := gamePositions(t, 20, 11)
	var tr nnue.Trace
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			ev.Evaluate(&ps[i])
			net.Evaluate(&ps[i])
			ev.EvaluateFinal(&ps[i], 50)
			net.EvaluateFinal(&ps[i], -50)
			if err := ev.Trace(&ps[i], &tr); err != nil {
				t.Fatal(err)
			}
		}
	})
	assert.Zero(t, allocs)

	p := core.StartPosition()
	var ml core.MoveList
	allocs = testing.AllocsPerRun(10, func() {
		if err := ev.Reset(&p); err != nil {
			t.Fatal(err)
		}
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			ev.Push(&p, m)
			ev.EvaluateIncremental(&p)
			ev.EvaluateFinalIncremental(&p, 30)
			p.UnmakeMove(m, u)
			ev.Pop()
		}
	})
	assert.Zero(t, allocs)
}

// Positions the network cannot read are an error, and evaluate to 0.
func TestCheckPosition(t *testing.T) {
	net := network(t)
	for _, c := range []struct {
		variant core.Variant
		fen     string
	}{
		{core.Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
		{core.Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1"},
	} {
		p, err := core.ParseVariantFEN(c.variant, c.fen)
		require.NoError(t, err)
		assert.ErrorIs(t, nnue.CheckPosition(&p), nnue.ErrPosition, c.fen)
		assert.Zero(t, net.Evaluate(&p))
		assert.Zero(t, net.EvaluateFinal(&p, 0))
		var tr nnue.Trace
		assert.ErrorIs(t, net.Trace(&p, &tr), nnue.ErrPosition)
	}
	p := core.StartPosition()
	assert.NoError(t, nnue.CheckPosition(&p))
}

// Network.Evaluate and Network.Trace are safe for concurrent use, and give
// each goroutine an Evaluator's numbers.
func TestNetworkConcurrent(t *testing.T) {
	net := network(t)
	ps := gamePositions(t, 40, 5)
	want := make([]int, len(ps))
	ev := net.NewEvaluator()
	for i := range ps {
		want[i] = ev.Evaluate(&ps[i])
	}
	var wg sync.WaitGroup
	got := make([][]int, 4)
	for g := range got {
		got[g] = make([]int, len(ps))
		wg.Go(func() {
			var tr nnue.Trace
			for i := range ps {
				p := ps[i] // each goroutine its own copy: Position caches
				got[g][i] = net.Evaluate(&p)
				if err := net.Trace(&p, &tr); err != nil {
					panic(err)
				}
			}
		})
	}
	wg.Wait()
	for g := range got {
		assert.Equal(t, want, got[g])
	}
}

// psqBonusEg bounds, for each piece type, the endgame square bonus that
// Stockfish 15.1's classical piece-square score adds to a piece's
// endgame value: the least and the greatest of its table (psqt.cpp),
// read off to bound that score, not to compute it.
var psqBonusEg = [7][2]int{
	core.Pawn:   {-18, 30},
	core.Knight: {-100, 39},
	core.Bishop: {-40, 12},
	core.Rook:   {-13, 20},
	core.Queen:  {-74, 24},
	core.King:   {1, 199},
}

// sfValueEg is Stockfish 15.1's endgame value of each piece type.
var sfValueEg = [7]int{core.Pawn: 208, core.Knight: 854, core.Bishop: 915, core.Rook: 1380, core.Queen: 2682}

// psqBounds returns the least and the greatest Stockfish 15.1's
// classical endgame piece-square score of p (White's view) can be.
func psqBounds(p *core.Position) (lo, hi int) {
	for t := core.Pawn; t <= core.King; t++ {
		w, b := p.Pieces(core.White, t).Count(), p.Pieces(core.Black, t).Count()
		v, minB, maxB := sfValueEg[t], psqBonusEg[t][0], psqBonusEg[t][1]
		lo += w*(v+minB) - b*(v+maxB)
		hi += w*(v+maxB) - b*(v+minB)
	}
	return lo, hi
}

// classicalPieces and classicalPSQ are Stockfish 15.1's condition for its
// classical evaluation: more than 7 pieces and a classical endgame
// piece-square score beyond 1760 either way.
const (
	classicalPieces = 7
	classicalPSQ    = 1760
)

// mayUseClassical reports whether Stockfish 15.1 can have evaluated p
// with its classical evaluation: whether its condition holds for some
// score within psqBounds.
func mayUseClassical(p *core.Position) bool {
	lo, hi := psqBounds(p)
	return p.Occupied().Count() > classicalPieces && (hi > classicalPSQ || lo < -classicalPSQ)
}

// mustUseClassical reports whether Stockfish 15.1 evaluated p with its
// classical evaluation: whether its condition holds for every score
// within psqBounds.
func mustUseClassical(p *core.Position) bool {
	lo, hi := psqBounds(p)
	return p.Occupied().Count() > classicalPieces && (lo > classicalPSQ || hi < -classicalPSQ)
}

// assertClassicalFinal checks that Stockfish's final line is its
// classical evaluation damped by the 50-move counter, as 15.1 computes
// it for a lopsided position: that the final line is what one of the
// internal values its classical line rounds damps to.
func assertClassicalFinal(t *testing.T, out []string, rule50 int, fen string) {
	t.Helper()
	var classical float64
	var line, final string
	for _, l := range out {
		if strings.HasPrefix(l, "Classical evaluation ") {
			line = l
			_, err := fmt.Sscanf(l, "Classical evaluation %f", &classical)
			require.NoError(t, err, l)
		}
		if strings.HasPrefix(l, "Final evaluation ") {
			final = l
		}
	}
	require.NotEmpty(t, line, "%s: no classical evaluation in %q", fen, out)
	var could []string
	c := int(math.Round(classical * nnue.PawnValue))
	for v := c - 3; v <= c+3; v++ {
		if fmt.Sprintf("Classical evaluation   %+.2f (white side)", float64(v)/nnue.PawnValue) == line {
			could = append(could, nnue.FormatFinal(v*(195-rule50)/211))
		}
	}
	assert.Contains(t, could, final, "%s: classical %q", fen, line)
}
