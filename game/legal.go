package game

import (
	"github.com/gambit-chess/gambit/core"
)

// LegalMoves returns the legal moves of the current position; none once
// the game is decided.
func (g *Game) LegalMoves() []core.Move {
	if g.status != Ongoing {
		return nil
	}
	var ml core.MoveList
	g.pos.LegalMoves(&ml)
	return append([]core.Move(nil), ml.Moves()...)
}

// LegalMovesUCI returns the legal moves in UCI notation, castling written
// the way Position.UCI writes it (the king's move, or king takes rook in
// Chess960); none once the game is decided.
func (g *Game) LegalMovesUCI() []string {
	if g.status != Ongoing {
		return nil
	}
	var ml core.MoveList
	g.pos.LegalMoves(&ml)
	out := make([]string, ml.Len())
	for i, m := range ml.Moves() {
		out[i] = g.pos.UCI(m)
	}
	return out
}

// LegalMoveCount returns the number of legal moves; 0 once the game is
// decided.
func (g *Game) LegalMoveCount() int {
	if g.status != Ongoing {
		return 0
	}
	var ml core.MoveList
	g.pos.LegalMoves(&ml)
	return ml.Len()
}

// Piece is a piece on the board: where it stands, its colour and type.
type Piece struct {
	Square core.Square
	Color  core.Color
	Type   core.PieceType
}

// Pieces returns the pieces on the board, from a1 to h8.
func (g *Game) Pieces() []Piece {
	occ := g.pos.Occupied()
	out := make([]Piece, 0, occ.Count())
	for occ != 0 {
		sq := occ.PopFirst()
		p := g.pos.PieceAt(sq)
		out = append(out, Piece{Square: sq, Color: p.Color(), Type: p.Type()})
	}
	return out
}
