// Package cli holds the convention every command under cmd/ follows, in
// one place:
//
//   - -h (and -help) prints a synopsis, "usage: ..." and the flags, on
//     standard output and exits 0 (FlagSet);
//   - a usage error (an unknown flag, a bad value, a missing or extra
//     argument) prints one line, "prog: what is wrong", and a hint to run
//     prog -h, on standard error, and exits 2 (UsageError, Usage, Exit);
//   - any other error prints one line, the program's name once, then the
//     cause, and exits 1 (Message, Fail, Exit);
//   - wherever a FEN is taken, "startpos" and "kiwipete" name positions
//     (FEN).
//
// A command documents any status of its own: pgn gives 1 to a broken game
// and 2 to a file it cannot read, match gives 0, 1 and 2 to -sprt's
// decisions and so 3 to its errors, usage errors included.
package cli

import (
	"fmt"
	"io"
	"strings"
)

// Message is err's text after the program prog's prefix: "prog: cause".
// A cause that already begins with the program's name (the first word of
// prog, "perft" for "perft unit"), as the errors of the package of the same
// name do, loses that prefix, so no name is said twice.
func Message(prog string, err error) string {
	return prog + ": " + trim(prog, err.Error())
}

// MessageAt is Message for an error about where (a file, a line): "prog:
// where: cause".
func MessageAt(prog, where string, err error) string {
	return prog + ": " + where + ": " + trim(prog, err.Error())
}

// Fail writes Message(prog, err) and a newline to w.
func Fail(w io.Writer, prog string, err error) {
	fmt.Fprintln(w, Message(prog, err))
}

// FailAt writes MessageAt(prog, where, err) and a newline to w.
func FailAt(w io.Writer, prog, where string, err error) {
	fmt.Fprintln(w, MessageAt(prog, where, err))
}

// trim removes every leading "name: " from msg, where name is the program
// or its first word.
func trim(prog, msg string) string {
	base, _, _ := strings.Cut(prog, " ")
	for {
		switch {
		case strings.HasPrefix(msg, prog+": "):
			msg = msg[len(prog)+2:]
		case strings.HasPrefix(msg, base+": "):
			msg = msg[len(base)+2:]
		default:
			return msg
		}
	}
}
