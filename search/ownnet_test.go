package search

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// EvalFile loads gambit's own format as well, told by its magic: the
// built-in network (BuiltinNetwork) and a file. The search's static
// evaluation is then the network's, along moves and null moves made and
// unmade; the evaluation is named; a damaged file keeps the network;
// Stockfish's format still loads after it; empty puts the hand-written
// evaluation back.
func TestOwnEvalFile(t *testing.T) {
	net, err := perspective.Load(bytes.NewReader(builtinFile))
	require.NoError(t, err)
	desc, err := BuiltinNetworkDescription()
	require.NoError(t, err)
	assert.Equal(t, net.Description, desc)
	assert.Contains(t, desc, "trainnet")

	e := New()
	e.SetThreads(2)
	require.NoError(t, e.SetOption("EvalFile", BuiltinNetwork))
	name := fmt.Sprintf("evaluation: NNUE <builtin> (gambit's own network, 768x%dx2x1)", net.Hidden())
	assert.Equal(t, []string{name}, e.Notes(false), "named on load")
	assert.Equal(t, []string{name}, e.Notes(true), "and at isready")
	e.SetThreads(3)
	require.NotNil(t, e.w.own)
	assert.Nil(t, e.w.nn)
	for _, h := range e.helpers {
		require.NotNil(t, h.w.own, "every thread has an evaluator")
		assert.NotSame(t, e.w.own, h.w.own, "of its own")
	}

	w := e.w
	p, err := core.ParseFEN("r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13")
	require.NoError(t, err)
	w.pos = p
	w.startEval()
	require.True(t, w.useOwn)
	require.False(t, w.useNN)
	distinct := map[int]bool{}
	walk(w, rand.New(rand.NewPCG(7, 41)), 400, func() {
		want := ownScore(net.Evaluate(&w.pos))
		assert.Equal(t, want, w.evaluate(), "%s", w.pos.FEN())
		distinct[want] = true
	})
	assert.Greater(t, len(distinct), 50, "the network's values vary along the walk")

	// Depth 1 at the start: the best of the network's values after each
	// move.
	start := core.StartPosition()
	var last engine.Info
	best, _ := e.Search(context.Background(), engine.Request{Position: start, Start: start, Limits: engine.Limits{Depth: 1}},
		func(in engine.Info) { last = in })
	require.True(t, start.IsLegal(best))
	wantBest := -infinity
	var ml core.MoveList
	start.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		q := start
		q.MakeMove(m)
		wantBest = max(wantBest, -ownScore(net.Evaluate(&q)))
	}
	require.NotNil(t, last.Score)
	assert.Equal(t, wantBest, last.Score.CP)

	// The same network from a file, named by its path; a damaged copy is
	// an error naming it, and the network stays.
	dir := t.TempDir()
	path := filepath.Join(dir, "own.gnn")
	require.NoError(t, os.WriteFile(path, builtinFile, 0o600))
	require.NoError(t, e.SetOption("EvalFile", path))
	fileName := fmt.Sprintf("evaluation: NNUE %s (gambit format, 768x%dx2x1)", path, net.Hidden())
	assert.Equal(t, []string{fileName}, e.Notes(false))
	damaged := filepath.Join(dir, "damaged.gnn")
	require.NoError(t, os.WriteFile(damaged, builtinFile[:len(builtinFile)-1], 0o600))
	err = e.SetOption("EvalFile", damaged)
	require.Error(t, err)
	assert.ErrorIs(t, err, perspective.ErrFormat)
	assert.Contains(t, err.Error(), damaged)
	assert.Contains(t, err.Error(), "offset")
	assert.Equal(t, []string{fileName}, e.Notes(true))

	// A search on three threads, each on its own accumulators over the
	// shared network (go test -race watches them).
	mid, err := core.ParseFEN("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
	require.NoError(t, err)
	best, _ = e.Search(context.Background(), engine.Request{Position: mid, Start: mid, Limits: engine.Limits{Depth: 5}},
		func(engine.Info) {})
	require.True(t, mid.IsLegal(best))
	for _, h := range e.helpers {
		assert.True(t, h.w.useOwn)
		assert.Positive(t, h.w.nodes, "each helper searched")
	}

	require.NoError(t, e.SetOption("EvalFile", "<empty>"))
	assert.Equal(t, []string{"evaluation: hand-written"}, e.Notes(false))
	assert.Nil(t, e.w.own)
	w.pos = p
	w.startEval()
	assert.False(t, w.useOwn)
	assert.Equal(t, Evaluate(&p), w.evaluate())
}

