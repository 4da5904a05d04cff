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
// (GAMBIT_MATCH_PROOF_GAMES) at 1+0.01 between Phalanx and Sjeng, two at
// a time, from TWIC openings (8 plies, random order). Every game must be
// in the PGN (an engine that fails is restarted, and the failures are
// listed), read back by package pgn with its result and final
// position; no time loss may come from the runner (a loss on time is the
// engine's when its own reported search time, within 25 ms, exceeds what
// it had); no process may be left. The PGN and the JSON summary go to
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
	cfg := match.Config{
		Engines: []match.EngineConfig{
			{Name: "Phalanx", Cmd: enginetest.Program(t, "phalanx"), Proto: "xboard", TC: tc},
			{Name: "Sjeng", Cmd: enginetest.Program(t, "sjeng"), Proto: "xboard", TC: tc},
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
	t.Logf("%d games in %v: Phalanx vs Sjeng W-D-L %d-%d-%d, Elo %.1f +/- %.1f, nElo %.1f +/- %.1f, LOS %.1f%%, DR %.1f%%, Ptnml %v",
		len(res.Games), res.Duration.Round(time.Second), p.WDL.Wins, p.WDL.Draws, p.WDL.Losses,
		p.Estimate.Elo, p.Estimate.Error, p.Estimate.NElo, p.Estimate.NError, p.Estimate.LOS*100, p.DrawRatio*100, p.Pentanomial.Counts())
	t.Logf("terminations %v, time losses %d", res.Terminations, res.TimeLosses)
	o := res.Overhead
	t.Logf("runner overhead (engine's move read to the next go sent) over %d moves: mean %v, median %v, p99 %v, max %v", o.Moves, o.Mean, o.Median, o.P99, o.Max)
	for _, g := range res.Games {
		if g.Termination == match.TermAbandoned || g.Termination == match.TermIllegal {
			t.Logf("game %d.%d: %s", g.Round, g.Game, g.Reason)
		}
		if g.Termination != match.TermTimeForfeit {
			continue
		}
		t.Logf("time loss %d.%d %s: took %v of %v, the engine reported %v", g.Round, g.Game, g.Reason, g.ForfeitElapsed, g.ForfeitAllowed, g.ForfeitEngineTime)
		assert.Positive(t, g.ForfeitEngineTime, "a loss on time without the engine's own time")
		assert.Greater(t, g.ForfeitEngineTime+25*time.Millisecond, g.ForfeitAllowed, "the engine was within its time by its own report: the runner's doing")
	}
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
