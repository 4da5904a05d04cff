package pgn

import (
	"bytes"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// movetext reads the movetext up to the end of the game. With skip, it
// only finds where the game ends.
func (r *Reader) movetext(v Visitor, skip bool) error {
	if skip {
		_, result := r.skip(0, -1)
		return r.endGame(v, 0, result)
	}
	s := &r.s
	r.lastKind = lastNone
	depth := 0
	for {
		if r.gerr != nil {
			// Broken: only find where the game ends.
			var result string
			depth, result = r.skip(depth, -1)
			return r.endGame(v, depth, result)
		}
		// Most tokens are moves and move numbers: the fast path reads them.
		r.fastTokens(v)
		if s.r < s.w && s.buf[s.r] == ' ' {
			s.r++ // skip it here, without a call
		}
		var c byte
		if s.r < s.w && s.buf[s.r] > ' ' && s.buf[s.r] != 0xEF {
			c = s.buf[s.r]
		} else {
			var ok bool
			if c, ok = s.space(); !ok {
				return r.endGame(v, depth, "")
			}
		}
		if class[c]&clSymbol != 0 && c != '!' && c != '?' {
			line, off := s.line, s.offset()
			tok := s.symbol()
			kind, move := tokMove, tok
			switch {
			case c >= 'a' && c <= 'h' && (c != 'e' || len(tok) < 2 || tok[1] != '.' && tok[1] != 'p'),
				c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K':
				// A move: the common case, classified without a call.
			case c >= '1' && c <= '9' && tok[len(tok)-1] == '.' && isMoveNumber(tok):
				continue // "12." or "12...": the other common case
			default:
				var result string
				var nag NAG
				kind, move, result, nag = classify(tok)
				switch kind {
				case tokResult:
					if depth == 0 {
						r.trailer(v, true)
						return r.endGame(v, 0, result)
					}
				case tokNAG:
					if r.lastKind != lastNone {
						v.NAG(nag)
					}
				}
			}
			switch kind {
			case tokMove:
				r.play(v, move, line, off)
			case tokNull:
				r.playNull(v, move, line, off)
			}
			continue
		}
		switch {
		case c == '{':
			line, col := s.line, s.column()
			text, end := s.comment()
			switch end {
			case closed:
				v.Comment(r.commentText(text))
			case overlong:
				r.fail(line, col, fmt.Errorf("%w: a comment longer than %d bytes", ErrTooLarge, maxToken))
			case unclosed:
				r.fail(line, col, errUnclosedComment)
			case cut:
				r.fail(line, col, errUnclosedComment)
				return r.endGame(v, 0, "")
			}
		case c == ';':
			line, col := s.line, s.column()
			s.r++
			text, tooLong := s.restOfLine()
			if tooLong {
				r.fail(line, col, fmt.Errorf("%w: a comment longer than %d bytes", ErrTooLarge, maxToken))
			} else {
				v.Comment(r.commentText(text))
			}
		case c == '(':
			line, col := s.line, s.column()
			s.r++
			depth++
			switch {
			case r.lastKind == lastNone:
				r.fail(line, col, fmt.Errorf("%w: a variation with no move before it", ErrVariation))
			case len(r.stack) >= maxDepth:
				r.fail(line, col, fmt.Errorf("%w: variations nested deeper than %d", ErrTooLarge, maxDepth))
			case v.BeginVariation() == Skip:
				var result string
				if depth, result = r.skip(depth, depth-1); r.ended {
					return r.endGame(v, depth, result)
				}
			default:
				r.push()
			}
		case c == ')':
			line, col := s.line, s.column()
			s.r++
			if depth == 0 {
				r.fail(line, col, fmt.Errorf("%w: ')' closes no variation", ErrVariation))
				continue
			}
			r.pop()
			v.EndVariation()
			depth--
		case c == '$':
			line, col := s.line, s.column()
			s.r++
			n, valid := 0, false
			if s.ensure(1) && s.buf[s.r] >= '0' && s.buf[s.r] <= '9' {
				n, valid = atoi(s.symbol())
			}
			if !valid || n > 255 {
				r.fail(line, col, fmt.Errorf("%w: '$' must be followed by a number from 0 to 255", ErrSyntax))
			} else if r.lastKind != lastNone {
				v.NAG(NAG(n))
			}
		case c == '*':
			s.r++
			if depth == 0 {
				r.trailer(v, true)
				return r.endGame(v, 0, "*")
			}
		case c == '!' || c == '?':
			if n := glyphNAG(s.glyphs()); n != 0 && r.lastKind != lastNone {
				v.NAG(n)
			}
		case c == '[' && s.atLineStart() && class[s.peek()]&clLetter != 0:
			return r.endGame(v, depth, "") // the next game's tags: no result here
		case c == '%' && s.atLineStart():
			s.restOfLine()
		default:
			r.fail(s.line, s.column(), fmt.Errorf("%w: unexpected %q", ErrSyntax, c))
			s.r++
		}
	}
}

// trailer reads the comments that follow a game's result on its line.
func (r *Reader) trailer(v Visitor, on bool) {
	s := &r.s
	for {
		for s.ensure(1) && isBlank(s.buf[s.r]) {
			s.r++
		}
		if !s.ensure(1) {
			return
		}
		line, col := s.line, s.column()
		switch s.buf[s.r] {
		case ';':
			s.r++
			if text, tooLong := s.restOfLine(); on && !tooLong {
				v.Comment(r.commentText(text))
			}
		case '{':
			text, end := s.comment()
			switch {
			case end == closed && on:
				v.Comment(r.commentText(text))
			case end == unclosed || end == cut:
				r.fail(line, col, errUnclosedComment)
				return
			}
		default:
			return
		}
	}
}

// commentText returns a comment's text trimmed, with a CR before a line
// break left out and a soft line break (a space ending the line, as
// Writer breaks a long comment) read as that space.
func (r *Reader) commentText(text []byte) []byte {
	text = trimSpace(text)
	if bytes.IndexByte(text, '\n') < 0 {
		return text
	}
	out := r.ctext[:0]
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\r' && i+1 < len(text) && text[i+1] == '\n':
			continue
		case c == ' ':
			j := i + 1
			if j < len(text) && text[j] == '\r' {
				j++
			}
			if j < len(text) && text[j] == '\n' {
				i = j
			}
		}
		out = append(out, c)
	}
	r.ctext = out
	return out
}

