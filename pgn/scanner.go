package pgn

import (
	"bytes"
	"io"
)

const (
	// bufSize is the reader's buffer size; it grows for a longer token.
	bufSize = 64 << 10
	// maxToken bounds a token (comment, tag line) kept whole, so that
	// memory stays bounded whatever the input.
	maxToken = 16 << 20
)

// Byte classes of the scanner.
const (
	clSymbol uint8 = 1 << iota // may be part of a move, move number or result
	clLetter                   // ASCII letter: starts a tag name
)

// class holds each byte's classes.
var class = func() (c [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		c[b] = clSymbol | clLetter
		c[b-'a'+'A'] = clSymbol | clLetter
	}
	for b := '0'; b <= '9'; b++ {
		c[b] = clSymbol
	}
	for _, b := range []byte("_+#=:-/.!?@") {
		c[b] = clSymbol
	}
	for b := 0x80; b < 0x100; b++ {
		c[b] = clSymbol // UTF-8: figurines, dashes, ½, the ellipsis
	}
	return c
}()

// scanner is the byte level of the reader: a buffer over the input that
// keeps a token contiguous, and the line count for error locations. The
// bytes before r have been read; their newlines are counted.
type scanner struct {
	rd   io.Reader
	buf  []byte
	r, w int   // unread bytes are buf[r:w]
	base int64 // input offset of buf[0]
	eof  bool  // the input has ended (or failed: err)
	err  error // the read error that ended the input, other than io.EOF

	line      int   // line of buf[r], from 1
	lineStart int64 // input offset where that line starts
	newlines  int   // newlines crossed by the last call of space
}

func (s *scanner) reset(rd io.Reader) {
	buf := s.buf
	if len(buf) != bufSize {
		buf = make([]byte, bufSize)
	}
	*s = scanner{rd: rd, buf: buf, line: 1}
}

// offset returns the input offset of buf[r].
func (s *scanner) offset() int64 { return s.base + int64(s.r) }

// column returns the column of buf[r], from 1.
func (s *scanner) column() int { return int(s.offset()-s.lineStart) + 1 }

// atLineStart reports whether buf[r] is the first byte of a line.
func (s *scanner) atLineStart() bool { return s.offset() == s.lineStart }

// newline counts the newline just before buf[i].
func (s *scanner) newline(i int) {
	s.line++
	s.lineStart = s.base + int64(i)
}

