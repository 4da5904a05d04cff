package core

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares: bit n is set when square n is in the set.
type Bitboard uint64

// Rank and file masks.
const (
	Rank1 Bitboard = 0xFF << (8 * iota)
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// File masks, a to h.
const (
	FileA Bitboard = 0x0101010101010101 << iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// DarkSquares holds the dark squares (a1 is dark).
const DarkSquares Bitboard = 0xAA55AA55AA55AA55

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b&sq.Bitboard() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes the lowest square from *b and returns it; *b must not be
// empty.
func (b *Bitboard) PopFirst() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

// More reports whether b holds more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// String draws b as eight ranks of 'x' and '.', rank 8 first.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
