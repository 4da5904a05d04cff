package core

import "github.com/gambit-chess/gambit/tables"

// LegalPawnMoveTo is LegalMoveTo for the pawn moves of algebraic notation:
// it returns the side to move's legal pawn move to `to` from the file
// fromFile (0 for the a-file), with promotion promo (NoPieceType for
// none), or NoMove when there is none. When fromFile is to's file the move
// is a push, of one square or of two from the pawn's start rank ("d4");
// when it is a neighbouring file, a capture, en passant included ("exd5").
// At most one pawn can make such a move, so it is never ambiguous. The
// move equals the one LegalMoves gives.
//
// It looks only at the one pawn the notation names and tests the king's
// safety as LegalMoveTo does, by the enemy pieces on its lines once the
// pawn has moved, which costs a fraction of LegalMove's general test.
func (p *Position) LegalPawnMoveTo(fromFile int, to Square, promo PieceType) Move {
	if to > H8 || uint(fromFile) > 7 {
		return NoMove
	}
	if p.variant != Standard {
		return p.variantPawnMoveTo(fromFile, to, promo)
	}
	us := p.side() & 1
	toBB := to.Bitboard()
	// A promotion is named on the last rank and only there, to a piece.
	last := Rank8
	if us == Black {
		last = Rank1
	}
	if (toBB&last != 0) != (promo != NoPieceType) || promo > Queen || promo == Pawn {
		return NoMove
	}
	occ := p.byType[0]
	pawns := p.byType[Pawn] & p.byColor[us]
	them := p.byColor[us^1]
	// back moves a bitboard one rank towards us: where a pawn of ours
	// stands that reaches it.
	back := func(b Bitboard) Bitboard {
		if us == White {
			return b >> 8
		}
		return b << 8
	}
	var fromBB, capBB Bitboard
	var flags Move
	captured := NoPieceType
	if tf := int(to & 7); fromFile == tf {
		if occ&toBB != 0 {
			return NoMove
		}
		fromBB = back(toBB)
		if fromBB&pawns == 0 {
			// Two squares, across an empty one, to the fourth rank.
			double := Rank4
			if us == Black {
				double = Rank5
			}
			if fromBB&occ != 0 || toBB&double == 0 {
				return NoMove
			}
			fromBB, flags = back(fromBB), flagDoublePush
		}
	} else {
		if fromFile-tf != 1 && tf-fromFile != 1 {
			return NoMove
		}
		fromBB = back(toBB)
		if fromFile < tf {
			fromBB >>= 1
		} else {
			fromBB <<= 1
		}
		switch target := p.board[to]; {
		case target != NoPiece:
			captured = target.Type()
			if toBB&them == 0 || captured == King {
				return NoMove
			}
			capBB = toBB
		case to == p.ep():
			captured, capBB, flags = Pawn, (to ^ 8).Bitboard(), flagEnPassant
		default:
			return NoMove
		}
	}
	if fromBB&pawns == 0 {
		return NoMove
	}
	// The king stays where it is: a pawn or knight that checks it must be
	// the one captured, and the enemy sliders on its lines must stay
	// blocked once the pawn has left from (and an en-passant capture has
	// taken its pawn off).
	them &^= capBB
	ksq := p.KingSquare(us) & 63
	if (Bitboard(tables.PawnAttacks[us][ksq])&p.byType[Pawn]|Bitboard(tables.KnightAttacks[ksq])&p.byType[Knight])&them != 0 {
		return NoMove
	}
	queens := p.byType[Queen]
	sliders := ((p.byType[Rook]|queens)&Bitboard(tables.RookRays[ksq]) |
		(p.byType[Bishop]|queens)&Bitboard(tables.BishopRays[ksq])) & them
	after := occ&^fromBB&^capBB | toBB
	kbetween := &tables.Between[ksq]
	for ; sliders != 0; sliders &= sliders - 1 {
		if Bitboard(kbetween[sliders.First()])&after == 0 {
			return NoMove
		}
	}
	return newMove(fromBB.First(), to, Pawn, captured, promo) | flags
}
