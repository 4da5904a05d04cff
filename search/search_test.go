package search_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/search"
)

var updateBench = flag.Bool("update-bench", false, "write the bench signature to testdata/bench.txt")

// TestBenchSignature checks the node count of search.Bench against the
// committed signature: it changes exactly when the search changes, and a
// change must come with a new testdata/bench.txt (-update-bench).
func TestBenchSignature(t *testing.T) {
	r, err := search.Bench(search.BenchDepth)
	require.NoError(t, err)
	got := fmt.Sprintf("depth %d nodes %d\n", search.BenchDepth, r.Nodes)
	file := filepath.Join("testdata", "bench.txt")
	if *updateBench {
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), got, "the bench signature changed: if the search was meant to change, run go test ./search -run TestBenchSignature -update-bench")
}

// searchFEN runs one search and returns its move, reply and every info.
func searchFEN(t *testing.T, e *search.Engine, fen string, l engine.Limits) (core.Move, core.Move, []engine.Info) {
	t.Helper()
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	var mu sync.Mutex
	var infos []engine.Info
	best, ponder := e.Search(context.Background(), engine.Request{Position: p, Start: p, Limits: l}, func(i engine.Info) {
		mu.Lock()
		infos = append(infos, i)
		mu.Unlock()
	})
	return best, ponder, infos
}

func lastScore(t *testing.T, infos []engine.Info) engine.Score {
	t.Helper()
	require.NotEmpty(t, infos)
	s := infos[len(infos)-1].Score
	require.NotNil(t, s)
	return *s
}

func TestMates(t *testing.T) {
	for _, tc := range []struct {
		fen, best string
		mate      int
	}{
		{"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", 2},         // WAC.001
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1}, // scholar's mate
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},                               // back rank
		{"k7/8/1K6/8/8/8/8/7R b - - 0 1", "a8b8", -1},                                      // mated next move: the only move
	} {
		t.Run(tc.fen, func(t *testing.T) {
			best, _, infos := searchFEN(t, search.New(), tc.fen, engine.Limits{Depth: 8})
			assert.Equal(t, tc.best, best.String())
			s := lastScore(t, infos)
			assert.True(t, s.IsMate, "score %v", s)
			assert.Equal(t, tc.mate, s.Mate)
		})
	}
}

// A search stops at its mate limit once it has the mate, far before depth
// 100.
func TestMateLimit(t *testing.T) {
	_, _, infos := searchFEN(t, search.New(), "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", engine.Limits{Mate: 2})
	last := infos[len(infos)-1]
	assert.True(t, last.Score.IsMate)
	assert.Less(t, last.Depth, 10)
}

// Repetitions of the game's positions come from Request.History: White,
// a queen down, goes back to a position it had and scores the draw.
func TestRepetitionFromHistory(t *testing.T) {
	start, err := core.ParseFEN("k7/8/8/8/8/8/1q6/7K w - - 0 1")
	require.NoError(t, err)
	p := start
	var hist core.History
	var moves []core.Move
	for _, s := range []string{"h1g1", "a8b8", "g1h1", "b8a8"} {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		hist.Push(&p)
		p.MakeMove(m)
		moves = append(moves, m)
	}
	var infos []engine.Info
	best, _ := search.New().Search(context.Background(), engine.Request{Position: p, Start: start, Moves: moves, History: hist, Limits: engine.Limits{Depth: 6}},
		func(i engine.Info) { infos = append(infos, i) })
	assert.Equal(t, "h1g1", best.String(), "the repetition saves White")
	assert.Equal(t, engine.Score{CP: 0}, lastScore(t, infos))

	// Without the history the same position is lost.
	_, _, infos = searchFEN(t, search.New(), p.FEN(), engine.Limits{Depth: 6})
	assert.Less(t, lastScore(t, infos).CP, -500)
}

// At 99 halfmoves any quiet move draws by the fifty-move rule.
func TestFiftyMoves(t *testing.T) {
	_, _, infos := searchFEN(t, search.New(), "k7/8/8/8/8/8/1q6/7K w - - 99 80", engine.Limits{Depth: 5})
	assert.Equal(t, engine.Score{CP: 0}, lastScore(t, infos))
}

