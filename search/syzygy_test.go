package search

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/syzygy"
)

// syzygyDir holds the committed tables: every 3-piece table, the 4-piece
// ones with a piece a side, and KBNvK.
var syzygyDir = filepath.Join("..", "testdata", "syzygy")

// tbEngine returns an engine with SyzygyPath set to the committed tables.
func tbEngine(t testing.TB) *Engine {
	t.Helper()
	e := New()
	require.NoError(t, e.SetOption("SyzygyPath", syzygyDir))
	require.NotNil(t, e.Tablebase())
	t.Cleanup(func() { assert.NoError(t, e.Close()) })
	return e
}

// game is a game played out by one engine for both sides.
type game struct {
	end    core.Position
	moves  []string
	tbHits int64 // the largest count reported
	mated  bool  // the game ended in checkmate
}

// playOut plays fen out with e on both sides at a fixed depth until the
// game ends (mate, stalemate, the fifty-move rule, a repetition, bare
// material) or maxPlies.
func playOut(t *testing.T, e *Engine, fen string, depth, maxPlies int) game {
	t.Helper()
	start, err := core.ParseFEN(fen)
	require.NoError(t, err)
	g := game{end: start}
	var hist core.History
	var moves []core.Move
	for range maxPlies {
		if g.end.IsCheckmate() {
			g.mated = true
			return g
		}
		if !g.end.HasLegalMoves() || g.end.HalfmoveClock() >= 100 || hist.Repetitions(&g.end) >= 2 {
			return g
		}
		req := engine.Request{Position: g.end, Start: start, Moves: moves, History: hist.Clone(0), Limits: engine.Limits{Depth: depth}}
		best, _ := e.Search(context.Background(), req, func(i engine.Info) { g.tbHits = max(g.tbHits, i.TBHits) })
		require.True(t, g.end.IsLegal(best), "%s: move %v", g.end.FEN(), best)
		hist.Push(&g.end)
		g.end.MakeMove(best)
		moves = append(moves, best)
		g.moves = append(g.moves, best.UCI(false))
	}
	return g
}

// With a halfmove clock that leaves just enough plies, the engine holding
// the tables mates before the fifty-move rule draws: the root ranking
// keeps it on a shortest path to zeroing (here, to the mate).
func TestSyzygyConvertsUnderFiftyMoveRule(t *testing.T) {
	tb := tbEngine(t).Tablebase()
	for _, tc := range []struct{ name, fen string }{
		// DTZ 15 and 29 (ProbeDTZ), so the clock leaves 99-DTZ plies.
		{"KQvK", "8/8/8/3k4/8/8/8/QK6 w - - 84 1"},
		{"KRvK", "8/8/8/4k3/8/8/8/KR6 w - - 70 1"},
		{"KRvK black", "kr6/8/8/8/3K4/8/8/8 b - - 70 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			dtz, err := tb.ProbeDTZ(&p)
			require.NoError(t, err)
			require.Equal(t, 99, dtz+p.HalfmoveClock(), "the test position leaves no spare ply")

			g := playOut(t, tbEngine(t), tc.fen, 6, 60)
			t.Logf("with tables: %s, %d moves, halfmove clock %d, %d tbhits", g.end.FEN(), len(g.moves), g.end.HalfmoveClock(), g.tbHits)
			assert.True(t, g.mated, "mated: %s after %s", g.end.FEN(), strings.Join(g.moves, " "))
			assert.Equal(t, p.SideToMove().Other(), g.end.SideToMove(), "the stronger side mates")
			assert.LessOrEqual(t, g.end.HalfmoveClock(), 100)
			assert.Positive(t, g.tbHits, "root probes are tbhits")

			// The same search without tables, for the record (not asserted:
			// whether it finds the mate in time depends on its depth).
			plain := playOut(t, New(), tc.fen, 6, 60)
			t.Logf("without tables: %s, mated %v, halfmove clock %d", plain.end.FEN(), plain.mated, plain.end.HalfmoveClock())
		})
	}
}

