package pgn

// skip passes over movetext without reading its moves, keeping count of
// the variation depth, until a ')' brings the depth down to stop, or the
// game ends: then r.ended is set and result is the result token, if any.
// It returns the depth it reached. It runs through move text a table
// lookup a byte, and looks at a token only when it holds a byte that a
// result has ('-', '/', '½', '–'), finding where the game ends exactly as
// the movetext loop does.
func (r *Reader) skip(depth, stop int) (int, string) {
	s := &r.s
	r.ended = false
	lineStart := s.atLineStart()
	for {
		if s.r == s.w {
			// Keep whole the token that may go on in the next read.
			t := s.r
			for t > 0 && class[s.buf[t-1]]&clSymbol != 0 {
				t--
			}
			s.r = s.keepDollar(t)
			if !s.more() {
				s.r = s.w
				r.ended = true
				return depth, ""
			}
			continue
		}
		c := s.buf[s.r]
		if lineStart {
			if c == 0xEF && s.bomAt() {
				s.skipBOM() // still at the line's start
				continue
			}
			lineStart = false
			if c == '[' && class[s.peek()]&clLetter != 0 {
				r.ended = true
				return depth, ""
			}
			if c == '%' {
				s.restOfLine()
				continue
			}
		}
		if skipPlain[c] {
			s.r++
			for s.r < s.w && skipPlain[s.buf[s.r]] {
				s.r++
			}
			continue
		}
		switch c {
		case '\n':
			s.r++
			s.newline(s.r)
			lineStart = true
		case '-', '/', 0xC2, 0xE2:
			if depth == 0 {
				result, more := r.resultAround()
				if more {
					continue
				}
				if result != "" {
					r.trailer(nil, false)
					r.ended = true
					return 0, result
				}
			}
			s.r++
		case '{':
			if _, end := s.comment(); end == cut {
				r.ended = true
				return depth, ""
			}
			lineStart = s.atLineStart()
		case ';':
			s.r++
			s.restOfLine()
		case '(':
			s.r++
			depth++
		case ')':
			s.r++
			if depth > 0 {
				depth--
			}
			if depth == stop {
				return depth, ""
			}
		case '*':
			s.r++
			if depth == 0 {
				r.trailer(nil, false)
				r.ended = true
				return 0, "*"
			}
		default:
			s.r++
		}
	}
}

// resultAround reads the symbol token around r, which holds a byte of a
// result, as the movetext loop would have read it: after any byte-order
// marks and glyphs that stand apart before it, and not as the number of
// a NAG ("$1-0" is no result). It returns the result it is, and consumes
// the token; or "" without consuming anything; or more, having read more
// input, when the token may go on past the buffer.
func (r *Reader) resultAround() (result string, more bool) {
	s := &r.s
	t0 := s.r
	for t0 > 0 && class[s.buf[t0-1]]&clSymbol != 0 {
		t0--
	}
	t1 := s.r
	for t1 < s.w && class[s.buf[t1]]&clSymbol != 0 {
		t1++
	}
	if t1 == s.w && !s.eof {
		off := s.r - t0 // the result byte's place in the token
		keep := s.keepDollar(t0)
		s.r = keep
		if s.more() {
			return "", true
		}
		// The input has ended (or the token fills the largest buffer): the
		// token is what there is.
		t0, t1 = s.r+t0-keep, s.w
		s.r = t0 + off
	}
	if t0 > 0 && s.buf[t0-1] == '$' && s.buf[t0] >= '0' && s.buf[t0] <= '9' {
		return "", false // the number of a NAG
	}
	tok := t0
	for tok < t1 {
		switch {
		case s.buf[tok] == '!' || s.buf[tok] == '?':
			tok++
		case s.buf[tok] == 0xEF && tok+2 < t1 && s.buf[tok+1] == 0xBB && s.buf[tok+2] == 0xBF:
			tok += 3
		default:
			goto read
		}
	}
read:
	if result = resultToken(s.buf[tok:t1]); result != "" {
		s.r = t1
	}
	return result, false
}

// skipPlain holds the bytes skip passes without a look: those of moves,
// numbers and glyphs, and blanks.
var skipPlain = func() (p [256]bool) {
	for b := range p {
		p[b] = class[b]&clSymbol != 0 || b == ' ' || b == '\t' || b == '\r'
	}
	for _, b := range []byte{'-', '/', 0xC2, 0xE2} {
		p[b] = false
	}
	return p
}()
