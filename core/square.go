package core

import (
	"errors"
	"fmt"
)

// Square is a square of the board: A1 = 0, B1 = 1, ..., H8 = 63.
type Square uint8

// The squares, and NoSquare for "none".
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// NewSquare returns the square on file f and rank r, both 0 to 7.
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (first) to 7 (eighth).
func (s Square) Rank() int { return int(s >> 3) }

// Flip returns the square mirrored top to bottom (a1 and a8 swap): the
// square seen from Black's side, for piece-square tables written from
// White's.
func (s Square) Flip() Square { return s ^ 56 }

// Mirror returns the square mirrored left to right (a1 and h1 swap).
func (s Square) Mirror() Square { return s ^ 7 }

// Relative returns the square as colour c sees it: s for White, s.Flip()
// for Black. A piece-square table written for White serves both colours
// as table[sq.Relative(colour)].
func (s Square) Relative(c Color) Square { return s ^ Square(56*(c&1)) }

// Bitboard returns the bitboard holding just s.
func (s Square) Bitboard() Bitboard { return 1 << (s & 63) }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ErrInvalidSquare is the error every square parse failure matches with
// errors.Is.
var ErrInvalidSquare = errors.New("invalid square")

// SquareError reports text that is not a square's name.
type SquareError struct {
	Name string // the input
}

func (e *SquareError) Error() string {
	return fmt.Sprintf("core: invalid square %q", e.Name)
}

// Unwrap returns ErrInvalidSquare.
func (e *SquareError) Unwrap() error { return ErrInvalidSquare }

// ParseSquare reads a square name such as "e4". Anything else gives a
// *SquareError, matching ErrInvalidSquare.
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, &SquareError{Name: name}
	}
	return NewSquare(int(name[0]-'a'), int(name[1]-'1')), nil
}