// The root ranking keeps the moves of the best rank only: at a clock that
// leaves no spare ply, each move the engine makes is one BestMove ranks
// as high.
func TestSyzygyRootMovesOfBestRank(t *testing.T) {
	e := tbEngine(t)
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/KR6 w - - 70 1",
		"8/8/8/3k4/8/8/8/QK6 w - - 84 1",
		"8/8/8/8/8/2k5/8/K6R w - - 0 1",
		"8/8/8/4k3/8/8/8/KR6 b - - 70 1", // the losing side drags it out
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		want, ok, err := e.Tablebase().BestMove(&p, nil)
		require.NoError(t, err)
		require.True(t, ok)
		best, _, infos := searchTB(t, e, &p, 6)
		ranked, err := e.Tablebase().ProbeRoot(&p, nil)
		require.NoError(t, err)
		for _, r := range ranked {
			if r.Move == best {
				assert.Equal(t, want.Rank, r.Rank, "%s: %v ranks %d, the best rank is %d", fen, best, r.Rank, want.Rank)
			}
		}
		last := infos[len(infos)-1]
		assert.Equal(t, int64(len(ranked)), last.TBHits, "%s: one tbhit a root move", fen)
		require.NotNil(t, last.Score)
		if want.Rank >= 900 && !last.Score.IsMate {
			assert.Equal(t, tbWin, last.Score.CP, "%s: a tablebase win", fen)
		}
		if want.Rank <= -900 && !last.Score.IsMate {
			assert.Equal(t, -tbWin, last.Score.CP, "%s: a tablebase loss", fen)
		}
	}
}

func searchTB(t *testing.T, e *Engine, p *core.Position, depth int) (core.Move, core.Move, []engine.Info) {
	t.Helper()
	var infos []engine.Info
	best, ponder := e.Search(context.Background(), engine.Request{Position: *p, Start: *p, Limits: engine.Limits{Depth: depth}},
		func(i engine.Info) { infos = append(infos, i) })
	require.NotEmpty(t, infos)
	return best, ponder, infos
}

// Below a root the tables do not hold (five pieces, more than the
// committed tables), the search probes the positions captures lead to:
// it reports tbhits and a tablebase score where a capture wins.
func TestSyzygyProbesInSearch(t *testing.T) {
	// White takes the pawn on d4 and is left with KQvKR, a win.
	const fen = "4k3/8/8/8/3p4/8/3Q2r1/4K3 w - - 0 1"
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	e := tbEngine(t)
	_, _, infos := searchTB(t, e, &p, 8)
	last := infos[len(infos)-1]
	assert.Positive(t, last.TBHits)
	require.NotNil(t, last.Score)
	t.Logf("%s: score %v, %d tbhits, pv %v", fen, last.Score, last.TBHits, last.PV)
	assert.False(t, last.Score.IsMate)
	assert.Greater(t, last.Score.CP, tbWinBound, "a win the tables prove, one capture away")

	_, _, plain := searchTB(t, New(), &p, 8)
	assert.Zero(t, plain[len(plain)-1].TBHits, "no tables, no tbhits")
}

// A search whose tree never reaches the tables' material searches as
// without them: the same move, the same node count, no tbhit.
func TestSyzygyUncoveredPositionUnchanged(t *testing.T) {
	// A directory with KQvK only: a KRvK root and its tree (KRvK, and KvK
	// after the rook is taken, which is a draw without tables) have none.
	onlyKQvK := t.TempDir()
	for _, f := range []string{"KQvK.rtbw", "KQvK.rtbz"} {
		abs, err := filepath.Abs(filepath.Join(syzygyDir, f))
		require.NoError(t, err)
		require.NoError(t, os.Symlink(abs, filepath.Join(onlyKQvK, f)))
	}
	for _, fen := range []string{
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"8/8/8/4k3/8/8/8/KR6 w - - 0 1", // KRvK, whose table is missing here
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		e := New()
		require.NoError(t, e.SetOption("SyzygyPath", onlyKQvK))
		b1, _, withTB := searchTB(t, e, &p, 7)
		b2, _, without := searchTB(t, New(), &p, 7)
		assert.Equal(t, b2, b1, fen)
		assert.Equal(t, without[len(without)-1].Nodes, withTB[len(withTB)-1].Nodes, fen)
		assert.Zero(t, withTB[len(withTB)-1].TBHits, fen)
	}
}

