package uci_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// fuzzPositions are the positions the move-reading parsers are fuzzed in:
// the start, one with every castling, a Chess960 one whose king stands
// next to its castling square, and one with an en-passant capture.
var fuzzPositions = []string{
	core.StartFEN,
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
}

func fuzzPosition(t *testing.T, i uint8) core.Position {
	p, err := core.ParseFEN(fuzzPositions[int(i)%len(fuzzPositions)])
	require.NoError(t, err)
	return p
}

// FuzzParseInfo: no input panics, and a line that parses is written back
// by FormatInfo as a line that parses to the same Info.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 6 seldepth 4 multipv 2 score cp -50 wdl 1 899 100 nodes 1670 nps 75909 hashfull 0 tbhits 0 time 22 pv b8c6 d2d4 e7e5",
		"info depth 3 seldepth 2 multipv 1 score mate 1 nodes 91 nps 91000 hashfull 0 tbhits 0 time 1 pv d8h4",
		"info depth 0 score mate 0",
		"info depth 20 score cp 15 lowerbound nodes 5",
		"info depth 24 currmove e2e4 currmovenumber 3",
		"info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
		"info pv e1g1 e8a8",
		"info pv e1h1 e8c8",
		"info pv b1a1",
		"info currmove e5f6 pv e5f6",
		"info refutation e2e4 e7e5 currline 1 e2e4 cpuload 10 sbhits 3",
		"info time 99999999999999999",
	} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, line string, pi uint8) {
		pos := fuzzPosition(t, pi)
		info, err := uci.ParseInfo(line, pos)
		if err != nil {
			return
		}
		again, err := uci.ParseInfo(uci.FormatInfo(info, pos.Chess960()), pos)
		require.NoError(t, err, "formatted: %q", uci.FormatInfo(info, pos.Chess960()))
		require.Equal(t, info, again)
	})
}

// FuzzParseOption: no input panics, and a parsed option's String parses to
// the same option.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Debug Log File type string default ",
		"option name Threads type spin default 1 min 1 max 1024",
		"option name Clear Hash type button",
		"option name Ponder type check default false",
		"option name SyzygyPath type string default <empty>",
		"option name Style type combo default Normal var Solid var Normal var Risky",
		"option name Contempt type spin default -10 min -100 max 100",
		"option name X type spin min -9223372036854775808",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := uci.ParseOption(line)
		if err != nil {
			return
		}
		again, err := uci.ParseOption(o.String())
		require.NoError(t, err, "formatted: %q", o.String())
		require.Equal(t, o, again)
		// Check never panics either, on the default or anything.
		_, _ = o.Check(o.Default)
		_, _ = o.Check(line)
	})
}

// FuzzParseBestMove: no input panics, and a parsed best move's String
// parses to the same moves.
func FuzzParseBestMove(f *testing.F) {
	for _, s := range []string{
		"bestmove e2e4 ponder e7e5",
		"bestmove e1h1 ponder e8a8",
		"bestmove e1g1",
		"bestmove b1a1",
		"bestmove e5f6",
		"bestmove (none)",
		"bestmove 0000 ponder 0000",
	} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
		f.Add(s, uint8(2))
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, line string, pi uint8) {
		pos := fuzzPosition(t, pi)
		bm, err := uci.ParseBestMove(line, pos)
		if err != nil {
			return
		}
		again, err := uci.ParseBestMove(bm.String(), pos)
		require.NoError(t, err, "formatted: %q", bm.String())
		require.Equal(t, bm, again)
	})
}

// FuzzParseGo: no input panics, and parsed limits' String parses to the
// same limits.
func FuzzParseGo(f *testing.F) {
	for _, s := range []string{
		"go",
		"go infinite",
		"go ponder wtime 300000 btime 295000 winc 2000 binc 2000 movestogo 40",
		"go depth 12 nodes 100000 mate 3 movetime 250",
		"go searchmoves e2e4 d2d4 depth 5",
		"go wtime -150 btime 100",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		l, err := uci.ParseGo(line)
		if err != nil {
			return
		}
		again, err := uci.ParseGo(l.String())
		require.NoError(t, err, "formatted: %q", l.String())
		require.Equal(t, l, again)
	})
}

// FuzzServe feeds Serve whatever a GUI might send: it must never panic or
// hang, must end cleanly at the end of input, and must answer a final
// isready unless the input said quit.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 1",
		"setoption name UCI_Chess960 value true\nposition fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1 moves b1a1\ngo",
		"go infinite\nisready\nstop\ngo ponder\nponderhit",
		"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 1",
		"position startpos moves e2e4 e2e4\nsetoption name Hash value 99\ndebug on\ngo searchmoves e7e5 e2e4",
		"joho debug on\nregister later\nucinewgame\n\x00\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := uci.Serve(ctx, newOnePly(), strings.NewReader(script+"\nisready\n"), &out)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if !strings.Contains(script, "quit") {
			require.Contains(t, lines, "readyok")
		}
		for _, l := range lines {
			ok := l == "" || l == "uciok" || l == "readyok" || l == "registration ok"
			for _, p := range []string{"id ", "option ", "info ", "bestmove "} {
				ok = ok || strings.HasPrefix(l, p)
			}
			require.True(t, ok, "unexpected output line %q", l)
		}
	})
}
