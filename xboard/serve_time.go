package xboard

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// cmdLevel reads "level MPS BASE INC"; BASE is minutes or minutes:seconds,
// INC seconds.
func (s *server) cmdLevel(line, arg string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		s.fail("bad argument", line)
		return
	}
	mps, err := strconv.Atoi(f[0])
	if err != nil || mps < 0 || mps > 10000 {
		s.fail("bad argument", line)
		return
	}
	base, ok := parseBase(f[1])
	inc, err2 := strconv.ParseFloat(f[2], 64)
	if !ok || err2 != nil || inc < 0 || inc > 1e6 {
		s.fail("bad argument", line)
		return
	}
	s.mps, s.base, s.inc, s.moveTime = mps, base, time.Duration(inc*float64(time.Second)), 0
}

// parseBase reads a level's base time: "5", "0:30", "2:05", "0.5".
func parseBase(t string) (time.Duration, bool) {
	min, sec, colon := strings.Cut(t, ":")
	m, err := strconv.ParseFloat(min, 64)
	if err != nil || m < 0 || m > 1e5 {
		return 0, false
	}
	d := time.Duration(m * float64(time.Minute))
	if colon {
		s, err := strconv.Atoi(sec)
		if err != nil || s < 0 || s > 59 {
			return 0, false
		}
		d += time.Duration(s) * time.Second
	}
	return d, true
}

// noTime marks a clock not given by time or otim: no command can give it,
// as they are in centiseconds.
const noTime = time.Duration(math.MinInt64)

// limits turns the time control into engine.Limits for a search of the
// engine's side: time is its clock, otim the opponent's.
func (s *server) limits() engine.Limits {
	var l engine.Limits
	switch {
	case s.moveTime > 0:
		l.MoveTime = s.moveTime
	default:
		own, opp := s.ownTime, s.oppTime
		if own == noTime {
			own = s.base
		}
		if opp == noTime {
			opp = s.base
		}
		if s.side == core.White {
			l.WTime, l.BTime = own, opp
		} else {
			l.WTime, l.BTime = opp, own
		}
		// A clock of zero is one that has run down, not none.
		if l.WTime == 0 {
			l.Given |= engine.GivenWTime
		}
		if l.BTime == 0 {
			l.Given |= engine.GivenBTime
		}
		l.WInc, l.BInc = s.inc, s.inc
		if s.mps > 0 {
			done := (s.cur.FullmoveNumber() - 1) % s.mps
			l.MovesToGo = s.mps - done
		}
	}
	l.Depth = s.depth
	if s.depthSet && s.depth == 0 {
		l.Given |= engine.GivenDepth // sd 0: move now
	}
	return l
}
