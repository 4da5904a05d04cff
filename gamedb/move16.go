package gamedb

import "github.com/gambit-chess/gambit/core"

// A move16 is a move as a segment stores it, in two bytes that name it
// apart from any move generator's order:
//
//	bits  0- 5  from square (for a drop, the square dropped on)
//	bits  6-11  to square (for castling, the rook's: king takes rook)
//	bits 12-14  promotion piece type, or for a drop the dropped piece's
//	bit  15     a Crazyhouse drop
//
// moveNull is a null move ("--"), moveEnd marks a posting of a position
// in which its game ended.
type move16 uint16

const (
	moveNull move16 = 0xffff
	moveEnd  move16 = 0xfffe
)

// pack16 packs a legal move.
func pack16(m core.Move) move16 {
	switch {
	case m == core.NoMove:
		return moveNull
	case m.IsDrop():
		return move16(m.To()) | move16(m.To())<<6 | move16(m.Piece())<<12 | 1<<15
	}
	return move16(m.From()) | move16(m.To())<<6 | move16(m.Promotion())<<12
}

// unpack returns the legal move of p that m names, core.NoMove for a
// null move, and false when p has no such move: the segment is corrupt.
func (m move16) unpack(p *core.Position) (core.Move, bool) {
	if m == moveNull {
		return core.NoMove, true
	}
	from, to, pt := core.Square(m&63), core.Square(m>>6&63), core.PieceType(m>>12&7)
	var mv core.Move
	if m&(1<<15) != 0 {
		mv = p.LegalDrop(pt, to)
	} else {
		mv = p.LegalMove(from, to, pt)
	}
	return mv, mv != core.NoMove
}
