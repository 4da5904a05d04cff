package uci_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// lowSkill makes Stockfish weak and fast for whole games.
func lowSkill(t *testing.T, e *uci.Engine) {
	t.Helper()
	require.NoError(t, e.SetOption(testCtx(t, 10*time.Second), "Skill Level", "0"))
}

// gameLimits keeps each Stockfish move to a few milliseconds.
var gameLimits = uci.Limits{Depth: 3, MoveTime: 50 * time.Millisecond}

func TestStockfishHandshake(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	assert.True(t, strings.HasPrefix(e.ID().Name, "Stockfish"), "id name %q", e.ID().Name)
	assert.NotEmpty(t, e.ID().Author)
	assert.NotNil(t, e.Process())

	// What Stockfish declares (its "uci" output, and the UCI options in
	// its documentation), read back through ParseOption.
	tests := []struct {
		name     string
		typ      uci.OptionType
		def      string
		min, max int64
	}{
		{"Threads", uci.TypeSpin, "1", 1, 1024},
		{"Hash", uci.TypeSpin, "16", 1, -1},
		{"MultiPV", uci.TypeSpin, "1", 1, 500},
		{"Skill Level", uci.TypeSpin, "20", 0, 20},
		{"Ponder", uci.TypeCheck, "false", 0, 0},
		{"UCI_Chess960", uci.TypeCheck, "false", 0, 0},
		{"Clear Hash", uci.TypeButton, "", 0, 0},
		{"SyzygyPath", uci.TypeString, "", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, ok := e.Option(strings.ToUpper(tc.name)) // names match without regard to case
			require.True(t, ok)
			assert.Equal(t, tc.name, o.Name)
			assert.Equal(t, tc.typ, o.Type)
			assert.Equal(t, tc.def, o.Default)
			if tc.typ == uci.TypeSpin {
				assert.Equal(t, tc.min, o.Min)
				if tc.max >= 0 {
					assert.Equal(t, tc.max, o.Max)
				}
			} else {
				assert.Equal(t, int64(math.MinInt64), o.Min)
				assert.Equal(t, int64(math.MaxInt64), o.Max)
			}
		})
	}
}

func TestStockfishSetOption(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	e := startStockfish(t, uci.Config{OnSend: func(l string) {
		mu.Lock()
		sent = append(sent, l)
		mu.Unlock()
	}})
	ctx := testCtx(t, 20*time.Second)
	tests := []struct {
		name, option, value string
		wantSent            string // "" when the call must fail
		err                 error
	}{
		{"spin", "Skill Level", "3", "setoption name Skill Level value 3", nil},
		{"spin any case", "skill level", " 4", "setoption name Skill Level value 4", nil},
		{"spin below min", "Skill Level", "-1", "", uci.ErrOptionValue},
		{"spin above max", "Skill Level", "21", "", uci.ErrOptionValue},
		{"spin not a number", "Hash", "lots", "", uci.ErrOptionValue},
		{"check", "Ponder", "TRUE", "setoption name Ponder value true", nil},
		{"check not a boolean", "Ponder", "yes", "", uci.ErrOptionValue},
		{"button", "Clear Hash", "", "setoption name Clear Hash", nil},
		{"button with a value", "Clear Hash", "now", "", uci.ErrOptionValue},
		{"string", "SyzygyPath", "/tmp/no such dir", "setoption name SyzygyPath value /tmp/no such dir", nil},
		{"string with a line break", "SyzygyPath", "a\nquit", "", uci.ErrOptionValue},
		{"unknown", "Contempt Factor", "1", "", uci.ErrUnknownOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mu.Lock()
			sent = nil
			mu.Unlock()
			err := e.SetOption(ctx, tc.option, tc.value)
			mu.Lock()
			defer mu.Unlock()
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				var oe *uci.OptionError
				require.ErrorAs(t, err, &oe)
				assert.Empty(t, sent, "nothing may reach the engine")
				return
			}
			require.NoError(t, err)
			// The command, then isready to learn it was applied.
			assert.Equal(t, []string{tc.wantSent, "isready"}, sent)
		})
	}
	require.NoError(t, e.IsReady(ctx), "the engine still answers")
}

func TestStockfishGamePipe(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	lowSkill(t, e)
	start := time.Now()
	r := playGame(t, e, 1, gameLimits)
	t.Logf("pipe game: %d plies, %s, winner %q, %v", r.plies, r.reason, r.winner, time.Since(start))
}

