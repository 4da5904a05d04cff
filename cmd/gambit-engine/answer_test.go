package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
)

// Positions of the tests that drive the built engine over its pipes.
const (
	foolsMate  = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" // White is mated
	stalemate  = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"                                // Black is stalemated
	middlegame = "r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13"
)

// answerWithin bounds each wait for a line: generous, as the machine is
// shared; an engine that never answers fails the test instead of hanging.
const answerWithin = 10 * time.Second

// send writes command lines to the engine.
func send(t *testing.T, e *enginetest.Engine, lines ...string) {
	t.Helper()
	for _, l := range lines {
		require.NoError(t, e.Send(l))
	}
}

// expect reads the engine's lines up to one starting with prefix and
// returns it with the lines before it.
func expect(t *testing.T, e *enginetest.Engine, prefix string) (string, []string) {
	t.Helper()
	line, before, err := e.Expect(prefix)
	require.NoError(t, err)
	return line, before
}

// gated returns the positive number the environment variable name holds,
// or skips the test with why when it is not set: the checks for a quiet
// machine that make runs.
func gated(t *testing.T, name, why string) int {
	t.Helper()
	if os.Getenv(name) == "" {
		t.Skip(why)
	}
	return pgncorpus.EnvInt(t, name, 0)
}

// Over UCI every go gets a bestmove, as a GUI waits for one: a legal move,
// or 0000 (UCI's null move) where there is none, also after a go the
// engine rejects with its info string error.
func TestUCIAnswersEveryGo(t *testing.T) {
	e, err := enginetest.Launch(answerWithin, binary)
	require.NoError(t, err)
	t.Cleanup(e.Close)
	for _, tc := range []struct {
		name, fen, goLine string
		rejected          bool
	}{
		{"mated", foolsMate, "go depth 3", false},
		{"stalemated", stalemate, "go movetime 100", false},
		{"mated, on a clock", foolsMate, "go wtime 1000 btime 1000", false},
		{"mated, rejected go", foolsMate, "go depth -2", true},
		{"stalemated, rejected go", stalemate, "go movetime x", true},
		{"rejected go", middlegame, "go depth -2", true},
		{"rejected go, negative movetime", middlegame, "go movetime -5", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			send(t, e, "position fen "+tc.fen, tc.goLine)
			line, before := expect(t, e, "bestmove ")
			rejected := slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "info string error") })
			assert.Equal(t, tc.rejected, rejected, "the error comes first: %q", before)
			p := fentest.Position(t, tc.fen)
			if !p.HasLegalMoves() {
				assert.Equal(t, "bestmove 0000", line)
				return
			}
			_, err := uci.ParseBestMove(line, p)
			assert.NoError(t, err, "a legal move: %q", line)
		})
	}
}

// Over XBoard, a go (or the GUI's move) that leaves the engine on move
// without a legal move is answered by a result claim, as CECP asks of an
// engine that sees the game ended by rule; a rejected sd or st gets its
// Error and the move still comes, at the earlier setting.
func TestXBoardAnswersEveryGo(t *testing.T) {
	e, err := enginetest.Spawn(answerWithin, binary)
	require.NoError(t, err)
	t.Cleanup(e.Close)
	send(t, e, "xboard", "protover 2")
	expect(t, e, "feature done=1")
	for _, tc := range []struct {
		name string
		cmds []string
		want string
	}{
		{"go, mated", []string{"setboard " + foolsMate, "go"}, "0-1 {Black mates}"},
		{"go, stalemated", []string{"setboard " + stalemate, "go"}, "1/2-1/2 {Stalemate}"},
		{"the GUI's move mates", []string{"setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playother", "usermove a1a8"}, "1-0 {White mates}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			send(t, e, "new", "force")
			send(t, e, tc.cmds...)
			line, _ := expect(t, e, tc.want[:3])
			assert.Equal(t, tc.want, line)
			send(t, e, "ping 1")
			expect(t, e, "pong 1")
		})
	}
	for _, tc := range []struct{ name, good, bad string }{
		{"sd -2", "sd 2", "sd -2"},
		{"st 0", "st 0.2", "st 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			send(t, e, "new", "force", "setboard "+middlegame, tc.good, tc.bad)
			line, _ := expect(t, e, "Error")
			assert.Equal(t, "Error (bad argument): "+tc.bad, line)
			send(t, e, "go")
			line, _ = expect(t, e, "move ")
			p := fentest.Position(t, middlegame)
			_, err := p.ParseUCI(strings.TrimPrefix(line, "move "))
			assert.NoError(t, err, "a legal move: %q", line)
		})
	}
}

