package core

import "github.com/gambit-chess/gambit/tables"

// Atomic, by lichess's rules as chessops 0.15.1 plays them. A capture
// explodes the square it lands on: the captured piece, the capturing piece
// and every piece but pawns on the eight squares around it leave the board
// (en passant: around the square the capturing pawn lands on). So a king
// never captures, since it would explode itself, and no capture may
// explode the mover's own king; one that explodes the other king wins at
// once, whatever it leaves attacked. Kings that touch cannot be checked: a
// capture of one would explode the other. A king next to the other king is
// not in check, and a king may step onto an attacked square that is next
// to the other king. Pins, evasions and castling follow from that notion
// of attack: castling crosses squares that are safe with the king lifted
// and lands on one that is safe with king and rook moved, as chessops
// tests them.
//
// The generator is a template, atomicgen_template.go, of which gen writes
// copies for each side to move, writing or counting, to atomicgen_sides.go
// (go generate ./...). It tests each move by bitboards, without making it:
// a quiet move of a piece that is neither pinned nor moving out of check
// is legal as it stands; every other move is tested against the occupancy
// it leaves, by the functions below.

// atomicView holds what the legality of an atomic move depends on, worked
// out once for every move of a position by the generator (atomicSide).
type atomicView struct {
	ksq, tksq Square // our king, theirs
	occ       Bitboard
	them      Bitboard // their pieces
	pawns     Bitboard // both sides' pawns, which no explosion takes
	checkers  Bitboard // the pieces that check our king (none while the kings touch)
	blockers  Bitboard // our pieces alone between our king and one of their sliders
	touching  bool     // the kings stand next to each other: no check either way
}

// free reports whether every quiet move of our piece on from is legal: the
// kings touch, or we are not in check and the piece is not pinned.
func (v *atomicView) free(from Square) bool {
	return v.touching || v.checkers == 0 && !v.blockers.Has(from)
}

// atomicQuietSafe reports whether the quiet move of a piece but the king from
// `from` to `to` leaves our king safe.
func (p *Position) atomicQuietSafe(v *atomicView, from, to Square) bool {
	return v.free(from) || p.attackersTo(v.ksq, v.occ^from.Bitboard()|to.Bitboard())&v.them == 0
}

// atomicCaptureSafe reports whether the capture by a piece but the king
// from `from` on `to`, taking the piece on capSq (to, or the pawn behind it
// en passant), is legal: it does not explode our king, and it explodes
// theirs or leaves ours unattacked.
func (p *Position) atomicCaptureSafe(v *atomicView, from, to, capSq Square) bool {
	blast := KingAttacks(to)
	switch {
	case blast.Has(v.ksq):
		return false
	case blast.Has(v.tksq) || v.touching:
		return true
	}
	gone := blast&^v.pawns | from.Bitboard() | to.Bitboard() | capSq.Bitboard()
	return p.attackersTo(v.ksq, v.occ&^gone)&v.them&^gone == 0
}

// atomicAttacked reports whether their pieces attack sq, given the
// occupancy occ, in the atomic sense: never a square next to their king.
func (p *Position) atomicAttacked(v *atomicView, sq Square, occ Bitboard) bool {
	return !KingAttacks(sq).Has(v.tksq) && p.attackersTo(sq, occ)&v.them != 0
}

// atomicTargets returns the squares of quiets and captures that the piece
// on from, which is not a pawn or king, may legally go to.
func (p *Position) atomicTargets(v *atomicView, from Square, quiets, captures Bitboard) Bitboard {
	if !v.free(from) {
		for t := quiets; t != 0; {
			to := t.PopFirst()
			if !p.atomicQuietSafe(v, from, to) {
				quiets &^= to.Bitboard()
			}
		}
	}
	for t := captures; t != 0; {
		to := t.PopFirst()
		if !p.atomicCaptureSafe(v, from, to, to) {
			captures &^= to.Bitboard()
		}
	}
	return quiets | captures
}

// atomicPawnQuiets returns the squares of targets that a pawn may advance
// to from the square delta behind each.
func (p *Position) atomicPawnQuiets(v *atomicView, targets Bitboard, delta int) Bitboard {
	for t := targets; t != 0; {
		to := t.PopFirst()
		if !p.atomicQuietSafe(v, Square(int(to)-delta), to) {
			targets &^= to.Bitboard()
		}
	}
	return targets
}

// atomicPawnCaptures returns the squares of targets that a pawn may
// capture on from the square delta behind each.
func (p *Position) atomicPawnCaptures(v *atomicView, targets Bitboard, delta int) Bitboard {
	for t := targets; t != 0; {
		to := t.PopFirst()
		if !p.atomicCaptureSafe(v, Square(int(to)-delta), to, to) {
			targets &^= to.Bitboard()
		}
	}
	return targets
}

