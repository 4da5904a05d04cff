package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// The pawn table changes no evaluation: over real games' positions,
// evaluated twice in turn through one table (the second pass mostly
// from it, some slots taken meanwhile by other placements), every value
// is Evaluate's, and the slot a position used holds its pawns.
func TestPawnTableIsEvaluate(t *testing.T) {
	ps := tracePositions(t, 200)
	require.Greater(t, len(ps), 10000)
	pawns := new(pawnTable)
	replaced, hits := 0, 0
	for pass := range 2 {
		for i := range ps {
			p := &ps[i]
			white, black := p.Pieces(core.White, core.Pawn), p.Pieces(core.Black, core.Pawn)
			h := pawnIndex(white, black)
			before := pawns[h]
			switch {
			case before.white == white && before.black == black:
				hits++
			case before.white|before.black != 0:
				replaced++
			}
			require.Equal(t, Evaluate(p), evaluate(p, nil, pawns), "pass %d: %s", pass, p.FEN())
			assert.Equal(t, white, pawns[h].white)
			assert.Equal(t, black, pawns[h].black)
		}
	}
	// Both paths were taken: placements met again, and slots that held
	// another placement.
	assert.Greater(t, hits, len(ps))
	assert.Greater(t, replaced, 0)
}
