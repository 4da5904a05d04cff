package uci_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

func TestServeDrivenByClient(t *testing.T) {
	eng := newOnePly()
	e := serveInProcess(t, eng, uci.Config{})
	ctx := testCtx(t, 10*time.Second)

	assert.Equal(t, uci.ID{Name: "OnePly 1.0", Author: "gambit tests"}, e.ID())
	style, ok := e.Option("Style")
	require.True(t, ok)
	assert.Equal(t, []string{"Greedy", "Very Greedy"}, style.Vars)
	c960, ok := e.Option("UCI_Chess960")
	require.True(t, ok, "Serve declares UCI_Chess960 itself")
	assert.Equal(t, uci.TypeCheck, c960.Type)

	require.NoError(t, e.SetOption(ctx, "style", "very greedy"))
	require.NoError(t, e.SetOption(ctx, "Clear Hash", ""))
	require.ErrorIs(t, e.SetOption(ctx, "Hash", "65"), uci.ErrOptionValue)
	eng.mu.Lock()
	assert.Equal(t, map[string]string{"Style": "Very Greedy", "Clear Hash": ""}, eng.options)
	eng.mu.Unlock()

	// A queen hangs on d5: the rook takes it.
	require.NoError(t, e.Position("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"))
	s, err := e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
	var infos []uci.Info
	for info := range s.Info() {
		infos = append(infos, info)
	}
	bm, err := s.Wait()
	require.NoError(t, err)
	assert.Equal(t, "d1d5", bm.UCI)
	after := e.CurrentPosition()
	after.MakeMove(bm.Move)
	_, err = after.ParseUCI(bm.PonderUCI)
	require.NoError(t, err, "a legal reply")
	require.Len(t, infos, 1)
	assert.Equal(t, 900, infos[0].Score.CP)
	assert.Equal(t, time.Millisecond, infos[0].Time)
	require.Len(t, infos[0].PV, 2)
	assert.Equal(t, bm.Move, infos[0].PV[0])

	// Mate in one is found and reported as a mate score.
	require.NoError(t, e.Position("startpos", "f2f3", "e7e5", "g2g4"))
	s, err = e.Go(ctx, uci.Limits{WTime: time.Second, BTime: time.Second})
	require.NoError(t, err)
	for info := range s.Info() {
		require.NotNil(t, info.Score)
		assert.Equal(t, uci.Score{Mate: 1, IsMate: true}, *info.Score)
	}
	bm, err = s.Wait()
	require.NoError(t, err)
	assert.Equal(t, "d8h4", bm.UCI)
}

func TestServeInfiniteAndPonder(t *testing.T) {
	e := serveInProcess(t, newOnePly(), uci.Config{})
	ctx := testCtx(t, 10*time.Second)

	s, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	// The engine is done at once, but Serve holds bestmove until stop.
	select {
	case <-s.Done():
		t.Fatal("bestmove before stop in an infinite search")
	case <-time.After(100 * time.Millisecond):
	}
	require.NoError(t, e.IsReady(ctx), "isready is answered during a search")
	require.NoError(t, e.Stop())
	bm, err := s.Wait()
	require.NoError(t, err)
	assert.NotEqual(t, core.NoMove, bm.Move)

	s, err = e.Go(ctx, uci.Limits{Ponder: true, WTime: time.Second, BTime: time.Second})
	require.NoError(t, err)
	select {
	case <-s.Done():
		t.Fatal("bestmove before ponderhit")
	case <-time.After(100 * time.Millisecond):
	}
	require.NoError(t, e.PonderHit())
	_, err = s.Wait()
	require.NoError(t, err)
}

func TestServeGameAgainstClient(t *testing.T) {
	e := serveInProcess(t, newOnePly(), uci.Config{})
	r := playGame(t, e, 3, uci.Limits{Depth: 1})
	t.Logf("one-ply game: %d plies, %s, winner %q", r.plies, r.reason, r.winner)
}

