package core

import "github.com/gambit-chess/gambit/tables"

// Undo holds what MakeMove cannot recompute when the move is taken back:
// the hash and Position.st (side to move, castling rights, en-passant
// square and halfmove clock) from before the move.
type Undo struct {
	hash uint64
	st   uint64
}

// MakeMove plays m, which must be legal in the position (a move from
// LegalMoves or ParseUCI), and returns what UnmakeMove needs to take it back.
// It updates the hash incrementally and allocates nothing.
func (p *Position) MakeMove(m Move) Undo {
	// Captures, promotions, castling and the moves of a variant position
	// share one test and go out of line: the quiet move's path, which
	// callers inline, then keeps its values in registers.
	if !m.isPlain() {
		return p.makeOther(m)
	}
	u, h, st := p.begin()
	us, from, to, pt := Color(u.st>>stSide&1), m.From(), m.To(), m.Piece()
	fromTo := from.Bitboard() | to.Bitboard()
	pc := NewPiece(us, pt) & 15
	p.byType[0] ^= fromTo
	p.byType[pt&7] ^= fromTo
	p.byColor[us] ^= fromTo
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
	h ^= zobrist[pc][from&63] ^ zobrist[pc][to&63]
	if pt == Pawn {
		st &^= stClockMask
		if m.IsDoublePush() {
			ep := (from + to) / 2
			if PawnAttacks(us, ep)&p.byType[Pawn]&p.byColor[us^1] != 0 {
				st = st&^stEPMask | uint64(ep)<<stEP
				h ^= tables.ZobristEnPassant[ep&7]
			}
		}
	}
	return p.finish(u, h, st, from, to)
}

// makeOther is MakeMove for the moves that are not plain (isPlain):
// captures and promotions here, castling and a variant's moves in
// makeSpecial.
//
//go:noinline
func (p *Position) makeOther(m Move) Undo {
	if m.isSpecial() {
		return p.makeSpecial(m)
	}
	u, h, st := p.begin()
	us, from, to := Color(u.st>>stSide&1), m.From(), m.To()
	if c := m.Captured(); c != NoPieceType {
		capSq := to
		if m.IsEnPassant() {
			capSq ^= 8
		}
		b := capSq.Bitboard()
		p.byType[0] ^= b
		p.byType[c&7] ^= b
		p.byColor[us^1] ^= b
		p.board[capSq&63] = NoPiece
		h ^= zobrist[NewPiece(us^1, c)&15][capSq&63]
		st &^= stClockMask
	}
	// The mover leaves from and lands on to: one XOR per bitboard.
	fromTo := from.Bitboard() | to.Bitboard()
	p.byType[0] ^= fromTo
	p.byColor[us] ^= fromTo
	pc := p.board[from&63] & 15
	p.board[from&63] = NoPiece
	pt := pc.Type() & 7
	if promo := m.Promotion(); promo != NoPieceType {
		p.byType[Pawn] ^= from.Bitboard()
		p.byType[promo&7] ^= to.Bitboard()
		np := NewPiece(us, promo) & 15
		p.board[to&63] = np
		h ^= zobrist[pc][from&63] ^ zobrist[np][to&63]
	} else {
		p.byType[pt] ^= fromTo
		p.board[to&63] = pc
		h ^= zobrist[pc][from&63] ^ zobrist[pc][to&63]
	}
	if pt == Pawn {
		st &^= stClockMask
	}
	return p.finish(u, h, st, from, to)
}

// begin starts MakeMove: it saves what UnmakeMove restores and returns
// the Undo, the hash so far (side to move and en passant updated) and the
// new Position.st so far: the en-passant square cleared and the halfmove
// clock counted (a clock at 1<<32 would wrap to 0; ParseFEN accepts 1<<30
// at most). Only finish writes st back, whole (see Position.st).
func (p *Position) begin() (Undo, uint64, uint64) {
	u := Undo{hash: p.hash, st: p.st}
	h := u.hash ^ tables.ZobristWhiteToMove
	st := u.st + 1<<stHalfmove
	if ep := Square(u.st >> stEP); ep != NoSquare {
		h ^= tables.ZobristEnPassant[ep&7]
		st = st&^stEPMask | uint64(NoSquare)<<stEP
	}
	p.checkers = unknownCheckers
	return u, h, st
}

// finish ends MakeMove of a move from `from` to `to`: castling rights,
// move number and side to move, then the hash h and the new st, each in
// one store. It returns u, MakeMove's Undo, so that MakeMove ends in one
// statement: the call then shares the line of a real instruction, and
// costs no NOP (see MakeMove).
func (p *Position) finish(u Undo, h, st uint64, from, to Square) Undo {
	// Rights change only when a move leaves or lands on a king's or rook's
	// start square.
	if c := uint8(st) & p.castleMask[from&63] & p.castleMask[to&63]; c != uint8(st) {
		h ^= tables.ZobristCastling[uint8(st)&15] ^ tables.ZobristCastling[c&15]
		st = st&^stCastlingMask | uint64(c)
	}
	// The move number counts after Black's move. A branch, not an add of
	// the side: a node's moves are all one side's, so it is predicted, and
	// White's moves store nothing.
	if st&stSideMask != 0 {
		p.fullmove++
	}
	p.st = st ^ stSideMask
	p.hash = h
	return u
}

