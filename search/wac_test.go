package search_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/san"
	"github.com/gambit-chess/gambit/search"
)

// epdPosition is one test position of an EPD suite: the best moves (bm)
// and the moves to avoid (am).
type epdPosition struct {
	id    string
	pos   core.Position
	best  []core.Move
	avoid []core.Move
}

// readEPD reads an EPD suite with bm and am operations in SAN.
func readEPD(t *testing.T, name string) []epdPosition {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	var out []epdPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.Fields(line)
		require.GreaterOrEqual(t, len(fields), 5, "EPD line %q", line)
		fen := strings.Join(fields[:4], " ") + " 0 1"
		p, err := core.ParseFEN(fen)
		require.NoError(t, err, "EPD line %q", line)
		e := epdPosition{pos: p}
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			words := strings.Fields(op)
			if len(words) < 2 {
				continue
			}
			switch words[0] {
			case "id":
				e.id = strings.Trim(strings.Join(words[1:], " "), `"`)
			case "bm", "am":
				for _, w := range words[1:] {
					m, err := san.Parse(&p, w)
					require.NoError(t, err, "EPD line %q: move %q", line, w)
					if words[0] == "bm" {
						e.best = append(e.best, m)
					} else {
						e.avoid = append(e.avoid, m)
					}
				}
			}
		}
		require.NotEmpty(t, e.best, "EPD line %q has no bm", line)
		out = append(out, e)
	}
	require.NoError(t, sc.Err())
	return out
}

// solve searches e at a node budget and reports whether the engine's move
// is a best move and not one to avoid.
func solve(eng *search.Engine, e epdPosition, nodes int64) (core.Move, bool) {
	eng.NewGame()
	best, _ := eng.Search(context.Background(), engine.Request{Position: e.pos, Start: e.pos, Limits: engine.Limits{Nodes: nodes}}, nil)
	ok := false
	for _, m := range e.best {
		ok = ok || m == best
	}
	for _, m := range e.avoid {
		ok = ok && m != best
	}
	return best, ok
}

// The node budget of each WAC position, and the number of positions the
// search must solve within it: 226 and 253 of 300 when this was written
// (docs/engine.md carries the figures). go test runs the 10,000-node budget;
// GAMBIT_WAC_DEEP=1 (make engine-wac) the 30,000-node one too.
var wacBudgets = []struct {
	nodes int64
	floor int
	deep  bool
}{
	{nodes: 10000, floor: 222},
	{nodes: 30000, floor: 250, deep: true},
}

// TestWAC runs Win At Chess (testdata/wac.epd, see testdata/SOURCES.md) at
// a fixed node budget: a node-limited search is deterministic, so the
// count is the same on any machine.
func TestWAC(t *testing.T) {
	suite := readEPD(t, "testdata/wac.epd")
	require.Len(t, suite, 300)
	for _, b := range wacBudgets {
		if b.deep && os.Getenv("GAMBIT_WAC_DEEP") == "" {
			continue
		}
		eng := search.New()
		solved := 0
		var missed []string
		for _, e := range suite {
			if m, ok := solve(eng, e, b.nodes); ok {
				solved++
			} else {
				missed = append(missed, e.id+"="+m.String())
			}
		}
		t.Logf("WAC at %d nodes: %d/%d solved; missed %v", b.nodes, solved, len(suite), missed)
		assert.GreaterOrEqual(t, solved, b.floor, "WAC solved at %d nodes", b.nodes)
	}
}