// serveScript runs Serve on a GUI's script and returns what it wrote.
func serveScript(t *testing.T, eng uci.Searcher, script string) []string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, uci.Serve(testCtx(t, 10*time.Second), eng, strings.NewReader(script), &out))
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestServeRejectedGoStillAnswers(t *testing.T) {
	// A GUI waits for bestmove after every go: a go the engine rejects
	// gets its error and then a legal move (the best of depth 1), or
	// "bestmove 0000" (UCI's null move) where there is no move.
	for _, tc := range []struct{ name, position, goLine, want string }{
		{"negative depth", "position startpos moves e2e4", "go depth -2", `info string error: uci: bad go line "go depth -2": depth needs a number`},
		{"bad value", "position startpos moves", "go depth x", `info string error: uci: bad go line "go depth x": depth needs a number`},
		{"negative movetime", "position startpos moves", "go movetime -5", `info string error: uci: bad go line "go movetime -5"`},
		{"mated", "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "go depth -2", "info string error: uci: bad go line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := serveScript(t, newOnePly(), tc.position+"\n"+tc.goLine+"\n")
			require.NotEmpty(t, out)
			assert.True(t, strings.HasPrefix(out[0], tc.want), "got %q", out[0])
			last := out[len(out)-1]
			require.True(t, strings.HasPrefix(last, "bestmove "), "the GUI gets its answer: %q", out)
			f := strings.Fields(last)
			p := positionOf(t, tc.position)
			if !p.HasLegalMoves() {
				assert.Equal(t, "0000", f[1])
				return
			}
			_, err := uci.ParseBestMove(last, p)
			assert.NoError(t, err, "a legal move")
		})
	}
}

// positionOf returns the position a "position startpos moves ..." or
// "position fen ..." command (without moves) sets up.
func positionOf(t *testing.T, line string) core.Position {
	t.Helper()
	if fen, ok := strings.CutPrefix(line, "position fen "); ok {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		return p
	}
	p := core.StartPosition()
	for _, w := range strings.Fields(strings.TrimPrefix(line, "position startpos moves")) {
		m, err := p.ParseUCI(w)
		require.NoError(t, err)
		p.MakeMove(m)
	}
	return p
}

func TestServeGUIConventions(t *testing.T) {
	// The commands a GUI such as cutechess sends Stockfish.
	out := serveScript(t, newOnePly(), strings.Join([]string{
		"uci",
		"setoption name Hash value 32",
		"isready",
		"ucinewgame",
		"position startpos moves e2e4 d7d5",
		"isready",
		"go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 40",
		"quit",
	}, "\n"))
	assert.Equal(t, []string{
		"id name OnePly 1.0",
		"id author gambit tests",
		"option name Style type combo default Greedy var Greedy var Very Greedy",
		"option name Hash type spin default 1 min 1 max 64",
		"option name Clear Hash type button",
		"option name UCI_Chess960 type check default false",
		"uciok",
		"readyok",
		"readyok",
		// The one capture, and black's one recapture; nodes is the
		// number of legal moves.
		fmt.Sprintf("info depth 1 seldepth 2 score cp 100 nodes %d time 1 pv e4d5 d8d5", legalCount(t, "e2e4", "d7d5")),
		"bestmove e4d5 ponder d8d5",
	}, out)
}

