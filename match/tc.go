package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// TimeControl is how long an engine may think, kept by the runner: a
// clock (Base, with Moves moves to a period and Inc added after each
// move), a fixed time a move, a depth or a node count. Margin is how far
// past its time an engine may answer before it loses on time.
type TimeControl struct {
	Moves    int           // moves per period, 0 for the whole game (tc=40/60)
	Base     time.Duration // time per period (tc=60, tc=40/60, tc=10+0.1)
	Inc      time.Duration // increment per move (tc=10+0.1)
	MoveTime time.Duration // fixed time per move (st=0.5)
	Depth    int           // depth per move (depth=N)
	Nodes    int64         // nodes per move (nodes=N)
	Margin   time.Duration // lateness forgiven (timemargin=MS)
	Infinite bool          // tc=inf: no limit at all
}

// HasClock reports whether the engine plays on a clock.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 || tc.Inc > 0 }

// timed reports whether the engine may lose on time.
func (tc TimeControl) timed() bool { return tc.HasClock() || tc.MoveTime > 0 }

// IsZero reports whether no limit is set.
func (tc TimeControl) IsZero() bool {
	return !tc.timed() && tc.Depth == 0 && tc.Nodes == 0 && !tc.Infinite
}

// String writes the control as the PGN TimeControl tag does: "40/60",
// "10+0.1", "0.5" for a fixed time... and "-" without a clock.
func (tc TimeControl) String() string {
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	switch {
	case tc.HasClock():
		s := sec(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + sec(tc.Inc)
		}
		return s
	case tc.MoveTime > 0:
		return "1/" + sec(tc.MoveTime)
	}
	return "-"
}

// ParseTimeControl reads a clock as cutechess-cli writes it: "40/60"
// (40 moves in 60 seconds, repeating), "10+0.1" (10 seconds and 0.1 a
// move), "40/1:30+0.5" (minutes:seconds), "60", or "inf" for none.
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "inf" || s == "infinite" {
		tc.Infinite = true
		return tc, nil
	}
	rest := s
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("match: time control %q: bad number of moves", s)
		}
		tc.Moves, rest = n, rest[i+1:]
	}
	if i := strings.IndexByte(rest, '+'); i >= 0 {
		inc, err := parseSeconds(rest[i+1:])
		if err != nil {
			return tc, fmt.Errorf("match: time control %q: increment: %w", s, err)
		}
		tc.Inc, rest = inc, rest[:i]
	}
	base, err := parseSeconds(rest)
	if err != nil {
		return tc, fmt.Errorf("match: time control %q: %w", s, err)
	}
	tc.Base = base
	if tc.Base <= 0 && tc.Inc <= 0 {
		return tc, fmt.Errorf("match: time control %q: no time", s)
	}
	return tc, nil
}

// parseSeconds reads "1.5" seconds or "1:30" minutes and seconds.
func parseSeconds(s string) (time.Duration, error) {
	min := 0.0
	if i := strings.IndexByte(s, ':'); i >= 0 {
		m, err := strconv.ParseFloat(s[:i], 64)
		if err != nil || m < 0 {
			return 0, fmt.Errorf("bad minutes %q", s[:i])
		}
		min, s = m, s[i+1:]
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 1e7 || min > 1e5 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration((min*60 + v) * float64(time.Second)), nil
}

// clock is one side's clock in a game.
type clock struct {
	left  time.Duration
	moves int // moves made
	// atControl is the time left at the last control passed, before the
	// next period's time was added; controls counts the controls passed.
	atControl time.Duration
	controls  int
}

// end returns the clock to report at the end of a game: the time left, or,
// once a control of several periods (40/60) has been passed, the time
// that was left at the last one, which says how the side spent a whole
// period.
func (c clock) end() time.Duration {
	if c.controls > 0 {
		return c.atControl
	}
	return c.left
}

// limits returns the search limits for the side to move; white and black
// are the sides' clocks and time controls.
func limits(side core.Color, tcs [2]TimeControl, clocks [2]clock) engine.Limits {
	tc := tcs[side]
	var l engine.Limits
	l.Depth, l.Nodes, l.MoveTime = tc.Depth, tc.Nodes, tc.MoveTime
	if tc.Infinite {
		return l
	}
	if tc.HasClock() {
		w, b := tcs[core.White], tcs[core.Black]
		if w.HasClock() {
			l.WTime, l.WInc = max(clocks[core.White].left, time.Millisecond), w.Inc
		}
		if b.HasClock() {
			l.BTime, l.BInc = max(clocks[core.Black].left, time.Millisecond), b.Inc
		}
		if tc.Moves > 0 {
			l.MovesToGo = tc.Moves - clocks[side].moves%tc.Moves
		}
	}
	return l
}

// allowed returns how long the side may think before it loses on time,
// or 0 when it cannot lose on time.
func allowed(tc TimeControl, c clock) time.Duration {
	switch {
	case tc.HasClock():
		return c.left + tc.Margin
	case tc.MoveTime > 0:
		return tc.MoveTime + tc.Margin
	}
	return 0
}

// spend charges a move that took d to the clock.
func (c *clock) spend(tc TimeControl, d time.Duration) {
	c.moves++
	if !tc.HasClock() {
		return
	}
	c.left -= d
	c.left += tc.Inc
	if tc.Moves > 0 && c.moves%tc.Moves == 0 {
		c.atControl, c.controls = c.left, c.controls+1
		c.left += tc.Base
	}
}
