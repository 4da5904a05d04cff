package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/match"
)

// clockControls are the time controls of make engine-clock, issue #28's
// four: sudden death with increments, and 40 moves in 60 s.
var clockControls = []string{"1+0.01", "2+0.05", "10+0.1", "40/60"}

// TestWholeGameClocks is make engine-clock: gambit-engine (one thread, 16
// MB) against Stockfish at Skill Level GAMBIT_ENGINE_CLOCK_SKILL (7 by
// default, about even with gambit-engine: the games at Skill Level 5 were
// won by move 30, leaving most of a clock unused; one thread and 16 MB,
// Move Overhead 100 ms as make engine-strength gives it), GAMBIT_ENGINE_CLOCK_GAMES
// games at each time control (GAMBIT_ENGINE_CLOCK_TCS, by default issue
// #28's four), TWIC openings of 8 plies each played with both colours,
// GAMBIT_ENGINE_CLOCK_CONCURRENCY games at a time, clocks kept by
// package match. At each control gambit-engine must end the games it
// played out (those its opponent did not lose on time) with 5 to 60 % of
// its base time left on average (at the control passed last for 40/60)
// and lose no game on time. The PGN and the JSON summary of
// each control go to GAMBIT_ENGINE_CLOCK_OUT when set. The clocks mean
// something only on a quiet machine.
func TestWholeGameClocks(t *testing.T) {
	games := gated(t, "GAMBIT_ENGINE_CLOCK_GAMES", "whole games at four time controls, for a quiet machine: make engine-clock")
	controls := clockControls
	if tcs := strings.Fields(os.Getenv("GAMBIT_ENGINE_CLOCK_TCS")); len(tcs) > 0 {
		controls = tcs
	}
	conc := 1
	if s := os.Getenv("GAMBIT_ENGINE_CLOCK_CONCURRENCY"); s != "" {
		var err error
		conc, err = strconv.Atoi(s)
		require.NoError(t, err, "GAMBIT_ENGINE_CLOCK_CONCURRENCY")
	}
	out := os.Getenv("GAMBIT_ENGINE_CLOCK_OUT")
	if out != "" {
		require.NoError(t, os.MkdirAll(out, 0o755))
	}
	sf := enginetest.StockfishPath(t)
	skill := "7"
	if s := os.Getenv("GAMBIT_ENGINE_CLOCK_SKILL"); s != "" {
		skill = s
	}
	var table []string
	for _, control := range controls {
		t.Run(strings.ReplaceAll(control, "/", " in "), func(t *testing.T) {
			tc, err := match.ParseTimeControl(control)
			require.NoError(t, err)
			cfg := match.Config{
				Engines: []match.EngineConfig{
					{Name: "gambit-engine", Cmd: binary, Proto: "uci", TC: tc,
						Options: []match.Option{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}}},
					{Name: "Stockfish-Skill-" + skill, Cmd: sf, Proto: "uci", TC: tc,
						Options: []match.Option{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}, {Name: "Skill Level", Value: skill},
							{Name: "Move Overhead", Value: "100"}}},
				},
				Rounds: (games + 1) / 2, Games: 2, Repeat: true, Concurrency: conc,
				Openings: match.Openings{File: filepath.Join("..", "..", "testdata", "pgn", "twic1599_1000k.pgn"), Format: "pgn", Plies: 8},
				Event:    "gambit-engine clock use at " + control,
			}
			name := filepath.Join(out, "clock-"+strings.NewReplacer("/", "in", "+", "plus").Replace(control))
			if out != "" {
				f, err := os.Create(name + ".pgn")
				require.NoError(t, err)
				defer f.Close()
				cfg.PGN = f
			}
			res, err := match.Run(context.Background(), cfg)
			require.NoError(t, err)
			if out != "" {
				data, err := json.MarshalIndent(res, "", "  ")
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(name+".json", append(data, '\n'), 0o644))
			}
			u := res.Clocks[0]
			p := res.Pairings[0]
			whole, mean := wholeGames(res, tc)
			line := fmt.Sprintf("%s: %.1f %% left on average over the %d games played out (match's figure over all %d: %.1f %%, min %.1f %%, max %.1f %%), %d lost on time; W-D-L %d-%d-%d, the opponent's time losses %d",
				control, mean*100, whole, u.Games, u.MeanLeft*100, u.MinLeft*100, u.MaxLeft*100, u.TimeLosses,
				p.WDL.Wins, p.WDL.Draws, p.WDL.Losses, res.Clocks[1].TimeLosses)
			table = append(table, line)
			t.Log(line)
			assert.Equal(t, games+games%2, u.Games)
			assert.Zero(t, u.TimeLosses, "games lost on time")
			require.Positive(t, whole, "a game played out")
			assert.GreaterOrEqual(t, mean, 0.05, "clock left on average")
			assert.LessOrEqual(t, mean, 0.60, "clock left on average")
		})
	}
	t.Log("gambit-engine's clock at the end of its games:\n" + strings.Join(table, "\n"))
}

// wholeGames returns how many games gambit-engine (engine 0) played out,
// not cut short by its opponent's loss on time, and the mean share of its
// base time it had left at their end: an opponent that flags leaves a
// clock that says nothing of gambit-engine's time use.
func wholeGames(res *match.Result, tc match.TimeControl) (int, float64) {
	n, sum := 0, 0.0
	for _, g := range res.Games {
		if g.Termination == match.TermTimeForfeit && g.Loser == 1 {
			continue
		}
		side := 0
		if g.BlackEngine == 0 {
			side = 1
		}
		n++
		sum += float64(g.ClockLeft[side]) / float64(tc.Base)
	}
	if n == 0 {
		return 0, 0
	}
	return n, sum / float64(n)
}
