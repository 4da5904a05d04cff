package xboard

import (
	"errors"
	"fmt"
	"strings"
)

// Errors an Engine returns, matched with errors.Is. Each comes wrapped in an
// *EngineError that names the operation and carries the engine's last
// output.
var (
	// ErrClosed means the Engine was closed by Close.
	ErrClosed = errors.New("engine closed")
	// ErrExited means the engine process ended or the connection to it
	// closed while the Engine was still in use.
	ErrExited = errors.New("engine exited")
	// ErrTimeout means the engine did not answer within its deadline. An
	// engine that misses a deadline is taken as hung and is killed.
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrProtocol means the engine printed something that breaks the
	// protocol where an answer was expected: an illegal move, a line too
	// long to read.
	ErrProtocol = errors.New("protocol error")
	// ErrRejected means the engine answered a command with "Illegal
	// move" or "Error (...)".
	ErrRejected = errors.New("engine rejected a command")
	// ErrSyntax means a protocol line could not be parsed.
	ErrSyntax = errors.New("invalid syntax")
	// ErrSearching means the call needs an idle engine but a search or an
	// analysis is running.
	ErrSearching = errors.New("a search is running")
)

// EngineError reports a failed Engine call: the operation, the engine, the
// cause, and the last lines the engine printed, which usually say why.
type EngineError struct {
	Op     string   // "start", "dial", "handshake", "new", "move", "go", "option", ...
	Engine string   // the engine's path or address
	Err    error    // the cause; matches one of the Err values or a context error
	Output []string // the engine's last lines, oldest first; stderr lines start with "stderr: "
}

func (e *EngineError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "xboard: %s %s: %v", e.Op, e.Engine, e.Err)
	if len(e.Output) > 0 {
		b.WriteString(" [last output:")
		for _, l := range e.Output {
			b.WriteString(" ")
			b.WriteString(quoteShort(l))
		}
		b.WriteString("]")
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *EngineError) Unwrap() error { return e.Err }

// quoteShort quotes a line for an error message, cut so one wild line
// cannot swamp the message.
func quoteShort(s string) string {
	const max = 120
	if len(s) > max {
		return fmt.Sprintf("%q...", s[:max])
	}
	return fmt.Sprintf("%q", s)
}

// ParseError reports a protocol line that could not be read.
type ParseError struct {
	What string // "feature", "thinking", "option"
	Line string // the input
	Msg  string // what is wrong
	Err  error  // ErrSyntax, or a core or san error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("xboard: bad %s line %s: %s: %v", e.What, quoteShort(e.Line), e.Msg, e.Err)
}

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }
