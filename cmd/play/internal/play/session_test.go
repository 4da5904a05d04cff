package play

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/polyglottest"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/san"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
	"github.com/stretchr/testify/require"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time { return f.t }

func newHuman(t *testing.T, cfg Config) *Session {
	t.Helper()
	s, err := New(context.Background(), cfg)
	require.NoError(t, err)
	return s
}

// play types lines into s.
func play(s *Session, lines ...string) {
	for _, l := range lines {
		s.Handle(context.Background(), l)
	}
}

func msgs(s *Session) string { return strings.Join(s.Messages(), "\n") }

func TestSessionEnds(t *testing.T) {
	cases := []struct {
		name, fen string
		lines     []string
		want      string
	}{
		{"checkmate", "", []string{"f3", "e5", "g4", "Qh4"}, "Game over: 0-1, White is checkmated: Black wins"},
		{"stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", []string{"Qf7"}, "Game over: 1/2-1/2, Black is stalemated: draw"},
		{"insufficient material", "7k/8/8/8/8/8/6p1/6K1 w - - 0 1", []string{"Kxg2"}, "Game over: 1/2-1/2, draw by insufficient material"},
		{"threefold claimed", "", []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "draw"}, "Game over: 1/2-1/2, draw by threefold repetition"},
		{"fifty moves claimed", "7k/8/8/8/8/8/8/R5K1 w - - 99 80", []string{"Ra2", "draw"}, "Game over: 1/2-1/2, draw by the fifty-move rule"},
		{"seventy-five moves", "7k/8/8/8/8/8/8/R5K1 w - - 149 100", []string{"Ra2"}, "Game over: 1/2-1/2, draw by the seventy-five-move rule"},
		{"agreement", "", []string{"e4", "draw", "e5", "draw"}, "Game over: 1/2-1/2, draw by agreement"},
		{"resignation", "", []string{"e4", "resign"}, "Game over: 1-0, Black resigns: White wins"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newHuman(t, Config{FEN: c.fen})
			play(s, c.lines...)
			require.Contains(t, strings.Join(s.Lines(24), "\n"), c.want)
			require.Contains(t, msgs(s), "Type save FILE")
			require.Equal(t, "game over > ", s.Prompt())
			play(s, "e4")
			require.Contains(t, msgs(s), "The game is over")
		})
	}
}

func TestSessionDrawOfferDeclinedByMoving(t *testing.T) {
	s := newHuman(t, Config{})
	play(s, "e4", "draw")
	require.Contains(t, msgs(s), "Black offers a draw; after black's move, white may type draw to accept it.")
	play(s, "e5", "Nf3")
	require.Contains(t, msgs(s), "White declines the draw.")
	play(s, "draw") // Black offers again: nobody accepted the first
	require.False(t, s.Game().IsOver())
	require.Contains(t, msgs(s), "Black offers a draw")
}

func TestSessionUndo(t *testing.T) {
	s := newHuman(t, Config{})
	play(s, "undo")
	require.Equal(t, "Nothing to undo.", msgs(s))
	play(s, "f3", "e5", "g4", "Qh4", "undo")
	require.False(t, s.Game().IsOver(), "undo takes the mate back")
	require.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", s.Game().FEN())
	play(s, "resign", "undo")
	require.Contains(t, msgs(s), "Cannot undo")
	require.True(t, s.Game().IsOver(), "a resignation stays")
	play(s, "new")
	require.Equal(t, 0, s.Game().Ply())
	require.False(t, s.Game().IsOver())
}

