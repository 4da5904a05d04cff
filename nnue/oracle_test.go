package nnue_test

import (
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
		compared, inCheck, failed := 0, 0, 0
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
			if p.SideToMove() == core.Black {
				v = -v
			}
			assert.Equal(t, tr.Eval, v, "%s: Evaluate against Trace", fen)
			compared++
			buckets[tr.Bucket]++
		}
		t.Logf("%s: %d positions compared, %d in check; by layer stack: %v", set.name, compared, inCheck, buckets)
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
