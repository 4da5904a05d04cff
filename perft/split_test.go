package perft_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/perft"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// roundTrip splits, writes every unit as a line, reads it back, runs it,
// writes and reads its result, and merges.
func roundTrip(t *testing.T, p *core.Position, depth, at int, c *perft.Counter) (perft.Total, []perft.Unit) {
	t.Helper()
	units, err := perft.Split(p, depth, at)
	require.NoError(t, err)
	var results []perft.Result
	for _, u := range units {
		line := u.MarshalLine()
		require.Equal(t, 1, strings.Count(string(line), "\n"))
		back, err := perft.ParseUnit(line)
		require.NoError(t, err)
		require.Equal(t, u, back)
		r, err := back.Run(c)
		require.NoError(t, err)
		r, err = perft.ParseResult(r.MarshalLine())
		require.NoError(t, err)
		results = append(results, r)
	}
	total, err := perft.Merge(results)
	require.NoError(t, err)
	return total, units
}

// TestSplitRoundTrip checks that split, unit and merge give the published
// counts at every split ply up to maxAt (which keeps the units to a few
// thousand), Chess960 included.
func TestSplitRoundTrip(t *testing.T) {
	table, err := perft.NewTable(1)
	require.NoError(t, err)
	for _, tc := range []struct {
		name     string
		fen      string
		chess960 bool
		depth    int
		maxAt    int
		nodes    uint64
	}{
		{"start", core.StartFEN, false, 3, 3, 8902},
		{"start deeper", core.StartFEN, false, 5, 2, 4865609},
		{"kiwipete", kiwipete, false, 3, 2, 97862},
		{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 4, 3, 43238},
		// Checkmates at ply 3 (position 5 of the wiki).
		{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 3, 2, 62379},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 3, 2, 12189},
		// Castling in a standard position written king takes rook.
		{"kiwipete as chess960", kiwipete, true, 3, 2, 97862},
	} {
		p := fentest.Position(t, tc.fen)
		if tc.chess960 {
			p.SetChess960(true)
		}
		for at := 0; at <= tc.maxAt; at++ {
			for name, c := range map[string]*perft.Counter{"plain": nil, "threads and hash": {Threads: 2, Table: table}} {
				t.Run(fmt.Sprintf("%s/at=%d/%s", tc.name, at, name), func(t *testing.T) {
					total, units := roundTrip(t, &p, tc.depth, at, c)
					assert.Equal(t, tc.nodes, total.Nodes)
					assert.Equal(t, perft.Total{
						Root: p.FEN(), Depth: tc.depth, Chess960: tc.chess960, At: at, Units: len(units),
						Nodes: tc.nodes, Seconds: total.Seconds,
					}, total)
					for i, u := range units {
						assert.Equal(t, i, u.ID)
						assert.Len(t, strings.Fields(u.Path), at)
						assert.Equal(t, tc.depth-at, u.Depth)
					}
				})
			}
		}
	}
}

