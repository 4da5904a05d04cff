package search

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// The tests of Lazy SMP (smp.go). Run under go test -race, they check
// that the threads share the table and nothing else without a data race.

// threadsEngine returns an engine with n search threads.
func threadsEngine(t testing.TB, n int) *Engine {
	t.Helper()
	e := New()
	require.NoError(t, e.SetOption("Threads", strconv.Itoa(n)))
	require.Equal(t, n, e.Threads())
	return e
}

// searchOf runs one search of fen and returns its move and every info.
func searchOf(t *testing.T, ctx context.Context, e *Engine, fen string, l engine.Limits) (core.Move, []engine.Info) {
	t.Helper()
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	var mu sync.Mutex
	var infos []engine.Info
	best, _ := e.Search(ctx, engine.Request{Position: p, Start: p, Limits: l}, func(i engine.Info) {
		mu.Lock()
		infos = append(infos, i)
		mu.Unlock()
	})
	require.NotEmpty(t, infos)
	return best, infos
}

// settled waits until no more goroutines run than before: the helper
// threads of a search have all returned (a helper's goroutine may still be
// on its way out of wg.Done when Search returns). It polls by itself:
// require.Eventually would count its own goroutine.
func settled(t *testing.T, before int) {
	t.Helper()
	n := 0
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if n = runtime.NumGoroutine(); n <= before {
			return
		}
	}
	t.Fatalf("goroutines left running after the search: %d, %d before", n, before)
}

func TestThreadsOption(t *testing.T) {
	e := New()
	o, ok := engine.FindOption(e.Options(), "Threads")
	require.True(t, ok)
	assert.Equal(t, engine.Option{Name: "Threads", Type: engine.TypeSpin, Default: "1", Min: 1, Max: MaxThreads}, o)
	assert.Equal(t, 1, e.Threads())
	assert.Empty(t, e.helpers)

	require.NoError(t, e.SetOption("Threads", "4"))
	require.Len(t, e.helpers, 3)
	seen := map[*worker]bool{e.w: true}
	for _, h := range e.helpers {
		assert.False(t, seen[h.w], "every thread has a worker of its own")
		seen[h.w] = true
		assert.Same(t, e.tt, h.w.tt, "one shared table")
	}
	first := e.helpers[0].w
	require.NoError(t, e.SetOption("Threads", "4"))
	assert.Same(t, first, e.helpers[0].w, "the same count keeps the workers")
	require.NoError(t, e.SetOption("Threads", "2"))
	require.Len(t, e.helpers, 1)
	assert.Same(t, first, e.helpers[0].w)

	require.NoError(t, e.SetOption("Hash", "1"))
	assert.Same(t, e.tt, e.helpers[0].w.tt, "a new table is every thread's")

	require.NoError(t, e.SetOption("Threads", "1"))
	assert.Equal(t, 1, e.Threads())
	assert.Error(t, e.SetOption("Threads", "two"))
	e.SetThreads(1000)
	assert.Equal(t, MaxThreads, e.Threads(), "SetThreads keeps to the bounds")
	e.SetThreads(-3)
	assert.Equal(t, 1, e.Threads())
}

// The helpers' workers are made when Threads changes and reused by every
// search; their nodes count in the search's total, exactly in the last
// line of a stopped search.
func TestSMPHelpersReusedAndCounted(t *testing.T) {
	const fen = "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
	e := threadsEngine(t, 2)
	hw := e.helpers[0].w
	for range 2 {
		_, infos := searchOf(t, context.Background(), e, fen, engine.Limits{Nodes: 200000})
		require.Same(t, hw, e.helpers[0].w, "no new worker per search")
		last := infos[len(infos)-1]
		assert.Positive(t, hw.nodes, "the helper searched")
		assert.Positive(t, e.w.nodes)
		assert.Equal(t, e.w.nodes+hw.nodes, last.Nodes, "the last line counts both threads")
	}
}

