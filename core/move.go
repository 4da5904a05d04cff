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
)

// newMove packs a move.
func newMove(from, to Square, piece, captured, promo PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(piece)<<12 | Move(captured)<<15 | Move(promo)<<18
}

// From returns the square the piece moves from.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the castling rook's
// square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

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

// String returns the move in coordinate form: from, to and a promotion
// letter, castling as king takes rook ("e1h1"). Position.UCI gives the form
// a UCI engine expects.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if m.IsPromotion() {
		s += m.Promotion().String()
	}
	return s
}
