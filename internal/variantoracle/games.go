package variantoracle

import (
	"context"
	"encoding/json"
	"fmt"
)

// Game is a random game chessops played from a variant's start position,
// as SANGames returns it.
type Game struct {
	// Start is the FEN of the variant's start position, by makeFen.
	Start string `json:"start"`
	// Moves are the game's moves, in order.
	Moves []GameMove `json:"moves"`
	// Result is the outcome chessops gives the last position ("1-0",
	// "0-1", "1/2-1/2"), or "*" while the game goes on.
	Result string `json:"result"`
	// PGN is the game as chessops/pgn's makePgn writes it, with the tags
	// lichess's setStartingPosition sets (Variant, and FEN when the start
	// is not the variant's own) and the Result.
	PGN string `json:"pgn"`
}

// GameMove is one move of a Game.
type GameMove struct {
	UCI string `json:"uci"` // chessops's UCI: castling as king takes rook
	SAN string `json:"san"` // as makeSanAndPlay writes it
	FEN string `json:"fen"` // the position after the move, by makeFen
}

// SANGames plays n games of uniformly random legal moves from variant's
// start position with chessops (seed makes them: the same arguments give
// the same games), each stopping after a random number of plies from 1 to
// plies or where the game ends, and returns them with every move's SAN,
// the FEN after it, the result and the PGN chessops writes.
func (c *ChessOps) SANGames(ctx context.Context, variant string, seed uint32, plies, n int) ([]Game, error) {
	lines, err := c.askAbout(ctx, "games", variant, "", fmt.Sprintf("%d %d %d", seed, plies, n))
	if err != nil {
		return nil, err
	}
	if len(lines) != n {
		return nil, fmt.Errorf("variantoracle: chessops: %d games came for %d", len(lines), n)
	}
	games := make([]Game, n)
	for i, line := range lines {
		if err := json.Unmarshal([]byte(line), &games[i]); err != nil {
			return nil, fmt.Errorf("variantoracle: chessops: game %d: %w", i+1, err)
		}
	}
	return games, nil
}
