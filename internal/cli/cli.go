// Package cli holds what gambit's commands share to report an error: one
// line, the program's name once, then the cause.
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