func TestServeMalformedInput(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string // the start of the reported error; "" for none
	}{
		{"bad fen", "position fen not a fen", "info string error: uci: bad position line"},
		{"no position kind", "position", "info string error: uci: bad position line"},
		{"illegal move", "position startpos moves e2e4 e2e4", `info string error: uci: bad position line "position startpos moves e2e4 e2e4": move 2: core: illegal move`},
		{"unknown option", "setoption name Nope value 1", `info string error: uci: option "Nope": unknown option`},
		{"bad option value", "setoption name Style value Wild", `info string error: uci: option "Style" value "Wild": invalid option value`},
		{"setoption without name", "setoption Hash 3", "info string error: uci: bad setoption line"},
		{"unknown command", "foo bar", `info string error: unknown command "foo"`},
		{"unknown token before a command", "joho debug on", ""},
		{"bad debug", "debug maybe", `info string error: debug wants on or off, not "maybe"`},
		{"empty line", "", ""},
		{"binary", "\x00\xff\xfe", `info string error: unknown command`},
		{"line too long", strings.Repeat("y", 2<<20), "info string error: line longer than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := serveScript(t, newOnePly(), tc.input+"\nisready\n")
			if tc.want == "" {
				assert.Equal(t, []string{"readyok"}, out)
				return
			}
			require.Len(t, out, 2, "one report, then the engine still answers")
			assert.True(t, strings.HasPrefix(out[0], tc.want), "got %q", out[0])
			assert.Equal(t, "readyok", out[1])
		})
	}

	t.Run("illegal move keeps the moves before it", func(t *testing.T) {
		out := serveScript(t, newOnePly(), "position startpos moves e2e4 e2e4\ngo depth 1\n")
		require.Len(t, out, 3)
		// Black to move after 1.e4: a black move.
		bm, err := uci.ParseBestMove(out[2], afterMoves(t, "e2e4"))
		require.NoError(t, err)
		assert.NotEqual(t, core.NoMove, bm.Move)
	})

	t.Run("illegal searchmoves are reported and left out", func(t *testing.T) {
		out := serveScript(t, newOnePly(), "go depth 1 searchmoves e2e5 h2h3\n")
		require.Len(t, out, 3)
		assert.Contains(t, out[0], "searchmoves")
		assert.True(t, strings.HasPrefix(out[2], "bestmove h2h3 "), "got %q", out[2])
	})

	t.Run("go during a search", func(t *testing.T) {
		out := serveScript(t, newOnePly(), "go infinite\ngo depth 1\nucinewgame\nsetoption name Hash value 2\nisready\nstop\n")
		// The search's own info line may come anywhere before bestmove.
		var rest []string
		for _, l := range out {
			if !strings.HasPrefix(l, "info depth") {
				rest = append(rest, l)
			}
		}
		require.Len(t, rest, 5)
		assert.Equal(t, "info string error: go ignored: a search is running", rest[0])
		assert.Equal(t, "info string error: ucinewgame ignored during a search", rest[1])
		assert.Equal(t, "info string error: setoption ignored during a search", rest[2])
		assert.Equal(t, "readyok", rest[3])
		assert.True(t, strings.HasPrefix(rest[4], "bestmove "))
	})

	t.Run("go right after stop", func(t *testing.T) {
		// polyglot (SyncStop off) sends the next go without waiting for
		// the bestmove of the search it stopped: both searches answer.
		out := serveScript(t, slowStop{newOnePly()}, "go infinite\nstop\nposition startpos moves e2e4\ngo depth 1\nisready\n")
		var best []string
		for _, l := range out {
			assert.NotContains(t, l, "ignored")
			if strings.HasPrefix(l, "bestmove ") {
				best = append(best, l)
			}
		}
		assert.Len(t, best, 2, "got %q", out)
	})
}

// legalCount counts the legal moves after moves from the start, by core.
func legalCount(t *testing.T, moves ...string) int {
	p := afterMoves(t, moves...)
	var ml core.MoveList
	p.LegalMoves(&ml)
	return ml.Len()
}

func afterMoves(t *testing.T, moves ...string) core.Position {
	p := core.StartPosition()
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		p.MakeMove(m)
	}
	return p
}

func TestServeChess960(t *testing.T) {
	const fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"
	tests := []struct {
		name, script, want string
	}{
		{"UCI_Chess960 on: king takes rook", "setoption name UCI_Chess960 value true\nposition fen " + fen + "\ngo searchmoves e1c1\n", "bestmove e1b1"},
		{"a Chess960 FEN alone", "position fen " + fen + "\ngo searchmoves e1c1\n", "bestmove e1b1"},
		{"standard chess: king's move", "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ngo searchmoves e1a1\n", "bestmove e1c1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := serveScript(t, newOnePly(), tc.script)
			assert.True(t, strings.HasPrefix(out[len(out)-1], tc.want), "got %q", out[len(out)-1])
		})
	}
}

// badMover returns a move that is not legal.
type badMover struct{ *onePly }

func (badMover) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	return core.NoMove, core.NoMove
}

