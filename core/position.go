package core

import "github.com/gambit-chess/gambit/tables"

// CastlingRights is a set of castling rights, one bit each (WhiteShort,
// WhiteLong, BlackShort, BlackLong), as Position.Castling returns them.
// The constants combine with | and test with & or Has.
type CastlingRights uint8

// Castling rights, one bit each; their order is the Zobrist key order.
const (
	WhiteShort CastlingRights = 1 << iota // white may castle on the h-side
	WhiteLong                             // white may castle on the a-side
	BlackShort                            // black may castle on the h-side
	BlackLong                             // black may castle on the a-side
)

// Has reports whether c holds every right of r.
func (c CastlingRights) Has(r CastlingRights) bool { return c&r == r }

// String returns the rights in FEN's letters and order, "KQkq" for all
// four, "-" for none. The letters are the standard ones whatever files
// the rooks stand on; Position.FEN writes a Chess960 rook's file.
func (c CastlingRights) String() string {
	if c&15 == 0 {
		return "-"
	}
	b := make([]byte, 0, 4)
	for i, l := range [4]byte{'K', 'Q', 'k', 'q'} {
		if c&(1<<i) != 0 {
			b = append(b, l)
		}
	}
	return string(b)
}

// Position is a chess position: the pieces, the side to move, castling
// rights, the en-passant square, the move counters and the Zobrist hash.
//
// A Position is a plain value: copying it copies the position. The zero
// value is not a valid position; use ParseFEN or StartPosition.
//
// A Position is not safe for concurrent use, even by goroutines that only
// query it: Checkers, InCheck and the move generators record the checkers
// in the position the first time they are computed after a move. Give
// each goroutine its own copy. Compare positions by Hash or FEN, not with
// ==, which also compares that cache: MakeMove then UnmakeMove gives back
// the position, but with the checkers still to be computed.
type Position struct {
	board   [64]Piece
	byType  [8]Bitboard // index 0 holds every occupied square; 7 stays empty, so that an index masked with &7 needs no bounds check
	byColor [2]Bitboard
	hash    uint64
	// checkers caches Checkers: the pieces giving check to the side to
	// move, or unknownCheckers until Checkers, InCheck or a move generator
	// has computed them since the last move or unmove. (Undo does not keep
	// it: when Undo had four fields, a fifth for it cost make/unmake 11 to
	// 15 % more instructions in perft -full.)
	checkers Bitboard

	// castleMask[sq] holds the rights that survive a move from or to sq.
	castleMask [64]uint8
	// castleRook holds the rook's start square for each right (bit order).
	castleRook [4]Square
	// castlePath holds, for each right, the squares that must be empty:
	// all the king and rook cross or land on, but their own. castleKingPath
	// holds the squares the king crosses or lands on, which must be safe.
	// Both stay valid while the right lasts, since king and rook have not
	// moved.
	castlePath, castleKingPath [4]Bitboard

	// st packs what a move changes and UnmakeMove cannot work out again
	// (read through side, castling, ep and halfmove): bits 0-7 the
	// castling rights, 8-15 the en-passant target square, bit 16 the side
	// to move, bits 32-63 the halfmove clock. The en-passant square is kept
	// only when a pawn of the side to move stands next to the pawn that
	// just advanced two squares (the Polyglot rule); NoSquare otherwise.
	//
	// MakeMove writes the word once and its Undo keeps the old one, which
	// UnmakeMove writes back in one store, so that the side UnmakeMove
	// reads comes from the Undo, not from memory just written. As four
	// fields (and the move number counted with an add), a leaf of perft
	// -full took 13 loads and 8 stores more (cachegrind), and perft -full
	// ran at 0.87x. Every write is of the whole word: a load of the word
	// that overlaps a narrower store still in flight waits for it (a
	// Position whose Undo copied these fields as one word, but wrote them a
	// field at a time, ran perft -full at 0.63x).
	st       uint64
	chess960 bool
	// variant holds the rules the position is played under; Standard, the
	// zero value, for every position ParseFEN makes.
	variant Variant
	// checks counts the checks each colour has given, in ThreeCheck.
	checks   [2]uint8
	fullmove int
	// pockets holds, in Crazyhouse, the pieces each colour has in hand,
	// by piece type; promoted the squares of the pieces that are promoted
	// pawns (variant_crazyhouse.go).
	pockets  [2][8]uint8
	promoted Bitboard
}