// play reads and plays a move token, glyph suffix included.
func (r *Reader) play(v Visitor, tok []byte, line int, off int64) {
	g := len(tok)
	for g > 0 && (tok[g-1] == '!' || tok[g-1] == '?') {
		g--
	}
	m, ok := resolve(&r.pos, tok[:g])
	if !ok {
		var err error
		if m, err = san.Parse(&r.pos, moveString(tok[:g])); err != nil {
			r.fail(line, int(off-r.s.lineStart)+1, err)
			return
		}
	}
	v.Move(&r.pos, m)
	r.undo = r.pos.MakeMove(m)
	r.last, r.lastKind = m, lastMove
	if n := glyphNAG(tok[g:]); n != 0 {
		v.NAG(n)
	}
}

// playNull plays a null move: a pass, legal only out of check.
func (r *Reader) playNull(v Visitor, tok []byte, line int, off int64) {
	if r.pos.InCheck() {
		r.fail(line, int(off-r.s.lineStart)+1, &san.MoveError{
			Move: string(tok), FEN: r.pos.FEN(), Err: san.ErrIllegal, Detail: "a null move while in check"})
		return
	}
	v.Move(&r.pos, core.NoMove)
	r.undo = r.pos.MakeNullMove()
	r.last, r.lastKind = core.NoMove, lastNull
	g := len(tok)
	for g > 0 && (tok[g-1] == '!' || tok[g-1] == '?') {
		g--
	}
	if n := glyphNAG(tok[g:]); n != 0 {
		v.NAG(n)
	}
}

// push starts a variation: it saves the line and takes its last move back.
func (r *Reader) push() {
	r.stack = append(r.stack, frame{pos: r.pos, last: r.last, undo: r.undo, kind: r.lastKind})
	if r.lastKind == lastNull {
		r.pos.UnmakeNullMove(r.undo)
	} else {
		r.pos.UnmakeMove(r.last, r.undo)
	}
	r.lastKind = lastNone
}

// pop ends a variation: back to the line it interrupted.
func (r *Reader) pop() {
	f := &r.stack[len(r.stack)-1]
	r.pos, r.last, r.undo, r.lastKind = f.pos, f.last, f.undo, f.kind
	r.stack = r.stack[:len(r.stack)-1]
}
