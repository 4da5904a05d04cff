package core

import "strings"

// pieceLetters holds the FEN letter of every Piece value.
const pieceLetters = ".PNBRQK??pnbrqk?"

// Color is a side: White or Black.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// The piece types; NoPieceType is zero.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the lower-case piece letter ("p", "n", ...), or "" for
// NoPieceType.
func (t PieceType) String() string {
	if t > King {
		return "?"
	}
	return [...]string{"", "p", "n", "b", "r", "q", "k"}[t]
}

// Piece is a coloured piece: colour in bit 3, type in bits 0 to 2. NoPiece is
// zero, so an empty square of a board array reads as NoPiece.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 3) }

// String returns the FEN letter of the piece: upper case for white.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	return string(p.Letter())
}

// Letter returns the FEN letter of the piece (upper case for white), or '.'.
func (p Piece) Letter() byte {
	return pieceLetters[p&15]
}

// pieceFromLetter maps a FEN letter to its piece.
func pieceFromLetter(c byte) (Piece, bool) {
	if c == '.' || c == '?' {
		return NoPiece, false
	}
	i := strings.IndexByte(pieceLetters, c)
	return Piece(max(i, 0)), i > 0
}
