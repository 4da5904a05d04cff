package quiet

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/search"
)

// The positions of a real game after skip plies: none in check, each
// quiet by the engine's measure, in the game's order; leave takes out
// what it reports.
func TestPositions(t *testing.T) {
	f, err := os.Open("../../testdata/pgn/kasparov-deep-blue-1997.pgn")
	require.NoError(t, err)
	defer f.Close()
	var g pgn.Mainline
	require.NoError(t, pgn.NewReader(f).NextMainline(&g))
	eng := search.New()
	defer eng.Close()

	all := Positions(eng, &g, 0, nil, nil)
	require.NotEmpty(t, all)
	assert.Less(t, len(all), len(g.Moves), "some positions are in check or not quiet")
	for _, p := range all {
		assert.False(t, p.InCheck(), p.FEN())
		assert.Equal(t, search.Evaluate(&p), eng.Quiesce(&p), p.FEN())
	}
	late := Positions(eng, &g, 20, nil, nil)
	assert.Less(t, len(late), len(all))
	for _, p := range late {
		assert.GreaterOrEqual(t, p.FullmoveNumber(), 10, p.FEN())
	}
	white := Positions(eng, &g, 0, func(p *core.Position) bool { return p.SideToMove() == core.Black }, nil)
	require.NotEmpty(t, white)
	for _, p := range white {
		assert.Equal(t, core.White, p.SideToMove())
	}
}

// Sample keeps n positions in their order, and all of them for n 0 or
// more than there are.
func TestSample(t *testing.T) {
	ps := make([]core.Position, 10)
	p := core.StartPosition()
	for i, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"} {
		m, err := p.ParseUCI(mv)
		require.NoError(t, err)
		p.MakeMove(m)
		ps[i] = p
	}
	assert.Equal(t, ps, Sample(rand.New(rand.NewPCG(1, 2)), append([]core.Position(nil), ps...), 0))
	assert.Equal(t, ps, Sample(rand.New(rand.NewPCG(1, 2)), append([]core.Position(nil), ps...), 12))
	kept := Sample(rand.New(rand.NewPCG(1, 2)), append([]core.Position(nil), ps...), 4)
	require.Len(t, kept, 4)
	var idx []int
	for _, k := range kept {
		for i := range ps {
			if ps[i] == k {
				idx = append(idx, i)
			}
		}
	}
	require.Len(t, idx, 4, "each kept position is one of ps")
	assert.IsIncreasing(t, idx)
}
