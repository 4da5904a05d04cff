// Command fakeengine is a broken UCI engine for the uci package's tests:
// each mode, named by the first argument, misbehaves in one way a real
// engine can (hangs, garbage, crashes, illegal moves), so the tests can
// check that the client turns each into a clear error in time. It is a
// test program, not an engine.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/gambit-chess/gambit/internal/fakeproc"
)

func main() {
	// The tests check that the process is gone after a failure.
	if f := os.Getenv("FAKEENGINE_PIDFILE"); f != "" {
		_ = os.WriteFile(f, []byte(fmt.Sprint(os.Getpid())), 0o644)
	}
	mode := fakeproc.Mode()
	say := fakeproc.Say

	if mode == "hang" {
		// Read everything, answer nothing.
		fakeproc.Commands(func([]string) bool { return true })
		fakeproc.Forever()
	}
	if mode == "banner-exit" {
		say("FakeEngine 1.0 starting")
		fmt.Fprintln(os.Stderr, "fatal: cannot open network file nn.bin")
		os.Exit(3)
	}

	fakeproc.Commands(func(cmd []string) bool {
		switch cmd[0] {
		case "uci":
			switch mode {
			case "garbage":
				say("\x00\x01\x02 this is not uci \xff\xfe", "id nonsense", "uciokay?", "#!@$%^&*")
				return true
			case "longline":
				fakeproc.SayRaw(strings.Repeat("x", 2<<20))
				fakeproc.Forever()
			}
			say("id name Fake "+mode, "id author gambit tests",
				"option name Hash type spin default 16 min 1 max 128",
				"option name Style type combo default Normal var Solid var Normal var Risky",
				"uciok")
		case "isready":
			say("readyok")
		case "go":
			switch mode {
			case "crash-on-go":
				say("info depth 1 score cp 10 pv e2e4")
				fmt.Fprintln(os.Stderr, "panic: search exploded")
				os.Exit(2)
			case "hang-on-go":
				// Never answer, not even stop.
			case "illegal":
				say("info depth 1 score cp 10 pv e2e4", "bestmove e2e5")
			case "garbage-bestmove":
				say("bestmove \x00\xff!!")
			default:
				say("info depth 1 score cp 10 pv e2e4", "bestmove e2e4 ponder e7e5")
			}
		case "quit":
			if mode == "ignore-quit" {
				fakeproc.Forever()
			}
			return false
		case "deaf":
			// Stop reading stdin so the client's writes block.
			fakeproc.Forever()
		}
		return true
	})
	if mode == "ignore-quit" {
		fakeproc.Forever()
	}
}
