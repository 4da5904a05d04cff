package game

import (
	"errors"
	"fmt"
)

// Errors of a Game, matched with errors.Is. Move input errors are core's
// and san's (*core.MoveError, *san.MoveError), matching core.ErrMoveSyntax,
// core.ErrIllegalMove or san.ErrAmbiguous.
var (
	// ErrGameOver means the game is decided: no more moves, no second
	// decision. It comes inside a *GameOverError saying what the result is.
	ErrGameOver = errors.New("game is over")
	// ErrNoMoveToUndo means Undo was called before the first move.
	ErrNoMoveToUndo = errors.New("no move to undo")
	// ErrNoDrawToClaim means ClaimDraw was called when neither threefold
	// repetition nor the fifty-move rule holds.
	ErrNoDrawToClaim = errors.New("no draw to claim")
	// ErrInvalidTag means a PGN tag name or value cannot be written in PGN,
	// or the tag is one the game writes itself.
	ErrInvalidTag = errors.New("invalid tag")
	// ErrInvalidData means saved data (binary or JSON) is not a game this
	// package wrote: corrupt, truncated, of an unknown version, or holding
	// an illegal move. It comes inside a *DataError.
	ErrInvalidData = errors.New("invalid saved game")
	// ErrNoEngine means an engine call was made on a game without one.
	ErrNoEngine = errors.New("no engine attached")
	// ErrNoGame means FromPGN found no game in its input.
	ErrNoGame = errors.New("no game in the PGN input")
)

// GameOverError reports a move or a decision on a game already decided,
// with the outcome it has.
type GameOverError struct {
	Op      string  // what was tried: "move", "draw", "resign", ...
	Outcome Outcome // how the game ended
}

// Error says what was tried and how the game ended.
func (e *GameOverError) Error() string {
	return fmt.Sprintf("game: cannot %s: game is over: %v", e.Op, e.Outcome)
}

// Unwrap returns ErrGameOver.
func (e *GameOverError) Unwrap() error { return ErrGameOver }

// DataError reports saved data that cannot be restored: the format, what is
// wrong, and where (the byte offset for binary data, -1 when it does not
// apply).
type DataError struct {
	Format string // "binary" or "json"
	Offset int    // byte offset of the problem in binary data, or -1
	Msg    string // what is wrong
	Err    error  // the cause (a *core.FENError, *core.MoveError, ...), or nil
}

// Error says what is wrong with the data, and where.
func (e *DataError) Error() string {
	s := "game: " + ErrInvalidData.Error() + " (" + e.Format
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at byte %d", e.Offset)
	}
	s += "): " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns ErrInvalidData and the cause, if any, so errors.Is
// matches both.
func (e *DataError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrInvalidData}
	}
	return []error{ErrInvalidData, e.Err}
}
