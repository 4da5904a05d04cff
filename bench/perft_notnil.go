package bench

import notnil "github.com/notnil/chess"

// notnilPerft counts the leaves of pos's move tree to depth with
// notnil/chess. Positions are immutable there: Update returns a new
// position, so "making" a move allocates one and nothing is unmade. With
// bulk set the last ply counts ValidMoves; without, every leaf position is
// built.
func notnilPerft(pos *notnil.Position, depth int, bulk bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.ValidMoves()
	if depth == 1 && bulk {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		next := pos.Update(m)
		if depth == 1 {
			nodes++
		} else {
			nodes += notnilPerft(next, depth-1, bulk)
		}
	}
	return nodes
}

// notnilPosition parses fen into a notnil/chess position through a Game,
// the documented way: the FEN option also sets the in-check flag that move
// generation reads.
func notnilPosition(fen string) (*notnil.Position, error) {
	opt, err := notnil.FEN(fen)
	if err != nil {
		return nil, err
	}
	return notnil.NewGame(opt).Position(), nil
}