func TestStockfishMultiPV(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 30*time.Second)
	require.NoError(t, e.SetOption(ctx, "MultiPV", "3"))
	// Kiwipete: many reasonable moves, so three distinct lines exist.
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	require.NoError(t, e.Position(fen))
	s, err := e.Go(ctx, uci.Limits{Depth: 10})
	require.NoError(t, err)
	ranks := map[int]int{}
	lastDepth := 0
	for info := range s.Info() {
		if len(info.PV) == 0 {
			continue
		}
		ranks[info.MultiPV]++
		require.NotNil(t, info.Score)
		assert.GreaterOrEqual(t, info.Depth, lastDepth-1)
		lastDepth = max(lastDepth, info.Depth)
	}
	bm, err := s.Wait()
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3}, sortedKeys(ranks), "info lines for each of the three ranks")

	lines := s.Lines()
	require.Len(t, lines, 3)
	pos, err := core.ParseFEN(fen)
	require.NoError(t, err)
	first := map[core.Move]bool{}
	for i, l := range lines {
		assert.Equal(t, i+1, l.MultiPV)
		assert.Equal(t, 10, l.Depth)
		require.NotEmpty(t, l.PV)
		first[l.PV[0]] = true
		// Each PV is a legal line by gambit's own replay of it.
		p := pos
		for _, m := range l.PV {
			var ml core.MoveList
			p.LegalMoves(&ml)
			require.True(t, ml.Contains(m), "PV move %s illegal", m)
			p.MakeMove(m)
		}
		if i > 0 && !l.Score.IsMate && !lines[i-1].Score.IsMate {
			assert.LessOrEqual(t, l.Score.CP, lines[i-1].Score.CP, "lines come best first")
		}
	}
	assert.Len(t, first, 3, "three different first moves")
	assert.Equal(t, lines[0].PV[0], bm.Move, "the best move heads the first line")
}

func sortedKeys(m map[int]int) []int {
	var out []int
	for k := 1; len(out) < len(m) && k <= 64; k++ {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

func TestStockfishMate(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 20*time.Second)
	// After 1.f3 e5 2.g4, black mates with Qh4.
	require.NoError(t, e.Position("startpos", "f2f3", "e7e5", "g2g4"))
	s, err := e.Go(ctx, uci.Limits{Depth: 6})
	require.NoError(t, err)
	var last uci.Info
	for info := range s.Info() {
		if info.Score != nil {
			last = info
		}
	}
	bm, err := s.Wait()
	require.NoError(t, err)
	assert.Equal(t, "d8h4", bm.UCI)
	require.NotNil(t, last.Score)
	assert.True(t, last.Score.IsMate)
	assert.Equal(t, 1, last.Score.Mate)
	pos := e.CurrentPosition()
	pos.MakeMove(bm.Move)
	assert.True(t, pos.IsCheckmate(), "core agrees it is mate")

	// The mated side: Stockfish has no move, which BestMove reports as
	// NoMove without an error.
	bm, err = e.BestMove(ctx, pos, uci.Limits{Depth: 3})
	require.NoError(t, err)
	assert.Equal(t, core.NoMove, bm.Move)
}

func TestStockfishStopAndPonder(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 20*time.Second)

	t.Run("stop an infinite search", func(t *testing.T) {
		require.NoError(t, e.Position("startpos", "e2e4"))
		s, err := e.Go(ctx, uci.Limits{Infinite: true})
		require.NoError(t, err)
		for info := range s.Info() {
			if info.Depth >= 5 {
				break
			}
		}
		// isready is answered while searching.
		require.NoError(t, e.IsReady(ctx))
		_, err = e.Go(ctx, uci.Limits{Depth: 1})
		require.ErrorIs(t, err, uci.ErrSearching)
		require.ErrorIs(t, e.Position("startpos"), uci.ErrSearching)
		require.NoError(t, e.Stop())
		bm, err := s.Wait()
		require.NoError(t, err)
		pos := e.CurrentPosition()
		_, err = pos.ParseUCI(bm.UCI)
		require.NoError(t, err)
	})

	t.Run("ponderhit", func(t *testing.T) {
		require.NoError(t, e.Position("startpos", "e2e4", "e7e5"))
		s, err := e.Go(ctx, uci.Limits{Ponder: true, WTime: 2 * time.Second, BTime: 2 * time.Second})
		require.NoError(t, err)
		select {
		case <-s.Done():
			t.Fatal("a ponder search must not end before ponderhit")
		case <-time.After(200 * time.Millisecond):
		}
		require.NoError(t, s.PonderHit())
		bm, err := s.Wait()
		require.NoError(t, err)
		pos := e.CurrentPosition()
		_, err = pos.ParseUCI(bm.UCI)
		require.NoError(t, err)
	})

	t.Run("context ends the search", func(t *testing.T) {
		sctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
		s, err := e.Go(sctx, uci.Limits{Infinite: true})
		require.NoError(t, err)
		bm, err := s.Wait()
		require.ErrorIs(t, err, context.DeadlineExceeded)
		assert.Equal(t, core.NoMove, bm.Move, "no move with the error")
		assert.NotContains(t, err.Error(), "bestmove")
		require.NoError(t, e.IsReady(ctx), "the engine is usable afterwards")
		// The next search waits for the dropped bestmove, then runs.
		s, err = e.Go(ctx, uci.Limits{Depth: 1})
		require.NoError(t, err)
		bm, err = s.Wait()
		require.NoError(t, err)
		pos := e.CurrentPosition()
		assert.True(t, pos.IsLegal(bm.Move))
	})

	t.Run("stop when idle", func(t *testing.T) {
		require.NoError(t, e.Stop())
		require.NoError(t, e.PonderHit())
	})
}