// The fields of Position.st: where each starts, and their masks.
const (
	stEP       = 8
	stSide     = 16
	stHalfmove = 32

	stCastlingMask uint64 = 0xff
	stEPMask       uint64 = 0xff << stEP
	stSideMask     uint64 = 1 << stSide
	stClockMask    uint64 = 0xffffffff << stHalfmove
)

// side returns the side to move.
func (p *Position) side() Color { return Color(p.st >> stSide & 1) }

// castling returns the castling rights, WhiteShort|WhiteLong|... bits.
func (p *Position) castling() uint8 { return uint8(p.st) }

// ep returns the en-passant target square, or NoSquare (see st).
func (p *Position) ep() Square { return Square(p.st >> stEP) }

// halfmove returns the halfmove clock.
func (p *Position) halfmove() int { return int(p.st >> stHalfmove) }

// setSide sets the side to move.
func (p *Position) setSide(c Color) { p.st = p.st&^stSideMask | uint64(c&1)<<stSide }

// setCastling sets the castling rights.
func (p *Position) setCastling(c uint8) { p.st = p.st&^stCastlingMask | uint64(c) }

// setEP sets the en-passant target square.
func (p *Position) setEP(sq Square) { p.st = p.st&^stEPMask | uint64(sq)<<stEP }

// setHalfmove sets the halfmove clock, which must be below 1<<32.
func (p *Position) setHalfmove(n int) { p.st = p.st&^stClockMask | uint64(n)<<stHalfmove }

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side() }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece { return p.board[sq&63] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ByColor returns the squares of colour c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// ByType returns the squares of every piece of type t, both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t&7] }

// Pieces returns the squares of colour c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	return p.byType[t&7] & p.byColor[c&1]
}

// KingSquare returns the square of colour c's king.
func (p *Position) KingSquare(c Color) Square {
	return (p.byType[King] & p.byColor[c&1]).First()
}

// EnPassant returns the en-passant target square when an en-passant capture
// is legal, and NoSquare otherwise.
func (p *Position) EnPassant() Square {
	if p.ep() != NoSquare && p.legalEnPassant() {
		return p.ep()
	}
	return NoSquare
}

// Castling returns the castling rights as WhiteShort|WhiteLong|... bits.
func (p *Position) Castling() CastlingRights { return CastlingRights(p.castling()) }

// CastlingRook returns the start square of the rook for one castling right
// (WhiteShort, WhiteLong, BlackShort or BlackLong), or NoSquare when that
// right is gone.
func (p *Position) CastlingRook(right CastlingRights) Square {
	if CastlingRights(p.castling())&right == 0 {
		return NoSquare
	}
	for i := range 4 {
		if right == 1<<i {
			return p.castleRook[i]
		}
	}
	return NoSquare
}

// Chess960 reports whether the position is played under Chess960 castling
// rules and notation. ParseFEN sets it when the castling rights name a king
// or rook off its standard square; SetChess960 sets it by hand.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 marks the position as a Chess960 one, which changes how UCI
// and FEN write castling, not which moves are legal.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// HalfmoveClock returns the number of half-moves since the last capture or
// pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove() }

// FullmoveNumber returns the move number, starting at 1 and counted up
// after every black move.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Hash returns the position's Zobrist key. The keys are the Polyglot ones,
// so Hash equals the key a Polyglot opening book uses for the position. It
// is updated incrementally by MakeMove. Like Polyglot, it hashes the
// en-passant file whenever a pawn of the side to move stands next to the
// pawn that just advanced two squares, legal capture or not.
func (p *Position) Hash() uint64 { return p.hash }

