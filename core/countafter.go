package core

// CountLegalMovesAfter returns the number of legal moves of the position
// after m, a legal move of p (from LegalMoves or ParseUCI): what MakeMove,
// CountLegalMoves and UnmakeMove give together, for less. Only what the
// count reads is moved and put back (the bitboards, the side to move, the
// castling rights and the en-passant square); the hash, the board array
// and the move counters are never touched. It is perft's bulk count of the
// last two plies, and a mobility count for a search. p is left as it was,
// the cached checkers included. It allocates nothing.
func (p *Position) CountLegalMovesAfter(m Move) int {
	us := p.side & 1
	from, to := m.From(), m.To()
	side, castling, ep, checkers := p.side, p.castling, p.ep, p.checkers

	// The change of each bitboard, as XOR masks: applied once to make the
	// move and once more to take it back. A piece type that takes no part
	// is NoPieceType, whose slot (byType[0], every occupied square) gets
	// its own mask, so a zero mask there changes nothing.
	var (
		occD, usD, themD Bitboard
		movedT, capT     PieceType
		movedD, capD     Bitboard
		promoT           PieceType
		promoD           Bitboard
	)
	if m.IsCastle() {
		kTo, rTo := castleTargets(castleIndex(m, us))
		movedT, movedD = King, from.Bitboard()^kTo.Bitboard()
		capT, capD = Rook, to.Bitboard()^rTo.Bitboard() // our own rook moves
		usD = movedD ^ capD
		occD = usD
	} else {
		fromTo := from.Bitboard() | to.Bitboard()
		movedT, movedD = m.Piece()&7, fromTo
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq ^= 8
			}
			capT, capD = c&7, capSq.Bitboard()
		}
		if promo := m.Promotion(); promo != NoPieceType {
			movedD = from.Bitboard()
			promoT, promoD = promo&7, to.Bitboard()
		}
		usD, themD = fromTo, capD
		occD = fromTo ^ capD
	}

	p.apply(occD, usD, themD, us, movedT, movedD, capT, capD, promoT, promoD)
	p.side = side ^ 1
	p.castling = castling & p.castleMask[from&63] & p.castleMask[to&63]
	p.ep = NoSquare
	if m.IsDoublePush() {
		if sq := (from + to) / 2; PawnAttacks(us, sq)&p.byType[Pawn]&p.byColor[us^1] != 0 {
			p.ep = sq
		}
	}
	p.checkers = unknownCheckers
	n := p.generate(nil, genAll)
	p.apply(occD, usD, themD, us, movedT, movedD, capT, capD, promoT, promoD)
	p.side, p.castling, p.ep, p.checkers = side, castling, ep, checkers
	return n
}

// apply XORs CountLegalMovesAfter's masks into the bitboards: once makes
// the move, twice takes it back.
func (p *Position) apply(occD, usD, themD Bitboard, us Color, movedT PieceType, movedD Bitboard, capT PieceType, capD Bitboard, promoT PieceType, promoD Bitboard) {
	p.byType[0] ^= occD
	p.byColor[us&1] ^= usD
	p.byColor[(us^1)&1] ^= themD
	p.byType[movedT&7] ^= movedD
	p.byType[capT&7] ^= capD
	p.byType[promoT&7] ^= promoD
}