// From gambit's network to Stockfish's and back: each replaces the other.
func TestEvalFileSwitchesFormats(t *testing.T) {
	sf := enginetest.StockfishNetwork(t)
	e := New()
	require.NoError(t, e.SetOption("EvalFile", BuiltinNetwork))
	require.NoError(t, e.SetOption("EvalFile", sf))
	assert.Equal(t, []string{"evaluation: NNUE " + sf + " (Stockfish 15.1 format)"}, e.Notes(false))
	assert.Nil(t, e.own)
	assert.Nil(t, e.w.own)
	require.NotNil(t, e.w.nn)
	require.NoError(t, e.SetOption("EvalFile", BuiltinNetwork))
	assert.Nil(t, e.net)
	assert.Nil(t, e.w.nn)
	require.NotNil(t, e.w.own)
}

// With gambit's network the search allocates nothing per node.
func TestSearchWithOwnNetworkAllocatesNothing(t *testing.T) {
	e := New()
	require.NoError(t, e.SetOption("EvalFile", BuiltinNetwork))
	run := fixedDepth(t, e, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5)
	nodes := run()
	require.Greater(t, nodes, int64(1000))
	require.True(t, e.w.useOwn)
	assert.Zero(t, testing.AllocsPerRun(2, func() { e.NewGame(); run() }))
}

// SetDefaultEvalFile loads the network and declares it the option's
// default, with no note until isready; New's default is the hand-written
// evaluation; a value that cannot be loaded is an error that changes
// neither the evaluation nor the default.
func TestSetDefaultEvalFile(t *testing.T) {
	evalDefault := func(e *Engine) string {
		for _, o := range e.Options() {
			if o.Name == "EvalFile" {
				return o.Default
			}
		}
		t.Fatal("no EvalFile option")
		return ""
	}
	e := New()
	defer e.Close()
	assert.Equal(t, "", evalDefault(e))
	assert.Equal(t, "hand-written", e.EvalName())

	require.NoError(t, e.SetDefaultEvalFile(BuiltinNetwork))
	assert.Equal(t, BuiltinNetwork, evalDefault(e))
	assert.NotNil(t, e.w.own)
	assert.Nil(t, e.Notes(false), "no note before isready")
	assert.Equal(t, []string{"evaluation: " + e.EvalName()}, e.Notes(true))
	assert.Contains(t, e.EvalName(), "gambit's own network")

	err := e.SetDefaultEvalFile(filepath.Join(t.TempDir(), "missing.gnn"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "missing.gnn")
	assert.Equal(t, BuiltinNetwork, evalDefault(e))
	assert.Contains(t, e.EvalName(), "gambit's own network")
}

// Use NNUE false evaluates by hand with the network still loaded, and
// true goes back to it, each named in a note; without a network it
// changes nothing but the option.
func TestUseNNUE(t *testing.T) {
	e := New()
	defer e.Close()
	p, err := core.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	require.NoError(t, err)
	staticEval := func() int {
		e.w.pos = p
		e.w.startEval()
		return e.w.evaluate()
	}
	require.NoError(t, e.SetOption("Use NNUE", "false"))
	assert.Equal(t, "hand-written", e.EvalName(), "no network loaded")
	require.NoError(t, e.SetOption("EvalFile", BuiltinNetwork))
	assert.Equal(t, "hand-written (Use NNUE false)", e.EvalName())
	assert.Equal(t, []string{"evaluation: hand-written (Use NNUE false)"}, e.Notes(false))
	assert.Equal(t, Evaluate(&p), staticEval())

	require.NoError(t, e.SetOption("Use NNUE", "true"))
	assert.Contains(t, e.EvalName(), "gambit's own network")
	assert.Equal(t, []string{"evaluation: " + e.EvalName()}, e.Notes(false))
	own := staticEval()
	assert.True(t, e.w.useOwn)
	e.SetThreads(2)
	assert.NotNil(t, e.helpers[0].w.own, "a helper made later gets the network")

	require.NoError(t, e.SetOption("Use NNUE", "false"))
	assert.Nil(t, e.helpers[0].w.own, "and gives it up")
	assert.Equal(t, Evaluate(&p), staticEval())
	require.NoError(t, e.SetOption("Use NNUE", "true"))
	assert.Equal(t, own, staticEval())
}