// SetOption SyzygyPath: a directory that cannot be read, or one without
// any table, is a clear error; "" and "<empty>" take the tables away.
func TestSyzygyPathOption(t *testing.T) {
	e := New()
	defer e.Close()
	missing := filepath.Join(t.TempDir(), "no-such-dir")
	err := e.SetOption("SyzygyPath", missing)
	require.Error(t, err)
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.Contains(t, err.Error(), "SyzygyPath")
	assert.Contains(t, err.Error(), "no-such-dir")
	assert.Nil(t, e.Tablebase())

	empty := t.TempDir()
	err = e.SetOption("SyzygyPath", empty)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no Syzygy WDL table")
	assert.Nil(t, e.Tablebase())

	// A truncated table file is named.
	bad := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bad, "KQvK.rtbw"), []byte("short"), 0o644))
	err = e.SetOption("SyzygyPath", bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "KQvK")

	// Several directories, as in PATH; the good one is enough.
	require.NoError(t, e.SetOption("SyzygyPath", empty+string(os.PathListSeparator)+syzygyDir))
	require.NotNil(t, e.Tablebase())
	assert.Equal(t, 4, e.Tablebase().MaxPieces())
	require.NoError(t, e.SetOption("SyzygyPath", "<empty>"))
	assert.Nil(t, e.Tablebase())
	require.NoError(t, e.SetOption("SyzygyPath", syzygyDir))
	require.NoError(t, e.SetOption("SyzygyPath", ""))
	assert.Nil(t, e.Tablebase())

	// The options are declared as Stockfish declares them.
	names := map[string]string{}
	for _, o := range e.Options() {
		names[o.Name] = o.String()
	}
	assert.Equal(t, "option name SyzygyPath type string default <empty>", names["SyzygyPath"])
	assert.Equal(t, "option name SyzygyProbeDepth type spin default 1 min 1 max 100", names["SyzygyProbeDepth"])
	assert.Equal(t, "option name Syzygy50MoveRule type check default true", names["Syzygy50MoveRule"])
	assert.Equal(t, "option name SyzygyProbeLimit type spin default 7 min 0 max 7", names["SyzygyProbeLimit"])
}

// SyzygyProbeLimit 0 turns probing off. The probe itself asks for a
// zeroed halfmove clock, no castling rights, at most the limit's pieces,
// and SyzygyProbeDepth plies to go at exactly the limit.
func TestSyzygyProbeOptions(t *testing.T) {
	p, err := core.ParseFEN("4k3/8/8/8/3p4/8/3Q2r1/4K3 w - - 0 1")
	require.NoError(t, err)
	e := tbEngine(t)
	require.NoError(t, e.SetOption("SyzygyProbeLimit", "0"))
	_, _, infos := searchTB(t, e, &p, 8)
	assert.Zero(t, infos[len(infos)-1].TBHits)

	e = tbEngine(t)
	require.NoError(t, e.SetOption("SyzygyProbeLimit", "4"))
	require.NoError(t, e.SetOption("SyzygyProbeDepth", "6"))
	e.tbSetup()
	w := e.w
	for _, tc := range []struct {
		fen   string
		depth int
		ok    bool
	}{
		{"4k3/8/8/8/8/8/3Q2r1/4K3 w - - 0 1", 6, true},
		{"4k3/8/8/8/8/8/3Q2r1/4K3 w - - 0 1", 5, false}, // four pieces, too near the leaves
		{"4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", 1, true},    // three: at any depth
		{"4k3/8/8/8/8/8/3Q2r1/4K3 w - - 3 1", 9, false}, // not after a zeroing move
		{"4k3/8/8/8/8/8/3Q2r1/4K2R w K - 0 1", 9, false},
		{"4k3/8/8/8/3p4/8/3Q2r1/4K3 w - - 0 1", 9, false}, // five pieces
		{"4k3/8/8/8/8/8/1QQ5/K7 w - - 0 1", 9, false},     // no KQQvK table
	} {
		w.pos, err = core.ParseFEN(tc.fen)
		require.NoError(t, err)
		hits := w.tbHits
		s, b, ok := w.probeTB(tc.depth, 3)
		assert.Equal(t, tc.ok, ok, "%s at depth %d", tc.fen, tc.depth)
		assert.Equal(t, hits+int64(boolInt(ok)), w.tbHits)
		if ok && strings.Contains(tc.fen, "Q2r1") {
			assert.Equal(t, tbWin-3, s, "KQvKR is a win at ply 3")
			assert.Equal(t, boundLower, b)
		}
	}
}

