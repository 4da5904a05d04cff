package match

import (
	"strings"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// FuzzParseTimeControl: any text gives a control or an error, never a
// panic, and a control written with String reads back the same.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"40/60", "10+0.1", "40/1:30+0.5", "60", "inf", "0+0", "1/0.01", "/", "+", "40/", "1e9", "-5", ":", "1:2:3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil || tc.Infinite {
			return
		}
		// Round to whole milliseconds, as the PGN tag does not keep more.
		tc.Base = tc.Base.Round(time.Millisecond)
		tc.Inc = tc.Inc.Round(time.Millisecond)
		if !tc.HasClock() {
			return
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil {
			t.Fatalf("%q wrote %q, which does not read back: %v", s, tc.String(), err)
		}
		if back.Moves != tc.Moves || (back.Base-tc.Base).Abs() > time.Microsecond || (back.Inc-tc.Inc).Abs() > time.Microsecond {
			t.Fatalf("%q: %+v wrote %q, read back as %+v", s, tc, tc.String(), back)
		}
	})
}

// FuzzReadEPD: any text gives openings or an error, never a panic, and
// every opening read is a legal position, of standard chess and, read as
// a Three-check or Horde file, of the variant.
func FuzzReadEPD(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21\n",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - id \"x\";\n# comment\n\n",
		"8/8/8/8/8/8/8/8 w - -\n", "x y z\n", "",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1 ;id x\n",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0\n",
		"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []core.Variant{core.Standard, core.ThreeCheck, core.Horde} {
			list, err := readEPD(strings.NewReader(s), v)
			if err != nil {
				continue
			}
			for _, o := range list {
				pos := o.Start
				if pos.Variant() != v {
					t.Fatalf("%q: a %v position in a %v file", pos.FEN(), pos.Variant(), v)
				}
				if v == core.Standard && !pos.HasLegalMoves() && !pos.InCheck() && !pos.IsStalemate() {
					t.Fatalf("%q: a position without moves that is neither mate nor stalemate", pos.FEN())
				}
			}
		}
	})
}
