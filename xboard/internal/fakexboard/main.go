// Command fakexboard is a broken XBoard engine for the failure tests of
// package xboard. Its first argument picks how it breaks:
//
//	illegal   answers go with an illegal move
//	garbage   answers go with a move that is no move at all
//	hang      never answers go, nor "?"
//	crash     exits with status 3 when told go
//	proto1    sends no features (a protocol 1 engine) and plays e7e5
//	slowdone  sends done=0, then done=1 after 3 seconds
//	nodone    sends done=0 and never done=1
//	reject    answers every move with "Illegal move"
//	claim     answers go with a result claim, "1-0 {White mates}"
//	resign    answers go with resign
//	draw      offers a draw with its move e7e5
//	san       asks for SAN (san=1), accepts only e4 and answers Nf6
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/gambit-chess/gambit/internal/fakeproc"
)

func main() {
	mode := fakeproc.Mode()
	say := func(s string) { fakeproc.Say(s) }
	fakeproc.Commands(func(f []string) bool {
		switch f[0] {
		case "protover":
			switch mode {
			case "proto1":
				say("Error (unknown command): protover")
			case "slowdone":
				say("feature done=0")
				say("feature myname=\"slow\" ping=1")
				go func() { time.Sleep(3 * time.Second); say("feature done=1") }()
			case "nodone":
				say("feature done=0")
			case "san":
				say(`feature myname="fake san" ping=1 setboard=1 usermove=1 san=1 done=1`)
			default:
				say(`feature myname="fake ` + mode + `" ping=1 setboard=1 usermove=1 sigint=0 colors=0 bogus=1 done=1`)
			}
		case "ping":
			say("pong " + f[1])
		case "usermove":
			if mode == "reject" || mode == "san" && f[1] != "e4" {
				say("Illegal move: " + f[1])
			}
		case "go":
			switch mode {
			case "illegal":
				say("move e2e5")
			case "garbage":
				say("move xyzzy")
			case "hang":
			case "crash":
				fmt.Fprintln(os.Stderr, "fake crash: segmentation fault")
				os.Exit(3)
			case "claim":
				say("1-0 {White mates}")
			case "resign":
				say("resign")
			case "san":
				say("1 20 1 30 Nf6 Nc3 d5")
				say("move Nf6")
			case "draw":
				say("offer draw")
				say("1 -5 3 42 e7e5")
				say("move e7e5")
			default:
				say("1 10 1 20 e7e5 g1f3")
				say("move e7e5")
			}
		case "quit":
			return false
		}
		return true
	})
}
