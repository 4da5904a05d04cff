package core

import "github.com/gambit-chess/gambit/tables"

// Undo holds what MakeMove cannot recompute when the move is taken back.
type Undo struct {
	hash     uint64
	halfmove int32
	castling uint8
	ep       Square
}

// MakeMove plays m, which must be legal in the position (a move from
// LegalMoves or ParseUCI), and returns what UnmakeMove needs to take it back.
// It updates the hash incrementally and allocates nothing.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{hash: p.hash, halfmove: int32(p.halfmove), castling: p.castling, ep: p.ep}
	us, them := p.side&1, (p.side^1)&1
	from, to := m.From(), m.To()
	pt := m.Piece()
	h := p.hash ^ tables.ZobristWhiteToMove
	if p.ep != NoSquare {
		h ^= tables.ZobristEnPassant[p.ep&7]
		p.ep = NoSquare
	}
	p.halfmove++

	if m.IsCastle() {
		kTo, rTo := castleTargets(castleIndex(m, us))
		king, rook := NewPiece(us, King), NewPiece(us, Rook)
		p.remove(king, from)
		p.remove(rook, to)
		p.put(king, kTo)
		p.put(rook, rTo)
		zk, zr := &tables.ZobristPieces[us][King], &tables.ZobristPieces[us][Rook]
		h ^= zk[from&63] ^ zk[kTo&63] ^ zr[to&63] ^ zr[rTo&63]
	} else {
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq = to ^ 8
			}
			p.remove(NewPiece(them, c), capSq)
			h ^= tables.ZobristPieces[them][c&7][capSq&63]
			p.halfmove = 0
		}
		// The mover leaves from and lands on to: one XOR per bitboard.
		fromBB, toBB := from.Bitboard(), to.Bitboard()
		p.byType[0] ^= fromBB | toBB
		p.byColor[us] ^= fromBB | toBB
		p.board[from&63] = NoPiece
		zp := &tables.ZobristPieces[us]
		if promo := m.Promotion(); promo != NoPieceType {
			p.byType[Pawn] ^= fromBB
			p.byType[promo&7] ^= toBB
			p.board[to&63] = NewPiece(us, promo)
			h ^= zp[Pawn][from&63] ^ zp[promo&7][to&63]
		} else {
			p.byType[pt&7] ^= fromBB | toBB
			p.board[to&63] = NewPiece(us, pt)
			h ^= zp[pt&7][from&63] ^ zp[pt&7][to&63]
		}
		if pt == Pawn {
			p.halfmove = 0
			if m.IsDoublePush() {
				ep := (from + to) / 2
				if PawnAttacks(us, ep)&p.byType[Pawn]&p.byColor[them] != 0 {
					p.ep = ep
					h ^= tables.ZobristEnPassant[ep&7]
				}
			}
		}
	}
	if p.castling != 0 {
		c := p.castling & p.castleMask[from&63] & p.castleMask[to&63]
		h ^= tables.ZobristCastling[p.castling&15] ^ tables.ZobristCastling[c&15]
		p.castling = c
	}
	if us == Black {
		p.fullmove++
	}
	p.side = them
	p.hash = h
	return u
}

// UnmakeMove takes back m, the last move made, given the Undo MakeMove
// returned for it.
func (p *Position) UnmakeMove(m Move, u Undo) {
	p.side ^= 1
	us := p.side & 1
	if us == Black {
		p.fullmove--
	}
	from, to := m.From(), m.To()
	if m.IsCastle() {
		kTo, rTo := castleTargets(castleIndex(m, us))
		king, rook := NewPiece(us, King), NewPiece(us, Rook)
		p.remove(king, kTo)
		p.remove(rook, rTo)
		p.put(king, from)
		p.put(rook, to)
	} else {
		fromBB, toBB := from.Bitboard(), to.Bitboard()
		p.byType[0] ^= fromBB | toBB
		p.byColor[us] ^= fromBB | toBB
		pt := m.Piece()
		if promo := m.Promotion(); promo != NoPieceType {
			p.byType[Pawn] ^= fromBB
			p.byType[promo&7] ^= toBB
		} else {
			p.byType[pt&7] ^= fromBB | toBB
		}
		p.board[from&63] = NewPiece(us, pt)
		p.board[to&63] = NoPiece
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq = to ^ 8
			}
			p.put(NewPiece(us^1, c), capSq)
		}
	}
	p.hash = u.hash
	p.halfmove = int(u.halfmove)
	p.castling = u.castling
	p.ep = u.ep
}

// MakeNullMove passes the turn to the other side (for null-move pruning).
// It must not be called when the side to move is in check.
func (p *Position) MakeNullMove() Undo {
	u := Undo{hash: p.hash, halfmove: int32(p.halfmove), castling: p.castling, ep: p.ep}
	if p.ep != NoSquare {
		p.hash ^= tables.ZobristEnPassant[p.ep&7]
		p.ep = NoSquare
	}
	p.hash ^= tables.ZobristWhiteToMove
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	p.side ^= 1
	return u
}

// UnmakeNullMove takes back a null move.
func (p *Position) UnmakeNullMove(u Undo) {
	p.side ^= 1
	if p.side == Black {
		p.fullmove--
	}
	p.hash, p.halfmove, p.castling, p.ep = u.hash, int(u.halfmove), u.castling, u.ep
}

// castleIndex returns the castling right (bit index) castling move m of
// colour us uses: the rook's side of the king tells short from long.
func castleIndex(m Move, us Color) int {
	i := 2 * int(us&1)
	if m.To() < m.From() {
		i++
	}
	return i
}
