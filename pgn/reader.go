package pgn

import (
	"fmt"
	"io"

	"github.com/gambit-chess/gambit/core"
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
	variantLine  int // where the Variant tag is
	variantCol   int
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
		if line, col, err := r.setup(); err != nil {
			r.fail(line, col, err)
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