// Syzygy50MoveRule off: a cursed win scores as a win.
func TestSyzygy50MoveRule(t *testing.T) {
	// KRvK with DTZ 29 and a clock of 80: the win comes too late.
	p, err := core.ParseFEN("8/8/8/4k3/8/8/8/KR6 w - - 80 1")
	require.NoError(t, err)
	_, _, infos := searchTB(t, tbEngine(t), &p, 4)
	s := infos[len(infos)-1].Score
	require.NotNil(t, s)
	assert.False(t, s.IsMate)
	assert.Greater(t, s.CP, 0)
	assert.Less(t, s.CP, 50, "a cursed win scores a few centipawns: %v", s)

	e := tbEngine(t)
	require.NoError(t, e.SetOption("Syzygy50MoveRule", "false"))
	_, _, infos = searchTB(t, e, &p, 4)
	s = infos[len(infos)-1].Score
	require.NotNil(t, s)
	assert.Equal(t, tbWin, s.CP, "without the rule it is a win: %v", s)
}

// With tables, the search allocates nothing per node either: probes of
// loaded tables and misses of absent ones.
func TestSyzygySearchAllocatesNothing(t *testing.T) {
	e := tbEngine(t)
	e.tbSetup()
	run := fixedDepth(t, e, "4k3/8/8/8/3p4/8/3Q2r1/4K3 w - - 0 1", 7)
	e.w.tbHits = 0
	nodes := run() // loads the tables the search reaches
	require.Greater(t, nodes, int64(1000))
	require.Positive(t, e.w.tbHits)
	assert.Zero(t, testing.AllocsPerRun(3, func() { e.NewGame(); run() }))
}

// With WDL files only (no .rtbz), the root is ranked by WDL: the engine
// keeps to the winning moves, reports the tables' win, and counts a
// tbhit a root move.
func TestSyzygyWDLOnly(t *testing.T) {
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(syzygyDir, "*.rtbw"))
	require.NoError(t, err)
	for _, f := range files {
		abs, err := filepath.Abs(f)
		require.NoError(t, err)
		require.NoError(t, os.Symlink(abs, filepath.Join(dir, filepath.Base(f))))
	}
	e := New()
	defer e.Close()
	require.NoError(t, e.SetOption("SyzygyPath", dir))
	_, err = e.Tablebase().ProbeDTZ(fentest.Pointer(t, "8/8/8/4k3/8/8/8/KR6 w - - 0 1"))
	require.ErrorIs(t, err, syzygy.ErrMissingTable, "no DTZ file here")
	ref := tbEngine(t).Tablebase()
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/KR6 w - - 0 1",     // KRvK: every rook move but a hanging one wins
		"8/8/8/8/3kr3/8/8/3K1Q2 w - - 0 1",  // KQvKR
		"8/8/8/8/3kr3/8/8/3K1Q2 b - - 0 1",  // the losing side
		"8/8/2k5/8/8/8/1p6/1K1R4 w - - 0 1", // KRvKP
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		best, _, infos := searchTB(t, e, &p, 6)
		var ml core.MoveList
		p.LegalMoves(&ml)
		last := infos[len(infos)-1]
		assert.GreaterOrEqual(t, last.TBHits, int64(ml.Len()), fen)
		// The move keeps the best value the tables give any move.
		bestWDL := syzygy.WDL(-3)
		var got syzygy.WDL
		for _, m := range ml.Moves() {
			q := p
			q.MakeMove(m)
			v, err := ref.ProbeWDL(&q)
			require.NoError(t, err)
			bestWDL = max(bestWDL, -v)
			if m == best {
				got = -v
			}
		}
		assert.Equal(t, bestWDL, got, "%s: %v", fen, best)
		require.NotNil(t, last.Score)
		switch {
		case last.Score.IsMate:
		case bestWDL == syzygy.Win:
			assert.Equal(t, tbWin, last.Score.CP, fen)
		case bestWDL == syzygy.Loss:
			assert.Equal(t, -tbWin, last.Score.CP, fen)
		}
	}
}

