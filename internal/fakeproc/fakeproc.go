// Package fakeproc is the skeleton of the broken engines that the uci and
// xboard tests run as programs (uci/internal/fakeengine,
// xboard/internal/fakexboard): the mode named by the first argument, the
// lines said on standard output, the commands read from standard input,
// and a way to hang. They are test programs, not engines.
package fakeproc

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"
)

// Mode returns the program's first argument, the way it breaks, or "".
func Mode() string {
	if len(os.Args) > 1 {
		return os.Args[1]
	}
	return ""
}

// out buffers standard output; Say flushes it.
var out = bufio.NewWriter(os.Stdout)

// Say writes lines to standard output, each with a newline, and flushes
// them.
func Say(lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(out, l)
	}
	out.Flush()
}

// SayRaw writes s to standard output as it is, with no newline.
func SayRaw(s string) {
	fmt.Fprint(out, s)
	out.Flush()
}

// Forever blocks for good. Not select{}: with nothing else running, Go
// would call that a deadlock and exit.
func Forever() {
	for {
		time.Sleep(time.Hour)
	}
}

// Commands reads standard input a line at a time until it ends, and hands
// each non-blank line to handle as its words; handle returns false to stop
// reading.
func Commands(handle func(cmd []string) bool) {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if cmd := strings.Fields(sc.Text()); len(cmd) > 0 && !handle(cmd) {
			return
		}
	}
}