// TestSplitUnits checks what the units of a split are: at ply 1 of the
// start position, the 20 moves, each once, each with the position it leads
// to.
func TestSplitUnits(t *testing.T) {
	p := core.StartPosition()
	units, err := perft.Split(&p, 3, 1)
	require.NoError(t, err)
	require.Len(t, units, 20)
	seen := map[string]bool{}
	for _, u := range units {
		assert.Equal(t, core.StartFEN, u.Root)
		assert.Equal(t, 20, u.Units)
		assert.False(t, seen[u.Path], u.Path)
		seen[u.Path] = true
	}
	assert.True(t, seen["e2e4"])
	assert.True(t, seen["g1f3"])
	for _, u := range units {
		if u.Path == "e2e4" {
			assert.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", u.FEN)
		}
	}

	// Split at 2 of a position where 1.Ra8 is mate: the mated line has no
	// unit, and the units still add up to the count.
	p = fentest.Position(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	units, err = perft.Split(&p, 3, 2)
	require.NoError(t, err)
	for _, u := range units {
		assert.False(t, strings.HasPrefix(u.Path, "a1a8 "), u.Path)
	}
	assert.Equal(t, perft.Count(&p, 3), sumCounts(t, units))
}

func sumCounts(t *testing.T, units []perft.Unit) uint64 {
	t.Helper()
	var n uint64
	for _, u := range units {
		r, err := u.Run(nil)
		require.NoError(t, err)
		n += r.Nodes
	}
	return n
}

func TestSplitErrors(t *testing.T) {
	p := core.StartPosition()
	for _, tc := range []struct{ depth, at int }{{0, 0}, {3, 4}, {3, -1}, {-1, 0}} {
		_, err := perft.Split(&p, tc.depth, tc.at)
		assert.ErrorIs(t, err, perft.ErrInvalidSplit, "depth %d at %d", tc.depth, tc.at)
	}
}

// TestUnitPositionErrors tampers with a good unit in every way Position
// checks for.
func TestUnitPositionErrors(t *testing.T) {
	p := core.StartPosition()
	units, err := perft.Split(&p, 4, 2)
	require.NoError(t, err)
	good := units[100]
	_, err = good.Position()
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		change func(u *perft.Unit)
		msg    string
	}{
		{"bad root", func(u *perft.Unit) { u.Root = "8/8 w" }, "root"},
		{"depths do not add up", func(u *perft.Unit) { u.Depth++ }, "depth"},
		{"at beyond depth", func(u *perft.Unit) { u.At = 5; u.Depth = -1 }, "split at ply 5"},
		{"id out of range", func(u *perft.Unit) { u.ID = u.Units }, "id"},
		{"negative id", func(u *perft.Unit) { u.ID = -1 }, "id"},
		{"short path", func(u *perft.Unit) { u.Path = strings.Fields(u.Path)[0] }, "1 moves in the path, want 2"},
		{"illegal move", func(u *perft.Unit) { u.Path = "e2e5 e7e5" }, "move 1"},
		{"not a move", func(u *perft.Unit) { u.Path = "e2e4 zz" }, "move 2"},
		{"wrong FEN", func(u *perft.Unit) { u.FEN = core.StartFEN }, "leads to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := good
			tc.change(&u)
			_, err := u.Position()
			require.ErrorIs(t, err, perft.ErrInvalidUnit)
			var ue *perft.UnitError
			require.ErrorAs(t, err, &ue)
			assert.Equal(t, u.ID, ue.ID)
			assert.Contains(t, err.Error(), tc.msg)
			_, err = u.Run(nil)
			assert.ErrorIs(t, err, perft.ErrInvalidUnit)
		})
	}
	_, err = perft.ParseUnit([]byte(`{"root": 3}`))
	assert.ErrorIs(t, err, perft.ErrInvalidUnit)
	_, err = perft.ParseResult([]byte(`{"nodes": -1}`))
	assert.ErrorIs(t, err, perft.ErrInvalidUnit)
}

// FuzzParseUnit feeds arbitrary lines to ParseUnit and Position: bad input
// is an error, never a panic, and a unit that parses writes itself back
// unchanged. The seeds include real units.
func FuzzParseUnit(f *testing.F) {
	p := fentest.Position(f, kiwipete)
	units, err := perft.Split(&p, 3, 2)
	require.NoError(f, err)
	for _, u := range units[:5] {
		f.Add(u.MarshalLine())
	}
	for _, s := range []string{"", "{}", "null", "[]", `{"root":"8/8/8/8/8/8/8/8 w - - 0 1"}`,
		`{"root":"` + core.StartFEN + `","root_depth":2,"at":1,"units":1,"path":"e1g1","fen":"x","depth":1}`,
		`{"root":"` + core.StartFEN + `","root_depth":9999999999999999999}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		u, err := perft.ParseUnit(line)
		if err != nil {
			require.ErrorIs(t, err, perft.ErrInvalidUnit)
			return
		}
		back, err := perft.ParseUnit(u.MarshalLine())
		require.NoError(t, err)
		require.Equal(t, u, back)
		if _, err := u.Position(); err != nil {
			require.ErrorIs(t, err, perft.ErrInvalidUnit)
		}
	})
}

// FuzzParseResult does the same for result lines, and adds them to a
// merge of a real run: never a panic, only errors.
func FuzzParseResult(f *testing.F) {
	p := core.StartPosition()
	units, err := perft.Split(&p, 2, 1)
	require.NoError(f, err)
	for _, u := range units[:3] {
		r, err := u.Run(nil)
		require.NoError(f, err)
		f.Add(r.MarshalLine())
	}
	f.Add([]byte(`{"nodes":1}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := perft.ParseResult(line)
		if err != nil {
			require.ErrorIs(t, err, perft.ErrInvalidUnit)
			return
		}
		back, err := perft.ParseResult(r.MarshalLine())
		require.NoError(t, err)
		require.Equal(t, r, back)
		if r.RootDepth > 6 || r.At > 3 {
			return // a merge splits the root again: keep that small
		}
		var m perft.Merger
		_ = m.Add(r)
		_, _ = m.Total()
	})
}
