package polyglot

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// EntrySize is the size of a book entry in bytes.
const EntrySize = 16

// ErrChess960 is returned for a Chess960 position: Polyglot keys and moves
// are defined for standard chess only.
var ErrChess960 = errors.New("polyglot: Chess960 positions are not in the Polyglot format")

// ErrVariant is returned for a position of a chess variant (Three-check,
// Horde, ...): Polyglot keys and moves are standard chess's.
var ErrVariant = errors.New("polyglot: variant positions are not in the Polyglot format")

// RawEntry is a book entry as stored: the position key, the move in
// Polyglot's encoding, the weight and the learn field.
type RawEntry struct {
	Key    uint64
	Move   uint16
	Weight uint16
	Learn  uint32
}

// decodeRaw reads the entry at the start of b, which holds at least
// EntrySize bytes.
func decodeRaw(b []byte) RawEntry {
	_ = b[15]
	return RawEntry{
		Key:    binary.BigEndian.Uint64(b),
		Move:   binary.BigEndian.Uint16(b[8:]),
		Weight: binary.BigEndian.Uint16(b[10:]),
		Learn:  binary.BigEndian.Uint32(b[12:]),
	}
}

// AppendEntry appends e in the book format to b.
func AppendEntry(b []byte, e RawEntry) []byte {
	b = binary.BigEndian.AppendUint64(b, e.Key)
	b = binary.BigEndian.AppendUint16(b, e.Move)
	b = binary.BigEndian.AppendUint16(b, e.Weight)
	return binary.BigEndian.AppendUint32(b, e.Learn)
}

// EncodeMove returns m in Polyglot's move encoding: the destination in
// bits 0 to 5, the origin in bits 6 to 11 (squares numbered a1 = 0 to
// h8 = 63) and the promotion piece in bits 12 to 14 (1 knight, 2 bishop,
// 3 rook, 4 queen). Castling is king takes rook, which is how core's
// castling moves are already written (m.To() is the rook's square).
func EncodeMove(m core.Move) uint16 {
	v := uint16(m.To()) | uint16(m.From())<<6
	if p := m.Promotion(); p >= core.Knight && p <= core.Queen {
		v |= uint16(p-core.Knight+1) << 12
	}
	return v
}

// DecodeMove returns the legal move of pos that Polyglot move v stands for,
// or core.NoMove when v is no legal move of pos.
func DecodeMove(pos *core.Position, v uint16) core.Move {
	if v>>15 != 0 {
		return core.NoMove
	}
	promo := core.NoPieceType
	switch p := v >> 12 & 7; {
	case p == 0:
	case p <= 4:
		promo = core.Knight + core.PieceType(p-1)
	default:
		return core.NoMove
	}
	return pos.LegalMove(core.Square(v>>6&63), core.Square(v&63), promo)
}

// moveProblem says what is wrong with a move field, or "" when a Polyglot
// writer could have written it.
func moveProblem(v uint16) string {
	switch {
	case v>>15 != 0:
		return fmt.Sprintf("move %#04x has bit 15 set", v)
	case v>>12&7 > 4:
		return fmt.Sprintf("move %#04x has promotion %d (1 to 4 or none)", v, v>>12&7)
	case v>>6&63 == v&63:
		return fmt.Sprintf("move %#04x goes from a square to itself", v)
	}
	return ""
}

// FormatError reports a book that is not a valid Polyglot book: its name
// (when known), the byte offset of the first bad entry (or the length) and
// what is wrong.
type FormatError struct {
	Name    string
	Offset  int64
	Problem string
}

// Error returns the problem with the book's name and the offset.
func (e *FormatError) Error() string {
	name := ""
	if e.Name != "" {
		name = e.Name + ": "
	}
	return fmt.Sprintf("polyglot: %sat offset %d (entry %d): %s", name, e.Offset, e.Offset/EntrySize, e.Problem)
}

// checker checks a book's entries in order.
type checker struct {
	name    string
	prev    uint64
	started bool
}

// check checks the entry at byte offset off.
func (c *checker) check(off int64, e RawEntry) error {
	if c.started && e.Key < c.prev {
		return &FormatError{c.name, off, fmt.Sprintf("key %016x is less than the key %016x before it: the book is not sorted", e.Key, c.prev)}
	}
	c.prev, c.started = e.Key, true
	if e.Key == 0 {
		return nil // a header entry (Polyglot 1.4's format line); its fields are text
	}
	if p := moveProblem(e.Move); p != "" {
		return &FormatError{c.name, off, p}
	}
	return nil
}

// checkSize refuses a length that is not a whole number of entries.
func checkSize(name string, size int64) error {
	if size < 0 {
		return &FormatError{name, 0, fmt.Sprintf("negative size %d", size)}
	}
	if size%EntrySize != 0 {
		return &FormatError{name, size - size%EntrySize, fmt.Sprintf("the length %d is not a multiple of %d: the book is truncated or not a Polyglot book", size, EntrySize)}
	}
	return nil
}
