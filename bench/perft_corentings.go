package bench

import corentings "github.com/corentings/chess/v2"

// corentingsPerft counts the leaves of pos's move tree to depth with
// corentings/chess, the maintained fork of notnil/chess: the same immutable
// positions, with moves as values.
func corentingsPerft(pos *corentings.Position, depth int, bulk bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.ValidMoves()
	if depth == 1 && bulk {
		return uint64(len(moves))
	}
	var nodes uint64
	for i := range moves {
		next := pos.Update(&moves[i])
		if depth == 1 {
			nodes++
		} else {
			nodes += corentingsPerft(next, depth-1, bulk)
		}
	}
	return nodes
}

// corentingsPosition parses fen into a corentings/chess position through a
// Game, which also sets the in-check flag move generation reads.
func corentingsPosition(fen string) (*corentings.Position, error) {
	opt, err := corentings.FEN(fen)
	if err != nil {
		return nil, err
	}
	return corentings.NewGame(opt).Position(), nil
}
