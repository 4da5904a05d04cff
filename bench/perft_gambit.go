package bench

import "github.com/gambit-chess/gambit/core"

// gambitPerftFull counts the leaves of p's move tree to depth by making and
// unmaking every move, the last ply included. It is the "every leaf made"
// counterpart of perft.Count, which counts the last ply's moves without
// making them: the difference between the two is the cost of make/unmake at
// the leaves, which a search pays and a bulk-counting perft does not.
func gambitPerftFull(p *core.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	var nodes uint64
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		if depth == 1 {
			nodes++
		} else {
			nodes += gambitPerftFull(p, depth-1)
		}
		p.UnmakeMove(m, u)
	}
	return nodes
}
