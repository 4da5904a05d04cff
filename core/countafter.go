package core

// CountLegalMovesAfter returns the number of legal moves of the position
// after m, a legal move of p (from LegalMoves or ParseUCI): what MakeMove,
// CountLegalMoves and UnmakeMove give together, for less. Only what the
// count reads is moved and put back (the bitboards, the side to move, the
// castling rights and the en-passant square); the hash, the board array
// and the move counters are never touched. It is perft's bulk count of the
// last two plies, and a mobility count for a search. p is left as it was,
// the cached checkers included. It allocates nothing.
//
// Where the BMI2 kernel runs (useKernel, kernel_amd64.go), a standard
// position's moves are made and counted in it, on copies of the bitboards
// in its frame, so that nothing of p is written at all.
func (p *Position) CountLegalMovesAfter(m Move) int {
	if useKernel && m&flagVariant == 0 && p.variant == Standard {
		kernelReady()
		return p.countAfterKernel(m)
	}
	return p.countAfterGo(m)
}

// SumLegalMovesAfter returns the sum of CountLegalMovesAfter(m) over
// moves, each a legal move of p: with all of p's legal moves, perft(2) of
// p. It is perft's bulk count of a node whose children are the last ply
// but one. Where the BMI2 kernel runs a standard position's moves are
// counted in one call of it, which tests the side to move once and pays
// one call, not one a move. p is left as it was; it allocates nothing.
func (p *Position) SumLegalMovesAfter(moves []Move) int {
	if useKernel && p.variant == Standard {
		if len(moves) == 0 {
			return 0
		}
		kernelReady()
		return p.countChildrenKernel(moves)
	}
	// CountLegalMovesAfter's Go path, called directly (its test of the
	// kernel is answered).
	n := 0
	for _, m := range moves {
		n += p.countAfterGo(m)
	}
	return n
}

// countAfterGo is CountLegalMovesAfter in Go: the move made on p's
// bitboards, side, castling rights and en-passant square, the position
// counted by countWhite or countBlack (a variant's by its generator), and
// the fields put back.
func (p *Position) countAfterGo(m Move) int {
	us := p.side() & 1
	from, to := m.From(), m.To()
	// The bitboards are saved whole and copied back (a few 16-byte moves);
	// side, castling, en passant and the checkers likewise.
	byType, byColor := p.byType, p.byColor
	st, checkers := p.st, p.checkers
	// Castling and the moves of a variant position share one test.
	if m&(flagCastle|flagVariant) != 0 {
		if m&flagVariant != 0 {
			return p.variantCountAfter(m)
		}
		kTo, rTo := castleTargets(castleIndex(m, us))
		king := from.Bitboard() ^ kTo.Bitboard()
		rook := to.Bitboard() ^ rTo.Bitboard()
		p.byType[King] ^= king
		p.byType[Rook] ^= rook
		p.byColor[us] ^= king ^ rook
		p.byType[0] ^= king ^ rook
	} else {
		fromTo := from.Bitboard() | to.Bitboard()
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq ^= 8
			}
			b := capSq.Bitboard()
			p.byType[c&7] ^= b
			p.byColor[us^1] ^= b
			p.byType[0] ^= b
		}
		p.byType[0] ^= fromTo
		p.byColor[us] ^= fromTo
		if promo := m.Promotion(); promo != NoPieceType {
			p.byType[Pawn] ^= from.Bitboard()
			p.byType[promo&7] ^= to.Bitboard()
		} else {
			p.byType[m.Piece()&7] ^= fromTo
		}
	}
	// The other side to move, the rights left, en passant: st in one
	// store (see Position.st). The clock is not counted: no count reads it.
	next := (st^stSideMask)&^(stCastlingMask|stEPMask) | uint64(uint8(st)&p.castleMask[from&63]&p.castleMask[to&63])
	ep := NoSquare
	if m.IsDoublePush() {
		if sq := (from + to) / 2; PawnAttacks(us, sq)&p.byType[Pawn]&p.byColor[us^1] != 0 {
			ep = sq
		}
	}
	p.st = next | uint64(ep)<<stEP
	p.checkers = unknownCheckers
	// generate's work, without its tests of the list and of the side to
	// move: the side is the other one, known here.
	var n int
	switch {
	case p.variant != Standard:
		n = p.variantGenerate(nil, genAll)
	case us == White:
		n = p.countBlack()
	default:
		n = p.countWhite()
	}
	p.byType, p.byColor = byType, byColor
	p.st, p.checkers = st, checkers
	return n
}