func TestSessionClock(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e6, 0)}
	s := newHuman(t, Config{TimeControl: TimeControl{Base: time.Minute, Inc: time.Second}, Now: ft.now})
	lines0 := s.Lines(24)
	require.Contains(t, lines0[7], "1:00 ◀", "White's clock runs, at the bottom")
	require.Contains(t, lines0[8], "White")
	require.Contains(t, lines0[1], "1:00")
	require.Contains(t, lines0[0], "Black")
	ft.t = ft.t.Add(10 * time.Second)
	play(s, "e4")
	lines := strings.Join(s.Lines(24), "\n")
	require.Contains(t, lines, "0:51\n", "White: 50 s and the increment")
	ft.t = ft.t.Add(30 * time.Second)
	require.True(t, s.Tick())
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "0:30 ◀")
	ft.t = ft.t.Add(30 * time.Second)
	s.Tick()
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "Game over: 1-0, Black lost on time: White wins")
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "0:00.0")
	require.False(t, s.Tick(), "the clock stopped")
}

func TestSessionTimeLossAgainstLoneKing(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e6, 0)}
	s := newHuman(t, Config{FEN: "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", TimeControl: TimeControl{Base: time.Second}, Now: ft.now})
	ft.t = ft.t.Add(2 * time.Second)
	play(s, "Qa8+") // too late
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "Game over: 1/2-1/2, draw: white lost on time, but black cannot win")
	require.Equal(t, 0, s.Game().Ply())
}

// In King of the Hill a lone king still wins on time: it can walk to the
// centre. A knight alone does not in chess.
func TestSessionTimeLossByVariant(t *testing.T) {
	for _, tc := range []struct {
		v    core.Variant
		fen  string
		want string
	}{
		{core.KingOfTheHill, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "Game over: 0-1, White lost on time: Black wins"},
		{core.Standard, "4k3/8/2n5/8/8/8/8/Q3K3 w - - 0 1", "Game over: 1/2-1/2, draw: white lost on time, but black cannot win"},
		{core.Standard, "4k3/8/2n5/8/8/8/P7/4K3 w - - 0 1", "Game over: 0-1, White lost on time: Black wins"},
	} {
		ft := &fakeTime{t: time.Unix(1e6, 0)}
		s := newHuman(t, Config{Variant: tc.v, FEN: tc.fen, TimeControl: TimeControl{Base: time.Second}, Now: ft.now})
		ft.t = ft.t.Add(2 * time.Second)
		require.True(t, s.Tick())
		require.Contains(t, strings.Join(s.Lines(24), "\n"), tc.want, "%v %s", tc.v, tc.fen)
	}
}

func TestSessionQuitAsksToSave(t *testing.T) {
	s := newHuman(t, Config{})
	play(s, "quit")
	require.True(t, s.Quit(), "nothing to save")

	dir := t.TempDir()
	name := filepath.Join(dir, "g.pgn")
	s = newHuman(t, Config{})
	play(s, "e4", "quit")
	require.False(t, s.Quit())
	require.Contains(t, s.Prompt(), "Save to file")
	play(s, "cancel")
	require.False(t, s.Quit())
	play(s, "e5", "quit", filepath.Join(dir, "no-such-dir", "x.pgn"))
	require.False(t, s.Quit())
	require.Contains(t, msgs(s), "no such file or directory")
	play(s, name)
	require.True(t, s.Quit())
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	g, err := pgn.NewReader(f).Next()
	require.NoError(t, err)
	require.Equal(t, "*", g.Result)
	require.Len(t, g.MainlineMoves(), 2)
	white := g.Tags.Get("White")
	require.Equal(t, "White", white)

	// Saved: quit goes at once.
	s = newHuman(t, Config{})
	play(s, "e4", "save "+name, "quit")
	require.True(t, s.Quit())
}

func TestSessionContinuesPGN(t *testing.T) {
	const text = "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n"
	s := newHuman(t, Config{PGN: strings.NewReader(text)})
	require.Equal(t, 3, s.Game().Ply())
	require.Equal(t, core.Black, s.Game().SideToMove())
	play(s, "Nc6")
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "2. Nf3 Nc6")
	white, _ := s.Game().Tag("White")
	require.Equal(t, "A", white, "the game's tags stay")
	_, err := New(context.Background(), Config{PGN: strings.NewReader("1. e4 Ke7 Ke2 Kxe2 *")})
	require.Error(t, err)
}