// TestSyzygyConversionRate (GAMBIT_SYZYGY_CONVERT=N positions) plays out
// random won KQvK, KRvK and KBNvK positions whose halfmove clock leaves
// no spare ply (clock 99-DTZ), the engine on both sides at depth 6, with
// the committed tables and without: with them every game must end in
// mate before the fifty-move rule; without them the count is logged.
func TestSyzygyConversionRate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GAMBIT_SYZYGY_CONVERT"))
	if n <= 0 {
		t.Skip("set GAMBIT_SYZYGY_CONVERT to a number of positions")
	}
	ref := tbEngine(t).Tablebase()
	rng := rand.New(rand.NewPCG(24, 11))
	for _, pieces := range []string{"Q", "R", "BN"} {
		with, without := 0, 0
		var plies, dtzSum int
		for range n {
			fen, dtz := randomWin(t, rng, ref, pieces)
			g := playOut(t, tbEngine(t), fen, 6, 200)
			if g.mated && g.end.SideToMove() == core.Black {
				with++
			} else {
				t.Errorf("%s: not converted with the tables: %s", fen, strings.Join(g.moves, " "))
			}
			plies += len(g.moves)
			dtzSum += dtz
			if p := playOut(t, New(), fen, 6, 200); p.mated && p.end.SideToMove() == core.Black {
				without++
			}
		}
		t.Logf("K%svK, %d positions (mean DTZ %.1f), clock 99-DTZ, depth 6: mated %d with the tables (mean %.1f plies), %d without",
			pieces, n, float64(dtzSum)/float64(n), with, float64(plies)/float64(n), without)
	}
}

// randomWin returns a random position of K+pieces v K, White to move and
// winning (DTZ 1 to 99), with the halfmove clock at 99-DTZ.
func randomWin(t *testing.T, rng *rand.Rand, tb *syzygy.Tablebase, pieces string) (string, int) {
	t.Helper()
	for {
		var board [64]byte
		put := func(pc byte) {
			for {
				sq := rng.IntN(64)
				if board[sq] == 0 {
					board[sq] = pc
					return
				}
			}
		}
		put('K')
		put('k')
		for i := range len(pieces) {
			put(pieces[i])
		}
		var b strings.Builder
		for rank := 7; rank >= 0; rank-- {
			empty := 0
			for file := range 8 {
				if c := board[rank*8+file]; c != 0 {
					if empty > 0 {
						b.WriteString(strconv.Itoa(empty))
						empty = 0
					}
					b.WriteByte(c)
				} else {
					empty++
				}
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
			}
			if rank > 0 {
				b.WriteByte('/')
			}
		}
		fen := b.String() + " w - - 0 1"
		p, err := core.ParseFEN(fen)
		if err != nil || !p.HasLegalMoves() {
			continue
		}
		dtz, err := tb.ProbeDTZ(&p)
		require.NoError(t, err)
		if dtz < 1 || dtz > 99 {
			continue
		}
		return strings.TrimSuffix(fen, "0 1") + strconv.Itoa(99-dtz) + " 1", dtz
	}
}