// makeSpecial is MakeMove for castling and for the moves of a variant
// position (flagVariant), which make the move as in standard chess and
// then the variant's part (variant_make.go). It stays out of line:
// castling is rare, and inlined it would crowd the registers of MakeMove's
// common path.
//
//go:noinline
func (p *Position) makeSpecial(m Move) Undo {
	if m&flagVariant != 0 {
		return p.makeVariant(m)
	}
	u, h, st := p.begin()
	us := Color(u.st >> stSide & 1)
	from, to := m.From(), m.To()
	kTo, rTo := castleTargets(castleIndex(m, us))
	king, rook := NewPiece(us, King), NewPiece(us, Rook)
	p.remove(king, from)
	p.remove(rook, to)
	p.put(king, kTo)
	p.put(rook, rTo)
	zk, zr := &zobrist[king&15], &zobrist[rook&15]
	h ^= zk[from&63] ^ zk[kTo&63] ^ zr[to&63] ^ zr[rTo&63]
	return p.finish(u, h, st, from, to)
}

// unmakeSpecial is UnmakeMove's board part for castling and for the moves
// of a variant position, by us, the side that made it. It returns the Undo
// whose hash and st UnmakeMove then restores: u, but for an atomic capture, whose Undo carries the
// exploded pieces in place of the hash (variant_make.go).
//
//go:noinline
func (p *Position) unmakeSpecial(m Move, us Color, u Undo) Undo {
	if m&flagVariant != 0 {
		return p.unmakeVariant(m, us, u)
	}
	from, to := m.From(), m.To()
	kTo, rTo := castleTargets(castleIndex(m, us))
	king, rook := NewPiece(us, King), NewPiece(us, Rook)
	p.remove(king, kTo)
	p.remove(rook, rTo)
	p.put(king, from)
	p.put(rook, to)
	return u
}

// UnmakeMove takes back m, the last move made, given the Undo MakeMove
// returned for it. The position is as it was, but for the cached checkers,
// which the next Checkers or InCheck computes again.
func (p *Position) UnmakeMove(m Move, u Undo) {
	if !m.isPlain() {
		p.unmakeOther(m, u)
		return
	}
	// The side that moved comes from the Undo, not from the Position:
	// the Position's was written by MakeMove a moment ago.
	us, from, to := Color(u.st>>stSide&1), m.From(), m.To()
	fromTo := from.Bitboard() | to.Bitboard()
	if us == Black {
		p.fullmove--
	}
	p.byType[0] ^= fromTo
	p.byType[m.Piece()&7] ^= fromTo
	p.byColor[us] ^= fromTo
	p.board[from&63] = NewPiece(us, m.Piece())
	p.board[to&63] = NoPiece
	p.hash = u.hash
	p.checkers = unknownCheckers
	p.st = u.st
}

// unmakeOther is UnmakeMove for the moves that are not plain (isPlain).
//
//go:noinline
func (p *Position) unmakeOther(m Move, u Undo) {
	us, from, to := Color(u.st>>stSide&1), m.From(), m.To()
	if us == Black {
		p.fullmove--
	}
	if m.isSpecial() {
		u = p.unmakeSpecial(m, us, u)
	} else {
		fromTo := from.Bitboard() | to.Bitboard()
		if promo := m.Promotion(); promo != NoPieceType {
			p.byType[Pawn] ^= from.Bitboard()
			p.byType[promo&7] ^= to.Bitboard()
		} else {
			p.byType[m.Piece()&7] ^= fromTo
		}
		p.byType[0] ^= fromTo
		p.byColor[us] ^= fromTo
		p.board[from&63] = NewPiece(us, m.Piece())
		p.board[to&63] = NoPiece
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq ^= 8
			}
			p.put(NewPiece(us^1, c), capSq)
		}
	}
	p.hash = u.hash
	p.checkers = unknownCheckers
	p.st = u.st
}

// MakeNullMove passes the turn to the other side (for null-move pruning).
// It must not be called when the side to move is in check. Like a move, it
// clears the en-passant square, counts one halfmove (HalfmoveClock goes
// up by one, so a search that bounds repetitions by the clock must stop at
// a null move: History does) and, after Black's turn, the move number.
func (p *Position) MakeNullMove() Undo {
	u, h, st := p.begin()
	if st&stSideMask != 0 {
		p.fullmove++
	}
	p.st = st ^ stSideMask
	p.hash = h
	return u
}

// UnmakeNullMove takes back a null move.
func (p *Position) UnmakeNullMove(u Undo) {
	if u.st&stSideMask != 0 {
		p.fullmove--
	}
	p.hash, p.checkers, p.st = u.hash, unknownCheckers, u.st
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
