package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

var bin string

func TestMain(m *testing.M) {
	bin = enginetest.BuildPrograms("datagen-test", ".")
	code := m.Run()
	_ = os.RemoveAll(bin)
	os.Exit(code)
}

// small are the options of the tests' runs: few nodes, few games.
func small(seed uint64, games, workers int) options {
	cfg := defaults
	cfg.seed, cfg.nodes = seed, 1000
	return options{cfg: cfg, games: games, workers: workers}
}

// gen runs generate with o and returns its lines and counts.
func gen(t *testing.T, o options) (string, *stats) {
	t.Helper()
	var buf bytes.Buffer
	s, err := generate(context.Background(), o, &buf, func(*stats) {})
	require.NoError(t, err)
	return buf.String(), s
}

// line is one output line read back.
type line struct {
	pos    core.Position
	fen    string
	score  int
	result float64
}

// parse reads a "FEN;score;result" line as a trainer does: a FEN that
// parses, an integer score, a result of 1, 0.5 or 0.
func parse(t *testing.T, text string) line {
	t.Helper()
	f := strings.Split(text, ";")
	require.Len(t, f, 3, "%q", text)
	p, err := core.ParseFEN(f[0])
	require.NoError(t, err, "%q", text)
	score, err := strconv.Atoi(f[1])
	require.NoError(t, err, "%q", text)
	results := map[string]float64{"1": 1, "0.5": 0.5, "0": 0}
	r, ok := results[f[2]]
	require.True(t, ok, "%q: result %q", text, f[2])
	return line{p, f[0], score, r}
}

// The same seed gives the same lines, whatever the number of workers;
// another seed gives others; -positions keeps a prefix.
func TestDeterministic(t *testing.T) {
	a, sa := gen(t, small(5, 6, 1))
	b, _ := gen(t, small(5, 6, 1))
	c, _ := gen(t, small(5, 6, 2))
	d, _ := gen(t, small(6, 6, 1))
	require.NotEmpty(t, a)
	assert.Equal(t, a, b)
	assert.Equal(t, a, c, "two workers")
	assert.NotEqual(t, a, d, "another seed")
	assert.Equal(t, 6, sa.games)
	assert.Equal(t, strings.Count(a, "\n"), sa.positions)

	o := small(5, 0, 2)
	o.positions = sa.positions / 2
	e, se := gen(t, o)
	assert.Equal(t, o.positions, se.positions)
	lines := strings.SplitAfter(a, "\n")
	assert.Equal(t, strings.Join(lines[:o.positions], ""), e)
}

// Every line parses back to its position, with an integer score that is
// no mate, and the kept positions are quiet: not in check, their best move
// (legal there) neither a capture nor a promotion. Some positions
// searched were left out.
func TestQuietLines(t *testing.T) {
	o := small(9, 8, 1)
	pl := newPlayer(o.cfg)
	defer pl.close()
	kept, searched := 0, 0
	for i := range o.games {
		g, err := pl.play(context.Background(), i)
		require.NoError(t, err)
		var sb strings.Builder
		g.lines(&sb)
		texts := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
		require.Len(t, texts, len(g.kept))
		for j, text := range texts {
			l := parse(t, text)
			assert.Equal(t, l.fen, l.pos.FEN(), "the FEN is the position's own")
			assert.False(t, l.pos.InCheck(), "%s", text)
			assert.Less(t, abs(l.score), 20000, "%s: no mate score", text)
			assert.Equal(t, g.result, l.result, "%s: the game's result", text)
			m := g.kept[j].best
			var ml core.MoveList
			l.pos.LegalMoves(&ml)
			assert.True(t, ml.Contains(m), "%s: %v is legal", text, m)
			assert.False(t, m.IsCapture() || m.IsPromotion(), "%s: %v", text, m)
		}
		kept += len(g.kept)
		searched += g.searched
	}
	assert.Positive(t, kept)
	assert.Less(t, kept, searched, "some positions are not quiet")
}

