package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/match"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// binary is gambit-engine built for the tests that run it as a process.
var binary string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("gambit-engine-test", ".")
	binary = filepath.Join(dir, "gambit-engine")
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func testCtx(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// The first command chooses the protocol.
func TestDetect(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(nil, strings.NewReader("uci\nisready\nquit\n"), &out))
	assert.Contains(t, out.String(), "id name gambit-engine")
	assert.Contains(t, out.String(), "option name Skill Level type spin default 20 min 0 max 20")
	assert.Contains(t, out.String(), "uciok")
	assert.Contains(t, out.String(), "readyok")

	out.Reset()
	require.NoError(t, run(nil, strings.NewReader("xboard\nprotover 2\nquit\n"), &out))
	assert.Contains(t, out.String(), "feature")
	assert.Contains(t, out.String(), `myname="gambit-engine"`)
	assert.NotContains(t, out.String(), "uciok")

	out.Reset()
	require.NoError(t, run([]string{"-protocol", "xboard"}, strings.NewReader("protover 2\nquit\n"), &out))
	assert.Contains(t, out.String(), "feature")

	require.NoError(t, run(nil, strings.NewReader(""), &out), "no input: nothing to do")
	assert.Error(t, run([]string{"-protocol", "cecp"}, strings.NewReader("uci\n"), &out))
	assert.Error(t, run([]string{"perft"}, strings.NewReader(""), &out))
}

func TestBenchCommand(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"bench", "4"}, nil, &out))
	r, err := search.Bench(4)
	require.NoError(t, err)
	assert.Contains(t, out.String(), "nodes "+strconv.FormatInt(r.Nodes, 10)+"\n", "the same signature as search.Bench")
	assert.Contains(t, out.String(), "nps ")
	assert.Contains(t, out.String(), "depth 4 threads 1\n")
	assert.Error(t, run([]string{"bench", "x"}, nil, &out))

	// Two threads: the time to depth of Lazy SMP.
	out.Reset()
	require.NoError(t, run([]string{"bench", "4", "2"}, nil, &out))
	assert.Contains(t, out.String(), "depth 4 threads 2\n")
	assert.Contains(t, out.String(), "nodes ")
	for _, bad := range [][]string{{"bench", "4", "0"}, {"bench", "4", "65"}, {"bench", "4", "two"}, {"bench", "4", "2", "1"}} {
		assert.Error(t, run(bad, nil, &out), "%q", bad)
	}
}

