package match_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/match"
	"github.com/gambit-chess/gambit/polyglot"
)

// writeEPD writes the positions after each line of UCI moves to an EPD
// file and returns its path and the FENs.
func writeEPD(t *testing.T, lines ...string) (string, []string) {
	t.Helper()
	var fens []string
	for _, l := range lines {
		pos := core.StartPosition()
		for _, s := range strings.Fields(l) {
			m, err := pos.ParseUCI(s)
			require.NoError(t, err)
			pos.MakeMove(m)
		}
		fens = append(fens, pos.FEN())
	}
	path := filepath.Join(t.TempDir(), "openings.epd")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(fens, "\n")+"\n"), 0o644))
	return path, fens
}

// TestRealEngines plays Stockfish (UCI, Skill Level 0) against Fairy-Max
// (XBoard) from EPD openings, two at a time, with adjudication, and reads
// the PGN back with package pgn: every game, its start, its moves, its
// result and its comments are there.
func TestRealEngines(t *testing.T) {
	epd, fens := writeEPD(t, "e2e4 e7e5 g1f3 b8c6", "d2d4 d7d5 c2c4 e7e6")
	tc := match.TimeControl{Base: time.Second, Inc: 50 * time.Millisecond}
	var out, epdOut bytes.Buffer
	cfg := match.Config{
		Engines: []match.EngineConfig{
			{Name: "sf", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: tc, Options: []match.Option{{Name: "Skill Level", Value: "0"}, {Name: "Hash", Value: "8"}}},
			{Name: "fairymax", Cmd: enginetest.Program(t, "fairymax"), Proto: "xboard", TC: tc},
		},
		Rounds:      2,
		Games:       2,
		Repeat:      true,
		Concurrency: 2,
		Openings:    match.Openings{File: epd, Format: "epd"},
		Draw:        &match.DrawRule{MoveNumber: 30, MoveCount: 4, Score: 20},
		Resign:      &match.ResignRule{MoveCount: 3, Score: 700},
		MaxMoves:    60,
		PGN:         &out,
		EPD:         &epdOut,
		Event:       "real engines",
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 4)
	p := res.Pairings[0]
	assert.Equal(t, 4, p.WDL.Games())
	assert.Equal(t, 2, p.Pentanomial.Pairs())
	games := readPGN(t, out.Bytes())
	require.Len(t, games, 4)
	finals := strings.Split(strings.TrimSpace(epdOut.String()), "\n")
	require.Len(t, finals, 4)
	for i, g := range games {
		rec := res.Games[i]
		assert.Equal(t, rec.Result, g.Result)
		assert.Equal(t, rec.Result, g.Tags.Get("Result"))
		assert.Equal(t, rec.White, g.Tags.Get("White"))
		assert.Equal(t, "real engines", g.Tags.Get("Event"))
		assert.Equal(t, "1+0.05", g.Tags.Get("TimeControl"))
		assert.Contains(t, fens, g.Start.FEN(), "the game starts from an opening")
		assert.Equal(t, rec.StartFEN, g.Start.FEN())
		moves := g.MainlineMoves()
		require.Len(t, moves, len(rec.Moves))
		final := g.FinalPosition()
		assert.Equal(t, rec.FinalFEN, final.FEN())
		assert.Equal(t, rec.FinalFEN, finals[i])
		// Every move has its comment: score/depth time.
		for j, n := range g.Mainline() {
			require.NotEmpty(t, n.Comments, "move %d", j+1)
			c := n.Comments[0]
			assert.Regexp(t, `^([+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d{3}s)`, c)
		}
		if rec.Termination == match.TermTimeForfeit {
			t.Logf("game %d: %s (took %v of %v, engine said %v; the machine is loaded)", i+1, rec.Reason, rec.ForfeitElapsed, rec.ForfeitAllowed, rec.ForfeitEngineTime)
		}
		assert.Contains(t, []string{match.TermNormal, match.TermAdjudication, match.TermTimeForfeit}, rec.Termination, rec.Reason)
	}
	// The games of a round share an opening, colours swapped.
	for r := 0; r < 4; r += 2 {
		a, b := res.Games[r], res.Games[r+1]
		if a.Round == b.Round {
			assert.Equal(t, a.StartFEN, b.StartFEN)
			assert.Equal(t, a.White, b.Black)
		}
	}
	assert.Positive(t, res.Overhead.Moves)
	noChildren(t)
}

