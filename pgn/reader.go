package pgn

import (
	"bytes"
	"fmt"
	"io"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// maxDepth bounds the nesting of variations the reader follows, which
// bounds its memory: each level keeps a position.
const maxDepth = 512

// errUnclosedComment is the error of a comment without its '}'. It says
// the same whether the input or the game ends first, so that a file read
// whole or in chunks (as cmd/pgn's workers read it) gives the same errors.
var errUnclosedComment = fmt.Errorf("%w: no '}' before the game ends", ErrComment)

// startPosition is the standard start position, set up once.
var startPosition = core.StartPosition()

// Reader reads games from PGN text, one at a time, in constant memory per
// game. Next returns a whole game; Visit hands its parts to a Visitor;
// NextTags and NextMainline are the fast paths built on Visit.
//
// A game ends at its result token (outside variations), at a line that
// starts with a tag pair, or at the end of the input; empty lines do not
// end a game. A broken game gives an *Error, and the reader goes on with
// the next game: an empty line followed by a line that starts with a tag
// pair always starts a new game, inside an unclosed comment or after
// broken tags too, so that no valid game is lost to a broken one.
type Reader struct {
	s     scanner
	games int   // games begun
	end   error // what Visit returns once the input is done
	gerr  *Error
	ended bool // skip reached the end of the game

	// The position of the movetext being read, and the undo information
	// that lets a variation start from the position before the last move.
	pos      core.Position
	last     core.Move
	undo     core.Undo
	lastKind uint8
	stack    []frame
	sm       sanMove // the move the fast path reads

	fen, variant []byte // the tags the start position needs
	hasFEN       bool
	fenLine      int
	fenCol       int
	scratch      []byte // unescaped tag values
	ctext        []byte // comments with line breaks, unwrapped

	tree  builder
	tags  tagsVisitor
	plain mainlineVisitor
}

// What the last move of the current line was.
const (
	lastNone uint8 = iota
	lastMove
	lastNull
)

// frame is the state of a line that a variation interrupts.
type frame struct {
	pos  core.Position
	last core.Move
	undo core.Undo
	kind uint8
}

// NewReader returns a Reader of the PGN text rd gives. It buffers the
// input itself.
func NewReader(rd io.Reader) *Reader {
	r := &Reader{}
	r.s.reset(rd)
	return r
}

// Reset makes r read the PGN text rd gives from its start, as a Reader
// from NewReader(rd) would, keeping the memory r has: its buffer, its
// variation stack, its scratch space. A worker that reads many inputs in
// turn (the chunks of a large file, say) then allocates nothing per input.
func (r *Reader) Reset(rd io.Reader) {
	r.s.reset(rd)
	r.games, r.end, r.gerr, r.ended = 0, nil, nil, false
	r.lastKind, r.hasFEN = lastNone, false
	r.stack = r.stack[:0]
	r.variant = r.variant[:0]
}

// Games returns the number of games the reader has begun, broken ones
// included: the number of the last game returned.
func (r *Reader) Games() int { return r.games }

// Line returns the line of the input, from 1, the reader has reached:
// during a Visitor's Tag call, the tag's line; during EndGame, the line of
// the result token (or, when the game has none, of where it ends).
func (r *Reader) Line() int { return r.s.line }

// Visit reads the next game and hands its parts to v. It returns nil for a
// good game, an *Error for a broken one (v has seen the game up to the
// error, then EndGame), io.EOF when the input has no more games, and
// another error if the input fails; the reader is then done.
func (r *Reader) Visit(v Visitor) error {
	if r.end != nil {
		return r.end
	}
	c, ok := r.between()
	if !ok {
		return r.finish()
	}
	r.games++
	r.gerr = nil
	r.hasFEN = false
	r.variant = r.variant[:0]
	v.BeginGame()

	s := &r.s
	for ok {
		if c == '[' {
			if s.newlines >= 2 && r.gerr != nil {
				// A blank line and a tag line after a broken tag: the next game.
				return r.endGame(v, 0, "")
			}
			r.tag(v)
			if s.r+1 < s.w && s.buf[s.r] == '\n' && s.buf[s.r+1] == '[' {
				// The next tag on the next line: what space finds, without
				// the call.
				s.r++
				s.newline(s.r)
				s.newlines, c = 1, '['
				continue
			}
		} else if c == '%' && s.atLineStart() {
			s.restOfLine()
		} else {
			break
		}
		c, ok = s.space()
	}

	skip := r.gerr != nil
	if !skip {
		if err := r.setup(); err != nil {
			r.fail(r.fenLine, r.fenCol, err)
			skip = true
		} else {
			skip = v.BeginMovetext(&r.pos) == Skip
		}
	}
	return r.movetext(v, skip)
}

// between skips what lies between games: white space, % lines and ;
// comment lines (a file's header, say). It returns the first byte of the
// next game.
func (r *Reader) between() (byte, bool) {
	s := &r.s
	for {
		c, ok := s.space()
		if !ok {
			return 0, false
		}
		if (c == '%' || c == ';') && s.atLineStart() {
			s.restOfLine()
			continue
		}
		return c, true
	}
}

// finish ends the input: io.EOF, or the read error that ended it.
func (r *Reader) finish() error {
	r.end = io.EOF
	if r.s.err != nil {
		r.end = fmt.Errorf("pgn: reading: %w", r.s.err)
	}
	return r.end
}

// tag reads a tag pair and keeps what the start position needs.
func (r *Reader) tag(v Visitor) {
	s := &r.s
	line, col := s.line, s.column()
	name, value, ok := s.plainTagPair()
	if !ok {
		var err error
		if name, value, err = s.anyTagPair(&r.scratch); err != nil {
			r.fail(line, col, err)
			return
		}
	}
	switch string(name) {
	case "FEN":
		r.fen = append(r.fen[:0], value...)
		r.hasFEN, r.fenLine, r.fenCol = true, line, col
	case "Variant":
		r.variant = append(r.variant[:0], value...)
		if !r.hasFEN {
			r.fenLine, r.fenCol = line, col
		}
	}
	if ml, ok := v.(*mainlineVisitor); ok {
		ml.tags.add(name, value) // NextMainline's, without the interface
	} else {
		v.Tag(name, value)
	}
}

// setup sets up the start position from the FEN and Variant tags.
func (r *Reader) setup() error {
	chess960, err := variant960(r.variant)
	if err != nil {
		return err
	}
	if r.hasFEN {
		p, err := core.ParseFEN(string(r.fen))
		if err != nil {
			return fmt.Errorf("%w: %w", ErrStart, err)
		}
		r.pos = p
	} else {
		r.pos = startPosition
	}
	if chess960 {
		r.pos.SetChess960(true)
	}
	return nil
}

// variant960 reads a Variant tag: whether it is Chess960, or an error for
// a variant with other rules.
func variant960(v []byte) (bool, error) {
	v = bytes.TrimSpace(v)
	for _, name := range [...]string{"", "standard", "chess", "normal", "from position", "fromposition", "classical", "regular"} {
		if bytes.EqualFold(v, []byte(name)) {
			return false, nil
		}
	}
	for _, name := range [...]string{"chess960", "chess 960", "960", "fischerandom", "fischerrandom", "fischer random", "freestyle", "frc"} {
		if bytes.EqualFold(v, []byte(name)) {
			return true, nil
		}
	}
	return false, fmt.Errorf("%w: unsupported variant %q", ErrStart, v)
}

// fail records the game's first error.
func (r *Reader) fail(line, col int, err error) {
	if r.gerr == nil {
		r.gerr = &Error{Game: r.games, Line: line, Column: col, Err: err}
	}
}

// endGame ends the current game.
func (r *Reader) endGame(v Visitor, depth int, result string) error {
	if depth > 0 {
		r.fail(r.s.line, r.s.column(), fmt.Errorf("%w: %d variation(s) not closed when the game ends", ErrVariation, depth))
	}
	r.stack = r.stack[:0]
	v.EndGame(result)
	if r.s.eof && r.s.err != nil {
		return r.finish() // the game is cut short by the failure
	}
	if r.gerr != nil {
		return r.gerr
	}
	return nil
}

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

// fastTokens reads the moves, move numbers and one-line comments at r
// that the fast path reads, each after a space or a line break, and stops
// before any other token, leaving it to the general path. It keeps the
// read index in a local, and stores it once it stops.
func (r *Reader) fastTokens(v Visitor) {
	s := &r.s
	buf, i := s.buf[:s.w], s.r
	// NextMainline's visitor, called without an interface: it keeps the
	// moves and drops the comments.
	ml, _ := v.(*mainlineVisitor)
	comments := ml == nil
	for {
		if i < len(buf) {
			switch buf[i] {
			case ' ':
				i++
			case '\n':
				i++
				s.newline(i)
			}
		}
		if len(buf)-i < window {
			break
		}
		w := (*[window]byte)(buf[i:])
		if c := w[0]; moveStart[c] {
			// A move, if scanMove reads it and it names one legal move;
			// else the general path reads it.
			g, end := scanMove(w, &r.sm)
			if end == 0 {
				break
			}
			// lookup's work, without its call for a piece or a pawn.
			var m core.Move
			if sm := &r.sm; sm.piece > core.Pawn && sm.promo == core.NoPieceType {
				var n int
				if m, n = r.pos.LegalMoveTo(sm.piece, sm.fromSquares(), sm.to); n != 1 {
					break
				}
			} else if sm.piece == core.Pawn && sm.fromRank < 0 {
				if m = r.pos.LegalPawnMoveTo(sm.pawnFile(), sm.to, sm.promo); m == core.NoMove {
					break
				}
			} else if mv, ok := lookup(&r.pos, sm); ok {
				m = mv // castling
			} else {
				break
			}
			i += end
			if ml != nil {
				ml.g.Moves = append(ml.g.Moves, m)
			} else {
				v.Move(&r.pos, m)
			}
			r.undo = r.pos.MakeMove(m)
			r.last, r.lastKind = m, lastMove
			if g < end {
				if n := glyphNAG(w[g:end]); n != 0 {
					v.NAG(n)
				}
			}
		} else if c-'1' < 9 {
			n := scanNumber(w)
			if n == 0 {
				break
			}
			i += n
		} else if c == '{' {
			// A comment on one line, closed in the buffer, read as the
			// general path's comment reads it.
			k := oneLineComment(buf, i+1)
			if k < 0 {
				break
			}
			if comments {
				v.Comment(r.commentText(buf[i+1 : k]))
			}
			i = k + 1
		} else {
			break
		}
	}
	s.r = i
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
