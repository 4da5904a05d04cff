package game

// Repetitions are counted on core's RepetitionKey, the Zobrist hash with
// an en-passant file only where an en-passant capture is legal: FIDE's rule
// counts positions with the same possible moves as the same.

// key returns the repetition key of the position after i moves.
func (g *Game) key(i int) uint64 {
	if i == 0 {
		return g.startKey
	}
	return g.history[i-1].key
}

// countRepetitions returns how often the current position has occurred,
// this time included. Only positions since the last capture or pawn move
// can match, every other ply (the same side to move), and they are the
// last HalfmoveClock plies of the history.
func (g *Game) countRepetitions() int {
	cur := len(g.history)
	k := g.key(cur)
	n := 1
	low := max(cur-g.pos.HalfmoveClock(), 0)
	for i := cur - 2; i >= low; i -= 2 {
		if g.key(i) == k {
			n++
		}
	}
	return n
}

// Repetitions returns how many times the current position has occurred in
// the game, this time included: same pieces, side to move, castling rights
// and en-passant capture.
func (g *Game) Repetitions() int { return g.countRepetitions() }
