package san

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Errors a parse returns, matched with errors.Is. ErrSyntax and ErrIllegal
// are core's own move errors, so a caller reading both SAN and UCI moves
// checks one set of errors.
var (
	// ErrSyntax means the text is not a move in any notation Parse knows
	// (for ParseStrict: not the canonical SAN Format writes).
	ErrSyntax = core.ErrMoveSyntax
	// ErrIllegal means the text is well formed but names no legal move.
	ErrIllegal = core.ErrIllegalMove
	// ErrAmbiguous means the text fits more than one legal move.
	ErrAmbiguous = errors.New("ambiguous move")
)

// MoveError reports a move that could not be read in a position, in the
// style of strconv.NumError.
type MoveError struct {
	Move string // the input
	FEN  string // the position it was read in
	Err  error  // ErrSyntax, ErrIllegal or ErrAmbiguous
	// Detail says more about the failure, or is empty.
	Detail string
	// Candidates holds, for ErrAmbiguous, the SAN of every legal move the
	// input fits.
	Candidates []string
}

// Error returns the failure, the input and the FEN, such as
// `san: ambiguous move "Nd2" in <FEN>: candidates Nbd2, Nfd2`.
func (e *MoveError) Error() string {
	s := fmt.Sprintf("san: %v %q in %s", e.Err, e.Move, e.FEN)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if len(e.Candidates) > 0 {
		s += ": candidates " + strings.Join(e.Candidates, ", ")
	}
	return s
}

// Unwrap returns the kind of failure.
func (e *MoveError) Unwrap() error { return e.Err }

// newError builds the error for input s in p; it is only called on failure,
// so its allocations (the FEN above all) stay off the successful path.
func newError(p *core.Position, s string, err error, detail string) *MoveError {
	return &MoveError{Move: s, FEN: p.FEN(), Err: err, Detail: detail}
}
