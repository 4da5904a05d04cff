// Package quiet picks the positions of real games that the evaluation is
// fitted on: cmd/tune fits them, cmd/label scores them, and both must
// mean the same positions.
package quiet

import (
	"math/rand/v2"
	"slices"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/search"
)

// Positions appends to dst the positions of g's mainline after skip plies
// or more that are not in check and whose quiescence search (eng's) gives
// the static evaluation. A null move ends the game there. When leave is
// not nil, the positions it reports are left out before their quiescence
// search runs (which probes and fills eng's table).
func Positions(eng *search.Engine, g *pgn.Mainline, skip int, leave func(*core.Position) bool, dst []core.Position) []core.Position {
	p := g.Start
	for i, m := range g.Moves {
		if m == core.NoMove {
			break
		}
		p.MakeMove(m)
		if i+1 < skip || p.InCheck() || (leave != nil && leave(&p)) {
			continue
		}
		if eng.Quiesce(&p) == search.Evaluate(&p) {
			dst = append(dst, p)
		}
	}
	return dst
}

// Sample keeps at most n of ps (all of them for n 0), drawn with rng, in
// their order, and returns them in ps's own storage.
func Sample(rng *rand.Rand, ps []core.Position, n int) []core.Position {
	if n <= 0 || len(ps) <= n {
		return ps
	}
	keep := rng.Perm(len(ps))[:n]
	slices.Sort(keep)
	for i, j := range keep {
		ps[i] = ps[j]
	}
	return ps[:n]
}
