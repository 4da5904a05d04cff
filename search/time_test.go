package search_test

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// middlegame is the position of the time tests, white to move.
const middlegame = "r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13"

// answerWithin bounds the wait for an answer that should come at once: a
// generous bound, as the machine is shared; a search without end never
// meets it.
const answerWithin = 5 * time.Second

// session is a GUI talking to search.New through a protocol server.
type session struct {
	t     *testing.T
	w     io.Writer
	lines chan string
}

// serveEngine runs serve (uci.Serve or xboard.Serve) on a new engine.
func serveEngine(t *testing.T, serve func(context.Context, engine.Searcher, io.Reader, io.Writer) error) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, w: inW, lines: make(chan string, 1024)}
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer close(done)
		_ = serve(ctx, search.New(), inR, outW)
		_ = outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		// Cancel too: a search without end (the bug these tests catch)
		// must not hang the test.
		cancel()
		_ = inW.Close()
		<-done
		for range s.lines {
		}
	})
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(s.w, l+"\n")
		require.NoError(s.t, err)
	}
}

// expect reads lines until one starts with prefix, within d, and returns
// it with the lines before it.
func (s *session) expect(prefix string, d time.Duration) (string, []string) {
	s.t.Helper()
	var before []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-s.lines:
			require.True(s.t, ok, "output ended waiting for %q; got %q", prefix, before)
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			s.t.Fatalf("no %q within %v; got %q", prefix, d, before)
		}
	}
}

// legalBestMove checks that a UCI bestmove line plays a legal move of fen
// after a search that completed depth 1 at least.
func legalBestMove(t *testing.T, fen, line string, before []string) {
	t.Helper()
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	_, err = uci.ParseBestMove(line, p)
	assert.NoError(t, err, "a legal move")
	depth := false
	for _, l := range before {
		depth = depth || strings.HasPrefix(l, "info depth ")
	}
	assert.True(t, depth, "the move of a completed iteration: %q", before)
}

func TestUCIFastGameUsesItsTime(t *testing.T) {
	// With Move Overhead (100 ms) taken from the per-move budget, this
	// searched 1 ms. Only a lower bound on the time: load cannot break it.
	s := serveEngine(t, uci.Serve)
	s.send("uci", "isready")
	s.expect("readyok", answerWithin)
	s.send("position fen "+middlegame, "go wtime 1900 btime 1900 winc 50 binc 50")
	start := time.Now()
	line, before := s.expect("bestmove ", answerWithin)
	assert.GreaterOrEqual(t, time.Since(start), 40*time.Millisecond)
	legalBestMove(t, middlegame, line, before)
}

func TestUCIMoveNow(t *testing.T) {
	// A limit of zero or less means "move now", never "no limit": each of
	// these searched until stop.
	for _, goLine := range []string{
		"go wtime 0 btime 100",
		"go wtime -5000 btime 100",
		"go movetime 0",
		"go nodes 0",
		"go depth 0",
		"go depth -2", // rejected, still answered
	} {
		t.Run(goLine, func(t *testing.T) {
			s := serveEngine(t, uci.Serve)
			s.send("position fen "+middlegame, goLine)
			line, before := s.expect("bestmove ", answerWithin)
			legalBestMove(t, middlegame, line, before)
		})
	}
	t.Run("rejected go without a legal move", func(t *testing.T) {
		s := serveEngine(t, uci.Serve)
		s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "go depth -2")
		line, before := s.expect("bestmove ", answerWithin)
		assert.Equal(t, "bestmove 0000", line)
		require.NotEmpty(t, before)
		assert.Contains(t, before[0], "info string error")
	})
}

// xboardMove plays the engine's side in the middlegame after cmds and
// returns the move line with the time it took.
func xboardMove(t *testing.T, cmds ...string) (string, time.Duration) {
	s := serveEngine(t, xboard.Serve)
	s.send("xboard", "protover 2")
	s.expect("feature done=1", answerWithin)
	s.send("new", "force", "setboard "+middlegame)
	s.send(cmds...)
	s.send("ping 1")
	s.expect("pong 1", answerWithin)
	start := time.Now()
	s.send("go")
	line, _ := s.expect("move ", answerWithin)
	elapsed := time.Since(start)
	p, err := core.ParseFEN(middlegame)
	require.NoError(t, err)
	_, err = p.ParseUCI(strings.TrimPrefix(line, "move "))
	assert.NoError(t, err, "a legal move: %q", line)
	return line, elapsed
}

func TestXBoardMoveNow(t *testing.T) {
	for _, cmds := range [][]string{
		{"level 40 1 0", "time 0", "otim 6000"},
		{"level 40 1 0", "time -500", "otim 6000"},
		{"level 40 1 0", "sd 0"},
		// sd -2 is rejected and the move still comes, by the clock: one
		// second left keeps the search well inside answerWithin (the
		// level's full minute gave a hard limit near 5.6 s, which a
		// starved machine reached: seen once at a load average of 15).
		{"level 40 1 0", "time 100", "otim 6000", "sd -2"},
	} {
		t.Run(strings.Join(cmds, ", "), func(t *testing.T) {
			xboardMove(t, cmds...)
		})
	}
}

func TestXBoardFixedTimeUsesIt(t *testing.T) {
	// st 1: the second less the Move Overhead (100 ms); it moved after
	// 0.65 s when no iteration started past half of it. A lower bound
	// only: load cannot break it.
	_, elapsed := xboardMove(t, "st 1")
	assert.GreaterOrEqual(t, elapsed, 850*time.Millisecond)
}
