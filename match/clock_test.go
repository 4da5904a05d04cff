package match_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/match"
)

// TestClockLeft: Stockfish on a clock of 2+0.05 against the fake engine
// on 1+0.01, each thinking its own time, over a game pair cut at 8 moves:
// each game's ClockLeft is, for each side, its base time and increments
// less the times the runner charged for its moves, and each engine's
// ClockUse the mean, least and greatest share of its own base time left.
func TestClockLeft(t *testing.T) {
	sfTC := match.TimeControl{Base: 2 * time.Second, Inc: 50 * time.Millisecond}
	fakeTC := match.TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}
	cfg := match.Config{
		Engines: []match.EngineConfig{
			{Name: "sf", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: sfTC, Options: []match.Option{{Name: "Hash", Value: "8"}, {Name: "Threads", Value: "1"}}},
			fake("fake", fakeTC, "-think", "20ms"),
		},
		Rounds: 1, Games: 2, Repeat: true, MaxMoves: 8,
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 2)
	require.Len(t, res.Clocks, 2)
	tcs := []match.TimeControl{sfTC, fakeTC}
	var shares [2][]float64
	for _, g := range res.Games {
		require.Len(t, g.ClockLeft, 2, "both sides on a clock")
		for c, idx := range []int{g.WhiteEngine, g.BlackEngine} {
			tc := tcs[idx]
			want := tc.Base
			for i, m := range g.Moves {
				if !m.Book && i%2 == c {
					want += tc.Inc - m.Time
				}
			}
			assert.Equal(t, want, g.ClockLeft[c], "game %d, %s", g.Game, []string{"White", "Black"}[c])
			assert.Less(t, g.ClockLeft[c], tc.Base+8*tc.Inc, "it thought")
			shares[idx] = append(shares[idx], float64(g.ClockLeft[c])/float64(tc.Base))
		}
	}
	for idx, u := range res.Clocks {
		assert.Equal(t, []string{"sf", "fake"}[idx], u.Name)
		assert.Equal(t, 2, u.Games)
		assert.Zero(t, u.TimeLosses)
		assert.InDelta(t, (shares[idx][0]+shares[idx][1])/2, u.MeanLeft, 1e-12)
		assert.Equal(t, min(shares[idx][0], shares[idx][1]), u.MinLeft)
		assert.Equal(t, max(shares[idx][0], shares[idx][1]), u.MaxLeft)
	}

	// The JSON summary carries both: each game's clocks and each engine's
	// use of its clock.
	data, err := json.Marshal(res)
	require.NoError(t, err)
	var back struct {
		Games []struct {
			ClockLeft []time.Duration `json:"clock_left"`
		}
		Clocks []match.ClockUse
	}
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, res.Games[1].ClockLeft, back.Games[1].ClockLeft)
	assert.Equal(t, res.Clocks, back.Clocks)
	noChildren(t)
}

// TestClockLeftAfterATimeLoss: the fake engine thinks 300 ms a move on a
// clock of 0.2 s and loses on time at its first move, against Stockfish
// at depth 1 (no clock): the loser's clock reads 0 and its ClockUse
// counts the loss; Stockfish, without a clock, has no share of one.
func TestClockLeftAfterATimeLoss(t *testing.T) {
	cfg := match.Config{
		Engines: []match.EngineConfig{
			fake("slow", match.TimeControl{Base: 200 * time.Millisecond}, "-think", "300ms"),
			{Name: "sf", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: match.TimeControl{Depth: 1}},
		},
		Rounds: 1, Games: 1,
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 1)
	g := res.Games[0]
	require.Equal(t, match.TermTimeForfeit, g.Termination, g.Reason)
	assert.Equal(t, []time.Duration{0, 0}, g.ClockLeft)
	assert.Equal(t, match.ClockUse{Name: "slow", Games: 1, TimeLosses: 1}, res.Clocks[0])
	assert.Equal(t, match.ClockUse{Name: "sf"}, res.Clocks[1])
	noChildren(t)
}

// TestTimeLossAgainstABareKing: a side that runs out of time draws when
// the other side cannot win (a bare king), and loses when it can. The
// fake engine thinks 300 ms a move on a clock of 0.2 s, from a position
// where White has king and queen and Black a bare king, once with each
// colour: as White it flags against the bare king (a draw), as Black it
// flags against the queen (a loss). Both count as its time forfeits.
func TestTimeLossAgainstABareKing(t *testing.T) {
	epd := filepath.Join(t.TempDir(), "bare.epd")
	require.NoError(t, os.WriteFile(epd, []byte("4k3/8/8/8/8/8/8/3QK3 w - -\n"), 0o644))
	cfg := match.Config{
		Engines: []match.EngineConfig{
			fake("slow", match.TimeControl{Base: 200 * time.Millisecond}, "-think", "300ms"),
			{Name: "sf", Cmd: enginetest.StockfishPath(t), Proto: "uci", TC: match.TimeControl{Depth: 1}},
		},
		Rounds: 1, Games: 2, Repeat: true,
		Openings: match.Openings{File: epd, Format: "epd"},
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 2)
	for _, g := range res.Games {
		require.Equal(t, match.TermTimeForfeit, g.Termination, g.Reason)
		if g.White == "slow" {
			assert.Equal(t, "1/2-1/2", g.Result, g.Reason)
			assert.Equal(t, "White runs out of time, but Black cannot win", g.Reason)
		} else {
			assert.Equal(t, "1-0", g.Result, g.Reason)
			assert.Contains(t, g.Reason, "Black loses on time")
		}
	}
	assert.Equal(t, match.WDL{Draws: 1, Losses: 1}, res.Pairings[0].WDL)
	assert.Equal(t, 2, res.Clocks[0].TimeLosses)
	assert.Equal(t, [2]int{2, 0}, res.Pairings[0].TimeLosses)
	noChildren(t)
}
