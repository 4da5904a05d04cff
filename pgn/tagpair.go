package pgn

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
)

// anyTagPair reads the tag pair whose '[' is at r: [Name "Value"], white
// space allowed around the parts. A value may hold \" and \\; a quote
// left unescaped inside it ([Event "The "Big" Match"]) is forgiven when
// the pair still ends the line in `"]`. The value's escapes are resolved
// into *scratch. On failure the rest of the line is consumed. It reads
// any line; the reader tries plainTagPair, the common case, first.
func (s *scanner) anyTagPair(scratch *[]byte) (name, value []byte, err error) {
	// The whole line must be in the buffer: tags never span lines.
	eol := -1
	for {
		if e := bytes.IndexByte(s.buf[s.r:s.w], '\n'); e >= 0 {
			eol = s.r + e
			break
		}
		if s.eof {
			eol = s.w
			break
		}
		if !s.more() {
			if !s.eof {
				s.restOfLine()
				return nil, nil, fmt.Errorf("%w: a line longer than %d bytes", ErrTooLarge, maxToken)
			}
		}
	}
	line := s.buf[s.r:eol]
	fail := func(format string, args ...any) ([]byte, []byte, error) {
		s.r = eol
		return nil, nil, fmt.Errorf("%w: "+format, append([]any{ErrTag}, args...)...)
	}

	i := skipBlanks(line, 1)
	start := i
	for i < len(line) && !isBlank(line[i]) && line[i] != '"' && line[i] != ']' {
		i++
	}
	if i == start {
		return fail("no tag name in %q", trimLine(line))
	}
	name = line[start:i]
	shown := tagNameText(name)
	i = skipBlanks(line, i)
	if i == len(line) || line[i] != '"' {
		return fail("tag %s has no quoted value", shown)
	}
	i++
	vstart := i
	q := bytes.IndexByte(line[i:], '"')
	escapes := q >= 0 && bytes.IndexByte(line[i:i+q], '\\') >= 0
	if q >= 0 && !escapes {
		i += q
	} else {
		escapes = false
		for i < len(line) && line[i] != '"' {
			if line[i] == '\\' && i+1 < len(line) {
				escapes = true
				i++
			}
			i++
		}
	}
	if i >= len(line) {
		return fail("tag %s: the value's closing quote is missing", shown)
	}
	vend := i
	i = skipBlanks(line, i+1)
	if i == len(line) || line[i] != ']' {
		// An unescaped quote inside the value: take the value to the last
		// quote that ends the pair, if the line has one.
		q := bytes.LastIndexByte(line, ']')
		if q < 0 {
			return fail("tag %s: ']' is missing", shown)
		}
		e := q - 1
		for e > vend && isBlank(line[e]) {
			e--
		}
		if e <= vend || line[e] != '"' {
			return fail("tag %s: unexpected text after the value", shown)
		}
		vend, i = e, q
		escapes = bytes.IndexByte(line[vstart:vend], '\\') >= 0
	}
	value = line[vstart:vend]
	s.r += i + 1
	if escapes {
		*scratch = unescape((*scratch)[:0], value)
		value = *scratch
	}
	return name, value, nil
}

// tagNameText is a tag's name as an error message shows it: as it is
// when it is printable ASCII, else quoted with its other bytes escaped
// ("\x7fab"), as the messages of the movetext escape an unexpected byte.
func tagNameText(name []byte) string {
	for _, c := range name {
		if c < ' ' || c > '~' {
			return strconv.Quote(string(name))
		}
	}
	return string(name)
}

// plainTagPair reads the tag pair whose '[' is at r when it is written
// the common way, whole in the buffer: [Name "Value"], a name of letters,
// digits and '_', one space, a value with no escape nor line break, the
// ']' right after the closing quote. That is one pass over the bytes,
// where anyTagPair looks for the end of the line first; it
// reads such a pair exactly as anyTagPair does. ok is false, and nothing is
// read, for any other.
func (s *scanner) plainTagPair() (name, value []byte, ok bool) {
	b := s.buf[s.r:s.w]
	i := 1
	if len(b) > 8 {
		// The name's length from a mask of which of the next eight bytes
		// are name bytes: no branch a byte for the common short names.
		w := (*[8]byte)(b[1:])
		m := uint(tagNameBit[w[0]]) | uint(tagNameBit[w[1]])<<1 | uint(tagNameBit[w[2]])<<2 | uint(tagNameBit[w[3]])<<3 |
			uint(tagNameBit[w[4]])<<4 | uint(tagNameBit[w[5]])<<5 | uint(tagNameBit[w[6]])<<6 | uint(tagNameBit[w[7]])<<7
		i += bits.TrailingZeros8(^uint8(m))
	}
	for i < len(b) && tagNameByte[b[i]] {
		i++ // a longer name, or the end of the buffer
	}
	if i == 1 || i+2 >= len(b) || b[i] != ' ' || b[i+1] != '"' {
		return nil, nil, false
	}
	name = b[1:i]
	i += 2
	v := i
	i += valueLength(b[i:])
	if i+1 >= len(b) || b[i] != '"' || b[i+1] != ']' {
		return nil, nil, false
	}
	s.r += i + 2
	return name, b[v:i], true
}

// valueLength returns the length of the run of bytes at the start of b
// that are neither a quote nor a backslash nor a line break. It looks at
// eight bytes at a time: (x - 0x01...01) &^ x & 0x80...80 marks the bytes
// of x that are zero, the lowest mark exactly, so x ^ (c * 0x01...01)
// marks the bytes equal to c.
func valueLength(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		q, e, n := x^(ones*'"'), x^(ones*'\\'), x^(ones*'\n')
		if m := ((q-ones)&^q | (e-ones)&^e | (n-ones)&^n) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(b) && !tagValueStop[b[i]] {
		i++
	}
	return i
}

// tagNameBit is tagNameByte as 0 or 1.
var tagNameBit = func() (b [256]uint8) {
	for c := range b {
		if tagNameByte[c] {
			b[c] = 1
		}
	}
	return b
}()

// tagNameByte holds the bytes of a plain tag name; tagValueStop those
// that end a plain tag value or make it another than plain.
var tagNameByte, tagValueStop = func() (name, stop [256]bool) {
	for c := range 256 {
		name[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	for _, c := range []byte("\"\\\n") {
		stop[c] = true
	}
	return name, stop
}()

// unescape appends v to dst with \" and \\ resolved; any other backslash
// stays as it is.
func unescape(dst, v []byte) []byte {
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		dst = append(dst, v[i])
	}
	return dst
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

func skipBlanks(b []byte, i int) int {
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	return i
}

// trimLine shortens a line for an error message.
func trimLine(b []byte) string {
	b = bytes.TrimRight(b, "\r")
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}
