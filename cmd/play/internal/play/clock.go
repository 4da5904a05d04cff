package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// TimeControl is a clock setting: time for the game and an increment per
// move. The zero TimeControl means no clocks.
type TimeControl struct {
	Base, Inc time.Duration
}

// ParseTimeControl reads "MINUTES+SECONDS" ("5+3", "0.5+0", "90s+2": a
// base with an s is in seconds) or MINUTES alone ("10").
func ParseTimeControl(s string) (TimeControl, error) {
	base, inc, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	var tc TimeControl
	unit := time.Minute
	if b, ok := strings.CutSuffix(base, "s"); ok {
		base, unit = b, time.Second
	}
	m, err := strconv.ParseFloat(base, 64)
	if err != nil || !(m > 0 && m <= 600) { // NaN fails too
		return tc, fmt.Errorf("time control %q: the base must be minutes (or seconds with s) above 0, up to 600 minutes", s)
	}
	tc.Base = time.Duration(m * float64(unit))
	if hasInc {
		i, err := strconv.ParseFloat(inc, 64)
		if err != nil || !(i >= 0 && i <= 600) {
			return tc, fmt.Errorf("time control %q: the increment must be seconds from 0 to 600", s)
		}
		tc.Inc = time.Duration(i * float64(time.Second))
	}
	return tc, nil
}

// String returns the control as PGN's TimeControl tag writes it ("300+3").
func (tc TimeControl) String() string {
	s := strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64)
	if tc.Inc > 0 {
		s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
	}
	return s
}

// Clock is a chess clock for two sides. One side's time runs at a time;
// Press stops it, adds the increment and starts the other's.
type Clock struct {
	left    [2]time.Duration
	inc     time.Duration
	running core.Color
	on      bool // a side's time is running
	since   time.Time
}

// NewClock returns a clock set to tc, stopped.
func NewClock(tc TimeControl) *Clock {
	return &Clock{left: [2]time.Duration{tc.Base, tc.Base}, inc: tc.Inc}
}

// Start starts side's time at now (stopping the other's without an
// increment).
func (c *Clock) Start(side core.Color, now time.Time) {
	c.Stop(now)
	c.running, c.on, c.since = side, true, now
}

// Stop stops the running time at now.
func (c *Clock) Stop(now time.Time) {
	if c.on {
		c.left[c.running&1] -= now.Sub(c.since)
		c.on = false
	}
}

// Press ends the running side's move at now: its time stops, it gets
// the increment unless its time ran out, and the other side's time starts.
// It reports whether the time had run out.
func (c *Clock) Press(now time.Time) (flagged bool) {
	if !c.on {
		return false
	}
	side := c.running
	c.Stop(now)
	if c.left[side&1] <= 0 {
		return true
	}
	c.left[side&1] += c.inc
	c.Start(side.Other(), now)
	return false
}

// Left returns side's time left at now, which may be negative.
func (c *Clock) Left(side core.Color, now time.Time) time.Duration {
	l := c.left[side&1]
	if c.on && c.running == side {
		l -= now.Sub(c.since)
	}
	return l
}

// Running returns the side whose time runs, and false when none does.
func (c *Clock) Running() (core.Color, bool) { return c.running, c.on }

// FormatClock writes time left as a clock shows it: "4:59", "0:09.7"
// under ten seconds, "0:00.0" once it ran out.
func FormatClock(d time.Duration) string {
	if d <= 0 {
		return "0:00.0"
	}
	if d < 10*time.Second {
		t := d / (100 * time.Millisecond)
		return fmt.Sprintf("0:%02d.%d", t/10, t%10)
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// pressClock ends a move on the clock; the game's end stops it.
func (s *Session) pressClock() {
	if s.clock == nil {
		return
	}
	now := s.cfg.Now()
	s.clock.Press(now)
	if s.g.IsOver() {
		s.clock.Stop(now)
	}
}

// flagged ends the game when the side to move has no time left, and
// reports whether it did.
func (s *Session) flagged() bool {
	if s.clock == nil || s.g.IsOver() {
		return false
	}
	side := s.g.SideToMove()
	if s.clock.Left(side, s.cfg.Now()) > 0 {
		return false
	}
	s.timeLoss(side)
	return true
}

// timeLoss ends the game on side's time: a loss, or a draw when the other
// side cannot win with its material, by the variant's rules as lichess
// has them (game.Game.HasInsufficientMaterial: a lone king in chess, but
// not in King of the Hill, where it walks to the centre).
func (s *Session) timeLoss(side core.Color) {
	s.clock.Stop(s.cfg.Now())
	other := side.Other()
	if s.g.HasInsufficientMaterial(other) {
		_ = s.g.Draw(side.String() + " lost on time, but " + other.String() + " cannot win")
	} else {
		_ = s.g.SetWinner(other, "time forfeit")
	}
	s.dirty = true
	s.say()
	s.announce()
}

// Tick checks the clock of the side to move: a person who runs out of
// time loses then, without typing. It returns whether the screen changes
// (a clock is running).
func (s *Session) Tick() bool {
	if s.clock == nil {
		return false
	}
	if _, on := s.clock.Running(); !on {
		return false
	}
	if !s.thinking && s.flagged() {
		s.refresh()
	}
	return true
}