// A node limit counts the nodes of all threads, and stops them within
// publishEvery nodes a thread of it.
func TestSMPNodeLimit(t *testing.T) {
	const fen = "r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13"
	for _, threads := range []int{2, 3} {
		for _, limit := range []int64{20000, 100000} {
			e := threadsEngine(t, threads)
			best, infos := searchOf(t, context.Background(), e, fen, engine.Limits{Nodes: limit})
			assert.NotEqual(t, core.NoMove, best)
			last := infos[len(infos)-1]
			assert.GreaterOrEqual(t, last.Nodes, limit, "threads %d, nodes %d", threads, limit)
			assert.LessOrEqual(t, last.Nodes, limit+int64(threads*publishEvery), "threads %d, nodes %d", threads, limit)
		}
	}
}

// Threads=2 finds the mates one thread finds, with the same score.
func TestSMPMates(t *testing.T) {
	for _, tc := range []struct {
		fen, best string
		mate      int
	}{
		{"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", 2},         // WAC.001
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1}, // scholar's mate
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},                               // back rank
	} {
		for _, threads := range []int{1, 2} {
			best, infos := searchOf(t, context.Background(), threadsEngine(t, threads), tc.fen, engine.Limits{Depth: 8})
			assert.Equal(t, tc.best, best.String(), "threads %d", threads)
			s := infos[len(infos)-1].Score
			require.NotNil(t, s)
			assert.Equal(t, engine.Score{IsMate: true, Mate: tc.mate}, *s, "threads %d", threads)
		}
	}
}

// On positions with one winning move, Threads=2 plays it as one thread
// does, with a score as clear.
func TestSMPSameAnswers(t *testing.T) {
	for _, tc := range []struct{ fen, best string }{
		// A knight fork of king and queen.
		{"q3k3/7p/8/1N6/8/8/6PP/4K3 w - - 0 1", "b5c7"},
		// A rook skewer of king and rook.
		{"8/8/8/8/3k3r/8/8/R3K3 w - - 0 1", "a1a4"},
	} {
		var scores []int
		for _, threads := range []int{1, 2} {
			best, infos := searchOf(t, context.Background(), threadsEngine(t, threads), tc.fen, engine.Limits{Depth: 9})
			assert.Equal(t, tc.best, best.String(), "%s, threads %d", tc.fen, threads)
			s := infos[len(infos)-1].Score
			require.NotNil(t, s)
			require.False(t, s.IsMate)
			scores = append(scores, s.CP)
		}
		t.Logf("%s: scores %v", tc.fen, scores)
		assert.Greater(t, scores[0], 100, "%s: one thread wins material", tc.fen)
		assert.Greater(t, scores[1], 100, "%s: two threads win material", tc.fen)
	}
}

// stop ends every thread at once, and no goroutine outlives the search.
func TestSMPStopsPromptly(t *testing.T) {
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	e := threadsEngine(t, 4) // more threads than cores
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	done := make(chan struct{})
	var best core.Move
	go func() {
		defer close(done)
		best, _ = e.Search(ctx, engine.Request{Position: p, Start: p, Limits: engine.Limits{Infinite: true}}, nil)
	}()
	time.Sleep(300 * time.Millisecond)
	stopped := time.Now()
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("no answer 2 s after stop")
	}
	t.Logf("answered %v after stop", time.Since(stopped))
	assert.NotEqual(t, core.NoMove, best)
	for i, h := range e.helpers {
		assert.True(t, h.w.stop, "helper %d was stopped", i+1)
		assert.Positive(t, h.w.nodes, "helper %d searched", i+1)
	}
	settled(t, before)
}

