package search

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/nnue"
)

// EvalFile loads Stockfish 15.1's network (exported by the installed
// Stockfish); the search's static evaluation is then the network's final
// evaluation (optimism 0) in centipawns (value*100/PawnValue), along
// moves and null moves made and unmade as the search does; a bad file keeps the network, empty puts
// the hand-written evaluation back.
func TestEvalFile(t *testing.T) {
	path := enginetest.StockfishNetwork(t)
	net, err := nnue.LoadFile(path)
	require.NoError(t, err)

	e := New()
	e.SetThreads(2)
	assert.Equal(t, []string{"evaluation: hand-written"}, e.Notes(true))
	assert.Nil(t, e.Notes(false))
	require.NoError(t, e.SetOption("EvalFile", path))
	want := "evaluation: NNUE " + path + " (Stockfish 15.1 format)"
	assert.Equal(t, []string{want}, e.Notes(false), "named on load")
	assert.Nil(t, e.Notes(false), "once")
	assert.Equal(t, []string{want}, e.Notes(true), "and at every isready")
	e.SetThreads(3)
	require.NotNil(t, e.w.nn)
	for _, h := range e.helpers {
		require.NotNil(t, h.w.nn, "every thread has an evaluator")
		assert.NotSame(t, e.w.nn, h.w.nn, "of its own")
	}

	// A walk of random moves, null moves among them, from a middlegame:
	// at each node the incremental final evaluation is the network's
	// from scratch, and so again after every unmake.
	w := e.w
	p, err := core.ParseFEN("r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13")
	require.NoError(t, err)
	w.pos = p
	w.startEval()
	require.True(t, w.useNN)
	checked := walk(w, rand.New(rand.NewPCG(7, 40)), 400, func() {
		assert.Equal(t, nnueScore(net.EvaluateFinal(&w.pos, 0)), w.evaluate(), "%s", w.pos.FEN())
	})
	assert.Greater(t, checked, 300)

	// A file that is not a network: an error naming it, and the network
	// stays.
	bad := filepath.Join(t.TempDir(), "bad.nnue")
	require.NoError(t, os.WriteFile(bad, []byte("not a network"), 0o600))
	err = e.SetOption("EvalFile", bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), bad)
	assert.ErrorIs(t, err, nnue.ErrFormat)
	assert.Equal(t, []string{want}, e.Notes(true))
	err = e.SetOption("EvalFile", filepath.Join(t.TempDir(), "missing.nnue"))
	require.Error(t, err)
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.Equal(t, []string{want}, e.Notes(true))

	// A search with the network: a legal move, and the score of depth 1
	// at a quiet position is the best of the network's values after each
	// move (quiescence finds no capture to change them).
	quiet, err := core.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	require.NoError(t, err)
	var last engine.Info
	best, _ := e.Search(context.Background(), engine.Request{Position: quiet, Start: quiet, Limits: engine.Limits{Depth: 1}},
		func(in engine.Info) { last = in })
	require.True(t, quiet.IsLegal(best))
	wantBest := -infinity
	var ml core.MoveList
	quiet.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		q := quiet
		q.MakeMove(m)
		wantBest = max(wantBest, -nnueScore(net.EvaluateFinal(&q, 0)))
	}
	require.NotNil(t, last.Score)
	assert.Equal(t, wantBest, last.Score.CP)

	// Three threads, each on its own accumulators over the shared
	// network (go test -race watches them).
	mid, err := core.ParseFEN("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
	require.NoError(t, err)
	best, _ = e.Search(context.Background(), engine.Request{Position: mid, Start: mid, Limits: engine.Limits{Depth: 5}},
		func(in engine.Info) { last = in })
	require.True(t, mid.IsLegal(best))
	for _, h := range e.helpers {
		assert.True(t, h.w.useNN)
		assert.Positive(t, h.w.nodes, "each helper searched")
	}

	for _, empty := range []string{"", "<empty>"} {
		require.NoError(t, e.SetOption("EvalFile", path))
		require.NoError(t, e.SetOption("EvalFile", empty))
		assert.Equal(t, []string{"evaluation: hand-written"}, e.Notes(false))
		assert.Nil(t, e.w.nn)
		w.pos = p
		w.startEval()
		assert.False(t, w.useNN)
		assert.Equal(t, Evaluate(&p), w.evaluate())
	}
}

// With a network the search still allocates nothing per node.
func TestSearchWithNetworkAllocatesNothing(t *testing.T) {
	e := New()
	require.NoError(t, e.SetOption("EvalFile", enginetest.StockfishNetwork(t)))
	run := fixedDepth(t, e, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5)
	nodes := run()
	require.Greater(t, nodes, int64(1000))
	require.True(t, e.w.useNN)
	assert.Zero(t, testing.AllocsPerRun(2, func() { e.NewGame(); run() }))
}

// walk plays a random line from w's position, as the search moves
// through a tree: moves and null moves made (w.made) and taken back
// (w.unmade) at random, at most 40 deep, for at most steps positions. It
// calls check at each position before leaving it, and returns how many it
// checked; w ends where it started only if the walk came back.
func walk(w *worker, rng *rand.Rand, steps int, check func()) int {
	type step struct {
		m    core.Move
		u    core.Undo
		null bool
	}
	var line []step
	var ml core.MoveList
	checked := 0
	for range steps {
		check()
		checked++
		w.pos.LegalMoves(&ml)
		if ml.Len() == 0 || len(line) > 40 || (len(line) > 0 && rng.IntN(4) == 0) {
			if len(line) == 0 {
				break
			}
			s := line[len(line)-1]
			line = line[:len(line)-1]
			w.unmade()
			if s.null {
				w.pos.UnmakeNullMove(s.u)
			} else {
				w.pos.UnmakeMove(s.m, s.u)
			}
			continue
		}
		if !w.pos.InCheck() && rng.IntN(8) == 0 {
			u := w.pos.MakeNullMove()
			w.made(core.NoMove)
			line = append(line, step{u: u, null: true})
			continue
		}
		m := ml.Moves()[rng.IntN(ml.Len())]
		u := w.pos.MakeMove(m)
		w.made(m)
		line = append(line, step{m: m, u: u})
	}
	return checked
}
