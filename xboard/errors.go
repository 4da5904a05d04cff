package xboard

import (
	"errors"

	"github.com/gambit-chess/gambit/engine"
)

// ErrRejected means the engine answered a command with "Illegal move" or
// "Error (...)".
var ErrRejected = errors.New("engine rejected a command")

// The errors below and ErrRejected are the errors an Engine returns,
// matched with errors.Is. Each comes wrapped in an *EngineError that names
// the operation and carries the engine's last output. These are package
// engine's values, so that xboard.ErrTimeout and uci.ErrTimeout are one
// error.

// ErrClosed (engine.ErrClosed): the Engine was closed by Close.
var ErrClosed = engine.ErrClosed

// ErrExited (engine.ErrExited): the engine's process ended, or its
// connection closed, while the Engine was in use.
var ErrExited = engine.ErrExited

// ErrTimeout (engine.ErrTimeout): the engine did not answer within its
// deadline, and was killed as hung.
var ErrTimeout = engine.ErrTimeout

// ErrProtocol (engine.ErrProtocol): where an answer was expected the
// engine printed something the protocol does not allow (an illegal move,
// a line too long to read).
var ErrProtocol = engine.ErrProtocol

// ErrSyntax (engine.ErrSyntax): a protocol line could not be parsed.
var ErrSyntax = engine.ErrSyntax

// ErrSearching (engine.ErrSearching): the call needs an idle engine but a
// search or an analysis is running.
var ErrSearching = engine.ErrSearching

// EngineError reports a failed Engine call: the operation ("start",
// "dial", "handshake", "new", "move", "go", "option", ...), the engine,
// the cause, and the last lines the engine printed, which usually say why.
// It is engine.EngineError, with Protocol "xboard".
type EngineError = engine.EngineError

// ParseError reports a protocol line that could not be read: What is
// "feature", "thinking" or "option", Err is ErrSyntax, or a core or san
// error. It is engine.ParseError, with Protocol "xboard".
type ParseError = engine.ParseError

// parseError returns the *ParseError of a bad line.
func parseError(what, line, msg string, err error) error {
	return &ParseError{Protocol: "xboard", What: what, Line: line, Msg: msg, Err: err}
}
