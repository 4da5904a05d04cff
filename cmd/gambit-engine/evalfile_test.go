package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/nnue"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// evalTimeout is how long the EvalFile tests wait for a line: loading the
// 20 MB network and a depth-6 search on a loaded machine.
const evalTimeout = time.Minute

// The built engine under UCI: EvalFile loads Stockfish 15.1's network
// (exported by the installed Stockfish), names it in an info string on
// load and at isready, searches with it (a legal move at depth 6, the
// depth-1 score of the start position being the best of the network's
// final evaluations after each move, in centipawns), reports a file it cannot load
// and keeps the network, and goes back to the hand-written evaluation
// for an empty value.
func TestUCIEvalFile(t *testing.T) {
	path := enginetest.StockfishNetwork(t)
	net, err := nnue.LoadFile(path)
	require.NoError(t, err)

	e, err := enginetest.Launch(evalTimeout, binary)
	require.NoError(t, err)
	defer e.Close()
	ready := func() []string {
		t.Helper()
		require.NoError(t, e.Send("isready"))
		_, before, err := e.Expect("readyok")
		require.NoError(t, err)
		return before
	}
	hand := "info string evaluation: hand-written"
	own := "info string evaluation: NNUE <builtin> (gambit's own network, 768x256x2x1)"
	assert.Equal(t, []string{own}, ready(), "the default")

	nn := "info string evaluation: NNUE " + path + " (Stockfish 15.1 format)"
	require.NoError(t, e.Send("setoption name EvalFile value "+path))
	assert.Equal(t, []string{nn, nn}, ready(), "on load, then at isready")

	require.NoError(t, e.Send("position startpos moves e2e4 e7e5 g1f3"))
	require.NoError(t, e.Send("go depth 6"))
	line, _, err := e.Expect("bestmove")
	require.NoError(t, err)
	p, err := core.ParseFEN(core.StartFEN)
	require.NoError(t, err)
	for _, s := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		p.MakeMove(m)
	}
	f := strings.Fields(line)
	require.GreaterOrEqual(t, len(f), 2, line)
	_, err = p.ParseUCI(f[1])
	require.NoError(t, err, "a legal move: %s", line)

	require.NoError(t, e.Send("ucinewgame"))
	require.NoError(t, e.Send("position startpos"))
	require.NoError(t, e.Send("go depth 1"))
	_, infos, err := e.Expect("bestmove")
	require.NoError(t, err)
	cp := ""
	for _, in := range infos {
		if _, rest, ok := strings.Cut(in, " score cp "); ok {
			cp, _, _ = strings.Cut(rest, " ")
		}
	}
	require.NotEmpty(t, cp, "%q", infos)
	got, err := strconv.Atoi(cp)
	require.NoError(t, err)
	start, err := core.ParseFEN(core.StartFEN)
	require.NoError(t, err)
	want := -1 << 30
	var ml core.MoveList
	start.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		q := start
		q.MakeMove(m)
		want = max(want, -net.EvaluateFinal(&q, 0)*100/nnue.PawnValue)
	}
	assert.Equal(t, want, got, "the network's best final evaluation after one move, in centipawns")

	bad := filepath.Join(t.TempDir(), "truncated.nnue")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bad, data[:len(data)/2], 0o600))
	require.NoError(t, e.Send("setoption name EvalFile value "+bad))
	lines := ready()
	require.Len(t, lines, 2, "%q", lines)
	assert.True(t, strings.HasPrefix(lines[0], "info string error: setoption EvalFile: "), lines[0])
	assert.Contains(t, lines[0], bad, "names the file")
	assert.Contains(t, lines[0], "offset", "and where it went wrong")
	assert.Equal(t, nn, lines[1], "the network stays")

	for _, empty := range []string{"<empty>", ""} {
		require.NoError(t, e.Send("setoption name EvalFile value "+path))
		ready()
		require.NoError(t, e.Send(strings.TrimSpace("setoption name EvalFile value "+empty)))
		assert.Equal(t, []string{hand, hand}, ready(), "%q", empty)
	}
	require.NoError(t, e.Send("quit"))
}

// Under XBoard the same option is an option feature: "option
// EvalFile=PATH" loads the network, named in "#" lines then and at ping;
// the engine plays a legal move with it; a missing file is reported and
// keeps it.
func TestXBoardEvalFile(t *testing.T) {
	path := enginetest.StockfishNetwork(t)
	e, err := enginetest.Spawn(evalTimeout, binary)
	require.NoError(t, err)
	defer e.Close()
	require.NoError(t, e.Send("xboard"))
	require.NoError(t, e.Send("protover 2"))
	_, features, err := e.Expect("feature done=1")
	require.NoError(t, err)
	assert.Contains(t, strings.Join(features, "\n"), `feature option="EvalFile -`)
	ping := func(n int) []string {
		t.Helper()
		require.NoError(t, e.Send("ping "+strconv.Itoa(n)))
		_, before, err := e.Expect("pong " + strconv.Itoa(n))
		require.NoError(t, err)
		return before
	}
	assert.Contains(t, strings.Join(features, "\n"), `feature option="EvalFile -string <builtin>"`, "the default")
	assert.Equal(t, []string{"# evaluation: NNUE <builtin> (gambit's own network, 768x256x2x1)"}, ping(1))
	nn := "# evaluation: NNUE " + path + " (Stockfish 15.1 format)"
	require.NoError(t, e.Send("option EvalFile="+path))
	assert.Equal(t, []string{nn, nn}, ping(2))

	missing := filepath.Join(t.TempDir(), "missing.nnue")
	require.NoError(t, e.Send("option EvalFile="+missing))
	lines := ping(3)
	require.Len(t, lines, 2, "%q", lines)
	assert.True(t, strings.HasPrefix(lines[0], "# option EvalFile: "), lines[0])
	assert.Contains(t, lines[0], missing)
	assert.Equal(t, nn, lines[1])

	require.NoError(t, e.Send("new"))
	require.NoError(t, e.Send("sd 4"))
	require.NoError(t, e.Send("usermove e2e4"))
	line, _, err := e.Expect("move ")
	require.NoError(t, err)
	p, err := core.ParseFEN(core.StartFEN)
	require.NoError(t, err)
	m, err := p.ParseUCI("e2e4")
	require.NoError(t, err)
	p.MakeMove(m)
	_, err = p.ParseUCI(strings.TrimPrefix(line, "move "))
	require.NoError(t, err, "a legal reply: %s", line)

	require.NoError(t, e.Send("option EvalFile="))
	assert.Equal(t, []string{"# evaluation: hand-written", "# evaluation: hand-written"}, ping(4))
	require.NoError(t, e.Send("quit"))
}