// A game's result agrees with how it ended: a won score or a mate score
// for the side whose scores were last beyond the bound; a draw by a
// rule, a drawn score or the ply cap is 0.5.
func TestResultsMatchTheEnd(t *testing.T) {
	o := small(11, 10, 1)
	pl := newPlayer(o.cfg)
	defer pl.close()
	for i := range o.games {
		g, err := pl.play(context.Background(), i)
		require.NoError(t, err)
		require.NotEmpty(t, g.kept)
		last := g.kept[len(g.kept)-1].score
		switch g.end {
		case "won score":
			assert.NotEqual(t, 0.5, g.result)
			assert.Equal(t, g.result == 1, last > 0, "game %d: last score %d, result %v", i, last, g.result)
			assert.GreaterOrEqual(t, abs(last), o.cfg.winScore)
		case "mate score", "checkmate":
			assert.NotEqual(t, 0.5, g.result, "game %d", i)
		default:
			assert.Equal(t, 0.5, g.result, "game %d ended by %s", i, g.end)
		}
	}
}

// Games played on from set positions end as the rules say, with the
// result from White's side.
func TestEnds(t *testing.T) {
	cfg := defaults
	cfg.nodes = 2000
	pl := newPlayer(cfg)
	defer pl.close()
	for _, c := range []struct {
		fen    string
		result float64
		end    string
	}{
		// Fool's mate: White is mated.
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 0, "checkmate"},
		// Scholar's mate: Black is mated.
		{"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", 1, "checkmate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0.5, "stalemate"},
		{"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 0.5, "insufficient material"},
		{"8/8/4k3/8/3R4/4K3/8/3r4 w - - 100 80", 0.5, "fifty-move rule"},
		// White mates at once on the back rank: a mate score for White.
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "mate score"},
		// Black mates at once: a mate score for Black.
		{"3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 0, "mate score"},
	} {
		p, err := core.ParseFEN(c.fen)
		require.NoError(t, err)
		pl.eng.NewGame()
		g := &game{}
		var hist core.History
		require.NoError(t, pl.playFrom(context.Background(), g, p, &hist, 20, nil), c.fen)
		assert.Equal(t, c.end, g.end, c.fen)
		assert.Equal(t, c.result, g.result, c.fen)
	}
}

// A position stood three times is a draw by repetition.
func TestRepetition(t *testing.T) {
	p := core.StartPosition()
	var hist core.History
	for range 2 {
		for _, uci := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			m, err := p.ParseUCI(uci)
			require.NoError(t, err)
			hist.Push(&p)
			p.MakeMove(m)
		}
	}
	over, r, why := rulesEnd(&p, &hist)
	assert.True(t, over)
	assert.Equal(t, 0.5, r)
	assert.Equal(t, "threefold repetition", why)
}

// Every Chess960 start drawn parses, with the king between its rooks and
// bishops on squares of both colours.
func TestChess960Starts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 0))
	seen := map[string]bool{}
	for range 2000 {
		fen := chess960FEN(rng)
		p, err := core.ParseFEN(fen)
		require.NoError(t, err, fen)
		seen[fen] = true
		back := fen[strings.LastIndex(fen[:strings.Index(fen, " ")], "/")+1 : strings.Index(fen, " ")]
		assert.Regexp(t, regexp.MustCompile(`^[^K]*R[^K]*K[^K]*R[^K]*$`), back, fen)
		b1, b2 := strings.Index(back, "B"), strings.LastIndex(back, "B")
		assert.NotEqual(t, b1%2, b2%2, fen)
		// Castling is standard chess's with the king on e1 between rooks
		// on a1 and h1; any other start castles as Chess960.
		assert.Equal(t, !(back[0] == 'R' && back[4] == 'K' && back[7] == 'R'), p.Chess960(), fen)
	}
	assert.Greater(t, len(seen), 800, "most of the 960 starts are drawn")
}

// runBin starts the built command with args.
func runBin(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "datagen"), args...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	require.NoError(t, cmd.Start())
	return cmd, &errOut
}