// more moves the unread bytes to the front of the buffer and reads more
// input after them. It returns false when nothing more came: at the end of
// the input, or when the unread bytes fill a buffer of maxToken bytes.
// Indices into buf shift by the old r: callers keep offsets from r.
func (s *scanner) more() bool {
	if s.eof {
		return false
	}
	if s.r > 0 {
		if len(s.buf) > bufSize && s.w-s.r <= bufSize/2 {
			// A long token is done with: return to the normal size.
			nb := make([]byte, bufSize)
			copy(nb, s.buf[s.r:s.w])
			s.buf = nb
		} else {
			copy(s.buf, s.buf[s.r:s.w])
		}
		s.base += int64(s.r)
		s.w -= s.r
		s.r = 0
	}
	if s.w == len(s.buf) {
		if len(s.buf) >= maxToken {
			return false
		}
		nb := make([]byte, min(2*len(s.buf), maxToken))
		copy(nb, s.buf[:s.w])
		s.buf = nb
	}
	for range 100 {
		n, err := s.rd.Read(s.buf[s.w:])
		s.w += n
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	s.eof, s.err = true, io.ErrNoProgress
	return false
}

// ensure makes n unread bytes available if the input has them.
func (s *scanner) ensure(n int) bool {
	for s.w-s.r < n {
		if !s.more() {
			return false
		}
	}
	return true
}

// space skips white space (a byte-order mark counts as such), counting
// lines, and returns the next byte; ok is false at the end of the input.
func (s *scanner) space() (c byte, ok bool) {
	s.newlines = 0
	for {
		for s.r < s.w {
			switch c := s.buf[s.r]; c {
			case ' ', '\t', '\r':
				s.r++
			case '\n':
				s.r++
				s.newline(s.r)
				s.newlines++
			case 0xEF:
				if !s.bomAt() {
					return c, true
				}
				s.skipBOM()
			default:
				return c, true
			}
		}
		if !s.more() {
			return 0, false
		}
	}
}

// bomAt reports whether a UTF-8 byte-order mark is at r.
func (s *scanner) bomAt() bool {
	return s.ensure(3) && s.buf[s.r] == 0xEF && s.buf[s.r+1] == 0xBB && s.buf[s.r+2] == 0xBF
}

// skipBOM skips the byte-order mark at r. One at the start of a line
// (of a file above all) is not part of the line: what follows it counts
// as the line's start, for a % line say, and its columns.
func (s *scanner) skipBOM() {
	atStart := s.atLineStart()
	s.r += 3
	if atStart {
		s.lineStart = s.offset()
	}
}

// peek returns the byte after buf[r], or 0.
func (s *scanner) peek() byte {
	if !s.ensure(2) {
		return 0
	}
	return s.buf[s.r+1]
}

// symbol reads the run of symbol bytes at r.
func (s *scanner) symbol() []byte {
	buf := s.buf[s.r:s.w]
	for i, c := range buf {
		if class[c]&clSymbol == 0 {
			s.r += i
			return buf[:i]
		}
	}
	return s.symbolMore()
}

// symbolMore is symbol for a token that may go on past the buffered data.
func (s *scanner) symbolMore() []byte {
	i := s.r
	for {
		for i < s.w && class[s.buf[i]]&clSymbol != 0 {
			i++
		}
		if i < s.w || s.eof {
			break
		}
		off := i - s.r
		more := s.more()
		i = s.r + off
		if !more {
			break
		}
	}
	tok := s.buf[s.r:i]
	s.r = i
	return tok
}

// keepDollar returns where the bytes that more must keep begin, for the
// symbol token that starts at t: there, or at the '$' before it, which
// tells the number of a NAG from a result ("$1/2" is none), and which
// skip would no longer see once more had dropped it.
func (s *scanner) keepDollar(t int) int {
	if t > 0 && s.buf[t-1] == '$' {
		return t - 1
	}
	return t
}

// glyphs reads the run of '!' and '?' at r.
func (s *scanner) glyphs() []byte {
	s.ensure(3)
	i := s.r
	for i < s.w && (s.buf[i] == '!' || s.buf[i] == '?') {
		i++
	}
	g := s.buf[s.r:i]
	s.r = i
	return g
}

// restOfLine reads the rest of the line from r, without the newline (and
// without a CR before it), which it leaves unread. When the line is longer
// than maxToken it discards it and returns tooLong.
func (s *scanner) restOfLine() (text []byte, tooLong bool) {
	i := s.r
	for {
		if e := bytes.IndexByte(s.buf[i:s.w], '\n'); e >= 0 {
			i += e
			break
		}
		i = s.w
		if s.eof {
			break
		}
		off := i - s.r
		if !s.more() {
			if s.eof {
				i = s.w
				break
			}
			// Too long to keep: drop what is read and go on to the newline.
			s.r, i, tooLong = s.w, s.w, true
			continue
		}
		i = s.r + off
	}
	text = s.buf[s.r:i]
	s.r = i
	if n := len(text); n > 0 && text[n-1] == '\r' {
		text = text[:n-1]
	}
	return text, tooLong
}

// How a brace comment ended.
type commentEnd uint8

const (
	closed   commentEnd = iota // at its '}'
	cut                        // before a tag line after a blank line: the next game
	unclosed                   // at the end of the input
	overlong                   // closed, but longer than maxToken: its text is lost
)

// comment reads a brace comment whose '{' is at r and returns its text.
// A blank line followed by a line that starts like a tag pair ends an
// unclosed comment there, at the next game, so that a missing '}' costs
// one game and not the rest of the file; r is then at the tag line.
func (s *scanner) comment() ([]byte, commentEnd) {
	s.r++
	i := s.r // the next byte whose newline, if any, is not counted yet
	end := closed
outer:
	for {
		e := bytes.IndexByte(s.buf[i:s.w], '}')
		lim := s.w
		if e >= 0 {
			lim = i + e
		}
		for {
			nl := bytes.IndexByte(s.buf[i:lim], '\n')
			if nl < 0 {
				i = lim
				break
			}
			j := i + nl
			next, decided := s.tagLineAfterBlank(j)
			if !decided {
				iOff, limOff := i-s.r, lim-s.r
				if s.more() {
					i = s.r + iOff
					continue outer // search again, '}' included, on more data
				}
				lim, j = s.r+limOff, s.r+iOff+nl
				next = -1
			}
			s.newline(j + 1)
			if next >= 0 {
				s.newline(next) // the blank line's own newline
				text := s.buf[s.r:j]
				s.r = next
				return text, cut
			}
			i = j + 1
		}
		if e >= 0 {
			text := s.buf[s.r:lim]
			s.r = lim + 1
			return text, end
		}
		off := i - s.r
		if !s.more() {
			if s.eof {
				text := s.buf[s.r:s.w]
				s.r = s.w
				return text, unclosed
			}
			s.r, i, end = s.w, s.w, overlong // drop the text, find the end
			continue
		}
		i = s.r + off
	}
}

// tagLineAfterBlank reports, for the newline at buf[j], whether a blank
// line follows it and then a line that starts like a tag pair ('[' and a
// letter): next is then the index of that '[', else -1. decided is false
// when the buffer ends before the answer is known.
func (s *scanner) tagLineAfterBlank(j int) (next int, decided bool) {
	k := j + 1
	for k < s.w && (s.buf[k] == ' ' || s.buf[k] == '\t' || s.buf[k] == '\r') {
		k++
	}
	if k+2 >= s.w {
		return -1, s.eof
	}
	if s.buf[k] != '\n' || s.buf[k+1] != '[' || class[s.buf[k+2]]&clLetter == 0 {
		return -1, true
	}
	return k + 1, true
}

// oneLineComment returns the index of the '}' that closes the comment
// whose text starts at buf[i], if it comes before any line break; else -1,
// also when buf ends first (the general path then reads the comment).
func oneLineComment(buf []byte, i int) int {
	k := bytes.IndexByte(buf[i:], '}')
	if k < 0 || bytes.IndexByte(buf[i:i+k], '\n') >= 0 {
		return -1
	}
	return i + k
}

// trimSpace is bytes.TrimSpace, the ASCII white space at either end taken
// off without a call: a comment's text most often starts and ends with a
// space. Only non-ASCII bytes left at an end go to bytes.TrimSpace, for
// the Unicode spaces it also trims.
func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && asciiSpace[b[i]] {
		i++
	}
	for j > i && asciiSpace[b[j-1]] {
		j--
	}
	b = b[i:j]
	if len(b) > 0 && (b[0] >= 0x80 || b[len(b)-1] >= 0x80) {
		return bytes.TrimSpace(b)
	}
	return b
}

// asciiSpace holds the ASCII bytes bytes.TrimSpace trims.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// isMoveNumber reports whether tok is digits and dots, such as "12...".
func isMoveNumber(tok []byte) bool {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	for i < len(tok) && tok[i] == '.' {
		i++
	}
	return i == len(tok)
}

// atoi reads a decimal number of at most 9 digits.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
