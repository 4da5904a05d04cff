package pgn_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
)

// The games the fuzzer puts around its input: every valid game before and
// after a broken one must still be read.
const (
	fuzzBefore = "[Event \"Before\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {Ruy} a6 (3... Nf6) 1-0\n\n"
	fuzzAfter  = "\n\n[Event \"After\"]\n[Site \"Here\"]\n\n1. d4 d5 2. c4 e6 *\n"
)

var fuzzSeeds = []string{
	"", "*", "1. e4", "{", "}", "(", ")", "((((", "[", "[Event", "[Event \"x", "[Event \"x\"]",
	"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. Kb1", "1. e4 {unclosed\n\n[Event \"x\"]",
	"1. e4 (1. d4 (1... d5", "$", "$999", "1. e4 !? ?? !!! +- = e.p.", "1. e4 -- 2. --",
	"; comment", "%escape", "\ufeff1. e4", "1. e4\r\n1... e5\r\n", "1.e4 1-0 0-1 1/2-1/2 ½-½ 1–0",
	"1. O-O 0-0-0 Kxh1", "1. e8=Q", "[Variant \"Atomic\"]", "[SetUp \"1\"]\n[FEN \"\"]",
	"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1. e4 ) (", "\x00\x01\xff\xfe", "1. e4 {a}{b}{c} ;d\n%e\n",
	// Variants.
	"[Variant \"Horde\"]\n\n1. e5 d6 2. a5 (2. b5) *", "[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6 *",
	"[Variant \"Antichess\"]\n[FEN \"8/4P3/8/8/8/8/8/k7 w - - 0 1\"]\n\n1. e8=K Kb1 *",
	"[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 d6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ *",
	"[Variant \"King of the Hill\"]\n\n1. e4 e5 2. Ke2 d5 3. Kd3 dxe4+ 4. Kxe4# 1-0",
	"[Variant \"Racing Kings\"]\n\n1. Kh3 Ka3 2. Kh4 *", "[Variant \"Bughouse\"]\n\n1. e4 *",
}

// FuzzReader reads anything between two valid games. It must not panic
// or hang; the game before comes back intact, and so does the game after
// (unless the input ends in a tag section the next game's tags join).
// Every game read without an error is written and read back the same, and
// the three ways of reading (Next, NextMainline, NextTags) agree on where
// the games are.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, junk string) {
		// Reading must not hang: a panic shows the fuzzer the input.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("reading %q takes more than 10 s", junk))
			}
		}()
		input := fuzzBefore + junk + fuzzAfter
		var games []*pgn.Game
		var errs []error
		r := pgn.NewReader(strings.NewReader(input))
		for calls := 0; ; calls++ {
			require.LessOrEqual(t, calls, len(input), "more games than bytes: a loop")
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var perr *pgn.Error
				require.ErrorAs(t, err, &perr, "an input error must be a *pgn.Error")
				require.Equal(t, len(games)+1, perr.Game)
				require.Positive(t, perr.Line)
				require.Positive(t, perr.Column)
			}
			require.NotNil(t, g)
			games = append(games, g)
			errs = append(errs, err)
		}
		require.GreaterOrEqual(t, len(games), 2, "the games around the input")

		require.NoError(t, errs[0], "the game before")
		require.Equal(t, "Before", games[0].Tags.Get("Event"))
		require.Equal(t, []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}, mainlineSAN(games[0]))

		if !endsInTags(junk) {
			last := games[len(games)-1]
			require.NoError(t, errs[len(errs)-1], "the game after")
			require.Equal(t, []string{"d4", "d5", "c4", "e6"}, mainlineSAN(last))
			n := len(last.Tags)
			require.GreaterOrEqual(t, n, 2)
			require.Equal(t, pgn.Tags{{"Event", "After"}, {"Site", "Here"}}, last.Tags[n-2:])
		}

		// What was read without an error is written and read back the same.
		var buf bytes.Buffer
		w := pgn.NewWriter(&buf)
		for i, g := range games {
			if errs[i] != nil {
				continue
			}
			buf.Reset()
			require.NoError(t, w.Write(g))
			back := readAll(t, &buf)
			require.Len(t, back, 1, "game %d written:\n%s", i+1, buf.String())
			require.NoError(t, back[0].err)
			requireSameGame(t, g, back[0].game, "game written")
		}

		// Read a byte at a time, the games are the same.
		n1, t1, m1 := readings(t, func() io.Reader { return strings.NewReader(input) })
		n2, t2, m2 := readings(t, func() io.Reader { return iotest.OneByteReader(strings.NewReader(input)) })
		require.Equal(t, n1, n2, "Next, a byte at a time")
		require.Equal(t, t1, t2, "NextTags, a byte at a time")
		require.Equal(t, m1, m2, "NextMainline, a byte at a time")

		// The fast paths find the same games.
		r = pgn.NewReader(strings.NewReader(input))
		var m pgn.Mainline
		n := 0
		for r.NextMainline(&m) != io.EOF {
			n++
		}
		require.Equal(t, len(games), n, "games NextMainline finds")
		r = pgn.NewReader(strings.NewReader(input))
		n = 0
		for {
			if _, err := r.NextTags(); err == io.EOF {
				break
			}
			n++
		}
		require.Equal(t, len(games), n, "games NextTags finds")
	})
}

// endsInTags reports whether the last line of s that is neither blank
// nor a % line ends in ']': then s may end among a game's tags, which the
// next game's tags join. Otherwise a blank line and a tag line always
// start a new game (the rule pgn's splitting for parallel reading stands
// on).
func endsInTags(s string) bool {
	lines := strings.Split(s, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if strings.HasPrefix(l, "%") || strings.Trim(strings.ReplaceAll(l, "\ufeff", ""), " \t\r") == "" {
			continue
		}
		return strings.HasSuffix(strings.TrimRight(l, " \t\r"), "]")
	}
	return false
}
