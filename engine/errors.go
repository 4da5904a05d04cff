package engine

import (
	"errors"
	"fmt"
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
