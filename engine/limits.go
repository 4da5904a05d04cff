package engine

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Limits say how long a search may run: clocks, a fixed time, a depth, a
// node count, a mate to find, or until stopped. Zero fields are unset; a
// Limits with nothing set means "search until stopped".
type Limits struct {
	Depth     int           // search this many plies
	Nodes     int64         // search this many nodes
	MoveTime  time.Duration // search exactly this long
	Mate      int           // search for a mate in this many moves
	WTime     time.Duration // white's clock
	BTime     time.Duration // black's clock
	WInc      time.Duration // white's increment per move
	BInc      time.Duration // black's increment per move
	MovesToGo int           // moves to the next time control; 0 for sudden death
	Infinite  bool          // search until stopped (analysis)
	Ponder    bool          // search in the opponent's time, until ponderhit or stop
	// SearchMoves restricts the search to these moves of the root position,
	// in UCI notation; the protocols check them before use.
	SearchMoves []string
}

// Clock returns the time left and the increment of side.
func (l Limits) Clock(side core.Color) (left, inc time.Duration) {
	if side == core.White {
		return l.WTime, l.WInc
	}
	return l.BTime, l.BInc
}

// HasClock reports whether the limits carry a clock for side.
func (l Limits) HasClock(side core.Color) bool {
	t, inc := l.Clock(side)
	return t > 0 || inc > 0
}

// ms writes a duration as whole milliseconds, rounding a positive
// sub-millisecond one up so it is not written as zero.
func ms(d time.Duration) string {
	n := d.Milliseconds()
	if n == 0 && d > 0 {
		n = 1
	}
	return strconv.FormatInt(n, 10)
}

// String returns the limits as a UCI "go" command ("go wtime 60000 btime
// 60000 movestogo 40"); searchmoves goes last because engines such as
// Stockfish read every token after it as a move.
func (l Limits) String() string {
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
	if len(l.SearchMoves) > 0 {
		b.WriteString(" searchmoves " + strings.Join(l.SearchMoves, " "))
	}
	return b.String()
}
