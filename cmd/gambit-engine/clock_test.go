package main

import (
	"context"
	"encoding/json"
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
// MB) against Stockfish at Skill Level 5 (the same), GAMBIT_ENGINE_CLOCK_GAMES
// games at each time control (GAMBIT_ENGINE_CLOCK_TCS, by default issue
// #28's four), TWIC openings of 8 plies each played with both colours,
// GAMBIT_ENGINE_CLOCK_CONCURRENCY games at a time, clocks kept by
// package match. At each control gambit-engine must end its games with
// 5 to 60 % of its base time left on average (at the control passed last
// for 40/60) and lose no game on time. The PGN and the JSON summary of
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
	var table []string
	for _, control := range controls {
		t.Run(strings.ReplaceAll(control, "/", " in "), func(t *testing.T) {
			tc, err := match.ParseTimeControl(control)
			require.NoError(t, err)
			cfg := match.Config{
				Engines: []match.EngineConfig{
					{Name: "gambit-engine", Cmd: binary, Proto: "uci", TC: tc,
						Options: []match.Option{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}}},
					{Name: "Stockfish-Skill-5", Cmd: sf, Proto: "uci", TC: tc,
						Options: []match.Option{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}, {Name: "Skill Level", Value: "5"}}},
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
			line := control + ": " + clockLine(u) + "; W-D-L " + strconv.Itoa(p.WDL.Wins) + "-" + strconv.Itoa(p.WDL.Draws) + "-" +
				strconv.Itoa(p.WDL.Losses) + ", the opponent's time losses " + strconv.Itoa(res.Clocks[1].TimeLosses)
			table = append(table, line)
			t.Log(line)
			assert.Equal(t, games+games%2, u.Games)
			assert.Zero(t, u.TimeLosses, "games lost on time")
			assert.GreaterOrEqual(t, u.MeanLeft, 0.05, "clock left on average")
			assert.LessOrEqual(t, u.MeanLeft, 0.60, "clock left on average")
		})
	}
	t.Log("gambit-engine's clock at the end of its games:\n" + strings.Join(table, "\n"))
}

// clockLine writes an engine's clock use: "34.2 % left on average (min
// 5.1 %, max 80.3 %) over 8 games, 0 lost on time".
func clockLine(u match.ClockUse) string {
	pct := func(f float64) string { return strconv.FormatFloat(f*100, 'f', 1, 64) + " %" }
	return pct(u.MeanLeft) + " left on average (min " + pct(u.MinLeft) + ", max " + pct(u.MaxLeft) + ") over " +
		strconv.Itoa(u.Games) + " games, " + strconv.Itoa(u.TimeLosses) + " lost on time"
}