func TestSessionChess960(t *testing.T) {
	s := newHuman(t, Config{Chess960: true})
	pos := s.Game().Position()
	require.True(t, pos.Chess960())
	play(s, "new")
	pos = s.Game().Position()
	require.True(t, pos.Chess960())
}

// finishEngine lets the engine of s move, as the program does.
func finishEngine(t *testing.T, s *Session) {
	t.Helper()
	require.True(t, s.EngineToMove())
	s.FinishThink(s.StartThink(context.Background())())
}

func TestSessionSkillLevel(t *testing.T) {
	var sent []string
	e, err := uci.Config{OnSend: func(l string) { sent = append(sent, l) }}.Start(context.Background(), enginetest.StockfishPath(t))
	require.NoError(t, err)
	s, err := New(context.Background(), Config{Player: e, Level: 3, MoveTime: 100 * time.Millisecond, Color: "black"})
	require.NoError(t, err)
	defer s.Close()
	require.Contains(t, sent, "setoption name Skill Level value 3")
	finishEngine(t, s)
	require.Equal(t, 1, s.Game().Ply())
	require.Regexp(t, `^Stockfish \S+ plays \S+\.$`, msgs(s))
	for _, l := range sent {
		require.NotContains(t, l, " depth ", "Skill Level does it, no depth limit")
	}
	play(s, "hint")
	require.Regexp(t, `^Hint: \S+$`, msgs(s))
	pos := s.Game().Position()
	_, err = Parse(&pos, strings.TrimPrefix(msgs(s), "Hint: "))
	require.NoError(t, err, "the hint is a legal move")
	require.Equal(t, 1, s.Game().Ply(), "a hint changes nothing")
}

func TestSessionXBoardDepthAndDraw(t *testing.T) {
	var sent []string
	e, err := xboard.Config{OnSend: func(l string) { sent = append(sent, l) }}.Start(context.Background(), enginetest.Program(t, "fairymax"))
	require.NoError(t, err)
	s, err := New(context.Background(), Config{Player: e, Level: 2, MoveTime: 200 * time.Millisecond})
	require.NoError(t, err)
	defer s.Close()
	play(s, "e4")
	finishEngine(t, s)
	require.Equal(t, 2, s.Game().Ply(), msgs(s))
	require.Contains(t, sent, "sd 3", "no Skill Level: a depth of level+1")
	play(s, "draw")
	require.Contains(t, msgs(s), "You offer a draw")
	play(s, "Nf3")
	finishEngine(t, s)
	// Fair-Max declines early in the game; either way the game goes on
	// or ends by agreement, and the offer is over.
	if !s.Game().IsOver() {
		require.Equal(t, 4, s.Game().Ply())
	} else {
		require.Equal(t, game.DrawByAgreement, s.Game().Status())
	}
	play(s, "undo")
	require.Equal(t, 2, s.Game().Ply(), msgs(s))
}

func TestSessionBook(t *testing.T) {
	dir := t.TempDir()
	games := strings.Repeat("[Result \"*\"]\n\n1. d4 Nf6 2. c4 e6 *\n\n", 3)
	pgnFile := filepath.Join(dir, "book.pgn")
	require.NoError(t, os.WriteFile(pgnFile, []byte(games), 0o644))
	bookFile := filepath.Join(dir, "book.bin")
	require.NoError(t, os.WriteFile(bookFile, polyglottest.MakeBook(t, pgnFile, "-min-game", "1"), 0o644))
	b, err := polyglot.Open(bookFile)
	require.NoError(t, err)
	e, err := uci.Start(context.Background(), enginetest.StockfishPath(t))
	require.NoError(t, err)
	s, err := New(context.Background(), Config{Player: e, Book: b, Color: "black", MoveTime: 100 * time.Millisecond})
	require.NoError(t, err)
	defer s.Close()
	finishEngine(t, s)
	require.Regexp(t, `plays d4 \(book\)\.$`, msgs(s))
	play(s, "Nf6")
	finishEngine(t, s)
	require.Regexp(t, `plays c4 \(book\)\.$`, msgs(s))
	play(s, "d5") // out of the book
	finishEngine(t, s)
	require.NotContains(t, msgs(s), "(book)")
	require.Equal(t, 5, s.Game().Ply())
}

