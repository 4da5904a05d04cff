package pgn

import (
	"errors"
	"fmt"
)

// Errors an *Error wraps, matched with errors.Is. A move that cannot be
// read wraps the *san.MoveError instead, which matches san.ErrSyntax,
// san.ErrIllegal or san.ErrAmbiguous.
var (
	// ErrSyntax means the movetext holds text that is no PGN token.
	ErrSyntax = errors.New("invalid PGN syntax")
	// ErrTag means a tag pair is malformed, such as [Event "x] or [Event].
	ErrTag = errors.New("malformed tag pair")
	// ErrComment means a brace comment is not closed before the input or the
	// game ends.
	ErrComment = errors.New("unterminated comment")
	// ErrVariation means parentheses do not match, or a variation opens
	// where no move precedes it.
	ErrVariation = errors.New("unbalanced variation")
	// ErrStart means the start position cannot be set up: a FEN tag that is
	// no legal position (it wraps the *core.FENError too) or an unsupported
	// Variant.
	ErrStart = errors.New("invalid start position")
	// ErrTooLarge means a comment, a line or the nesting of variations
	// exceeds the reader's limits.
	ErrTooLarge = errors.New("game too large")
)

// Error reports a broken game, in the style of strconv.NumError: where it
// is and what is wrong. Line and Column (in bytes, both from 1) locate the
// token at fault; Err is one of the errors above or a *san.MoveError.
type Error struct {
	Game   int // the game's number in the input, from 1
	Line   int
	Column int
	Err    error
}

// Error returns the location and the failure, such as
// `pgn: game 3, line 41, column 17: san: illegal move "Nf6" in <FEN>`.
func (e *Error) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %v", e.Game, e.Line, e.Column, e.Err)
}

// Unwrap returns the failure.
func (e *Error) Unwrap() error { return e.Err }