// TestOpeningFormats starts games from PGN openings (their first plies),
// a Polyglot book and Chess960 positions.
func TestOpeningFormats(t *testing.T) {
	sf := enginetest.StockfishPath(t)
	depth := match.TimeControl{Depth: 1}
	engines := []match.EngineConfig{
		{Name: "sf1", Cmd: sf, Proto: "uci", TC: depth},
		{Name: "sf2", Cmd: sf, Proto: "uci", TC: depth},
	}
	dir := t.TempDir()

	t.Run("pgn", func(t *testing.T) {
		path := filepath.Join(dir, "openings.pgn")
		require.NoError(t, os.WriteFile(path, []byte("[Event \"a\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 *\n\n[Event \"b\"]\n\n1. d4 Nf6 2. c4 g6 *\n"), 0o644))
		res, err := match.Run(context.Background(), match.Config{
			Engines: engines, Rounds: 3, Games: 2, Repeat: true, MaxMoves: 12,
			Openings: match.Openings{File: path, Plies: 3},
		})
		require.NoError(t, err)
		require.Len(t, res.Games, 6)
		want := [][]string{{"e2e4", "c7c5", "g1f3"}, {"d2d4", "g8f6", "c2c4"}, {"e2e4", "c7c5", "g1f3"}}
		for _, g := range res.Games {
			var book []string
			for _, m := range g.Moves {
				if m.Book {
					book = append(book, m.UCI)
				}
			}
			assert.Equal(t, want[g.Round-1], book, "round %d", g.Round)
		}
	})

	t.Run("bin", func(t *testing.T) {
		b, err := polyglot.NewBuilder(polyglot.BuildOptions{})
		require.NoError(t, err)
		f, err := os.Open("../testdata/pgn/kasparov-deep-blue-1997.pgn")
		require.NoError(t, err)
		require.NoError(t, b.ReadPGN(f))
		require.NoError(t, f.Close())
		path := filepath.Join(dir, "book.bin")
		out, err := os.Create(path)
		require.NoError(t, err)
		_, err = b.WriteTo(out)
		require.NoError(t, err)
		require.NoError(t, out.Close())
		require.NoError(t, b.Close())
		book, err := polyglot.Open(path)
		require.NoError(t, err)
		defer book.Close()

		res, err := match.Run(context.Background(), match.Config{
			Engines: engines, Rounds: 2, Games: 2, Repeat: true, MaxMoves: 10, Seed: 7,
			Openings: match.Openings{File: path, Plies: 4},
		})
		require.NoError(t, err)
		require.Len(t, res.Games, 4)
		for _, g := range res.Games {
			pos := core.StartPosition()
			n := 0
			for _, m := range g.Moves {
				if !m.Book {
					break
				}
				es, err := book.Entries(&pos, nil)
				require.NoError(t, err)
				var in bool
				for _, e := range es {
					in = in || e.Move == m.Move
				}
				assert.True(t, in, "book move %s", m.UCI)
				pos.MakeMove(m.Move)
				n++
			}
			assert.Positive(t, n, "the game starts with book moves")
		}
	})

	t.Run("chess960", func(t *testing.T) {
		res, err := match.Run(context.Background(), match.Config{
			Engines: engines, Rounds: 2, Games: 2, Repeat: true, MaxMoves: 15,
			Openings: match.Openings{File: "../testdata/perft/chess960.epd", Order: "random"},
			PGN:      &bytes.Buffer{},
		})
		require.NoError(t, err)
		require.Len(t, res.Games, 4)
		for _, g := range res.Games {
			pos, err := core.ParseFEN(g.StartFEN)
			require.NoError(t, err)
			assert.True(t, pos.Chess960(), g.StartFEN)
			assert.Equal(t, match.TermAdjudication, g.Termination, g.Reason)
		}
	})
	noChildren(t)
}

// TestSPRTStops runs an SPRT between Stockfish and the random mover: it
// accepts H1 when Stockfish is the first engine, H0 when it is the
// second, long before the rounds run out.
func TestSPRTStops(t *testing.T) {
	sf := match.EngineConfig{Name: "sf", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: match.TimeControl{Depth: 2}}
	rnd := fake("random", match.TimeControl{Depth: 1})
	test := &match.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		engines []match.EngineConfig
		want    match.Decision
	}{
		{[]match.EngineConfig{sf, rnd}, match.AcceptH1},
		{[]match.EngineConfig{rnd, sf}, match.AcceptH0},
	} {
		res, err := match.Run(context.Background(), match.Config{
			Engines: tc.engines, Rounds: 100, Games: 2, Repeat: true, Concurrency: 2, SPRT: test,
		})
		require.NoError(t, err)
		require.NotNil(t, res.SPRT)
		assert.Equal(t, tc.want, res.SPRT.Decision, "LLR %.2f", res.SPRT.LLR)
		assert.Less(t, len(res.Games), 40)
		assert.False(t, res.Interrupted)
	}
	noChildren(t)
}
