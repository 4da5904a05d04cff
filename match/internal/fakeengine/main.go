// Command fakeengine is a tiny UCI engine for the fault tests of package
// match: it plays a random legal move at once, and misbehaves on demand
// at its n-th "go" (counted over the process's life): it crashes, hangs,
// sends an illegal or a garbage move, floods garbage lines, or takes long
// to start.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

func main() {
	crash := flag.Int("crash", 0, "exit at this go")
	hang := flag.Int("hang", 0, "stop answering at this go")
	illegal := flag.Int("illegal", 0, "send an illegal move at this go")
	garbage := flag.Int("garbage", 0, "send a garbage bestmove at this go")
	noise := flag.Bool("noise", false, "print garbage lines before every move")
	slow := flag.Duration("slowstart", 0, "wait this long before uciok")
	think := flag.Duration("think", 0, "think this long on every move")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	r := rand.New(rand.NewPCG(*seed, uint64(os.Getpid())))
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}
	pos := core.StartPosition()
	gos := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			time.Sleep(*slow)
			say("id name fake")
			say("option name Hash type spin default 1 min 1 max 16")
			say("uciok")
		case "isready":
			say("readyok")
		case "quit":
			return
		case "position":
			pos = position(f[1:])
		case "go":
			gos++
			switch gos {
			case *crash:
				os.Exit(3)
			case *hang:
				time.Sleep(time.Hour)
			}
			if *noise {
				say("this is not UCI at all %d", r.IntN(1000))
				say("info depth banana score")
			}
			time.Sleep(*think)
			var ml core.MoveList
			pos.LegalMoves(&ml)
			if ml.Len() == 0 {
				say("bestmove 0000")
				continue
			}
			m := ml.Moves()[r.IntN(ml.Len())]
			say("info depth 1 score cp %d nodes 1 time 0 pv %s", r.IntN(41)-20, pos.UCI(m))
			switch gos {
			case *illegal:
				say("bestmove a1a8")
			case *garbage:
				say("bestmove !!garbage!!")
			default:
				say("bestmove %s", pos.UCI(m))
			}
		}
	}
}

// position reads the arguments of a "position" command.
func position(f []string) core.Position {
	pos := core.StartPosition()
	i := 0
	if len(f) > 0 && f[0] == "fen" {
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		p, err := core.ParseFEN(strings.Join(f[1:j], " "))
		if err == nil {
			pos = p
		}
		i = j
	} else if len(f) > 0 && f[0] == "startpos" {
		i = 1
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := pos.ParseUCI(s)
			if err != nil {
				break
			}
			pos.MakeMove(m)
		}
	}
	return pos
}