func TestServeReplacesAnIllegalBestMove(t *testing.T) {
	out := serveScript(t, badMover{newOnePly()}, "go depth 1\n")
	require.Len(t, out, 2)
	start := core.StartPosition()
	var ml core.MoveList
	start.LegalMoves(&ml)
	first := start.UCI(ml.At(0))
	assert.Equal(t, "info string error: engine returned 0000, not a legal move; playing "+first, out[0])
	assert.Equal(t, "bestmove "+first, out[1])

	// No legal move at all: UCI's null move.
	out = serveScript(t, badMover{newOnePly()}, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 1\n")
	assert.Equal(t, []string{"bestmove 0000"}, out)
}

func TestServeEndsWithContext(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- uci.Serve(ctx, newOnePly(), r, io.Discard) }()
	_, err := io.WriteString(w, "go infinite\n")
	require.NoError(t, err)
	cancel()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not end with its context")
	}
}

func TestServeWriteFailure(t *testing.T) {
	err := uci.Serve(testCtx(t, 5*time.Second), newOnePly(), strings.NewReader("uci\nisready\n"), failingWriter{})
	require.ErrorIs(t, err, io.ErrClosedPipe)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// An engine process built on Serve (internal/randomengine) plays Stockfish,
// both driven by gambit's client, each through Play: the GUI side and the
// engine side of this package talk to each other and to a real engine.
func TestServedEngineProcessAgainstStockfish(t *testing.T) {
	ctx := testCtx(t, 60*time.Second)
	white, err := uci.Start(ctx, randomEngine)
	require.NoError(t, err)
	defer func() { require.NoError(t, white.Close()) }()
	assert.Equal(t, "gambit random", white.ID().Name)
	require.NoError(t, white.SetOption(ctx, "Seed", "7"))
	black := startStockfish(t, uci.Config{})
	lowSkill(t, black)
	for _, e := range []*uci.Engine{white, black} {
		require.NoError(t, e.NewGame(ctx))
	}

	pos := core.StartPosition()
	seen := map[uint64]int{pos.Hash(): 1}
	engines := [2]*uci.Engine{white, black}
	last := ""
	var end string
	plies := 0
	for ; plies < maxPlies && end == ""; plies++ {
		bm, err := engines[plies%2].Play(ctx, last, gameLimits)
		require.NoError(t, err)
		m, err := pos.ParseUCI(bm.UCI)
		require.NoError(t, err, "a legal move by core")
		pos.MakeMove(m)
		seen[pos.Hash()]++
		end = endOf(&pos, seen)
		last = bm.UCI
	}
	require.NotEmpty(t, end, "game not over after %d plies", maxPlies)
	t.Logf("gambit random vs Stockfish: %d plies, %s", plies, end)
}

// historyMover records the History of each search request.
type historyMover struct {
	*onePly
	got chan uci.SearchRequest
}

func (h historyMover) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	h.got <- req
	return h.onePly.Search(ctx, req, info)
}

// TestServeCarriesHistory checks that a served engine gets the game's
// positions as repetition keys: after two knight trips the start position
// stands for the third time, which History tells without the moves.
func TestServeCarriesHistory(t *testing.T) {
	eng := historyMover{newOnePly(), make(chan uci.SearchRequest, 2)}
	serveScript(t, eng, "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\ngo depth 1\n")
	req := <-eng.got
	require.Equal(t, 8, req.History.Len(), "start and every position before the current one")
	assert.Equal(t, 2, req.History.Repetitions(&req.Position), "third occurrence of the start position")
	assert.True(t, req.History.IsRepetition(&req.Position))
	serveScript(t, eng, "position startpos moves e2e4\ngo depth 1\n")
	req = <-eng.got
	require.Equal(t, 1, req.History.Len(), "one move: the start position before it")
	assert.False(t, req.History.IsRepetition(&req.Position))
}

// slowStop is an engine whose infinite search takes a while to end after
// stop, as a real search between two checks of its context.
type slowStop struct{ uci.Searcher }

func (s slowStop) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	if req.Limits.Infinite {
		<-ctx.Done()
		time.Sleep(100 * time.Millisecond)
	}
	return s.Searcher.Search(ctx, req, info)
}