func TestLimits(t *testing.T) {
	const fen = "r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13"
	t.Run("nodes", func(t *testing.T) {
		_, _, infos := searchFEN(t, search.New(), fen, engine.Limits{Nodes: 5000})
		require.NotEmpty(t, infos)
		assert.LessOrEqual(t, infos[len(infos)-1].Nodes, int64(5000))
		// The same budget twice gives the same move and node count.
		b1, _, i1 := searchFEN(t, search.New(), fen, engine.Limits{Nodes: 20000})
		b2, _, i2 := searchFEN(t, search.New(), fen, engine.Limits{Nodes: 20000})
		assert.Equal(t, b1, b2)
		assert.Equal(t, i1, withoutTimes(i2, i1))
	})
	t.Run("depth", func(t *testing.T) {
		_, _, infos := searchFEN(t, search.New(), fen, engine.Limits{Depth: 4})
		assert.Equal(t, 4, infos[len(infos)-1].Depth)
	})
	t.Run("movetime", func(t *testing.T) {
		start := time.Now()
		_, _, _ = searchFEN(t, search.New(), fen, engine.Limits{MoveTime: 300 * time.Millisecond})
		d := time.Since(start)
		assert.Less(t, d, 300*time.Millisecond+time.Second, "generous margin: the machine is shared")
		assert.Greater(t, d, 50*time.Millisecond, "it uses its time")
	})
	t.Run("clock", func(t *testing.T) {
		// 2 seconds left, no increment: a small share of it.
		start := time.Now()
		best, _, _ := searchFEN(t, search.New(), fen, engine.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second})
		assert.NotEqual(t, core.NoMove, best)
		assert.Less(t, time.Since(start), time.Second)
	})
	t.Run("almost flagged", func(t *testing.T) {
		start := time.Now()
		best, _, _ := searchFEN(t, search.New(), fen, engine.Limits{WTime: 20 * time.Millisecond, BTime: time.Minute})
		assert.NotEqual(t, core.NoMove, best)
		assert.Less(t, time.Since(start), 500*time.Millisecond)
	})
	t.Run("infinite until stopped", func(t *testing.T) {
		p, _ := core.ParseFEN(fen)
		// The clock starts before the deadline is set, so the deadline
		// is at least 300ms after start however late this goroutine runs.
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		best, _ := search.New().Search(ctx, engine.Request{Position: p, Start: p, Limits: engine.Limits{Infinite: true}}, nil)
		assert.NotEqual(t, core.NoMove, best)
		assert.GreaterOrEqual(t, time.Since(start), 300*time.Millisecond)
		assert.Less(t, time.Since(start), 2*time.Second)
	})
	t.Run("ponderhit", func(t *testing.T) {
		p, _ := core.ParseFEN(fen)
		hit := make(chan struct{})
		done := make(chan time.Time, 1)
		go func() {
			search.New().Search(context.Background(), engine.Request{Position: p, Start: p, PonderHit: hit,
				Limits: engine.Limits{Ponder: true, MoveTime: 200 * time.Millisecond}}, nil)
			done <- time.Now()
		}()
		select {
		case <-done:
			t.Fatal("a ponder search returned before ponderhit")
		case <-time.After(500 * time.Millisecond):
		}
		hitAt := time.Now()
		close(hit)
		end := <-done
		assert.Less(t, end.Sub(hitAt), 1200*time.Millisecond, "after ponderhit the 200 ms move time applies")
	})
	t.Run("ponderhit with an empty clock", func(t *testing.T) {
		p, _ := core.ParseFEN(fen)
		hit := make(chan struct{})
		done := make(chan struct{})
		go func() {
			search.New().Search(context.Background(), engine.Request{Position: p, Start: p, PonderHit: hit,
				Limits: engine.Limits{Ponder: true}}, nil)
			close(done)
		}()
		time.Sleep(100 * time.Millisecond)
		close(hit)
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			t.Fatal("no move after ponderhit with wtime 0")
		}
	})
	t.Run("searchmoves", func(t *testing.T) {
		p, _ := core.ParseFEN(fen)
		only, _ := p.ParseUCI("a2a3")
		best, _ := search.New().Search(context.Background(), engine.Request{Position: p, Start: p, SearchMoves: []core.Move{only}, Limits: engine.Limits{Depth: 5}}, nil)
		assert.Equal(t, only, best)
	})
}

// withoutTimes returns infos with the timing fields of want, for
// comparing two runs.
func withoutTimes(infos, want []engine.Info) []engine.Info {
	out := make([]engine.Info, len(infos))
	for i, in := range infos {
		if i < len(want) {
			in.Time, in.NPS = want[i].Time, want[i].NPS
		}
		out[i] = in
	}
	return out
}

// MultiPV, at one thread and at two (the lines are the main thread's, the
// helper sharing the table).
func TestMultiPV(t *testing.T) {
	for _, threads := range []string{"1", "2"} {
		e := search.New()
		require.NoError(t, e.SetOption("MultiPV", "3"))
		require.NoError(t, e.SetOption("Threads", threads))
		_, _, infos := searchFEN(t, e, core.StartFEN, engine.Limits{Depth: 5})
		byLine := map[int]engine.Info{}
		for _, i := range infos {
			if i.Depth == 5 {
				byLine[i.MultiPV] = i
			}
		}
		require.Len(t, byLine, 3, "threads %s", threads)
		first := map[core.Move]bool{}
		for line := 1; line <= 3; line++ {
			require.NotEmpty(t, byLine[line].PV)
			first[byLine[line].PV[0]] = true
			if line > 1 {
				assert.LessOrEqual(t, byLine[line].Score.CP, byLine[line-1].Score.CP, "lines in order, threads %s", threads)
			}
		}
		assert.Len(t, first, 3, "three different moves, threads %s", threads)
	}
}

