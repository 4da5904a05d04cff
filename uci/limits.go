package uci

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Limits are the parameters of a "go" command. Zero fields are left out of
// the command; a Limits with nothing set sends a bare "go", which most
// engines take as "search until stop".
type Limits struct {
	Depth     int           // search this many plies
	Nodes     int64         // search this many nodes
	MoveTime  time.Duration // search exactly this long
	Mate      int           // search for a mate in this many moves
	WTime     time.Duration // white's clock
	BTime     time.Duration // black's clock
	WInc      time.Duration // white's increment per move
	BInc      time.Duration // black's increment per move
	MovesToGo int           // moves to the next time control
	Infinite  bool          // search until stop
	Ponder    bool          // search in the opponent's time, until ponderhit or stop
	// SearchMoves restricts the search to these moves of the root position,
	// in UCI notation; they are checked for legality before sending.
	SearchMoves []string
}

// ms writes a duration as whole milliseconds, rounding a positive
// sub-millisecond one up so it is not sent as zero.
func ms(d time.Duration) string {
	n := d.Milliseconds()
	if n == 0 && d > 0 {
		n = 1
	}
	return strconv.FormatInt(n, 10)
}

// command returns the "go" line. searchmoves goes last because engines such
// as Stockfish read every token after it as a move.
func (l Limits) command(searchMoves []string) string {
	var b strings.Builder
	b.WriteString("go")
	if l.Ponder {
		b.WriteString(" ponder")
	}
	dur := func(key string, d time.Duration) {
		if d != 0 {
			b.WriteString(" " + key + " " + ms(d))
		}
	}
	num := func(key string, n int64) {
		if n != 0 {
			b.WriteString(" " + key + " " + strconv.FormatInt(n, 10))
		}
	}
	dur("wtime", l.WTime)
	dur("btime", l.BTime)
	dur("winc", l.WInc)
	dur("binc", l.BInc)
	num("movestogo", int64(l.MovesToGo))
	num("depth", int64(l.Depth))
	num("nodes", l.Nodes)
	num("mate", int64(l.Mate))
	dur("movetime", l.MoveTime)
	if l.Infinite {
		b.WriteString(" infinite")
	}
	if len(searchMoves) > 0 {
		b.WriteString(" searchmoves " + strings.Join(searchMoves, " "))
	}
	return b.String()
}

// String returns the "go" command for these limits.
func (l Limits) String() string { return l.command(l.SearchMoves) }

// clock returns the time and increment of the side to move.
func (l Limits) clock(side core.Color) (time.Duration, time.Duration) {
	if side == core.White {
		return l.WTime, l.WInc
	}
	return l.BTime, l.BInc
}

// ParseGo reads a "go" command as an engine receives it. Tokens UCI does
// not define are skipped; a known one with a bad value gives a
// *ParseError. The search moves are kept as text: Serve checks them
// against the position.
func ParseGo(line string) (Limits, error) {
	var l Limits
	fail := func(msg string) (Limits, error) {
		return Limits{}, &ParseError{What: "go", Line: line, Msg: msg, Err: ErrSyntax}
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
