package bench

import "github.com/dylhunn/dragontoothmg"

// dragontoothmgPerft counts the leaves of b's move tree to depth. With bulk
// set, the last ply counts the legal move list (dragontoothmg's own Perft
// does the same); without, every leaf move is applied and taken back.
// Apply returns the undo as a closure, so each make allocates: that is the
// library's API, and the benchmark reports it.
func dragontoothmgPerft(b *dragontoothmg.Board, depth int, bulk bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := b.GenerateLegalMoves()
	if depth == 1 && bulk {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		unapply := b.Apply(m)
		if depth == 1 {
			nodes++
		} else {
			nodes += dragontoothmgPerft(b, depth-1, bulk)
		}
		unapply()
	}
	return nodes
}
