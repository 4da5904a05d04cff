package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

var gambitEngine string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("enginenps-test", "../../../cmd/gambit-engine")
	gambitEngine = filepath.Join(dir, "gambit-engine")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestRun measures Stockfish and gambit-engine (on Stockfish's network and
// on its own evaluation) on the bench positions for one short round and
// checks the table: a row per engine, each with a figure above zero, the
// first engine's multiple 1.00.
func TestRun(t *testing.T) {
	network := enginetest.StockfishNetwork(t)
	var out, log bytes.Buffer
	code := run(context.Background(), []string{"-movetime", "20", "-rounds", "1",
		"sf=" + enginetest.StockfishPath(t),
		"net=" + gambitEngine + ",EvalFile=" + network,
		"hand=" + gambitEngine}, &out, &log)
	require.Equal(t, 0, code, "stderr: %s", log.String())
	rows := map[string][]string{}
	for line := range strings.Lines(out.String()) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) == 4 {
			rows[strings.TrimSpace(cells[0])] = cells[1:]
		}
	}
	for _, name := range []string{"sf", "net", "hand"} {
		require.Contains(t, rows, name, "table:\n%s", out.String())
		v, err := strconv.ParseFloat(strings.TrimSpace(rows[name][1]), 64)
		require.NoError(t, err)
		assert.Greater(t, v, 0.0, "%s's median", name)
	}
	assert.Equal(t, "1.00", strings.TrimSpace(rows["sf"][2]))
	assert.Contains(t, out.String(), "11 positions")
	assert.Contains(t, log.String(), "round 1: net ")
}

// TestWithoutChess960 leaves out the bench's Chess960 start for an engine
// that does not play Chess960 (Counter has no UCI_Chess960): with it, such
// an engine is an error naming the position.
func TestWithoutChess960(t *testing.T) {
	var out, log bytes.Buffer
	code := run(context.Background(), []string{"-depth", "1", "-rounds", "1", "-chess960=false",
		"sf=" + enginetest.StockfishPath(t)}, &out, &log)
	require.Equal(t, 0, code, "stderr: %s", log.String())
	assert.Contains(t, out.String(), "10 positions")
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-rounds", "0", "a=/bin/true"},
		{"-movetime", "0", "a=/bin/true"},
		{"noequals"},
		{"=path"},
		{"a=/bin/true,Hash"},
	} {
		var out, log bytes.Buffer
		assert.Equal(t, 2, run(context.Background(), args, &out, &log), "%q", args)
		assert.NotEmpty(t, log.String(), "%q", args)
	}
	var out, log bytes.Buffer
	assert.Equal(t, 0, run(context.Background(), []string{"-h"}, &out, &log))
	assert.Contains(t, log.String(), "usage: enginenps")
}

// TestEngineFailure: a program that is no UCI engine is an error naming
// the engine, not a hang.
func TestEngineFailure(t *testing.T) {
	var out, log bytes.Buffer
	code := run(enginetest.Context(t, 60e9), []string{"-depth", "1", "-rounds", "1", "bad=/bin/false"}, &out, &log)
	assert.Equal(t, 1, code)
	assert.Contains(t, log.String(), "enginenps: bad, round 1:")
}

func TestMedian(t *testing.T) {
	assert.Equal(t, 2.0, median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 3, 2}))
}
