package core

import "github.com/gambit-chess/gambit/tables"

// The tests LegalMove makes of one move, without the magic tables: the
// empty-board rays tell which enemy sliders stand on a line with a square,
// and the squares between (a 32 KB table, where the slider attack table is
// far larger than the cache) tell whether anything blocks them. A king
// rarely has more than two enemy sliders on its lines, so this costs a few
// table reads where attackersTo costs two magic lookups every time.

// attackedAfter reports whether a piece of colour us on sq would be attacked
// by one of the pieces in them (the enemy's, less any just captured) given
// the occupancy occ.
func (p *Position) attackedAfter(us Color, sq Square, them, occ Bitboard) bool {
	sq &= 63
	if (Bitboard(tables.PawnAttacks[us&1][sq])&p.byType[Pawn]|
		Bitboard(tables.KnightAttacks[sq])&p.byType[Knight]|
		Bitboard(tables.KingAttacks[sq])&p.byType[King])&them != 0 {
		return true
	}
	queens := p.byType[Queen]
	sliders := ((p.byType[Rook]|queens)&Bitboard(tables.RookRays[sq]) |
		(p.byType[Bishop]|queens)&Bitboard(tables.BishopRays[sq])) & them
	for sliders != 0 {
		if Bitboard(tables.Between[sq][sliders.PopFirst()])&occ == 0 {
			return true
		}
	}
	return false
}

// reaches reports whether a knight, bishop, rook, queen or king on from
// attacks to given the occupancy occ: nothing is between a knight or a
// king and a square it reaches.
func reaches(pt PieceType, from, to Square, occ Bitboard) bool {
	return reachTo[pt&7][to&63].Has(from) && Bitboard(tables.Between[from&63][to&63])&occ == 0
}

// reachTo holds, for each piece type and square, the squares from which a
// piece of that type attacks the square on an empty board; nothing for a
// pawn or a type that is none. A table rather than a switch on the type:
// the types of the moves of a game follow no pattern that a branch
// predictor could learn.
var reachTo = func() (r [8][64]Bitboard) {
	for sq := range 64 {
		r[Knight][sq] = Bitboard(tables.KnightAttacks[sq])
		r[Bishop][sq] = Bitboard(tables.BishopRays[sq])
		r[Rook][sq] = Bitboard(tables.RookRays[sq])
		r[Queen][sq] = Bitboard(tables.RookRays[sq] | tables.BishopRays[sq])
		r[King][sq] = Bitboard(tables.KingAttacks[sq])
	}
	return r
}()