// Every way a search ends leaves no helper running: a depth reached, a
// time limit, a clock, a node limit, "move now", a mate limit, the only
// move, ponder then ponderhit.
func TestSMPNoGoroutineLeft(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	e := threadsEngine(t, 3)
	before := runtime.NumGoroutine()
	for _, tc := range []struct {
		fen string
		l   engine.Limits
	}{
		{fen, engine.Limits{Depth: 7}},
		{fen, engine.Limits{MoveTime: 100 * time.Millisecond}},
		{fen, engine.Limits{WTime: time.Second, BTime: time.Second}},
		{fen, engine.Limits{Nodes: 20000}},
		{fen, engine.Limits{Depth: 0, Given: engine.GivenDepth}},
		{"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", engine.Limits{Mate: 2}},
		{"k7/8/1K6/8/8/8/8/7R b - - 0 1", engine.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second}},
	} {
		best, _ := searchOf(t, context.Background(), e, tc.fen, tc.l)
		assert.NotEqual(t, core.NoMove, best, "%v", tc.l)
		settled(t, before)
	}

	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	hit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.Search(context.Background(), engine.Request{Position: p, Start: p, PonderHit: hit,
			Limits: engine.Limits{Ponder: true, MoveTime: 200 * time.Millisecond}}, nil)
	}()
	select {
	case <-done:
		t.Fatal("a ponder search returned before ponderhit")
	case <-time.After(300 * time.Millisecond):
	}
	hitAt := time.Now()
	close(hit)
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("no move 2 s after ponderhit")
	}
	t.Logf("answered %v after ponderhit (move time 200 ms)", time.Since(hitAt))
	settled(t, before)
}

// ucinewgame clears every thread's move-ordering tables, Clear Hash the
// shared table.
func TestSMPNewGame(t *testing.T) {
	e := threadsEngine(t, 2)
	_, _ = searchOf(t, context.Background(), e, "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", engine.Limits{Depth: 8})
	hw := e.helpers[0].w
	require.NotEqual(t, [2][64][64]int32{}, hw.history, "the helper learnt")
	require.Positive(t, e.tt.hashfull())
	e.NewGame()
	assert.Equal(t, [2][64][64]int32{}, hw.history)
	assert.Equal(t, [maxPly + 2][2]core.Move{}, hw.killers)
	assert.Zero(t, e.tt.hashfull())
}

// Tablebases with two threads: the helpers probe too, their tbhits count,
// and a root the tables hold is still played by their ranking.
func TestSMPSyzygy(t *testing.T) {
	e := tbEngine(t)
	e.SetThreads(2)
	p, err := core.ParseFEN("4k3/8/8/8/3p4/8/3Q2r1/4K3 w - - 0 1")
	require.NoError(t, err)
	_, _, infos := searchTB(t, e, &p, 10)
	last := infos[len(infos)-1]
	require.NotNil(t, last.Score)
	assert.Greater(t, last.Score.CP, tbWinBound, "a win the tables prove, one capture away: %v", last.Score)
	assert.Positive(t, e.helpers[0].w.tbHits, "the helper probed")
	assert.GreaterOrEqual(t, last.TBHits, e.w.tbHits)

	g := playOut(t, e, "8/8/8/4k3/8/8/8/KR6 w - - 70 1", 6, 60)
	assert.True(t, g.mated, "KRvK mated before the fifty-move rule: %s", g.end.FEN())
}

// Two threads storing and probing the same bucket: a probe finds either
// nothing or an entry whole, never one word of one store with the other
// of another (the key is stored XORed with the data).
func TestTableTornEntries(t *testing.T) {
	tt := &table{entries: make([]ttEntry, 2)} // one bucket: every key collides
	keys := make([]uint64, 16)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range keys {
		keys[i] = r.Uint64()
	}
	// The data a key is stored with, all of it a function of the key.
	score := func(k uint64) int { return int(int16(k>>8)) / 2 }
	eval := func(k uint64) int { return int(int16(k>>24)) / 2 }
	depth := func(k uint64) int { return int(k>>40) % 60 }
	const n = 200000
	var wg sync.WaitGroup
	done := make(chan struct{})
	for wi := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(wi), 9))
			for range n {
				k := keys[r.IntN(len(keys))]
				tt.store(k, core.NoMove, score(k), eval(k), depth(k), boundExact)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	// Probe while the writers write, and at least n times.
	probes, hits, bad := 0, 0, 0
	for running := true; running || probes < n; probes++ {
		if probes%1024 == 0 {
			select {
			case <-done:
				running = false
			default:
			}
		}
		k := keys[probes%len(keys)]
		if h, ok := tt.probe(k); ok {
			hits++
			if h.score != score(k) || h.eval != eval(k) || h.depth != depth(k) || h.bound != boundExact {
				bad++
			}
		}
	}
	t.Logf("%d probes, %d hits", probes, hits)
	assert.Positive(t, hits)
	assert.Zero(t, bad, "entries trusted with another key's data")
}
