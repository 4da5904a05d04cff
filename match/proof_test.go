package match_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/match"
)

// TestProof is the proof run (make match-proof): 1,000 games
// (GAMBIT_MATCH_PROOF_GAMES) at 1+0.01 between Stockfish (UCI) and
// Fairy-Max (XBoard), two at a time, from TWIC openings (8 plies, random order). Every game must be
// in the PGN (an engine that fails is restarted, and the failures are
// listed), read back by package pgn with its result and final
// position; the runner's overhead per move (the engine's move read to the
// next "go" written) must stay under 5 ms at the median; no process may
// be left. Every loss on time is listed with the time the runner
// measured, the time the engine had and the search time the engine
// itself last reported. The PGN and the JSON summary go to
// bin/match-proof.
func TestProof(t *testing.T) {
	if os.Getenv("GAMBIT_MATCH_PROOF") == "" {
		t.Skip("the proof run takes 20 to 40 minutes: make match-proof")
	}
	n := 1000
	if s := os.Getenv("GAMBIT_MATCH_PROOF_GAMES"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	dir := filepath.Join("..", "bin", "match-proof")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	pgnPath := filepath.Join(dir, "games.pgn")
	f, err := os.Create(pgnPath)
	require.NoError(t, err)
	tc := match.TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}
	// The handshake may take long on a loaded machine.
	const timeout = 30 * time.Second
	cfg := match.Config{
		Engines: []match.EngineConfig{
			{Name: "Stockfish", Cmd: enginetest.StockfishPath(t), TC: tc, Options: []match.Option{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}}, Timeout: timeout},
			{Name: "Fairy-Max", Cmd: enginetest.Program(t, "fairymax"), Proto: "xboard", TC: tc, Timeout: timeout},
		},
		Rounds:      n / 2,
		Games:       2,
		Repeat:      true,
		Concurrency: 2,
		Openings:    match.Openings{File: "../testdata/pgn/twic1599_1000k.pgn", Format: "pgn", Plies: 8, Order: "random"},
		Seed:        15,
		Recover:     true,
		PGN:         f,
		Progress: func(p match.Progress) {
			if p.Games%50 == 0 {
				t.Log(p.String())
			}
		},
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, f.Close())
	require.NoError(t, err)
	data, err := json.MarshalIndent(res, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "summary.json"), data, 0o644))

	require.Len(t, res.Games, n)
	p := res.Pairings[0]
	t.Logf("%d games in %v: Stockfish vs Fairy-Max W-D-L %d-%d-%d, Elo %.1f +/- %.1f, nElo %.1f +/- %.1f, LOS %.1f%%, DR %.1f%%, Ptnml %v",
		len(res.Games), res.Duration.Round(time.Second), p.WDL.Wins, p.WDL.Draws, p.WDL.Losses,
		p.Estimate.Elo, p.Estimate.Error, p.Estimate.NElo, p.Estimate.NError, p.Estimate.LOS*100, p.DrawRatio*100, p.Pentanomial.Counts())
	t.Logf("terminations %v, time losses %d", res.Terminations, res.TimeLosses)
	o := res.Overhead
	t.Logf("runner overhead (engine's move read to the next go sent) over %d moves: mean %v, median %v, p99 %v, max %v", o.Moves, o.Mean, o.Median, o.P99, o.Max)
	unexplained := 0
	for _, g := range res.Games {
		if g.Termination == match.TermAbandoned || g.Termination == match.TermIllegal {
			t.Logf("game %d.%d: %s", g.Round, g.Game, g.Reason)
		}
		if g.Termination != match.TermTimeForfeit {
			continue
		}
		own := "the engine's own report exceeds its time"
		if g.ForfeitEngineTime < g.ForfeitAllowed {
			own = "not explained by the engine's report (its last info line may come before the move; scheduling on a loaded machine)"
			unexplained++
		}
		t.Logf("time loss %d.%d %s: took %v of %v, the engine reported %v: %s", g.Round, g.Game, g.Reason, g.ForfeitElapsed, g.ForfeitAllowed, g.ForfeitEngineTime, own)
	}
	t.Logf("time losses: %d, of which %d not explained by the engine's own report", res.TimeLosses, unexplained)
	// The runner's own share of a move: from the engine's move read to the
	// next "go" written.
	assert.Less(t, o.Median, 5*time.Millisecond, "the runner's overhead per move")
	text, err := os.ReadFile(pgnPath)
	require.NoError(t, err)
	games := readPGN(t, text)
	require.Len(t, games, n)
	for i, g := range games {
		rec := res.Games[i]
		assert.Equal(t, rec.Result, g.Result, "game %d", i+1)
		final := g.FinalPosition()
		assert.Equal(t, rec.FinalFEN, final.FEN(), "game %d", i+1)
	}
	noChildren(t)
}
