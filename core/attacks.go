package core

import "github.com/gambit-chess/gambit/tables"

// RookAttacks returns the squares a rook on sq attacks given the occupancy.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &tables.RookMagics[sq&63]
	// Shifts are below 64: the mask tells the compiler, which otherwise
	// guards against a shift of 64 or more (three instructions).
	return Bitboard(tables.SliderAttacks[uint64(m.Offset)+(uint64(occ)&m.Mask*m.Magic)>>(m.Shift&63)])
}

// BishopAttacks returns the squares a bishop on sq attacks given the
// occupancy.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &tables.BishopMagics[sq&63]
	return Bitboard(tables.SliderAttacks[uint64(m.Offset)+(uint64(occ)&m.Mask*m.Magic)>>(m.Shift&63)])
}

// QueenAttacks returns the squares a queen on sq attacks given the occupancy.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return RookAttacks(sq, occ) | BishopAttacks(sq, occ)
}

// rookRays returns the squares a rook on sq attacks on an empty board.
func rookRays(sq Square) Bitboard { return Bitboard(tables.RookRays[sq&63]) }

// bishopRays returns the squares a bishop on sq attacks on an empty board.
func bishopRays(sq Square) Bitboard { return Bitboard(tables.BishopRays[sq&63]) }

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return Bitboard(tables.KnightAttacks[sq&63]) }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return Bitboard(tables.KingAttacks[sq&63]) }

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return Bitboard(tables.PawnAttacks[c&1][sq&63]) }

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return Bitboard(tables.Between[a&63][b&63]) }

// Line returns the whole line through a and b when they share a rank, file
// or diagonal, and the empty set otherwise.
func Line(a, b Square) Bitboard { return Bitboard(tables.Line[a&63][b&63]) }

// pawnForward shifts pawns of colour c one rank forward.
func pawnForward(c Color, b Bitboard) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// pawnWest returns the squares the pawns b of colour c attack toward the
// a-file.
func pawnWest(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b &^ FileA) << 7
	}
	return (b &^ FileA) >> 9
}

// pawnEast returns the squares the pawns b of colour c attack toward the
// h-file.
func pawnEast(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b &^ FileH) << 9
	}
	return (b &^ FileH) >> 7
}
