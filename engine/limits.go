package engine

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Given is a set of Limits fields a command named explicitly, so that a
// limit given as zero or less ("go movetime 0", "wtime 0" once a flag has
// fallen) is told from one not given at all.
type Given uint16

// The Limits fields a Given can name.
const (
	GivenWTime Given = 1 << iota
	GivenBTime
	GivenWInc
	GivenBInc
	GivenMoveTime
	GivenDepth
	GivenNodes
	GivenMate
	GivenMovesToGo
)

// Limits say how long a search may run: clocks, a fixed time, a depth, a
// node count, a mate to find, or until stopped. Zero fields are unset
// unless Given names them; a Limits with nothing set means "search until
// stopped". A limit given as zero or less (a clock that has run down,
// movetime, depth or nodes 0) means "move now": search depth 1 and
// answer.
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
	// Given names the fields given as zero, which their value cannot
	// tell from fields not given (uci.ParseGo and the XBoard server fill
	// it); a field that is not zero counts as given whether or not Given
	// names it (see Has).
	Given Given
}

// Has reports whether the field f was given: named by Given or not zero.
func (l Limits) Has(f Given) bool {
	if l.Given&f != 0 {
		return true
	}
	switch f {
	case GivenWTime:
		return l.WTime != 0
	case GivenBTime:
		return l.BTime != 0
	case GivenWInc:
		return l.WInc != 0
	case GivenBInc:
		return l.BInc != 0
	case GivenMoveTime:
		return l.MoveTime != 0
	case GivenDepth:
		return l.Depth != 0
	case GivenNodes:
		return l.Nodes != 0
	case GivenMate:
		return l.Mate != 0
	case GivenMovesToGo:
		return l.MovesToGo != 0
	}
	return false
}

// MoveNow reports whether a limit was given as zero or less (a movetime,
// depth or node count of zero or less, or the side to move's clock run
// down with no increment), so that the search should answer at once
// with the best move of depth 1.
func (l Limits) MoveNow(side core.Color) bool {
	if l.Infinite {
		return false
	}
	left, inc := l.Clock(side)
	clock := givenClock(side)
	return (l.Has(GivenMoveTime) && l.MoveTime <= 0) ||
		(l.Has(GivenDepth) && l.Depth <= 0) ||
		(l.Has(GivenNodes) && l.Nodes <= 0) ||
		(l.Has(clock) && left <= 0 && inc <= 0)
}

// givenClock is the Given flag of side's clock.
func givenClock(side core.Color) Given {
	if side == core.Black {
		return GivenBTime
	}
	return GivenWTime
}

// Clock returns the time left and the increment of side.
func (l Limits) Clock(side core.Color) (left, inc time.Duration) {
	if side == core.White {
		return l.WTime, l.WInc
	}
	return l.BTime, l.BInc
}

// HasClock reports whether the limits carry a clock for side: a time
// left or an increment, or a clock given as zero or less (run down).
func (l Limits) HasClock(side core.Color) bool {
	t, inc := l.Clock(side)
	clock := givenClock(side)
	return t > 0 || inc > 0 || l.Given&clock != 0
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
	dur := func(key string, d time.Duration, f Given) {
		if d != 0 || l.Given&f != 0 {
			b.WriteString(" " + key + " " + ms(d))
		}
	}
	num := func(key string, n int64, f Given) {
		if n != 0 || l.Given&f != 0 {
			b.WriteString(" " + key + " " + strconv.FormatInt(n, 10))
		}
	}
	dur("wtime", l.WTime, GivenWTime)
	dur("btime", l.BTime, GivenBTime)
	dur("winc", l.WInc, GivenWInc)
	dur("binc", l.BInc, GivenBInc)
	num("movestogo", int64(l.MovesToGo), GivenMovesToGo)
	num("depth", int64(l.Depth), GivenDepth)
	num("nodes", l.Nodes, GivenNodes)
	num("mate", int64(l.Mate), GivenMate)
	dur("movetime", l.MoveTime, GivenMoveTime)
	if l.Infinite {
		b.WriteString(" infinite")
	}
	if len(l.SearchMoves) > 0 {
		b.WriteString(" searchmoves " + strings.Join(l.SearchMoves, " "))
	}
	return b.String()
}
