package uci_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/uci"
)

// moves reads a line of UCI moves from pos, with core.
func moves(t *testing.T, pos core.Position, line ...string) []core.Move {
	t.Helper()
	var out []core.Move
	for _, s := range line {
		m, err := pos.ParseUCI(s)
		require.NoError(t, err)
		out = append(out, m)
		pos.MakeMove(m)
	}
	return out
}

func TestParseInfo(t *testing.T) {
	afterE4 := afterMoves(t, "e2e4")
	fools := afterMoves(t, "f2f3", "e7e5", "g2g4")
	castle := fentest.Position(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	tests := []struct {
		name string
		pos  core.Position
		line string
		want uci.Info
		err  error // nil: want applies
	}{
		{
			// Stockfish 15.1, MultiPV 2, UCI_ShowWDL.
			name: "stockfish multipv wdl",
			pos:  afterE4,
			line: "info depth 6 seldepth 4 multipv 2 score cp -50 wdl 1 899 100 nodes 1670 nps 75909 hashfull 0 tbhits 0 time 22 pv b8c6 d2d4 e7e5",
			want: uci.Info{Depth: 6, SelDepth: 4, MultiPV: 2, Score: &uci.Score{CP: -50}, WDL: &uci.WDL{Win: 1, Draw: 899, Loss: 100},
				Nodes: 1670, NPS: 75909, Time: 22 * time.Millisecond, PV: moves(t, afterE4, "b8c6", "d2d4", "e7e5")},
		},
		{
			name: "stockfish mate",
			pos:  fools,
			line: "info depth 3 seldepth 2 multipv 1 score mate 1 nodes 91 nps 91000 hashfull 0 tbhits 0 time 1 pv d8h4",
			want: uci.Info{Depth: 3, SelDepth: 2, MultiPV: 1, Score: &uci.Score{Mate: 1, IsMate: true},
				Nodes: 91, NPS: 91000, Time: time.Millisecond, PV: moves(t, fools, "d8h4")},
		},
		{
			name: "stockfish mated",
			pos:  afterE4,
			line: "info depth 0 score mate 0",
			want: uci.Info{Score: &uci.Score{IsMate: true}},
		},
		{
			name: "bounds",
			pos:  afterE4,
			line: "info depth 20 score cp 15 lowerbound nodes 5",
			want: uci.Info{Depth: 20, Score: &uci.Score{CP: 15, Bound: uci.LowerBound}, Nodes: 5},
		},
		{
			name: "upper bound mate",
			pos:  afterE4,
			line: "info score mate -3 upperbound",
			want: uci.Info{Score: &uci.Score{Mate: -3, IsMate: true, Bound: uci.UpperBound}},
		},
		{
			name: "currmove",
			pos:  afterE4,
			line: "info depth 24 currmove e7e5 currmovenumber 3",
			want: uci.Info{Depth: 24, CurrMove: moves(t, afterE4, "e7e5")[0], CurrMoveNumber: 3},
		},
		{
			name: "string keeps its spacing",
			pos:  afterE4,
			line: "info string NNUE  evaluation using nn-ad9b42354671.nnue enabled ",
			want: uci.Info{Text: "NNUE  evaluation using nn-ad9b42354671.nnue enabled"},
		},
		{
			name: "string ends the line",
			pos:  afterE4,
			line: "info depth 2 string depth 9 pv e2e4",
			want: uci.Info{Depth: 2, Text: "depth 9 pv e2e4"},
		},
		{
			name: "castling both forms",
			pos:  castle,
			line: "info pv e1g1 e8a8",
			want: uci.Info{PV: moves(t, castle, "e1h1", "e8c8")},
		},
		{
			name: "unknown tokens, refutation and currline are skipped",
			pos:  afterE4,
			line: "info depth 3 foo 17 refutation e7e5 g1f3 currline 1 e7e5 sbhits 4 cpuload 500 nodes 9",
			want: uci.Info{Depth: 3, CPULoad: 500, Nodes: 9},
		},
		{
			name: "tabs and runs of spaces",
			pos:  afterE4,
			line: "info\tdepth   7\t nodes 3",
			want: uci.Info{Depth: 7, Nodes: 3},
		},
		{name: "empty", pos: afterE4, line: "info", want: uci.Info{}},
		{name: "not info", pos: afterE4, line: "bestmove e7e5", err: uci.ErrSyntax},
		{name: "missing number", pos: afterE4, line: "info depth", err: uci.ErrSyntax},
		{name: "bad number", pos: afterE4, line: "info nodes 12x", err: uci.ErrSyntax},
		{name: "negative depth", pos: afterE4, line: "info depth -1", err: uci.ErrSyntax},
		{name: "multipv zero", pos: afterE4, line: "info multipv 0", err: uci.ErrSyntax},
		{name: "score without kind", pos: afterE4, line: "info score 35", err: uci.ErrSyntax},
		{name: "wdl short", pos: afterE4, line: "info wdl 1 2", err: uci.ErrSyntax},
		{name: "time overflows", pos: afterE4, line: "info time 99999999999999999", err: uci.ErrSyntax},
		{name: "illegal pv move", pos: afterE4, line: "info depth 2 pv e7e5 e7e5", err: core.ErrIllegalMove},
		{name: "pv of the wrong side", pos: afterE4, line: "info pv d2d4", err: core.ErrIllegalMove},
		{name: "bad currmove", pos: afterE4, line: "info currmove zz", err: core.ErrMoveSyntax},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := uci.ParseInfo(tc.line, tc.pos)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				var pe *uci.ParseError
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "info", pe.What)
				assert.Equal(t, tc.line, pe.Line)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestFormatInfo(t *testing.T) {
	castle := fentest.Position(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	info := uci.Info{Depth: 5, Score: &uci.Score{CP: 7, Bound: uci.UpperBound}, Time: 1500 * time.Millisecond,
		PV: moves(t, castle, "e1g1", "e8c8"), Text: "hello world"}
	assert.Equal(t, "info depth 5 score cp 7 upperbound time 1500 pv e1g1 e8c8 string hello world", info.String())
	assert.Equal(t, "info depth 5 score cp 7 upperbound time 1500 pv e1h1 e8a8 string hello world", uci.FormatInfo(info, true))
}

func TestParseOption(t *testing.T) {
	const noMin, noMax = math.MinInt64, math.MaxInt64
	tests := []struct {
		line string
		want uci.Option
		err  bool
	}{
		// Stockfish 15.1's declarations.
		{"option name Debug Log File type string default ", uci.Option{Name: "Debug Log File", Type: uci.TypeString, Min: noMin, Max: noMax}, false},
		{"option name Threads type spin default 1 min 1 max 1024", uci.Option{Name: "Threads", Type: uci.TypeSpin, Default: "1", Min: 1, Max: 1024}, false},
		{"option name Clear Hash type button", uci.Option{Name: "Clear Hash", Type: uci.TypeButton, Min: noMin, Max: noMax}, false},
		{"option name Ponder type check default false", uci.Option{Name: "Ponder", Type: uci.TypeCheck, Default: "false", Min: noMin, Max: noMax}, false},
		{"option name SyzygyPath type string default <empty>", uci.Option{Name: "SyzygyPath", Type: uci.TypeString, Min: noMin, Max: noMax}, false},
		{"option name EvalFile type string default nn-ad9b42354671.nnue", uci.Option{Name: "EvalFile", Type: uci.TypeString, Default: "nn-ad9b42354671.nnue", Min: noMin, Max: noMax}, false},
		// The UCI specification's combo example.
		{"option name Style type combo default Normal var Solid var Normal var Risky",
			uci.Option{Name: "Style", Type: uci.TypeCombo, Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}, Min: noMin, Max: noMax}, false},
		{"option name Opening Style type combo default Very Solid var Very Solid var Wild Ride",
			uci.Option{Name: "Opening Style", Type: uci.TypeCombo, Default: "Very Solid", Vars: []string{"Very Solid", "Wild Ride"}, Min: noMin, Max: noMax}, false},
		{"option name Contempt type spin default -10 min -100 max 100", uci.Option{Name: "Contempt", Type: uci.TypeSpin, Default: "-10", Min: -100, Max: 100}, false},
		{"option name Spin Without Bounds type spin default 3", uci.Option{Name: "Spin Without Bounds", Type: uci.TypeSpin, Default: "3", Min: noMin, Max: noMax}, false},
		{"option name X type check", uci.Option{Name: "X", Type: uci.TypeCheck, Min: noMin, Max: noMax}, false},
		{"option type check default true", uci.Option{}, true},
		{"option name X", uci.Option{}, true},
		{"option name X type slider", uci.Option{}, true},
		{"option name X type spin min one", uci.Option{}, true},
		{"option name X type spin min 5 max 4", uci.Option{}, true},
		{"option name X type check min 1", uci.Option{}, true},
		{"option name X type spin var a", uci.Option{}, true},
		{"option name X type combo var", uci.Option{}, true},
		{"option name X name Y type check", uci.Option{}, true},
		{"option junk name X type check", uci.Option{}, true},
		{"id name X", uci.Option{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			got, err := uci.ParseOption(tc.line)
			if tc.err {
				require.ErrorIs(t, err, uci.ErrSyntax)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestOptionCheck(t *testing.T) {
	spin := uci.Option{Name: "Hash", Type: uci.TypeSpin, Min: 1, Max: 64}
	combo := uci.Option{Name: "Style", Type: uci.TypeCombo, Vars: []string{"Solid", "Wild Ride"}}
	tests := []struct {
		name  string
		o     uci.Option
		value string
		want  string
		ok    bool
	}{
		{"spin", spin, "64", "64", true},
		{"spin spaces", spin, " 8 ", "8", true},
		{"spin low", spin, "0", "", false},
		{"spin high", spin, "65", "", false},
		{"spin float", spin, "1.5", "", false},
		{"check", uci.Option{Type: uci.TypeCheck}, "False", "false", true},
		{"check bad", uci.Option{Type: uci.TypeCheck}, "1", "", false},
		{"combo case", combo, "wild ride", "Wild Ride", true},
		{"combo bad", combo, "Wild", "", false},
		{"button", uci.Option{Type: uci.TypeButton}, "", "", true},
		{"string", uci.Option{Type: uci.TypeString}, "a b  c", "a b  c", true},
		{"string newline", uci.Option{Type: uci.TypeString}, "a\rb", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.o.Check(tc.value)
			if !tc.ok {
				require.ErrorIs(t, err, uci.ErrOptionValue)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestParseBestMove(t *testing.T) {
	afterE4 := afterMoves(t, "e2e4")
	castle := fentest.Position(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	stalemate := fentest.Position(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	racing, err := core.ParseVariantFEN(core.RacingKings, "6R1/4K3/8/3Q4/3N4/k1B2R2/8/2N2B2 w - - 11 17")
	require.NoError(t, err)
	tests := []struct {
		name         string
		pos          core.Position
		line         string
		move, ponder string // expected UCI texts
		err          error
	}{
		{"stockfish", afterE4, "bestmove d7d5 ponder e4d5", "d7d5", "e4d5", nil},
		{"no ponder", afterE4, "bestmove e7e5", "e7e5", "", nil},
		{"castling as king takes rook", castle, "bestmove e1h1 ponder e8a8", "e1g1", "e8c8", nil},
		{"stockfish none in stalemate", stalemate, "bestmove (none)", "(none)", "", nil},
		{"null move in stalemate", stalemate, "bestmove 0000", "(none)", "", nil},
		{"ponder none", afterE4, "bestmove e7e5 ponder (none)", "e7e5", "", nil},
		{"none with legal moves", afterE4, "bestmove (none)", "", "", core.ErrIllegalMove},
		{"illegal", afterE4, "bestmove e2e4", "", "", core.ErrIllegalMove},
		{"illegal ponder", afterE4, "bestmove e7e5 ponder e7e5", "", "", core.ErrIllegalMove},
		// Fairy-Stockfish's: White's king reaches the eighth rank, Black's
		// cannot follow, and the game is over.
		{"ponder after the game's end", racing, "bestmove e7d8 ponder a3a4", "e7d8", "", nil},
		{"ponder after mate", fentest.Position(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "bestmove a1a8 ponder g8h8", "a1a8", "", nil},
		{"garbage", afterE4, "bestmove \x00\xff", "", "", core.ErrMoveSyntax},
		{"no move", afterE4, "bestmove", "", "", uci.ErrSyntax},
		{"trailing junk", afterE4, "bestmove e7e5 junk", "", "", uci.ErrSyntax},
		{"ponder without move", afterE4, "bestmove e7e5 ponder", "", "", uci.ErrSyntax},
		{"not bestmove", afterE4, "info depth 1", "", "", uci.ErrSyntax},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := uci.ParseBestMove(tc.line, tc.pos)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.move, got.UCI)
			assert.Equal(t, tc.ponder, got.PonderUCI)
			if tc.move == "(none)" {
				assert.Equal(t, core.NoMove, got.Move)
			} else {
				p := tc.pos
				m, err := p.ParseUCI(tc.move)
				require.NoError(t, err)
				assert.Equal(t, m, got.Move)
			}
		})
	}
}

func TestParseGo(t *testing.T) {
	tests := []struct {
		line string
		want uci.Limits
		err  bool
	}{
		{"go", uci.Limits{}, false},
		{"go infinite", uci.Limits{Infinite: true}, false},
		{"go wtime 300000 btime 295000 winc 2000 binc 2000 movestogo 40",
			uci.Limits{WTime: 300 * time.Second, BTime: 295 * time.Second, WInc: 2 * time.Second, BInc: 2 * time.Second, MovesToGo: 40}, false},
		{"go ponder wtime 1000 btime 1000", uci.Limits{Ponder: true, WTime: time.Second, BTime: time.Second}, false},
		{"go depth 12 nodes 100000 mate 3 movetime 250", uci.Limits{Depth: 12, Nodes: 100000, Mate: 3, MoveTime: 250 * time.Millisecond}, false},
		{"go searchmoves e2e4 d2d4 depth 5", uci.Limits{SearchMoves: []string{"e2e4", "d2d4"}, Depth: 5}, false},
		{"go wtime -150 btime 100", uci.Limits{WTime: -150 * time.Millisecond, BTime: 100 * time.Millisecond}, false},
		{"go frobnicate depth 2", uci.Limits{Depth: 2}, false},
		// Zero is "move now", not "no limit": Given tells it apart.
		{"go wtime 0 btime 100", uci.Limits{BTime: 100 * time.Millisecond, Given: engine.GivenWTime}, false},
		{"go movetime 0", uci.Limits{Given: engine.GivenMoveTime}, false},
		{"go nodes 0 depth 0", uci.Limits{Given: engine.GivenNodes | engine.GivenDepth}, false},
		{"go depth", uci.Limits{}, true},
		{"go depth -1", uci.Limits{}, true},
		{"go movetime soon", uci.Limits{}, true},
		{"stop", uci.Limits{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			got, err := uci.ParseGo(tc.line)
			if tc.err {
				require.ErrorIs(t, err, uci.ErrSyntax)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestLimitsString(t *testing.T) {
	tests := []struct {
		l    uci.Limits
		want string
	}{
		{uci.Limits{}, "go"},
		{uci.Limits{Depth: 3}, "go depth 3"},
		{uci.Limits{MoveTime: 1500 * time.Microsecond}, "go movetime 1"},
		{uci.Limits{MoveTime: time.Microsecond}, "go movetime 1"},
		{uci.Limits{Ponder: true, WTime: time.Minute, BTime: 59 * time.Second, WInc: time.Second, BInc: time.Second, MovesToGo: 20},
			"go ponder wtime 60000 btime 59000 winc 1000 binc 1000 movestogo 20"},
		{uci.Limits{Infinite: true, SearchMoves: []string{"e2e4", "g1f3"}, Nodes: 10, Mate: 2}, "go nodes 10 mate 2 infinite searchmoves e2e4 g1f3"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.l.String())
		})
	}
}
