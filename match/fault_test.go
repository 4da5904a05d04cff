package match_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/match"
	"github.com/gambit-chess/gambit/pgn"
)

// fake returns a fake engine config with the given misbehaviour flags.
func fake(name string, tc match.TimeControl, args ...string) match.EngineConfig {
	return match.EngineConfig{Name: name, Cmd: fakePath, Args: args, TC: tc, Timeout: 2 * time.Second}
}

var quick = match.TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}

// readPGN reads every game of a PGN text back with package pgn.
func readPGN(t *testing.T, text []byte) []*pgn.Game {
	t.Helper()
	var games []*pgn.Game
	r := pgn.NewReader(bytes.NewReader(text))
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			return games
		}
		require.NoError(t, err)
		games = append(games, g)
	}
}

// TestFaults plays a fake engine that misbehaves against a sound one:
// the misbehaving one loses every game with the reason recorded, is
// restarted (Recover), and no process is left.
func TestFaults(t *testing.T) {
	for _, tc := range []struct {
		name        string
		args        []string
		term        string
		reason      string
		tc          match.TimeControl
		hangTimeout time.Duration
		hangs       bool
	}{
		{name: "crash", args: []string{"-crash", "3"}, term: match.TermAbandoned, reason: "disconnects"},
		{name: "hang on a clock", args: []string{"-hang", "2"}, term: match.TermTimeForfeit, reason: "loses on time",
			tc: match.TimeControl{Base: time.Second}, hangs: true},
		{name: "hang at a fixed depth", args: []string{"-hang", "2"}, term: match.TermAbandoned, reason: "stalls",
			tc: match.TimeControl{Depth: 3}, hangTimeout: time.Second, hangs: true},
		{name: "illegal move", args: []string{"-illegal", "2"}, term: match.TermIllegal, reason: "illegal move"},
		{name: "garbage move", args: []string{"-garbage", "4"}, term: match.TermIllegal, reason: "illegal move"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := quick
			if !tc.tc.IsZero() {
				clock = tc.tc
			}
			var out bytes.Buffer
			bad := fake("bad", clock, tc.args...)
			if tc.hangs {
				// A hung engine gets this long to answer "stop".
				bad.Timeout = 500 * time.Millisecond
			}
			cfg := match.Config{
				Engines:     []match.EngineConfig{bad, fake("good", clock)},
				Rounds:      1,
				Games:       2,
				Repeat:      true,
				Recover:     true,
				HangTimeout: tc.hangTimeout,
				PGN:         &out,
			}
			res, err := match.Run(context.Background(), cfg)
			require.NoError(t, err)
			require.Len(t, res.Games, 2)
			for _, g := range res.Games {
				assert.Equal(t, tc.term, g.Termination, g.Reason)
				assert.Contains(t, g.Reason, tc.reason)
				if g.White == "bad" {
					assert.Equal(t, "0-1", g.Result)
				} else {
					assert.Equal(t, "1-0", g.Result)
				}
			}
			assert.Equal(t, match.WDL{Losses: 2}, res.Pairings[0].WDL)
			assert.Equal(t, match.Pentanomial{LL: 1}, res.Pairings[0].Pentanomial)
			games := readPGN(t, out.Bytes())
			require.Len(t, games, 2)
			for i, g := range games {
				assert.Equal(t, res.Games[i].Result, g.Result)
				assert.Equal(t, tc.term, g.Tags.Get("Termination"))
			}
			noChildren(t)
		})
	}
}

// TestGarbageLines: an engine that prints lines that are not UCI around
// its moves plays on.
func TestGarbageLines(t *testing.T) {
	cfg := match.Config{
		Engines:  []match.EngineConfig{fake("noisy", quick, "-noise"), fake("quiet", quick)},
		Rounds:   1,
		Games:    1,
		MaxMoves: 20,
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 1)
	assert.NotEqual(t, match.TermIllegal, res.Games[0].Termination, res.Games[0].Reason)
	assert.NotEqual(t, match.TermAbandoned, res.Games[0].Termination, res.Games[0].Reason)
	noChildren(t)
}

