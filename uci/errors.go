package uci

import (
	"errors"

	"github.com/gambit-chess/gambit/engine"
)

// Errors an Engine returns, matched with errors.Is. Each comes wrapped in an
// *EngineError that names the operation and carries the engine's last
// output. The ones both protocols share are package engine's values, so
// that uci.ErrTimeout and xboard.ErrTimeout are one error.
var (
	// ErrClosed means the Engine was closed by Close; engine.ErrClosed.
	ErrClosed = engine.ErrClosed
	// ErrExited means the engine process ended or the connection to it
	// closed while the Engine was still in use; engine.ErrExited.
	ErrExited = engine.ErrExited
	// ErrTimeout means the engine did not answer within its deadline. An
	// engine that misses a deadline is taken as hung and is killed;
	// engine.ErrTimeout.
	ErrTimeout = engine.ErrTimeout
	// ErrProtocol means the engine printed something that breaks the
	// protocol where an answer was expected: an illegal best move, a line
	// too long to read; engine.ErrProtocol.
	ErrProtocol = engine.ErrProtocol
	// ErrSearching means the call needs an idle engine but a search is
	// running; UCI forbids it until the engine has sent bestmove;
	// engine.ErrSearching.
	ErrSearching = engine.ErrSearching
	// ErrNotPondering means PonderHit was called on a search that is not
	// a ponder search.
	ErrNotPondering = errors.New("not a ponder search")
	// ErrNoChess960 means the position is a Chess960 one and the engine did
	// not declare UCI_Chess960.
	ErrNoChess960 = errors.New("engine does not support Chess960 (no UCI_Chess960 option)")
	// ErrSyntax means a protocol line could not be parsed; engine.ErrSyntax.
	ErrSyntax = engine.ErrSyntax
)

// EngineError reports a failed Engine call: the operation ("start",
// "dial", "uci", "isready", "go", "setoption", ...), the engine, the
// cause, and the last lines the engine printed, which usually say why. It
// is engine.EngineError, with Protocol "uci".
type EngineError = engine.EngineError

// ParseError reports a protocol line that could not be read: What is
// "info", "option", "bestmove", "go", "position" or "setoption", Err is
// ErrSyntax, or a *core.MoveError or *core.FENError. It is
// engine.ParseError, with Protocol "uci".
type ParseError = engine.ParseError

// parseError returns the *ParseError of a bad line.
func parseError(what, line, msg string, err error) error {
	return &ParseError{Protocol: "uci", What: what, Line: line, Msg: msg, Err: err}
}