// movetime runs "go movetime 1000" on fen and returns the time from go
// written to bestmove read, and the search time the engine reported last
// (its closing info line, written when its time stopped it).
func movetime(t *testing.T, e *enginetest.Engine, fen string) (wall, own time.Duration) {
	t.Helper()
	send(t, e, "position fen "+fen)
	require.NoError(t, e.Sync())
	start := time.Now()
	send(t, e, "go movetime 1000")
	line, before := expect(t, e, "bestmove ")
	wall = time.Since(start)
	p := fentest.Position(t, fen)
	_, err := uci.ParseBestMove(line, p)
	require.NoError(t, err)
	for _, l := range before {
		if !strings.HasPrefix(l, "info ") {
			continue
		}
		in, err := uci.ParseInfo(l, p)
		require.NoError(t, err, l)
		if in.Time > 0 {
			own = in.Time
		}
	}
	require.Positive(t, own, "an info line with the time: %q", before)
	return wall, own
}

// "go movetime 1000" searches its second less the Move Overhead (100 ms),
// so it answers between 900 and 1100 ms. Load delays the answer in the
// pipe and the scheduler, never brings it earlier: the wall time is
// checked from below (and only loosely from above, for an answer at all);
// the engine's own clock, which a loaded pipe does not move, against the
// whole window. make engine-movetime checks the wall time against the
// window on a quiet machine.
func TestUCIMovetimeAnswersInItsWindow(t *testing.T) {
	e, err := enginetest.Launch(answerWithin, binary)
	require.NoError(t, err)
	t.Cleanup(e.Close)
	wall, own := movetime(t, e, middlegame)
	t.Logf("go movetime 1000: bestmove after %v, the engine's own search time %v", wall, own)
	assert.GreaterOrEqual(t, wall, 900*time.Millisecond)
	assert.Less(t, wall, 5*time.Second)
	assert.GreaterOrEqual(t, own, 900*time.Millisecond)
	assert.LessOrEqual(t, own, 1100*time.Millisecond)
}

// TestMovetimeOnAQuietMachine is make engine-movetime: GAMBIT_MOVETIME_RUNS
// times "go movetime 1000" over UCI, on middlegames of the bench in turn; it
// prints the mean, least and greatest wall time from go written to
// bestmove read, and the engine's own search time, and fails when a wall
// time is outside 900 to 1100 ms. Wall time means something only on a
// quiet machine.
func TestMovetimeOnAQuietMachine(t *testing.T) {
	n := gated(t, "GAMBIT_MOVETIME_RUNS", "a wall-time check for a quiet machine: make engine-movetime")
	e, err := enginetest.Launch(answerWithin, binary)
	require.NoError(t, err)
	t.Cleanup(e.Close)
	// The bench positions with a middlegame to search: no forced mate, no
	// endgame whose search ends before its time, no Chess960 start.
	var positions []string
	for _, i := range []int{0, 1, 2, 3, 4, 5, 9} {
		positions = append(positions, search.BenchPositions[i])
	}
	var walls, owns []time.Duration
	for i := range n {
		wall, own := movetime(t, e, positions[i%len(positions)])
		walls, owns = append(walls, wall), append(owns, own)
		assert.True(t, wall >= 900*time.Millisecond && wall <= 1100*time.Millisecond, "run %d: bestmove after %v", i+1, wall)
	}
	// spread writes the mean, least and greatest of ds, to 0.1 ms.
	spread := func(ds []time.Duration) string {
		var sum time.Duration
		for _, d := range ds {
			sum += d
		}
		r := func(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
		return fmt.Sprintf("mean %v, min %v, max %v", r(sum/time.Duration(len(ds))), r(slices.Min(ds)), r(slices.Max(ds)))
	}
	t.Logf("go movetime 1000, %d runs: wall time from go to bestmove %s; the engine's own search time %s", len(walls), spread(walls), spread(owns))
}
