package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/internal/quote"
)

// Errors shared by the protocols, matched with errors.Is.
var (
	// ErrUnknownOption means the engine did not declare the option.
	ErrUnknownOption = errors.New("unknown option")
	// ErrOptionValue means the value does not fit the option's declaration.
	ErrOptionValue = errors.New("invalid option value")
	// ErrUnsupported means the protocol or the engine cannot do what was
	// asked (a draw offer over UCI, Chess960 with an engine that lacks it).
	ErrUnsupported = errors.New("not supported by the engine or protocol")
)

// Errors an engine client of either protocol returns (package uci's
// Engine, package xboard's), matched with errors.Is whichever protocol
// failed; uci.ErrTimeout, xboard.ErrTimeout and the other names of those
// packages are these values. Each comes wrapped in an *EngineError that
// names the operation and carries the engine's last output.
var (
	// ErrClosed means the engine was closed by its Close method.
	ErrClosed = errors.New("engine closed")
	// ErrExited means the engine process ended or the connection to it
	// closed while it was still in use.
	ErrExited = errors.New("engine exited")
	// ErrTimeout means the engine did not answer within its deadline. An
	// engine that misses a deadline is taken as hung and is killed.
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrProtocol means the engine printed something that breaks the
	// protocol where an answer was expected: an illegal move, a line too
	// long to read.
	ErrProtocol = errors.New("protocol error")
	// ErrSearching means the call needs an idle engine but a search (or
	// an analysis) is running.
	ErrSearching = errors.New("a search is running")
	// ErrSyntax means a protocol line could not be parsed.
	ErrSyntax = errors.New("invalid syntax")
)

// EngineError reports a failed call to an engine client: the operation,
// the engine, the cause, and the last lines the engine printed, which
// usually say why. Its message quotes one of them, the last line the
// engine wrote on standard error when there is one (a crash's reason),
// else its last line; Output holds them all. uci.EngineError and
// xboard.EngineError are this type.
type EngineError struct {
	Protocol string   // "uci" or "xboard", the start of the message
	Op       string   // "start", "dial", "uci", "handshake", "go", "setoption", ...
	Engine   string   // the engine's path or address
	Err      error    // the cause; matches one of the Err values or a context error
	Output   []string // the engine's last lines, oldest first; stderr lines start with "stderr: "
}

func (e *EngineError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s %s: %v", prefix(e.Protocol), e.Op, e.Engine, e.Err)
	if line, ok := e.telling(); ok {
		b.WriteString(" [last output: ")
		b.WriteString(quote.Short(line))
		b.WriteString("]")
	}
	return b.String()
}

// telling returns the one line of Output the message quotes: the last
// standard error line, else the last line.
func (e *EngineError) telling() (string, bool) {
	for i := len(e.Output) - 1; i >= 0; i-- {
		if strings.HasPrefix(e.Output[i], "stderr: ") {
			return e.Output[i], true
		}
	}
	if len(e.Output) == 0 {
		return "", false
	}
	return e.Output[len(e.Output)-1], true
}

// Unwrap returns the cause.
func (e *EngineError) Unwrap() error { return e.Err }

// ParseError reports a protocol line that could not be read.
// uci.ParseError and xboard.ParseError are this type.
type ParseError struct {
	Protocol string // "uci" or "xboard", the start of the message
	What     string // "info", "option", "bestmove", "feature", "thinking", ...
	Line     string // the input
	Msg      string // what is wrong
	Err      error  // ErrSyntax, or a core or san error
}

func (e *ParseError) Error() string {
	if e.Msg == "" {
		return fmt.Sprintf("%sbad %s line %s: %v", prefix(e.Protocol), e.What, quote.Short(e.Line), e.Err)
	}
	return fmt.Sprintf("%sbad %s line %s: %s: %v", prefix(e.Protocol), e.What, quote.Short(e.Line), e.Msg, e.Err)
}

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }

// prefix is the start of an error message of protocol p.
func prefix(p string) string {
	if p == "" {
		return ""
	}
	return p + ": "
}

// OptionError reports a value the option's declaration does not allow, or
// an option the engine did not declare.
type OptionError struct {
	Name  string // the option name as given
	Value string // the value as given
	Msg   string // what is wrong
	Err   error  // ErrUnknownOption or ErrOptionValue
}

func (e *OptionError) Error() string {
	if e.Msg == "" {
		return fmt.Sprintf("option %q: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("option %q value %q: %v: %s", e.Name, e.Value, e.Err, e.Msg)
}

// Unwrap returns ErrUnknownOption or ErrOptionValue.
func (e *OptionError) Unwrap() error { return e.Err }
