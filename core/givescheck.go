package core

// GivesCheck reports whether m puts the opponent's king in check, without
// making the move. m must be a legal move of p (from LegalMoves, LegalMove
// or ParseUCI); for any other move the answer means nothing.
//
// It sees every kind of check: direct ones, from the moved piece on its
// destination (the promoted piece for a promotion) with the occupancy after
// the move; discovered ones, when the mover leaves a line between one of
// our sliders and their king; en passant, where both the capturing pawn
// leaving and the captured pawn disappearing can uncover a slider, along
// the rank included; and castling, Chess960 included, from the rook on its
// destination with king and rook both moved.
//
// Cost: a few table lookups and at most two magic lookups for an ordinary
// move (the second one only when the mover stands on a line through their
// king); en passant and castling, which are rare, look up both slider
// directions from their king. It does not touch p and allocates nothing. A
// caller that asks about many moves of one position can compute a
// CheckInfo once and ask it instead, which makes the common move a couple
// of bit tests.
func (p *Position) GivesCheck(m Move) bool {
	if p.variant != Standard {
		if p.variantNoCheck() {
			return false
		}
		if p.variant == Atomic {
			return p.atomicGivesCheck(m)
		}
	}
	if m&(flagCastle|flagEnPassant) != 0 {
		return p.givesCheckSpecial(m)
	}
	us := p.side() & 1
	ksq := (p.byType[King] & p.byColor[us^1]).First()
	from, to := m.From(), m.To()
	// The occupancy once the move is made; a captured piece's square stays
	// occupied, by the mover.
	occ := p.byType[0]&^from.Bitboard() | to.Bitboard()

	// Direct check by the piece that lands on to.
	pt := m.Piece()
	if promo := m.Promotion(); promo != NoPieceType {
		pt = promo
	}
	switch pt {
	case Pawn:
		if PawnAttacks(us, to).Has(ksq) {
			return true
		}
	case Knight:
		if KnightAttacks(to).Has(ksq) {
			return true
		}
	case Bishop:
		if bishopRays(to).Has(ksq) && Between(to, ksq)&occ == 0 {
			return true
		}
	case Rook:
		if rookRays(to).Has(ksq) && Between(to, ksq)&occ == 0 {
			return true
		}
	case Queen:
		if Line(to, ksq) != 0 && Between(to, ksq)&occ == 0 {
			return true
		}
	}

	// Discovered check: only a line through from and their king can open.
	// A slider that reaches their king once from is empty gives check; the
	// mover is left out (it is on to now), and a mover that stays on the
	// line still blocks it, since to is occupied.
	ours := p.byColor[us] &^ from.Bitboard()
	queens := p.byType[Queen] & ours
	if rookRays(ksq).Has(from) && RookAttacks(ksq, occ)&(p.byType[Rook]&ours|queens) != 0 {
		return true
	}
	return bishopRays(ksq).Has(from) && BishopAttacks(ksq, occ)&(p.byType[Bishop]&ours|queens) != 0
}

// givesCheckSpecial is GivesCheck for castling and en passant: it builds
// the occupancy and our pieces after the move and looks for a checker from
// their king. It stays out of line so that GivesCheck's common path stays
// small.
//
//go:noinline
func (p *Position) givesCheckSpecial(m Move) bool {
	us := p.side() & 1
	ksq := (p.byType[King] & p.byColor[us^1]).First()
	ours := p.byColor[us]
	rooks := p.byType[Rook] & ours
	bishops := p.byType[Bishop] & ours
	queens := p.byType[Queen] & ours
	from, to := m.From(), m.To()
	var occ Bitboard
	if m.IsCastle() {
		// The king on from takes the rook on to; in Chess960 either may
		// land on the other's square or stay put, so lift both first.
		kTo, rTo := castleTargets(castleIndex(m, us))
		occ = p.byType[0]&^(from.Bitboard()|to.Bitboard()) | kTo.Bitboard() | rTo.Bitboard()
		rooks = rooks&^to.Bitboard() | rTo.Bitboard()
	} else {
		// En passant: the capturing pawn leaves from and lands on to, the
		// captured pawn leaves the square behind to.
		if PawnAttacks(us, to).Has(ksq) {
			return true
		}
		occ = p.byType[0] ^ from.Bitboard() ^ (to ^ 8).Bitboard() | to.Bitboard()
	}
	return RookAttacks(ksq, occ)&(rooks|queens) != 0 || BishopAttacks(ksq, occ)&(bishops|queens) != 0
}

// CheckInfo holds what deciding whether a move gives check needs about one
// position: their king's square, the squares from which each of our piece
// types would check it, and our pieces whose leaving their line uncovers a
// check (the discovered-check candidates). Position.CheckInfo computes it;
// it stays valid until the position changes.
type CheckInfo struct {
	// checkSquares[pt] holds the squares from which our piece of type pt
	// attacks their king, with the current occupancy (none for the king).
	checkSquares [7]Bitboard
	// blockers holds our pieces that stand alone between one of our
	// sliders and their king.
	blockers Bitboard
	ksq      Square
}

// CheckInfo computes, in a few magic lookups and one pass over our sliders
// aimed at their king, what CheckInfo.GivesCheck needs to decide about
// every move of p. It is worth it for a caller that asks about many moves
// of one position, such as a search ordering or pruning all the moves of a
// node; for one move, Position.GivesCheck is cheaper.
func (p *Position) CheckInfo() CheckInfo {
	us := p.side() & 1
	ours := p.byColor[us]
	ksq := (p.byType[King] & p.byColor[us^1]).First()
	occ := p.byType[0]
	var ci CheckInfo
	ci.ksq = ksq
	rook, bishop := RookAttacks(ksq, occ), BishopAttacks(ksq, occ)
	ci.checkSquares[Pawn] = PawnAttacks(us^1, ksq)
	ci.checkSquares[Knight] = KnightAttacks(ksq)
	ci.checkSquares[Bishop] = bishop
	ci.checkSquares[Rook] = rook
	ci.checkSquares[Queen] = rook | bishop
	queens := p.byType[Queen] & ours
	snipers := rookRays(ksq)&(p.byType[Rook]&ours|queens) | bishopRays(ksq)&(p.byType[Bishop]&ours|queens)
	for snipers != 0 {
		b := Between(ksq, snipers.PopFirst()) & occ
		if b != 0 && !b.More() {
			ci.blockers |= b & ours
		}
	}
	return ci
}

// GivesCheck reports whether m, a legal move of p, puts the opponent's king
// in check, exactly as p.GivesCheck(m) does. ci must have been computed by
// p.CheckInfo() for p as it is now. An ordinary move costs two bit tests
// and, when the mover is a discovered-check candidate, a table lookup;
// promotions, en passant, castling and the moves of a variant position go
// to p.GivesCheck.
func (ci *CheckInfo) GivesCheck(p *Position, m Move) bool {
	if m&(flagCastle|flagEnPassant|flagVariant|7<<18) != 0 {
		return p.GivesCheck(m)
	}
	to := m.To()
	if ci.checkSquares[m.Piece()&7].Has(to) {
		return true
	}
	from := m.From()
	return ci.blockers.Has(from) && !Line(from, ci.ksq).Has(to)
}