// atomicCheckers returns the pieces of colour c's opponent that check c's
// king in the atomic sense: none when either king is gone or the kings
// touch.
func (p *Position) atomicCheckers(c Color) Bitboard {
	c &= 1
	k, tk := p.byType[King]&p.byColor[c], p.byType[King]&p.byColor[c^1]
	if k == 0 || tk == 0 || KingAttacks(k.First())&tk != 0 {
		return 0
	}
	return p.attackersTo(k.First(), p.byType[0]) & p.byColor[c^1]
}

// atomicGivesCheck is GivesCheck for Atomic: the move is made on a copy of
// the position, explosion and all, and the other king looked at.
func (p *Position) atomicGivesCheck(m Move) bool {
	q := *p
	q.MakeMove(m)
	return q.atomicCheckers(q.side()) != 0
}

// explode ends MakeMove of an atomic capture on `to`, once the move has
// been made as in standard chess: the capturing piece, now on to, and every
// piece but pawns around it leave the board, with the hash and the
// castling rights they take with them. It returns what UnmakeMove needs to
// put them back, which takes the place of the hash in the move's Undo
// (unexplode works the hash out again): the pieces around `to`, four bits
// each (the Piece, NoPiece for none), in the order of the squares of
// KingAttacks(to).
func (p *Position) explode(to Square) uint64 {
	h := p.hash
	pc := p.board[to&63]
	p.remove(pc, to)
	h ^= zobrist[pc&15][to&63]
	castling := p.castling()
	var lost uint64
	i := 0
	for b := KingAttacks(to); b != 0; i++ {
		sq := b.PopFirst()
		pc := p.board[sq&63]
		if pc == NoPiece || pc.Type() == Pawn {
			continue
		}
		lost |= uint64(pc&15) << (4 * i)
		p.remove(pc, sq)
		h ^= zobrist[pc&15][sq&63]
		castling &= p.castleMask[sq&63]
	}
	if old := p.castling(); castling != old {
		h ^= tables.ZobristCastling[old&15] ^ tables.ZobristCastling[castling&15]
		p.setCastling(castling)
	}
	p.hash = h
	return lost
}

// unexplode starts UnmakeMove of the atomic capture m by colour us, with
// the position as the move left it and u the move's Undo: it puts back the
// pieces the explosion took and the capturing piece on m.To(), where the
// standard unmake expects it, and returns the hash before the move,
// worked out from the hash now and what the move changed.
func (p *Position) unexplode(m Move, us Color, u Undo) uint64 {
	from, to := m.From(), m.To()
	h := p.hash ^ tables.ZobristWhiteToMove ^ tables.ZobristCastling[p.castling()&15] ^ tables.ZobristCastling[uint8(u.st)&15]
	if ep := Square(u.st >> stEP); ep != NoSquare {
		h ^= tables.ZobristEnPassant[ep&7]
	}
	i := 0
	for b := KingAttacks(to); b != 0; i++ {
		sq := b.PopFirst()
		if pc := Piece(u.hash >> (4 * i) & 15); pc != NoPiece {
			p.put(pc, sq)
			h ^= zobrist[pc][sq&63]
		}
	}
	mover := NewPiece(us, m.Piece())
	landed := mover
	if promo := m.Promotion(); promo != NoPieceType {
		landed = NewPiece(us, promo)
	}
	p.put(landed, to)
	capSq := to
	if m.IsEnPassant() {
		capSq ^= 8
	}
	// The mover left from and the captured piece capSq; what landed on to
	// has gone again.
	return h ^ zobrist[mover&15][from&63] ^ zobrist[NewPiece(us^1, m.Captured())&15][capSq&63]
}

// atomicInsufficient reports whether colour c cannot win by its material
// alone, as lichess (chessops) rules it for Atomic: a bare king never
// wins, nor, against a bare king, a single minor piece or rook, or two
// knights; with material on both sides, only bishops of each side on one
// colour of square each, which cannot explode each other, never do. A
// side whose opponent's king is gone has won.
func (p *Position) atomicInsufficient(c Color) bool {
	c &= 1
	kings := p.byType[King]
	mine, theirs := p.byColor[c], p.byColor[c^1]
	switch {
	case kings&theirs == 0:
		return false
	case mine&^kings == 0:
		return true
	case theirs&^kings != 0:
		// Their pieces may explode next to their own king, unless all are
		// bishops that cannot meet.
		if p.byType[0] != p.byType[Bishop]|kings {
			return false
		}
		wb, bb := p.byType[Bishop]&p.byColor[White], p.byType[Bishop]&p.byColor[Black]
		switch {
		case wb&DarkSquares == 0:
			return bb&^DarkSquares == 0
		case wb&^DarkSquares == 0:
			return bb&DarkSquares == 0
		}
		return false
	case p.byType[Queen]|p.byType[Pawn] != 0:
		return false
	case (p.byType[Knight] | p.byType[Bishop] | p.byType[Rook]).Count() == 1:
		return true
	case p.byType[0] == p.byType[Knight]|kings:
		return p.byType[Knight].Count() <= 2
	}
	return false
}
