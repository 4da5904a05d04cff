package game

import (
	"github.com/gambit-chess/gambit/core"
)

// HasInsufficientMaterial reports whether c can no longer win the game by
// any series of legal moves, with the material on the board, as lichess
// rules it for the game's variant (chessops's hasInsufficientMaterial):
// core.Position.HasInsufficientMaterial of the game's position, which
// gives the rule of each variant. It is the rule a server follows when a
// player runs out of time: the game is drawn when the opponent has
// insufficient material. The game ends as InsufficientMaterial when it
// holds for both sides.
func (g *Game) HasInsufficientMaterial(c core.Color) bool {
	return g.pos.HasInsufficientMaterial(c)
}
