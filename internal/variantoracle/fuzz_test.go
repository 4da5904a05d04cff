package variantoracle

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzFairyFEN: FairyFEN never panics, and what it writes it leaves as it
// is when given it again.
func FuzzFairyFEN(f *testing.F) {
	for _, v := range variants {
		f.Add(v, startFEN)
	}
	f.Add("crazyhouse", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -")
	f.Add("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
	f.Add("3check", startFEN+" +1+2")
	f.Add("3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1")
	f.Add("3check", "8")
	f.Fuzz(func(t *testing.T, variant, fen string) {
		out, err := FairyFEN(variant, fen)
		if err != nil {
			require.ErrorIs(t, err, ErrRejected)
			return
		}
		require.NotEmpty(t, out)
		again, err := FairyFEN(variant, out)
		require.NoError(t, err, "%q from %q", out, fen)
		assert.Equal(t, out, again, "from %q", fen)
	})
}

// FuzzParseDivideLine: a divide line never panics the reader, and a line
// it reads is a move and a count that read the same when written again.
func FuzzParseDivideLine(f *testing.F) {
	for _, line := range []string{"e2e4 20", "N@f3 5", "e1h1: 3", "a7a8k 0", "x", " 1", "e2e4 -1", "e2e4 99999999999999999999"} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, sep := range []string{" ", ": "} {
			move, n, err := parseDivideLine(line, sep)
			if err != nil {
				continue
			}
			require.GreaterOrEqual(t, n, int64(0))
			require.NotContains(t, move, " ")
			m2, n2, err := parseDivideLine(move+sep+strconv.FormatInt(n, 10), sep)
			require.NoError(t, err)
			assert.Equal(t, move, m2)
			assert.Equal(t, n, n2)
		}
	})
}

// FuzzReadVectors: the .perft reader never panics, and each vector it
// returns has a position, a depth and a count.
func FuzzReadVectors(f *testing.F) {
	f.Add("id a\nepd 8/8/8/8/8/8/8/4K2k w - -\nperft 1 3\n")
	f.Add("# x\nperft 1 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		vs, err := ReadVectors(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, v := range vs {
			require.NotEmpty(t, v.FEN)
			require.Positive(t, v.Depth)
			require.GreaterOrEqual(t, v.Nodes, int64(0))
		}
	})
}