// Skill Level 0 is a one-ply material search: it takes the queen, even a
// defended one... and in the position below that is a blunder the full
// search avoids.
func TestSkillLevel(t *testing.T) {
	// The black queen on d5 is defended by the c6 pawn; taking it with
	// the queen loses the queen for a queen, which is equal; taking the
	// pawn on a7 with the rook wins a pawn but the rook is lost.
	const fen = "4k3/r7/8/8/8/8/8/R3K3 w - - 0 1"
	e := search.New()
	require.NoError(t, e.SetOption("Skill Level", "0"))
	best, _, _ := searchFEN(t, e, fen, engine.Limits{Depth: 10})
	assert.Equal(t, "a1a7", best.String(), "the material grab")

	// A pawn that is defended: one ply of material takes it, the full
	// search does not.
	const poisoned = "4k3/8/1p6/p7/8/8/8/R3K3 w - - 0 1"
	best, _, _ = searchFEN(t, e, poisoned, engine.Limits{Depth: 10})
	assert.Equal(t, "a1a5", best.String())
	full := search.New()
	best, _, _ = searchFEN(t, full, poisoned, engine.Limits{Depth: 8})
	assert.NotEqual(t, "a1a5", best.String())

	// Intermediate levels limit the depth.
	require.NoError(t, e.SetOption("Skill Level", "5"))
	_, _, infos := searchFEN(t, e, core.StartFEN, engine.Limits{Depth: 20})
	assert.Less(t, infos[len(infos)-1].Depth, 6)
}

func TestBook(t *testing.T) {
	p := core.StartPosition()
	m, err := p.ParseUCI("b1c3")
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "book.bin")
	require.NoError(t, os.WriteFile(file, polyglot.AppendEntry(nil, polyglot.RawEntry{Key: p.Hash(), Move: polyglot.EncodeMove(m), Weight: 10}), 0o644))
	e := search.New()
	defer e.Close()
	require.NoError(t, e.SetOption("BookFile", file))
	require.NoError(t, e.SetOption("OwnBook", "true"))
	best, _, _ := searchFEN(t, e, core.StartFEN, engine.Limits{Depth: 3})
	assert.Equal(t, m, best, "the book move")
	best, _, _ = searchFEN(t, e, "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2", engine.Limits{Depth: 3})
	assert.NotEqual(t, core.NoMove, best, "out of book: a search")

	require.Error(t, e.SetOption("BookFile", filepath.Join(t.TempDir(), "missing.bin")))
}

func TestOptions(t *testing.T) {
	e := search.New()
	for _, o := range e.Options() {
		if o.Default != "" || o.Type == engine.TypeSpin {
			v, err := o.Check(o.Default)
			require.NoError(t, err, "option %s default %q", o.Name, o.Default)
			require.NoError(t, e.SetOption(o.Name, v), "option %s", o.Name)
		}
	}
	names := []string{}
	for _, o := range e.Options() {
		names = append(names, o.Name)
	}
	for _, want := range []string{"Hash", "Threads", "MultiPV", "Ponder", "OwnBook", "BookFile", "Move Overhead", "Skill Level"} {
		assert.Contains(t, names, want)
	}
	require.NoError(t, e.SetOption("Hash", "1"))
	_, _, infos := searchFEN(t, e, core.StartFEN, engine.Limits{Depth: 7})
	assert.Positive(t, infos[len(infos)-1].HashFull)
	assert.ErrorIs(t, e.SetOption("Nonsense", "1"), engine.ErrUnknownOption)
	assert.Error(t, e.SetOption("Hash", "x"))
}

// Chess960 castling comes from core: the search finds and plays it.
func TestChess960(t *testing.T) {
	// King on b1, rook on a1: O-O-O puts the king on c1 and the rook on d1.
	p, err := core.ParseFEN("4r1k1/5ppp/8/8/8/8/5PPP/RK6 w A - 0 1")
	require.NoError(t, err)
	p.SetChess960(true)
	var ml core.MoveList
	p.LegalMoves(&ml)
	castle := core.NoMove
	for _, m := range ml.Moves() {
		if m.IsCastle() {
			castle = m
		}
	}
	require.NotEqual(t, core.NoMove, castle)
	best, _ := search.New().Search(context.Background(), engine.Request{Position: p, Start: p, Limits: engine.Limits{Depth: 6}}, nil)
	assert.True(t, ml.Contains(best))
	// Over the bench positions, the Chess960 one is searched like any.
	fen := search.BenchPositions[len(search.BenchPositions)-1]
	_, _, infos := searchFEN(t, search.New(), fen, engine.Limits{Depth: 6})
	assert.Equal(t, 6, infos[len(infos)-1].Depth)
	assert.True(t, strings.Contains(fen, "HFhf"))
	_ = strconv.Itoa
}
