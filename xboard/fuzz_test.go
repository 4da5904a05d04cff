package xboard_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/xboard"
)

// FuzzParseThinking: any line parses without a panic; a parsed PV is
// legal; and what FormatThinking writes reads back as the same numbers and
// PV.
func FuzzParseThinking(f *testing.F) {
	for _, s := range []string{
		" 1     15        0          3 c7c5",
		" 6      3       10     104514 g8f6 b1c3 d7d5 f1d3 b8c6 f2f4",
		"  0      0     0        0  (e7-e5  c7-c5  e7-e6  , book1)",
		"1 42 0 38 2. d4 exd4 3. Qxd4",
		"10& 100003 250 123456 20 500000 0\te2e4 e7e5",
		"4+ -99998 1 1\tNf3",
		"12. -37 402 1190823 Nf3 Nc6",
		"x 1 2 3",
		"1 2 3",
		"99999999999999999999 1 2 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		pos := core.StartPosition()
		info, err := xboard.ParseThinking(line, pos)
		if err != nil {
			return
		}
		q := pos
		for _, m := range info.PV {
			require.True(t, q.IsLegal(m))
			q.MakeMove(m)
		}
		out := xboard.FormatThinking(info, pos, false)
		again, err := xboard.ParseThinking(out, pos)
		require.NoError(t, err, "formatted: %q", out)
		require.Equal(t, info.Depth, again.Depth)
		require.Equal(t, info.Nodes, again.Nodes)
		require.Equal(t, info.PV, again.PV, "formatted: %q", out)
		require.Equal(t, info.Time.Milliseconds()/10, again.Time.Milliseconds()/10)
		if info.Score != nil && !info.Score.IsMate {
			require.Equal(t, info.Score.CP, again.Score.CP)
		}
	})
}

// FuzzParseFeatures: any line parses without a panic, and the option
// features among the pairs read back as written.
func FuzzParseFeatures(f *testing.F) {
	for _, s := range []string{
		`feature ping=1 setboard=1 myname="Fairy-Max 5.0b" done=1`,
		`feature option="Resign Threshold -spin 800 200 1200" option="Info -button"`,
		`feature option="Makruk rules -combo makruk /// *Cambodian /// Ai-wok"`,
		`feature option="Dummy String Example -string happy birthday!"`,
		`feature variants="normal,fischerandom" done=0`,
		`feature myname="unterminated`,
		`feature =1`,
		`feature a b=2`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fs, _ := xboard.ParseFeatures(line)
		for _, ft := range fs {
			require.NotEmpty(t, ft.Name)
			if ft.Name != "option" {
				continue
			}
			o, err := xboard.ParseOptionFeature(ft.Value)
			if err != nil {
				continue
			}
			text := xboard.FormatOptionFeature(o)
			if strings.ContainsAny(text, "\"") {
				continue
			}
			again, err := xboard.ParseOptionFeature(text)
			require.NoError(t, err, "formatted: %q", text)
			if o.Type == engine.TypeSpin {
				// Unbounded spins are written with 32-bit bounds.
				again.Min, again.Max = o.Min, o.Max
			}
			require.Equal(t, o, again, "formatted: %q", text)
		}
	})
}

// FuzzServe: Serve takes any input without a panic and without hanging.
func FuzzServe(f *testing.F) {
	f.Add("xboard\nprotover 2\nnew\nforce\ne2e4\nsetboard 8/8/8/8/8/8/8/8 w - - 0 1\nundo\nlevel 40 5 0\ngo\n")
	f.Add("new\nedit\n#\nKe1\nc\nKe8\n.\ngo\n?\nquit\n")
	f.Add("analyze\ne2e4\nundo\nundo\nexit\nst 0.1\nsd 2\nplayother\nremove\n")
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 {
			return
		}
		s := newScripted()
		var out strings.Builder
		err := xboard.Serve(t.Context(), s, strings.NewReader(input), &out)
		require.NoError(t, err)
	})
}