// solvesWAC1 has e find WAC.001's mate in two, g3g6, at depth. With the
// weights fitted to scores (search/evalweights.go) one thread finds it at
// depth 8, where the weights before found it at 3: after the queen offer
// the reply's static value now stands above beta, and null-move pruning
// there misses the quiet mate Qh7 (without null moves: depth 5). The
// tests ask for depth 10.
func solvesWAC1(ctx context.Context, t *testing.T, e *uci.Engine, depth int) {
	t.Helper()
	p, err := core.ParseFEN("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
	require.NoError(t, err)
	bm, err := e.BestMove(ctx, p, uci.Limits{Depth: depth})
	require.NoError(t, err)
	assert.Equal(t, "g3g6", bm.Move.String(), "depth %d", depth)
}

// The built engine at Threads 2 under the UCI client: the mate of WAC.001,
// and "go nodes" counting both threads' nodes.
func TestUCIThreads(t *testing.T) {
	ctx := testCtx(t, time.Minute)
	e, err := uci.Start(ctx, binary)
	require.NoError(t, err)
	defer e.Close()
	o, ok := e.Option("Threads")
	require.True(t, ok)
	assert.Equal(t, int64(search.MaxThreads), o.Max)
	require.NoError(t, e.SetOption(ctx, "Threads", "2"))

	solvesWAC1(ctx, t, e, 10)

	const limit = 50000
	require.NoError(t, e.Position(core.StartFEN, "e2e4", "e7e5", "g1f3"))
	s, err := e.Go(ctx, uci.Limits{Nodes: limit})
	require.NoError(t, err)
	var nodes int64
	for in := range s.Info() {
		nodes = max(nodes, in.Nodes)
	}
	bm, err := s.Wait()
	require.NoError(t, err)
	assert.NotEqual(t, core.NoMove, bm.Move)
	assert.GreaterOrEqual(t, nodes, int64(limit))
	assert.LessOrEqual(t, nodes, int64(limit+2*64), "both threads' nodes, within 64 a thread of the limit")
}

// The built engine under the UCI client: options, a search that reports
// info, a timed move, ponder and ponderhit, and a Chess960 castle.
func TestUCIClient(t *testing.T) {
	ctx := testCtx(t, time.Minute)
	e, err := uci.Start(ctx, binary)
	require.NoError(t, err)
	defer e.Close()
	assert.Equal(t, "gambit-engine", e.Name())
	_, ok := e.Option("Move Overhead")
	assert.True(t, ok)
	require.NoError(t, e.SetOption(ctx, "Hash", "8"))

	solvesWAC1(ctx, t, e, 10)

	// A clock: the answer comes well within it.
	start := time.Now()
	bm, err := e.BestMove(ctx, core.StartPosition(), uci.Limits{WTime: 3 * time.Second, BTime: 3 * time.Second})
	require.NoError(t, err)
	assert.NotEqual(t, core.NoMove, bm.Move)
	assert.Less(t, time.Since(start), 2*time.Second)

	// Ponder, then ponderhit with a move time.
	require.NoError(t, e.Position(core.StartFEN, "e2e4", "e7e5"))
	s, err := e.Go(ctx, uci.Limits{Ponder: true, MoveTime: 300 * time.Millisecond})
	require.NoError(t, err)
	select {
	case <-s.Done():
		t.Fatal("bestmove before ponderhit")
	case <-time.After(400 * time.Millisecond):
	}
	require.NoError(t, s.PonderHit())
	done := time.Now()
	bm, err = s.Wait()
	require.NoError(t, err)
	assert.NotEqual(t, core.NoMove, bm.Move)
	assert.Less(t, time.Since(done), 1500*time.Millisecond)
	assert.NotEmpty(t, s.Lines(), "info lines with a pv")

	// Chess960 through UCI_Chess960, declared by the server.
	require.NoError(t, e.SetOption(ctx, "UCI_Chess960", "true"))
	p960, err := core.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	require.NoError(t, err)
	p960.SetChess960(true)
	bm, err = e.BestMove(ctx, p960, uci.Limits{Depth: 5})
	require.NoError(t, err)
	assert.True(t, p960.IsLegal(bm.Move))
}

// The built engine under the XBoard client, as an engine.Player.
func TestXBoardClient(t *testing.T) {
	ctx := testCtx(t, time.Minute)
	e, err := xboard.Start(ctx, binary)
	require.NoError(t, err)
	defer e.Close()
	assert.Equal(t, "gambit-engine", e.Name())
	playSome(t, ctx, e, 6)
}

// Under Debian's polyglot, the UCI-to-XBoard adapter, driven by the XBoard
// client.
func TestPolyglotAdapter(t *testing.T) {
	ctx := testCtx(t, time.Minute)
	e, err := xboard.Start(ctx, enginetest.Program(t, "polyglot"), "-noini", "-ec", binary)
	require.NoError(t, err)
	defer e.Close()
	playSome(t, ctx, e, 4)
}

// playSome has p play n moves from the start position against itself at a
// short fixed clock, checking each is legal.
func playSome(t *testing.T, ctx context.Context, p engine.Player, n int) {
	t.Helper()
	require.NoError(t, p.StartGame(ctx, core.StartPosition(), nil))
	pos := core.StartPosition()
	for range n {
		r, err := p.Think(ctx, engine.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, WInc: 100 * time.Millisecond, BInc: 100 * time.Millisecond}, nil)
		require.NoError(t, err)
		require.True(t, pos.IsLegal(r.Move), "move %v in %s", r.Move, pos.FEN())
		pos.MakeMove(r.Move)
	}
}

