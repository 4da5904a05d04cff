package core

import "github.com/gambit-chess/gambit/tables"

// LegalMove returns the legal move of the side to move from `from` to `to`
// with promotion promo (NoPieceType for none), exactly as LegalMoves would
// give it, or NoMove when there is none. Castling is named king takes rook:
// `to` is the castling rook's square. It checks the one move directly, the
// way a search checks a hash move (the piece can make it and its king is
// safe afterwards), which is much cheaper than generating every legal move.
func (p *Position) LegalMove(from, to Square, promo PieceType) Move {
	if from > H8 || to > H8 || from == to {
		return NoMove
	}
	if p.variant != Standard {
		return p.variantLegalMove(from, to, promo)
	}
	us := p.side() & 1
	pc, target := p.board[from], p.board[to]
	if pc == NoPiece || pc.Color() != us {
		return NoMove
	}
	pt := pc.Type()
	if target != NoPiece && target.Color() == us {
		if pt == King && target.Type() == Rook && promo == NoPieceType {
			return p.castleMove(from, to)
		}
		return NoMove
	}
	captured := target.Type()
	if captured == King {
		return NoMove
	}
	occ := p.byType[0]
	capSq := to
	var flags Move
	if pt == Pawn {
		up, home := 8, 1
		if us == Black {
			up, home = -8, 6
		}
		f, t := int(from), int(to)
		attacks := PawnAttacks(us, from).Has(to)
		switch {
		case t == f+up && target == NoPiece:
		case t == f+2*up && from.Rank() == home && target == NoPiece && p.board[f+up] == NoPiece:
			flags = flagDoublePush
		case attacks && target != NoPiece:
		case attacks && p.ep() != NoSquare && to == p.ep():
			captured, capSq, flags = Pawn, to^8, flagEnPassant
		default:
			return NoMove
		}
		lastRank := to.Rank() == 0 || to.Rank() == 7
		if lastRank != (promo != NoPieceType) || promo != NoPieceType && (promo < Knight || promo > Queen) {
			return NoMove
		}
	} else if promo != NoPieceType || !reaches(pt, from, to, occ) {
		return NoMove
	}
	// The king must be safe once the move is made: the mover lifted, the
	// captured piece gone, the destination filled.
	after := occ&^from.Bitboard()&^capSq.Bitboard() | to.Bitboard()
	ksq := p.KingSquare(us)
	if pt == King {
		ksq = to
	}
	if p.attackedAfter(us, ksq, p.byColor[us^1]&^capSq.Bitboard(), after) {
		return NoMove
	}
	return newMove(from, to, pt, captured, promo) | flags
}

// IsLegal reports whether m is a legal move of the side to move (a drop
// included), exactly as LegalMoves would give it: the check a search makes of a move that comes
// from a transposition table, a killer slot or another position before it
// plays it. A move of another position whose captured piece or flags
// differ here is not legal here. It costs what LegalMove costs, a small
// fraction of generating every move.
func (p *Position) IsLegal(m Move) bool {
	if m&flagDrop != 0 {
		return p.LegalDrop(m.Piece(), m.To()) == m
	}
	return m != NoMove && p.LegalMove(m.From(), m.To(), m.Promotion()) == m
}

// castleMove returns the castling of the king on from with the rook on to
// when it is legal, and NoMove otherwise.
func (p *Position) castleMove(from, to Square) Move {
	us := p.side() & 1
	i := 2 * int(us)
	if to < from {
		i++
	}
	them := p.byColor[us^1]
	if p.castling()&(1<<i) == 0 || p.castleRook[i] != to || p.castlePath[i]&p.byType[0] != 0 ||
		p.attackedAfter(us, from, them, p.byType[0]) {
		return NoMove
	}
	occ := p.byType[0] &^ (from.Bitboard() | to.Bitboard())
	for b := p.castleKingPath[i]; b != 0; {
		if p.attackedAfter(us, b.PopFirst(), them, occ) {
			return NoMove
		}
	}
	return newMove(from, to, King, NoPieceType, NoPieceType) | flagCastle
}

// RepetitionKey returns the key under which the position counts for
// repetition: Hash, except that the en-passant file is hashed only when an
// en-passant capture is legal. FIDE's rules count positions with the same
// possible moves as the same, while Hash follows Polyglot, which hashes the
// file whenever a capturing pawn merely stands next to the pawn that
// advanced two squares.
func (p *Position) RepetitionKey() uint64 {
	if p.ep() != NoSquare && !p.legalEnPassant() {
		return p.hash ^ tables.ZobristEnPassant[p.ep()&7]
	}
	return p.hash
}
