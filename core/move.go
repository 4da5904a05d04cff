package core

// Move is a move packed into 32 bits. It carries everything making,
// unmaking or naming the move needs, so none of them has to look at the
// board again:
//
//	bits  0- 5  from square
//	bits  6-11  to square; for castling, the square of the castling rook
//	            ("king takes rook", which covers Chess960 and standard alike)
//	bits 12-14  moved piece type
//	bits 15-17  captured piece type (NoPieceType if none; a pawn for en
//	            passant): a non-zero value is the capture flag
//	bits 18-20  promotion piece type (NoPieceType if none)
//	bit  21     double pawn push
//	bit  22     en passant capture
//	bit  23     castling
//	bit  24     a move of a variant position (Position.Variant is not
//	            Standard): every move the generators write there has it,
//	            and MakeMove, UnmakeMove and CountLegalMovesAfter take the
//	            variant's path on it, in the test they make for castling
//	bit  25     a Crazyhouse drop: the piece of the moved-piece field
//	            (bits 12-14) comes from the pocket onto the to square;
//	            the from square is the to square too, and the captured
//	            and promotion fields are empty (IsDrop)
//	bit  26     in Crazyhouse, the captured piece is a promoted one: it
//	            goes to the captor's pocket as a pawn, and UnmakeMove marks
//	            it promoted again (the generator, which sees the board,
//	            sets it, so the Undo need not carry it)
//	bits 27-31  unused (zero)
//
// The zero Move is NoMove. A Move belongs to the position it was generated
// in; Position.UCI and the san package turn it into text.
type Move uint32

// NoMove is the zero move.
const NoMove Move = 0

// Move flags.
const (
	flagDoublePush Move = 1 << 21
	flagEnPassant  Move = 1 << 22
	flagCastle     Move = 1 << 23
	flagVariant    Move = 1 << 24
	// flagDrop marks a Crazyhouse drop (IsDrop).
	flagDrop Move = 1 << 25
	// flagPromotedCapture marks a Crazyhouse capture of a promoted piece.
	flagPromotedCapture Move = 1 << 26
)

// isSpecial reports whether m is castling or a move of a variant position
// (flagVariant): the moves CountLegalMovesAfter sends out of its common
// path in one test, and MakeMove and UnmakeMove after isPlain.
func (m Move) isSpecial() bool { return m&(flagCastle|flagVariant) != 0 }

// isPlain reports whether m is a standard position's move that neither
// captures, promotes nor castles: the moves MakeMove and UnmakeMove keep
// on the path their callers inline.
func (m Move) isPlain() bool { return m&(flagCastle|flagVariant|7<<15|7<<18) == 0 }

// newMove packs a move.
func newMove(from, to Square, piece, captured, promo PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(piece)<<12 | Move(captured)<<15 | Move(promo)<<18
}

// From returns the square the piece moves from.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the castling rook's
// square (see Dest for the king's).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Dest returns the square the moved piece lands on: To, except for
// castling, where it is the king's destination (g1, c1, g8 or c8) rather
// than the rook's square. History and piece-square tables indexed by
// piece and square want Dest.
func (m Move) Dest() Square {
	if m&flagCastle == 0 {
		return m.To()
	}
	from := m.From()
	if m.To() > from {
		return from&^7 | 6 // the g-file
	}
	return from&^7 | 2 // the c-file
}

// Piece returns the type of the moved piece.
func (m Move) Piece() PieceType { return PieceType(m >> 12 & 7) }

// Captured returns the type of the captured piece, or NoPieceType.
func (m Move) Captured() PieceType { return PieceType(m >> 15 & 7) }

// Promotion returns the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 18 & 7) }

// IsCapture reports whether the move captures, en passant included.
func (m Move) IsCapture() bool { return m&(7<<15) != 0 }

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m&(7<<18) != 0 }

// IsEnPassant reports whether the move is an en passant capture.
func (m Move) IsEnPassant() bool { return m&flagEnPassant != 0 }

// IsCastle reports whether the move is castling.
func (m Move) IsCastle() bool { return m&flagCastle != 0 }

// IsDoublePush reports whether the move is a pawn's two-square advance.
func (m Move) IsDoublePush() bool { return m&flagDoublePush != 0 }

// IsDrop reports whether the move is a Crazyhouse drop: Piece comes from
// the pocket of the side to move onto To, which From also returns.
func (m Move) IsDrop() bool { return m&flagDrop != 0 }

// String returns the move in UCI coordinate form: from, to and a
// promotion letter, "0000" for NoMove, and a drop as the piece's upper-case
// letter, '@' and the square ("N@f3", "P@e4"). Standard castling, the king from the
// e-file with a rook from the a- or h-file, is written as the king's move
// ("e1g1"), as UCI wants in standard chess; other castling, which only
// Chess960 has, as king takes rook ("b1a1"), as UCI_Chess960 wants. So in
// standard chess String is exactly Position.UCI. In a Chess960 game write
// moves with Position.UCI, which also writes a standard-looking castling
// as king takes rook ("e1h1") there.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	if m.IsDrop() {
		return string(NewPiece(White, m.Piece()).Letter()) + "@" + m.To().String()
	}
	to := m.To()
	if m&flagCastle != 0 && m.From().File() == 4 && (to.File() == 0 || to.File() == 7) {
		to = m.Dest()
	}
	s := m.From().String() + to.String()
	if m.IsPromotion() {
		s += m.Promotion().String()
	}
	return s
}