// readGz reads a gzipped output: valid gzip, whole lines.
func readGz(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	data, err := io.ReadAll(z)
	require.NoError(t, err, "a valid gzip stream to its end")
	require.NoError(t, z.Close())
	if len(data) == 0 {
		return nil
	}
	require.True(t, bytes.HasSuffix(data, []byte("\n")), "whole lines")
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// SIGINT and SIGTERM stop a run: the status is 0, the output a valid gzip
// file of whole lines, as many as the summary says, and they are the
// first lines of the same seed's run.
func TestSignalEndsTheFile(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.txt.gz")
	cmd, errOut := runBin(t, "-nodes", "1000", "-seed", "4", "-games", "12", "-o", full)
	require.NoError(t, cmd.Wait(), errOut.String())
	want := readGz(t, full)
	require.NotEmpty(t, want)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		out := filepath.Join(dir, sig.String()+".txt.gz")
		cmd, errOut := runBin(t, "-nodes", "1000", "-seed", "4", "-o", out, "-progress", "1ns")
		// Wait for a game to be written (a progress line), then signal.
		deadline := time.Now().Add(2 * time.Minute)
		for !strings.Contains(errOut.String(), "positions") && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		require.NoError(t, cmd.Process.Signal(sig))
		require.NoError(t, cmd.Wait(), "%v: %s", sig, errOut.String())
		got := readGz(t, out)
		require.NotEmpty(t, got, "%v", sig)
		assert.Contains(t, errOut.String(), "stopped by a signal")
		m := regexp.MustCompile(`done: .* (\d+) positions`).FindStringSubmatch(errOut.String())
		require.NotNil(t, m, errOut.String())
		assert.Equal(t, m[1], strconv.Itoa(len(got)))
		n := min(len(got), len(want))
		assert.Equal(t, want[:n], got[:n], "%v: the seed's lines", sig)
		for _, text := range got {
			parse(t, text)
		}
	}
}

// -o FILE without .gz is plain text, the same lines as standard output.
func TestPlainFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.txt")
	cmd, errOut := runBin(t, "-nodes", "1000", "-seed", "2", "-positions", "50", "-o", out)
	require.NoError(t, cmd.Wait(), errOut.String())
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	cmd = exec.Command(filepath.Join(bin, "datagen"), "-nodes", "1000", "-seed", "2", "-positions", "50")
	stdout, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, string(stdout), string(data))
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		parse(t, sc.Text())
		n++
	}
	assert.Equal(t, 50, n)
}

// A bad flag is a usage error; an unwritable output a plain error.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-j", "0"}, "datagen: -j 0: want at least 1", 2},
		{[]string{"-nodes", "0"}, "datagen: -nodes 0: want at least 1", 2},
		{[]string{"-j", "1000"}, "datagen: -j 1000: want at most 256", 2},
		{[]string{"-hash", "100000"}, "datagen: -hash 100000: want at most 4096", 2},
		{[]string{"-chess960", "1.5"}, "datagen: -chess960 1.5: want a fraction from 0 to 1", 2},
		{[]string{"-max-plies", "8"}, "datagen: -max-plies 8: want more than -random-plies 8", 2},
		{[]string{"extra"}, `datagen: unexpected argument "extra"`, 2},
		{[]string{"-o", filepath.Join(t.TempDir(), "no", "such", "dir.txt")}, "datagen: writing the positions: open ", 1},
	} {
		cmd := exec.Command(filepath.Join(bin, "datagen"), c.args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "%q", c.args)
		assert.Equal(t, c.code, exit.ExitCode(), "%q: %s", c.args, errOut.String())
		assert.True(t, strings.HasPrefix(errOut.String(), c.want), "%q: %q", c.args, errOut.String())
		assert.Empty(t, out.String())
	}
}

// An opening bound no opening meets is an error after a bounded number of
// draws, not an endless loop.
func TestNoOpening(t *testing.T) {
	o := small(1, 1, 1)
	o.cfg.nodes, o.cfg.openingBound, o.cfg.hashMB = 100, -1, 1
	_, err := generate(context.Background(), o, io.Discard, func(*stats) {})
	require.Error(t, err)
	assert.Equal(t, "game 0: no opening within -opening-bound -1 in 1000 tries", err.Error())
}
