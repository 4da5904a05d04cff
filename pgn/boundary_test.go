package pgn_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
)

// readings returns what each way of reading finds in data: every game's
// error, mainline and tags through Next, and the games NextTags and
// NextMainline find, as text to compare.
func readings(t testing.TB, open func() io.Reader) (next, tags, mainline string) {
	t.Helper()
	var b bytes.Buffer
	r := pgn.NewReader(open())
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if err != nil && !errors.As(err, &perr) {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%v|%v|%v|%v\n", err, g.MainlineMoves(), g.Tags, g.Result)
	}
	next = b.String()
	b.Reset()
	r = pgn.NewReader(open())
	for {
		tg, err := r.NextTags()
		if err == io.EOF {
			break
		}
		fmt.Fprintf(&b, "%v|%v\n", err, tg)
	}
	tags = b.String()
	b.Reset()
	r = pgn.NewReader(open())
	var m pgn.Mainline
	for {
		err := r.NextMainline(&m)
		if err == io.EOF {
			break
		}
		fmt.Fprintf(&b, "%v|%v|%s\n", err, m.Moves, m.Result)
	}
	return next, tags, b.String()
}

// TestBufferBoundaries reads the test files one byte per Read, and in
// halves, so that every token falls across the reader's buffer at some
// point: the games must be the same as when the input comes whole.
func TestBufferBoundaries(t *testing.T) {
	for _, path := range pgnFiles(t, true) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		if len(data) > 200000 {
			data = data[:200000] // a cut game at the end is part of the test
		}
		n1, t1, m1 := readings(t, func() io.Reader { return bytes.NewReader(data) })
		n2, t2, m2 := readings(t, func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) })
		n3, t3, m3 := readings(t, func() io.Reader { return iotest.HalfReader(bytes.NewReader(data)) })
		require.Equal(t, n1, n2, "%s, a byte at a time", path)
		require.Equal(t, n1, n3, "%s, half reads", path)
		require.Equal(t, t1, t2, "%s, a byte at a time: tags", path)
		require.Equal(t, t1, t3, "%s, half reads: tags", path)
		require.Equal(t, m1, m2, "%s, a byte at a time: mainlines", path)
		require.Equal(t, m1, m3, "%s, half reads: mainlines", path)
	}
}

// TestSkipFindsResults checks the corners where skipping a movetext must
// end a game exactly where reading it does.
func TestSkipFindsResults(t *testing.T) {
	for _, input := range []string{
		"1. e4 $1-0 e5 *\n1. d4 *",
		"1. e4 !1-0\n1. d4 *",
		"1. e4 \ufeff1-0\n1. d4 *",
		"1. e4 e4!1-0 *\n1. d4 *",
		"1. e4 $!1-0 *\n1. d4 *",
		"1. e4 (1-0) 0-1\n1. d4 *",
		"1. e4 1.1-0 *\n1. d4 *",
		"1. e4 ½-½ 1. d4 *",
		"1. e4 1–0 1. d4 *",
		"1. e4 {1-0} ; 1-0\n 0-1 1. d4 *",
		"1/2$1/2 *\n1. d4 *", // the fuzzer's: "$1/2" is no result, a byte at a time too
	} {
		n1, t1, m1 := readings(t, func() io.Reader { return bytes.NewReader([]byte(input)) })
		n2, t2, m2 := readings(t, func() io.Reader { return iotest.OneByteReader(bytes.NewReader([]byte(input))) })
		require.Equal(t, n1, n2, "%q", input)
		require.Equal(t, t1, t2, "%q: NextTags, a byte at a time", input)
		require.Equal(t, m1, m2, "%q: NextMainline, a byte at a time", input)
		require.Equal(t, countLines(n1), countLines(t1), "%q: NextTags finds other games than Next:\n%s\n%s", input, n1, t1)
		require.Equal(t, countLines(n1), countLines(m1), "%q: NextMainline finds other games than Next:\n%s\n%s", input, n1, m1)
	}
}

func countLines(s string) int { return bytes.Count([]byte(s), []byte("\n")) }