// TestSlowStart: an engine that takes 1.5 s to finish its handshake is
// waited for, and its clock (1 s) does not run meanwhile.
func TestSlowStart(t *testing.T) {
	cfg := match.Config{
		Engines: []match.EngineConfig{
			fake("slow", match.TimeControl{Base: time.Second, Inc: 20 * time.Millisecond}, "-slowstart", "1.5s"),
			fake("fast", match.TimeControl{Base: time.Second, Inc: 20 * time.Millisecond}),
		},
		Rounds:   1,
		Games:    2,
		Repeat:   true,
		MaxMoves: 15,
	}
	res, err := match.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Games, 2)
	assert.Zero(t, res.TimeLosses)
	noChildren(t)
}

// TestFailureWithoutRecover: without Recover, a crash ends the run with
// an error after the game, and the games played are returned.
func TestFailureWithoutRecover(t *testing.T) {
	cfg := match.Config{
		Engines: []match.EngineConfig{fake("bad", quick, "-crash", "2"), fake("good", quick)},
		Rounds:  5,
		Games:   2,
		Repeat:  true,
	}
	res, err := match.Run(context.Background(), cfg)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "disconnects")
	require.NotNil(t, res)
	require.Len(t, res.Games, 1)
	noChildren(t)
}

// TestInterrupt: a run whose context ends stops at once, returns the
// games finished, and leaves no process.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	slow := match.TimeControl{Base: time.Minute}
	var finished int
	cfg := match.Config{
		Engines:     []match.EngineConfig{fake("a", slow, "-think", "30ms"), fake("b", slow, "-think", "30ms")},
		Rounds:      100,
		Games:       2,
		Repeat:      true,
		Concurrency: 2,
		MaxMoves:    5,
		Progress: func(p match.Progress) {
			finished = p.Games
			if p.Games == 3 {
				cancel()
			}
		},
	}
	start := time.Now()
	res, err := match.Run(ctx, cfg)
	require.NoError(t, err)
	assert.True(t, res.Interrupted)
	assert.Less(t, time.Since(start), 20*time.Second)
	assert.Equal(t, finished, len(res.Games))
	assert.GreaterOrEqual(t, len(res.Games), 3)
	assert.Less(t, len(res.Games), 200)
	noChildren(t)
}

// TestTournaments: a round robin of three engines plays every pairing,
// a gauntlet the first engine against each other, each pairing's games
// counted from its first engine's side.
func TestTournaments(t *testing.T) {
	engines := []match.EngineConfig{fake("a", quick), fake("b", quick), fake("c", quick)}
	for _, tc := range []struct {
		kind  string
		pairs [][2]string
	}{
		{match.RoundRobin, [][2]string{{"a", "b"}, {"a", "c"}, {"b", "c"}}},
		{match.Gauntlet, [][2]string{{"a", "b"}, {"a", "c"}}},
	} {
		res, err := match.Run(context.Background(), match.Config{
			Engines: engines, Tournament: tc.kind, Rounds: 1, Games: 2, Repeat: true, Concurrency: 2, MaxMoves: 10,
		})
		require.NoError(t, err)
		require.Len(t, res.Pairings, len(tc.pairs))
		assert.Len(t, res.Games, 2*len(tc.pairs))
		for i, p := range res.Pairings {
			assert.Equal(t, tc.pairs[i], [2]string{p.Name1, p.Name2})
			assert.Equal(t, 2, p.WDL.Games())
			assert.Equal(t, 1, p.Pentanomial.Pairs())
			var played int
			for _, g := range res.Games {
				if (g.White == p.Name1 && g.Black == p.Name2) || (g.White == p.Name2 && g.Black == p.Name1) {
					played++
				}
			}
			assert.Equal(t, 2, played)
		}
	}
	_, err := match.Run(context.Background(), match.Config{Engines: engines, Tournament: match.Match, Rounds: 1})
	assert.ErrorIs(t, err, match.ErrConfig)
	noChildren(t)
}