// put places piece pc on the empty square sq, without touching the hash.
func (p *Position) put(pc Piece, sq Square) {
	b := sq.Bitboard()
	p.board[sq&63] = pc
	p.byType[0] |= b
	p.byType[pc.Type()&7] |= b
	p.byColor[pc.Color()&1] |= b
}

// remove empties square sq, which holds pc, without touching the hash.
func (p *Position) remove(pc Piece, sq Square) {
	b := sq.Bitboard()
	p.board[sq&63] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()&7] &^= b
	p.byColor[pc.Color()&1] &^= b
}

// computeHash computes the Zobrist key from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for occ := p.byType[0]; occ != 0; {
		sq := occ.PopFirst()
		pc := p.board[sq]
		h ^= zobrist[pc&15][sq&63]
	}
	h ^= tables.ZobristCastling[p.castling()&15]
	if p.ep() != NoSquare {
		h ^= tables.ZobristEnPassant[p.ep().File()]
	}
	if p.side() == White {
		h ^= tables.ZobristWhiteToMove
	}
	if p.variant != Standard {
		h ^= p.variantHash()
	}
	return h
}

// attackersTo returns the pieces of both colours that attack sq given the
// occupancy occ.
func (p *Position) attackersTo(sq Square, occ Bitboard) Bitboard {
	return (PawnAttacks(Black, sq) & p.Pieces(White, Pawn)) |
		(PawnAttacks(White, sq) & p.Pieces(Black, Pawn)) |
		(KnightAttacks(sq) & p.byType[Knight]) |
		(KingAttacks(sq) & p.byType[King]) |
		(RookAttacks(sq, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(BishopAttacks(sq, occ) & (p.byType[Bishop] | p.byType[Queen]))
}

// AttackersTo returns the pieces of both colours that attack sq given the
// occupancy occ: pass Occupied() for the board as it stands, or another
// set to look through pieces (x-rays, as an exchange evaluation does).
// Pawns, knights and kings attack regardless of occ; sliders are stopped
// by its squares. Mask the result with ByColor for one side. It costs two
// magic lookups and is not cached.
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	return p.attackersTo(sq&63, occ)
}

// unknownCheckers marks the cached checkers as not computed: no position
// has more than two checkers.
const unknownCheckers = ^Bitboard(0)

// Checkers returns the pieces giving check to the side to move. It is
// computed once after each move (by Checkers, InCheck or a move generator)
// and then read from the position.
func (p *Position) Checkers() Bitboard {
	if p.checkers == unknownCheckers {
		p.checkers = p.computeCheckers()
	}
	return p.checkers
}

// computeCheckers returns the pieces giving check to the side to move.
func (p *Position) computeCheckers() Bitboard {
	if p.variant != Standard {
		return p.variantCheckers()
	}
	return p.attackersTo(p.KingSquare(p.side()), p.byType[0]) & p.byColor[p.side()^1]
}

// InCheck reports whether the side to move is in check; it costs what
// Checkers costs.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// Pinned returns the pieces of the side to move that are pinned to their
// king: moving one off the line between the king and the enemy slider
// behind it would expose the king. It is computed on each call (two magic
// lookups and a few table reads).
//
// In the variants: none in Antichess or for a side without a king (Horde's
// horde, or an Atomic side whose king has exploded), none in Atomic while
// the kings touch (no check is possible then); otherwise, in Atomic, the
// pieces whose quiet move off the line would expose the king, though a
// capture off it may still be legal when its explosion takes the pinner or
// the other king.
func (p *Position) Pinned() Bitboard {
	us := p.side() & 1
	if p.variant != Standard && p.variantUnpinned() {
		return 0
	}
	hv, diag, _ := p.pins(us, p.KingSquare(us))
	return (hv | diag) & p.byColor[us]
}

// IsAttacked reports whether colour by attacks sq.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	return p.attackersTo(sq, p.byType[0])&p.byColor[by&1] != 0
}
