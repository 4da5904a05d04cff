package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// The exit statuses every command shares: 0 when it did its work (and for
// -h), 1 when the work failed (an input it could not read or that is
// wrong, a program that failed), 2 for a usage error, an error in the
// command line itself. A command documents any status of its own (match's
// SPRT decisions, pgn's broken games).
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
)

// UsageError is an error in the command line: an unknown flag, a bad
// value, a missing or extra argument. Exit reports it with ExitUsage.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with the message fmt.Sprintf(format, a...);
// %w wraps as fmt.Errorf does.
func Usagef(format string, a ...any) error {
	return &UsageError{fmt.Errorf(format, a...)}
}

// IsUsage reports whether err is, or wraps, a UsageError.
func IsUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}

// FlagSet is a flag.FlagSet with a command's synopsis: -h and -help write
// the synopsis and the flags to Help's writer and Parse returns
// flag.ErrHelp; every other parse error comes back as a UsageError, with
// nothing written (the flag package's own usage text is never printed).
type FlagSet struct {
	*flag.FlagSet
	prog     string
	synopsis string
	help     io.Writer
}

// NewFlagSet returns the flag set of the command prog ("perft", "pgn svg")
// whose -h writes synopsis (the "usage: ..." lines, each ending in a
// newline or not) and then the flags to help.
func NewFlagSet(prog, synopsis string, help io.Writer) *FlagSet {
	fs := &FlagSet{FlagSet: flag.NewFlagSet(prog, flag.ContinueOnError), prog: prog, synopsis: synopsis, help: help}
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// Parse parses args. It returns flag.ErrHelp after writing the help for
// -h and -help, and a UsageError for any other mistake.
func (fs *FlagSet) Parse(args []string) error {
	err := fs.FlagSet.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		fs.WriteHelp(fs.help)
		return flag.ErrHelp
	}
	return &UsageError{err}
}

// ParseInterspersed parses args whose flags may come before, between or
// after the positional arguments ("pgn find DB -fen FEN"), and returns
// the positional ones in order; after "--" every argument is positional.
// Its errors are Parse's.
func (fs *FlagSet) ParseInterspersed(args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		// Parse stops at the first positional argument, or after "--".
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// WriteHelp writes the synopsis and the flags with their defaults to w.
func (fs *FlagSet) WriteHelp(w io.Writer) {
	WriteSynopsis(w, fs.synopsis)
	has := false
	fs.VisitAll(func(*flag.Flag) { has = true })
	if !has {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// Given reports whether the flag name was given on the command line.
// (flag.FlagSet's Set, which sets a flag, is not shadowed.)
func (fs *FlagSet) Given(name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// WriteSynopsis writes synopsis to w, ending it with a newline.
func WriteSynopsis(w io.Writer, synopsis string) {
	fmt.Fprint(w, synopsis)
	if !strings.HasSuffix(synopsis, "\n") {
		fmt.Fprintln(w)
	}
}

// Hint is the line after a usage error's, naming the help of prog.
func Hint(prog string) string {
	return "run '" + prog + " -h' for the usage"
}

// Exit reports err on w as the command prog and returns its exit status:
// ExitOK for nil and for flag.ErrHelp (the help is written already), for
// a UsageError its message on one line and Hint's on a second and
// ExitUsage, and for any other error its Message and ExitError.
func Exit(w io.Writer, prog string, err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return ExitOK
	case IsUsage(err):
		return Usage(w, prog, err)
	}
	Fail(w, prog, err)
	return ExitError
}

// Usage writes the usage error err of prog, one line and Hint's, and
// returns ExitUsage.
func Usage(w io.Writer, prog string, err error) int {
	fmt.Fprintln(w, oneLine(Message(prog, err)))
	fmt.Fprintln(w, Hint(prog))
	return ExitUsage
}

// oneLine keeps the first line of msg.
func oneLine(msg string) string {
	line, _, _ := strings.Cut(msg, "\n")
	return line
}