// The built engine with gambit's own network: "<builtin>" selects the
// embedded one, named at load and at isready; a file of gambit's format
// loads by its path; a damaged one is an error naming the file and the
// offset that keeps the network; the engine plays a legal move with it;
// under XBoard the same values work.
func TestUCIOwnNetwork(t *testing.T) {
	data, err := os.ReadFile("../../search/ownnet.gnn")
	require.NoError(t, err)
	net, err := perspective.Load(bytes.NewReader(data))
	require.NoError(t, err)
	shape := fmt.Sprintf("768x%dx2x1", net.Hidden())
	e, err := enginetest.Launch(evalTimeout, binary)
	require.NoError(t, err)
	defer e.Close()
	ready := func() []string {
		t.Helper()
		require.NoError(t, e.Send("isready"))
		_, before, err := e.Expect("readyok")
		require.NoError(t, err)
		return before
	}
	builtin := "info string evaluation: NNUE <builtin> (gambit's own network, " + shape + ")"
	assert.Equal(t, []string{builtin}, ready(), "the default")
	require.NoError(t, e.Send("uci"))
	_, opts, err := e.Expect("uciok")
	require.NoError(t, err)
	assert.Contains(t, opts, "option name EvalFile type string default <builtin>")
	hand := "info string evaluation: hand-written"
	require.NoError(t, e.Send("setoption name EvalFile value <empty>"))
	assert.Equal(t, []string{hand, hand}, ready(), "the hand-written evaluation back")
	require.NoError(t, e.Send("setoption name EvalFile value <builtin>"))
	assert.Equal(t, []string{builtin, builtin}, ready())
	assert.Contains(t, opts, "option name Use NNUE type check default true")
	off := "info string evaluation: hand-written (Use NNUE false)"
	require.NoError(t, e.Send("setoption name Use NNUE value false"))
	assert.Equal(t, []string{off, off}, ready())
	require.NoError(t, e.Send("setoption name Use NNUE value true"))
	assert.Equal(t, []string{builtin, builtin}, ready())

	require.NoError(t, e.Send("position startpos moves e2e4 e7e5 g1f3"))
	require.NoError(t, e.Send("go depth 6"))
	line, _, err := e.Expect("bestmove")
	require.NoError(t, err)
	p := core.StartPosition()
	for _, s := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		p.MakeMove(m)
	}
	f := strings.Fields(line)
	require.GreaterOrEqual(t, len(f), 2, line)
	_, err = p.ParseUCI(f[1])
	require.NoError(t, err, "a legal move: %s", line)

	dir := t.TempDir()
	path := filepath.Join(dir, "own.gnn")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	own := "info string evaluation: NNUE " + path + " (gambit format, " + shape + ")"
	require.NoError(t, e.Send("setoption name EvalFile value "+path))
	assert.Equal(t, []string{own, own}, ready())
	bad := filepath.Join(dir, "damaged.gnn")
	damaged := bytes.Clone(data)
	damaged[1000] ^= 0x40
	require.NoError(t, os.WriteFile(bad, damaged, 0o600))
	require.NoError(t, e.Send("setoption name EvalFile value "+bad))
	lines := ready()
	require.Len(t, lines, 2, "%q", lines)
	assert.True(t, strings.HasPrefix(lines[0], "info string error: setoption EvalFile: "), lines[0])
	assert.Contains(t, lines[0], bad)
	assert.Contains(t, lines[0], "checksum")
	assert.Equal(t, own, lines[1], "the network stays")
	require.NoError(t, e.Send("setoption name EvalFile value <empty>"))
	assert.Equal(t, []string{"info string evaluation: hand-written", "info string evaluation: hand-written"}, ready())
	require.NoError(t, e.Send("quit"))

	x, err := enginetest.Spawn(evalTimeout, binary)
	require.NoError(t, err)
	defer x.Close()
	require.NoError(t, x.Send("xboard"))
	require.NoError(t, x.Send("protover 2"))
	_, _, err = x.Expect("feature done=1")
	require.NoError(t, err)
	require.NoError(t, x.Send("option EvalFile=<builtin>"))
	require.NoError(t, x.Send("ping 1"))
	_, before, err := x.Expect("pong 1")
	require.NoError(t, err)
	want := "# evaluation: NNUE <builtin> (gambit's own network, " + shape + ")"
	assert.Equal(t, []string{want, want}, before)
	require.NoError(t, x.Send("quit"))
}
