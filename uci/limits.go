package uci

import (
	"time"

	"github.com/gambit-chess/gambit/engine"
)

// goCommand returns the "go" line for l with the checked search moves sm.
func goCommand(l Limits, sm []string) string {
	l.SearchMoves = sm
	return l.String()
}

// givenKeys names the Limits field of each numeric "go" token.
var givenKeys = map[string]engine.Given{
	"wtime": engine.GivenWTime, "btime": engine.GivenBTime, "winc": engine.GivenWInc, "binc": engine.GivenBInc,
	"movetime": engine.GivenMoveTime, "depth": engine.GivenDepth, "nodes": engine.GivenNodes,
	"mate": engine.GivenMate, "movestogo": engine.GivenMovesToGo,
}

// ParseGo reads a "go" command as an engine receives it. Tokens UCI does
// not define are skipped; a known one with a bad value gives a
// *ParseError. The search moves are kept as text: Serve checks them
// against the position.
func ParseGo(line string) (Limits, error) {
	var l Limits
	fail := func(msg string) (Limits, error) {
		return Limits{}, parseError("go", line, msg, ErrSyntax)
	}
	t := tokens{line: line}
	if w, _ := t.next(); w != "go" {
		return fail(`does not start with "go"`)
	}
	for {
		key, ok := t.next()
		if !ok {
			return l, nil
		}
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			for isMoveText(t.peek()) {
				w, _ := t.next()
				l.SearchMoves = append(l.SearchMoves, w)
			}
			continue
		case "wtime", "btime", "winc", "binc", "movetime", "depth", "nodes", "mate", "movestogo":
		default:
			continue
		}
		w, _ := t.next()
		// Clocks may be negative: some GUIs send the time a side has
		// overstepped.
		lo := int64(0)
		if key == "wtime" || key == "btime" || key == "winc" || key == "binc" {
			lo = -maxCount / int64(time.Millisecond)
		}
		n, ok := atoiRange(w, lo, maxCount/int64(time.Millisecond))
		if !ok {
			return fail(key + " needs a number")
		}
		d := time.Duration(n) * time.Millisecond
		if n == 0 {
			// Zero is a limit here ("move now"), not the lack of one.
			l.Given |= givenKeys[key]
		}
		switch key {
		case "wtime":
			l.WTime = d
		case "btime":
			l.BTime = d
		case "winc":
			l.WInc = d
		case "binc":
			l.BInc = d
		case "movetime":
			l.MoveTime = d
		case "depth":
			l.Depth = int(n)
		case "nodes":
			l.Nodes = n
		case "mate":
			l.Mate = int(n)
		case "movestogo":
			l.MovesToGo = int(n)
		}
	}
}
