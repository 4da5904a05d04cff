package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/pgn"
)

var fakePath string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("cmd-match-test", "../../match/internal/fakeengine")
	fakePath = filepath.Join(dir, "fakeengine")
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func runArgs(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestSPRTExitStatus: Stockfish against a random mover; the exit status
// says which hypothesis the SPRT accepted, for CI to gate on.
func TestSPRTExitStatus(t *testing.T) {
	sf := "cmd=" + enginetest.StockfishPath(t)
	dir := t.TempDir()
	pgnPath, jsonPath := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "s.json")
	sprt := []string{"-sprt", "elo0=0", "elo1=50", "alpha=0.05", "beta=0.05", "model=logistic"}
	common := append([]string{"-games", "2", "-repeat", "-rounds", "50", "-concurrency", "2"}, sprt...)

	code, out, stderr := runArgs(t, append([]string{"-engine", sf, "name=sf", "depth=2", "-engine", "cmd=" + fakePath, "name=random", "depth=1",
		"-pgnout", pgnPath, "-json", jsonPath}, common...)...)
	assert.Equal(t, exitH1, code, stderr)
	assert.Contains(t, out, "H1 accepted")
	assert.Contains(t, out, "LLR")
	assert.Contains(t, out, "Ptnml(0-2)")

	var summary struct {
		Games []struct{ Result string }
		SPRT  struct {
			LLR      float64 `json:"llr"`
			Decision string  `json:"decision"`
		}
	}
	data, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &summary))
	assert.Equal(t, "H1", summary.SPRT.Decision)
	assert.Greater(t, summary.SPRT.LLR, 2.94)
	text, err := os.ReadFile(pgnPath)
	require.NoError(t, err)
	r := pgn.NewReader(bytes.NewReader(text))
	n := 0
	for ; ; n++ {
		g, err := r.Next()
		if err != nil {
			break
		}
		assert.Equal(t, summary.Games[n].Result, g.Result)
	}
	assert.Len(t, summary.Games, n)

	code, out, stderr = runArgs(t, append([]string{"-engine", "cmd=" + fakePath, "name=random", "depth=1", "-engine", sf, "name=sf", "depth=2"}, common...)...)
	assert.Equal(t, exitH0, code, stderr)
	assert.Contains(t, out, "H0 accepted")

	code, out, stderr = runArgs(t, "-engine", sf, "name=a", "depth=1", "-engine", sf, "name=b", "depth=1",
		"-rounds", "1", "-games", "2", "-repeat", "-sprt", "elo0=0", "elo1=5", "-maxmoves", "10", "-quiet")
	assert.Equal(t, exitUndecided, code, stderr)
	assert.Contains(t, out, "no decision")
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-engine", "cmd=x", "tc=40/60"},
		{"-engine", "cmd=a", "tc=1+x", "-engine", "cmd=b"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-sprt", "elo0=5", "elo1=0"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-frobnicate"},
		{"-engine", "cmd=a", "proto=cecp2", "-engine", "cmd=b"},
		{"-engine", "cmd=a", "tc=10", "-engine", "cmd=b", "tc=10", "-rounds"},
		{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1"},
		{"-engine", "cmd=/nonexistent/engine", "tc=1", "-engine", "cmd=/nonexistent/engine", "tc=1"},
		{"-engine", "cmd=a", "tc=1", "-engine", "cmd=b", "tc=1", "-variant", "nonesuch"},
		{"-engine", "cmd=a", "tc=1", "-engine", "cmd=b", "tc=1", "-variant", "chess960"},
		{"-engine", "cmd=a", "tc=1", "-engine", "cmd=b", "tc=1", "-variant"},
	} {
		code, _, stderr := runArgs(t, args...)
		assert.Equal(t, exitError, code, "%q", args)
		assert.True(t, strings.HasPrefix(stderr, "match: "), "%q: %s", args, stderr)
	}
}

func TestParseArgs(t *testing.T) {
	o, err := parseArgs(strings.Fields("-engine cmd=/e1 name=one option.Hash=32 args=-a arg=-b -engine cmd=/e2 proto=xboard st=0.5 timemargin=20 " +
		"-each tc=40/60 option.Threads=1 -rounds 7 -games 2 -repeat -concurrency 3 -recover " +
		"-openings file=o.epd format=epd order=random plies=6 start=3 " +
		"-draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 twosided=true -maxmoves 150 " +
		"-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -pgnout g.pgn -epdout e.epd -json s.json -tournament gauntlet -variant kingofthehill"))
	require.NoError(t, err)
	c := o.cfg
	require.Len(t, c.Engines, 2)
	e1, e2 := c.Engines[0], c.Engines[1]
	assert.Equal(t, "one", e1.Name)
	assert.Equal(t, []string{"-a", "-b"}, e1.Args)
	assert.Equal(t, 40, e1.TC.Moves)
	assert.Equal(t, "1m0s", e1.TC.Base.String())
	assert.Len(t, e1.Options, 2)
	assert.Equal(t, "xboard", e2.Proto)
	assert.Equal(t, "500ms", e2.TC.MoveTime.String())
	assert.Equal(t, "20ms", e2.TC.Margin.String())
	assert.Equal(t, 7, c.Rounds)
	assert.Equal(t, 3, c.Concurrency)
	assert.True(t, c.Repeat)
	assert.True(t, c.Recover)
	assert.Equal(t, "random", c.Openings.Order)
	assert.Equal(t, 6, c.Openings.Plies)
	assert.Equal(t, 3, c.Openings.Start)
	assert.Equal(t, 8, c.Draw.MoveCount)
	assert.True(t, c.Resign.TwoSided)
	assert.Equal(t, 150, c.MaxMoves)
	assert.Equal(t, 0.1, c.SPRT.Beta)
	assert.Equal(t, "gauntlet", c.Tournament)
	assert.Equal(t, "g.pgn", o.pgnout)
	assert.Equal(t, core.KingOfTheHill, c.Variant)
}

// TestVariantMatchCommand: -variant plays a Horde match between two
// Fairy-Stockfish at depth 2, whose PGN has the Variant tag and starts
// from Horde's start; an engine that does not play the variant (Debian's
// Fairy-Stockfish has no Atomic) ends the run with the reason.
func TestVariantMatchCommand(t *testing.T) {
	fsf := "cmd=" + variantoracle.FairyStockfishPath
	pgnPath := filepath.Join(t.TempDir(), "horde.pgn")
	code, out, stderr := runArgs(t, "-engine", fsf, "name=a", "-engine", fsf, "name=b", "-each", "depth=2", "proto=uci",
		"-variant", "horde", "-rounds", "1", "-games", "2", "-maxmoves", "100", "-pgnout", pgnPath)
	require.Equal(t, 0, code, "%s\n%s", out, stderr)
	text, err := os.ReadFile(pgnPath)
	require.NoError(t, err)
	r := pgn.NewReader(bytes.NewReader(text))
	for n := range 2 {
		g, err := r.Next()
		require.NoError(t, err, "game %d", n+1)
		assert.Equal(t, "Horde", g.Tags.Get("Variant"))
		assert.Equal(t, core.VariantStartFEN(core.Horde), g.Start.FEN())
	}

	code, _, stderr = runArgs(t, "-engine", fsf, "-engine", fsf, "-each", "depth=1", "-variant", "atomic", "-rounds", "1")
	assert.Equal(t, exitError, code)
	assert.Contains(t, stderr, "does not play atomic")
}