// gambit-engine must beat Stockfish at Skill Level 0 in short games
// played by package match (the runner keeps the rules), over the board:
// no time loss, no forfeit.
//
// The games are played on node and depth limits, not on clocks, so that
// the outcome is gambit's search against Stockfish's, whatever the host's
// speed or load. On clocks (it was 3+0.05, Stockfish with Move Overhead
// 300 ms) the runner charges each move the wall time from writing "go" to
// reading the move, which on a loaded machine is mostly time neither
// engine sees: beside two busy loops, under nice 10, gambit-engine lost
// both games on time with a move the runner timed at 106 ms while the
// engine reported 2 ms of search, and Stockfish's moves, under 1 ms of
// its own, took 20 to 100 ms of wall time; once such overheads pass the
// 50 ms increment the clock drains move after move, and whichever engine
// is lower on it flags (Stockfish, in the failure of issue 37). Both are
// named UCI engines as well: protocol detection gives an engine 5 s to
// answer "uci", which Stockfish, setting up its network at start, missed
// under nice beside a load of 30, and was then started as XBoard.
func TestBeatsStockfishSkill0(t *testing.T) {
	res, err := match.Run(testCtx(t, 3*time.Minute), match.Config{
		Engines: []match.EngineConfig{
			// Depth 10 from the opening; a fixed node count also
			// makes gambit-engine's moves the same on any host.
			{Name: "gambit-engine", Cmd: binary, Proto: "uci", TC: match.TimeControl{Nodes: 50000}},
			// At Skill Level 0 Stockfish picks its move among those of
			// its depth-1 search, whatever depth it is given: its
			// strength does not depend on the limit either.
			{Name: "Stockfish Skill 0", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: match.TimeControl{Depth: 5},
				Options: []match.Option{{Name: "Skill Level", Value: "0"}}},
		},
		Rounds: 1, Games: 2, Repeat: true, MaxMoves: 150,
	})
	require.NoError(t, err)
	require.Len(t, res.Games, 2)
	for _, g := range res.Games {
		t.Logf("%s - %s: %s (%s), %d moves", g.White, g.Black, g.Result, g.Reason, len(g.Moves))
		assert.Equal(t, match.TermNormal, g.Termination, "won over the board: %s", g.Reason)
		won := (g.White == "gambit-engine" && g.Result == "1-0") || (g.Black == "gambit-engine" && g.Result == "0-1")
		assert.True(t, won, "gambit-engine won: %s %s", g.Result, g.Reason)
	}
}

// syzygyDir is the committed tables' directory, absolute (the engine runs
// as a process).
func syzygyDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "syzygy"))
	require.NoError(t, err)
	return dir
}

// krvkTight is KRvK at DTZ 29 with the halfmove clock at 70: the win
// holds only if every move keeps to a shortest path to the mate.
const krvkTight = "8/8/8/4k3/8/8/8/KR6 w - - 70 1"

// SyzygyPath over UCI (setoption, then the game as position startpos
// moves ...): the built engine, playing both sides, mates in the tight
// KRvK before the fifty-move rule draws, and reports tbhits.
func TestUCISyzygy(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	e, err := uci.Start(ctx, binary)
	require.NoError(t, err)
	defer e.Close()
	_, ok := e.Option("SyzygyPath")
	require.True(t, ok, "SyzygyPath declared")
	require.NoError(t, e.SetOption(ctx, "SyzygyPath", syzygyDir(t)))

	pos, err := core.ParseFEN(krvkTight)
	require.NoError(t, err)
	var moves []string
	var tbhits int64
	for len(moves) < 60 && pos.HasLegalMoves() && pos.HalfmoveClock() < 100 {
		require.NoError(t, e.Position(krvkTight, moves...))
		s, err := e.Go(ctx, uci.Limits{Depth: 6})
		require.NoError(t, err)
		bm, err := s.Wait()
		require.NoError(t, err)
		for _, in := range s.Lines() {
			tbhits = max(tbhits, in.TBHits)
		}
		require.True(t, pos.IsLegal(bm.Move), "%v in %s", bm.Move, pos.FEN())
		pos.MakeMove(bm.Move)
		moves = append(moves, bm.Move.UCI(false))
	}
	t.Logf("%s after %d plies: %s", pos.FEN(), len(moves), strings.Join(moves, " "))
	assert.True(t, pos.IsCheckmate(), "mated before the fifty-move rule: %s", pos.FEN())
	assert.Equal(t, core.Black, pos.SideToMove())
	assert.Positive(t, tbhits, "info lines carry tbhits")
}

// XBoard's egtpath syzygy DIR reaches SyzygyPath: the same tight win.
func TestXBoardSyzygy(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	e, err := xboard.Start(ctx, binary)
	require.NoError(t, err)
	defer e.Close()
	require.NoError(t, e.Send("egtpath syzygy "+syzygyDir(t)))
	pos, err := core.ParseFEN(krvkTight)
	require.NoError(t, err)
	require.NoError(t, e.StartGame(ctx, pos, nil))
	for n := 0; n < 60 && pos.HasLegalMoves() && pos.HalfmoveClock() < 100; n++ {
		r, err := e.Think(ctx, engine.Limits{Depth: 6}, nil)
		require.NoError(t, err)
		require.True(t, pos.IsLegal(r.Move), "%v in %s", r.Move, pos.FEN())
		pos.MakeMove(r.Move)
	}
	assert.True(t, pos.IsCheckmate(), "mated before the fifty-move rule: %s", pos.FEN())
}