func TestStockfishSearchMoves(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 20*time.Second)
	require.NoError(t, e.Position(""))
	bm, err := e.Play(ctx, "", uci.Limits{Depth: 5, SearchMoves: []string{"a2a3", "h2h3"}})
	require.NoError(t, err)
	assert.Contains(t, []string{"a2a3", "h2h3"}, bm.UCI)

	_, err = e.Go(ctx, uci.Limits{Depth: 1, SearchMoves: []string{"e2e5"}})
	require.ErrorIs(t, err, core.ErrIllegalMove)
}

func TestStockfishBestMoveChangesNothing(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 20*time.Second)
	require.NoError(t, e.Position("startpos", "e2e4"))
	other, err := core.ParseFEN("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1")
	require.NoError(t, err)
	bm, err := e.BestMove(ctx, other, uci.Limits{Depth: 8})
	require.NoError(t, err)
	_, err = other.ParseUCI(bm.UCI)
	require.NoError(t, err, "a move of the position asked about")
	start, moves := e.Game()
	assert.Equal(t, core.StartFEN, start.FEN())
	require.Len(t, moves, 1)
	assert.Equal(t, "e2e4", start.UCI(moves[0]))

	// Play goes on from the kept game, which is sent again.
	bm, err = e.Play(ctx, "", uci.Limits{Depth: 5})
	require.NoError(t, err)
	cur := e.CurrentPosition()
	assert.Equal(t, core.White, cur.SideToMove(), "black replied")
	p := core.StartPosition()
	p.MakeMove(moves[0])
	_, err = p.ParseUCI(bm.UCI)
	require.NoError(t, err, "a black reply to 1.e4")

	// An illegal move of ours changes nothing either.
	_, err = e.Play(ctx, "e2e4", uci.Limits{Depth: 1})
	require.ErrorIs(t, err, core.ErrIllegalMove)
	_, moves2 := e.Game()
	assert.Len(t, moves2, 2)
}

func TestStockfishChess960(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	e := startStockfish(t, uci.Config{OnSend: func(l string) {
		mu.Lock()
		sent = append(sent, l)
		mu.Unlock()
	}})
	ctx := testCtx(t, 20*time.Second)
	// King on e1 between rooks on b1 and g1 with the squares free, so
	// both castlings are legal; long castling is e1c1 as a king move and
	// e1b1 as king takes rook, the Chess960 form.
	const fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"
	require.NoError(t, e.Position(fen))
	bm, err := e.Play(ctx, "", uci.Limits{Depth: 3, SearchMoves: []string{"e1c1"}})
	require.NoError(t, err)
	assert.True(t, bm.Move.IsCastle())
	assert.Equal(t, "e1b1", bm.UCI)
	pos := e.CurrentPosition()
	assert.Equal(t, core.NewPiece(core.White, core.King), pos.PieceAt(core.C1))
	assert.Equal(t, core.NewPiece(core.White, core.Rook), pos.PieceAt(core.D1))

	require.NoError(t, e.Position("startpos"))
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, sent, "setoption name UCI_Chess960 value true")
	assert.Contains(t, sent, "go depth 3 searchmoves e1b1")
	assert.Equal(t, "setoption name UCI_Chess960 value false", sent[len(sent)-2], "standard chess again")
}

func TestStockfishSendAndOnLine(t *testing.T) {
	fens := make(chan string, 4)
	e := startStockfish(t, uci.Config{OnLine: func(l string) {
		// Stockfish's "d" prints the board and a "Fen:" line.
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			fens <- f
		}
	}})
	require.NoError(t, e.Position("startpos", "e2e4", "c7c5", "g1f3"))
	require.NoError(t, e.Send("d"))
	select {
	case f := <-fens:
		pos := e.CurrentPosition()
		assert.Equal(t, pos.FEN(), f, "Stockfish holds the position gambit kept")
	case <-time.After(5 * time.Second):
		t.Fatal("no Fen line from Stockfish")
	}
	err := e.Send("d\nquit")
	require.ErrorIs(t, err, uci.ErrSyntax)
}

func TestStockfishKilledMidSearch(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	ctx := testCtx(t, 20*time.Second)
	s, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	for info := range s.Info() {
		if info.Depth >= 3 {
			break
		}
	}
	require.NoError(t, e.Process().Kill())
	start := time.Now()
	_, err = s.Wait()
	require.ErrorIs(t, err, uci.ErrExited)
	assert.Contains(t, err.Error(), "signal: killed")
	var ee *uci.EngineError
	require.ErrorAs(t, err, &ee)
	assert.NotEmpty(t, ee.Output, "the last output comes with the error")
	assert.Less(t, time.Since(start), 3*time.Second)
	// Every later call fails the same way, at once.
	require.ErrorIs(t, e.IsReady(ctx), uci.ErrExited)
	_, err = e.Play(ctx, "e2e4", uci.Limits{Depth: 1})
	require.ErrorIs(t, err, uci.ErrExited)
	require.True(t, errors.Is(e.Position("startpos"), uci.ErrExited))
}
