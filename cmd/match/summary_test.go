package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/match"
)

// An engine given without proto= is detected: Fairy-Max, an XBoard
// engine, plays its games instead of failing the UCI handshake.
func TestDetectsTheProtocol(t *testing.T) {
	code, out, stderr := runArgs(t, "-engine", "cmd=/usr/games/fairymax", "-engine", "cmd="+fakePath, "name=random",
		"-each", "depth=1", "-games", "2", "-rounds", "1", "-maxmoves", "20")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Played 2 games in ")
	assert.Contains(t, out, "W-D-L ")
	assert.Contains(t, out, "Fairy-Max", "the engine's own name, read from its XBoard features")
}

// A match whose engine cannot start prints the error once, and no summary.
func TestNoSummaryWithoutAGame(t *testing.T) {
	code, out, stderr := runArgs(t, "-engine", "cmd=/nonexistent/engine", "-engine", "cmd="+fakePath, "-each", "depth=1")
	assert.Equal(t, exitError, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(stderr, "match: "), stderr)
	assert.Contains(t, stderr, "/nonexistent/engine")
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %s", stderr)
}

// The summary's figures are words and numbers: no Go map, NaN, Inf or
// nanosecond-precise duration.
func TestSummaryInPlainWords(t *testing.T) {
	res := &match.Result{
		Games:        make([]*match.GameRecord, 3),
		Duration:     1121392 * time.Nanosecond * 1000, // 1.121392 s
		TimeLosses:   1,
		Terminations: map[string]int{"normal": 2, "time forfeit": 1},
		Pairings: []match.Pairing{{
			Name1: "a", Name2: "b",
			WDL:      match.WDL{Wins: 3},
			Estimate: match.Estimate{Score: 1, Elo: math.Inf(1), Error: math.NaN(), NElo: math.Inf(1), NError: math.NaN(), LOS: 1},
		}},
		Clocks: []match.ClockUse{
			{Name: "a", Games: 3, MeanLeft: 0.3421, MinLeft: 0, MaxLeft: 1.05, TimeLosses: 0},
			{Name: "b", Games: 0, TimeLosses: 1},
		},
		Overhead: match.Overhead{Moves: 10, Mean: 1121392 * time.Nanosecond, Median: 305 * time.Microsecond, P99: 43 * time.Millisecond, Max: 2 * time.Minute},
	}
	var b bytes.Buffer
	summary(&b, res)
	out := b.String()
	assert.Contains(t, out, "Played 3 games in 1.1 s\n")
	assert.Contains(t, out, "a vs b: W-D-L 3-0-0 (3 games)  Elo +inf  nElo +inf  LOS 100.00%")
	assert.Contains(t, out, "Time losses: 1 (b 1)\n")
	assert.Contains(t, out, "Clock left at the end, a: 34.2% of its base time on average (min 0.0%, max 105.0%) over 3 games, 0 lost on time\n")
	assert.NotContains(t, out, "Clock left at the end, b", "b played on no clock")
	assert.Contains(t, out, "Terminations: normal 2, time forfeit 1\n")
	assert.Contains(t, out, "mean 1.1 ms, median 0.30 ms, p99 43 ms, max 2 min 00 s\n")
	for _, bad := range []string{"map[", "NaN", "Inf"} {
		assert.NotContains(t, out, bad)
	}
	assert.NotRegexp(t, `[0-9](ns|µs|ms|s)\b`, out, "Go's duration format: 1.121392ms")
}

func TestPlainDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                                "0.00 ms",
		205966 * time.Nanosecond:         "0.21 ms",
		3454357 * time.Nanosecond:        "3.5 ms",
		432 * time.Millisecond:           "432 ms",
		1500 * time.Millisecond:          "1.5 s",
		4*time.Minute + 5*time.Second:    "4 min 05 s",
		time.Hour + 2*time.Minute + 40e9: "1 h 03 min",
	} {
		assert.Equal(t, want, plainDuration(d), "%v", d)
	}
}

// The engines have one name everywhere: the game lines and the summary
// (pairing, clocks) say the name each gives itself, not its path, and
// two engines of one name have their paths after it.
func TestEnginesNamedAlike(t *testing.T) {
	code, out, stderr := runArgs(t, "-engine", "cmd=/usr/games/fairymax", "-engine", "cmd="+fakePath,
		"-each", "depth=1", "-games", "2", "-rounds", "1", "-maxmoves", "10")
	require.Equal(t, 0, code, stderr)
	fairy := regexp.MustCompile(`Finished game 1\.1 \((Fairy-Max[^)]*) vs fake\)`).FindStringSubmatch(out)
	require.NotNil(t, fairy, out)
	assert.Contains(t, out, "Finished game 1.2 (fake vs "+fairy[1]+")")
	assert.Contains(t, out, "\n"+fairy[1]+" vs fake: W-D-L ")
	assert.NotContains(t, out, "/usr/games/fairymax", "no path where the names differ")
	assert.NotContains(t, out, fakePath)

	// The same engine at two paths: each name has its path.
	other := filepath.Join(t.TempDir(), "fake2")
	require.NoError(t, os.Symlink(fakePath, other))
	code, out, stderr = runArgs(t, "-engine", "cmd="+fakePath, "-engine", "cmd="+other,
		"-each", "depth=1", "-games", "2", "-rounds", "1", "-maxmoves", "10")
	require.Equal(t, 0, code, stderr)
	one, two := "fake ("+fakePath+")", "fake ("+other+")"
	assert.Contains(t, out, "Finished game 1.1 ("+one+" vs "+two+")")
	assert.Contains(t, out, "Finished game 1.2 ("+two+" vs "+one+")")
	assert.Contains(t, out, "\n"+one+" vs "+two+": W-D-L ")

	// The same command twice: the engines' numbers.
	code, out, stderr = runArgs(t, "-engine", "cmd="+fakePath, "-engine", "cmd="+fakePath,
		"-each", "depth=1", "-games", "1", "-rounds", "1", "-maxmoves", "10")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Finished game 1.1 (fake (engine 1) vs fake (engine 2))")
	assert.Contains(t, out, "\nfake (engine 1) vs fake (engine 2): W-D-L ")
}

// An even score is Elo 0.00 in the summary line and 0 in the JSON, never
// a negative zero.
func TestEvenScoreSummary(t *testing.T) {
	w := match.WDL{Wins: 2, Draws: 3, Losses: 2}
	res := &match.Result{
		Games:        make([]*match.GameRecord, 7),
		Terminations: map[string]int{},
		Pairings:     []match.Pairing{{Name1: "a", Name2: "b", WDL: w, Estimate: w.Estimate(), DrawRatio: w.DrawRatio()}},
	}
	res.SPRT = &match.SPRTResult{SPRT: match.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, LLR: math.Copysign(0, -1), Lower: -2.94, Upper: 2.94}
	var b bytes.Buffer
	summary(&b, res)
	assert.Contains(t, b.String(), "a vs b: W-D-L 2-3-2 (7 games)  Elo 0.00 +/- ")
	assert.Contains(t, b.String(), ": LLR 0.00 (-2.94, 2.94) no decision\n")
	assert.NotContains(t, b.String(), "-0.00")
	path := filepath.Join(t.TempDir(), "s.json")
	require.NoError(t, writeJSON(path, res))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"Elo": 0,`)
	assert.NotContains(t, string(data), `"Elo": -0`)
}