func TestSessionInterrupt(t *testing.T) {
	s := newHuman(t, Config{})
	play(s, "e4")
	s.Interrupt(context.Background())
	require.False(t, s.Quit(), "asks to save first")
	require.Contains(t, s.Prompt(), "Save to file")
	s.Interrupt(context.Background())
	require.True(t, s.Quit(), "a second Ctrl-C leaves")
}

// TestSessionThinkConcurrent does what the program does while the engine
// thinks on another goroutine: draw the screen, tick the clocks, take keys.
// Run with -race it shows that nothing but the thinking touches the game.
func TestSessionThinkConcurrent(t *testing.T) {
	e, err := uci.Start(context.Background(), enginetest.StockfishPath(t))
	require.NoError(t, err)
	s, err := New(context.Background(), Config{Player: e, TimeControl: TimeControl{Base: 2 * time.Second}, Level: 0})
	require.NoError(t, err)
	defer s.Close()
	play(s, "e4")
	require.True(t, s.EngineToMove())
	think := s.StartThink(context.Background())
	done := make(chan ThinkResult)
	go func() { done <- think() }()
	var r ThinkResult
	for waiting := true; waiting; {
		select {
		case r = <-done:
			waiting = false
		default:
			require.Len(t, s.Lines(24), 23)
			s.Tick()
			play(s, "Nf3")
			require.Contains(t, msgs(s), "is thinking; wait for its move.")
			require.Nil(t, s.Complete("N"))
			time.Sleep(5 * time.Millisecond)
		}
	}
	s.FinishThink(r)
	require.NoError(t, r.Err)
	require.Equal(t, 2, s.Game().Ply())
	require.False(t, s.Thinking())
	require.Equal(t, s.You(), s.Game().SideToMove())
}

func TestSessionEngineLosesOnTime(t *testing.T) {
	// The engine answers at once in real time, but the test's clock says
	// it took ten seconds of its two: its move is taken back and it loses.
	ft := &fakeTime{t: time.Unix(1e6, 0)}
	e, err := uci.Start(context.Background(), enginetest.StockfishPath(t))
	require.NoError(t, err)
	s, err := New(context.Background(), Config{Player: e, Color: "black", TimeControl: TimeControl{Base: 2 * time.Second}, Now: ft.now})
	require.NoError(t, err)
	defer s.Close()
	r := s.StartThink(context.Background())()
	require.NoError(t, r.Err)
	require.NotEqual(t, core.NoMove, r.Move)
	ft.t = ft.t.Add(10 * time.Second)
	s.FinishThink(r)
	require.Equal(t, 0, s.Game().Ply(), "the move after the flag fell does not count")
	require.Contains(t, strings.Join(s.Lines(24), "\n"), "Game over: 0-1, White lost on time: Black wins")
	require.False(t, s.EngineToMove())
}

func TestSessionMovesAndPGN(t *testing.T) {
	s := newHuman(t, Config{FEN: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"})
	play(s, "moves")
	pos := s.Game().Position()
	var ml core.MoveList
	pos.LegalMoves(&ml)
	text := msgs(s)
	require.True(t, strings.HasPrefix(text, "26 legal moves: "), text)
	require.Equal(t, 26, ml.Len())
	for _, m := range ml.Moves() {
		require.Contains(t, strings.Fields(strings.ReplaceAll(text, "\n", " ")), san.Format(&pos, m))
	}
	play(s, "O-O", "O-O-O", "pgn")
	require.Contains(t, msgs(s), "1. O-O O-O-O *")
	require.Contains(t, msgs(s), `[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]`)
	play(s, "fen")
	require.Equal(t, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", msgs(s))
}
