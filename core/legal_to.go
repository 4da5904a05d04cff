package core

import "github.com/gambit-chess/gambit/tables"

// LegalMoveTo answers the question a move in algebraic notation asks:
// which of the side to move's pieces of type pt standing on the squares of
// from can legally move to `to`? It returns how many can (n) and, when
// there is at least one, the move of the last of them in square order.
// Pass every square in from when the notation names no file or rank; n > 1
// means the move is ambiguous. pt must be Knight, Bishop, Rook, Queen or
// King: pawns, whose pushes and captures differ, and castling are
// LegalMove's; for any other type it returns NoMove and 0.
//
// It tests only the pieces that reach `to`, each by the attacks on its
// king once it has moved, with neither a magic lookup nor a move list, so
// it costs a fraction of LegalMoves. It branches on the piece type only to
// tell the king's moves from the others: a reader of real games, whose
// moves follow no pattern, would pay for more in mispredictions.
func (p *Position) LegalMoveTo(pt PieceType, from Bitboard, to Square) (m Move, n int) {
	if pt > King || to > H8 {
		return NoMove, 0
	}
	if p.variant != Standard {
		return p.variantMoveTo(pt, from, to)
	}
	us := p.side() & 1
	toBB := to.Bitboard()
	if (p.byColor[us]|p.byType[King])&toBB != 0 {
		return NoMove, 0 // our own piece, or the enemy king, is there
	}
	occ := p.byType[0]
	pieces := reachTo[pt][to] & p.byType[pt] & p.byColor[us] & from
	// Drop the sliders something blocks: nothing is between a knight or
	// a king and the square it reaches.
	between := &tables.Between[to]
	for s := pieces; s != 0; s &= s - 1 {
		sq := s.First()
		if Bitboard(between[sq])&occ != 0 {
			pieces &^= sq.Bitboard()
		}
	}
	if pieces == 0 {
		return NoMove, 0
	}
	// A capture takes its piece out of the attackers of the king.
	them := p.byColor[us^1] &^ toBB
	if pt == King {
		return p.kingMoveTo(pieces, to, them)
	}
	// Another piece's move leaves the king where it is: a pawn or knight
	// that checks it must be the one captured, and only the enemy sliders
	// on its lines may attack it, through the square the piece leaves or
	// because the piece does not block them.
	ksq := p.KingSquare(us) & 63
	if (Bitboard(tables.PawnAttacks[us][ksq])&p.byType[Pawn]|Bitboard(tables.KnightAttacks[ksq])&p.byType[Knight])&them != 0 {
		return NoMove, 0
	}
	queens := p.byType[Queen]
	sliders := ((p.byType[Rook]|queens)&Bitboard(tables.RookRays[ksq]) |
		(p.byType[Bishop]|queens)&Bitboard(tables.BishopRays[ksq])) & them
	kbetween := &tables.Between[ksq]
	captured := p.board[to].Type()
	for ; pieces != 0; pieces &= pieces - 1 {
		sq := pieces.First()
		after := occ&^sq.Bitboard() | toBB
		safe := true
		for s := sliders; s != 0; s &= s - 1 {
			if Bitboard(kbetween[s.First()])&after == 0 {
				safe = false
				break
			}
		}
		if safe {
			m = newMove(sq, to, pt, captured, NoPieceType)
			n++
		}
	}
	return m, n
}

// kingMoveTo is LegalMoveTo for the king on a square of from, them
// being the enemy pieces but any on `to`.
func (p *Position) kingMoveTo(from Bitboard, to Square, them Bitboard) (m Move, n int) {
	us := p.side() & 1
	captured := p.board[to&63].Type()
	for ; from != 0; from &= from - 1 {
		sq := from.First()
		if !p.attackedAfter(us, to, them, p.byType[0]&^sq.Bitboard()|to.Bitboard()) {
			m = newMove(sq, to, King, captured, NoPieceType)
			n++
		}
	}
	return m, n
}
