package pgn_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
)

// longGame returns a game of 4n plies with a clock comment on every move,
// NAGs and a variation every few moves.
func longGame(n int) string {
	var b strings.Builder
	b.WriteString("[Event \"A\"]\n[White \"W\"]\n\n")
	for i := 0; i < n; i++ {
		b.WriteString("Nf3 { [%clk 0:03:00] } Nf6! { [%clk 0:03:00] } (Nc6 $1 Ng1) Ng1 $2 Ng8 ")
	}
	b.WriteString("*\n\n")
	return b.String()
}

// TestAllocationsPerMove holds the fast paths to no allocation per move:
// reading a game of 4,000 plies allocates no more than one of 40.
func TestAllocationsPerMove(t *testing.T) {
	short, long := longGame(10), longGame(1000)
	mainline := func(input string) float64 {
		var m pgn.Mainline
		pgn.NewReader(strings.NewReader(longGame(1000))).NextMainline(&m) // room for the moves
		return testing.AllocsPerRun(5, func() {
			r := pgn.NewReader(strings.NewReader(input))
			require.NoError(t, r.NextMainline(&m))
		})
	}
	visit := func(input string) float64 {
		return testing.AllocsPerRun(5, func() {
			r := pgn.NewReader(strings.NewReader(input))
			require.NoError(t, r.Visit(pgn.BaseVisitor{}))
		})
	}
	assert.Equal(t, mainline(short), mainline(long), "NextMainline: allocations for 40 and 4,000 plies")
	assert.Equal(t, visit(short), visit(long), "Visit, every move and variation checked: allocations for 40 and 4,000 plies")
}

// TestAllocationsPerGame reads the Lichess and TWIC samples: a reader
// reused for the whole file allocates one string per game for its tags
// and nothing else, once warm.
func TestAllocationsPerGame(t *testing.T) {
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn"} {
		data, err := os.ReadFile("../testdata/pgn/" + name)
		require.NoError(t, err)
		games := 0
		var m pgn.Mainline
		allocs := testing.AllocsPerRun(2, func() {
			r := pgn.NewReader(bytes.NewReader(data))
			games = 0
			for r.NextMainline(&m) == nil {
				games++
			}
		})
		assert.LessOrEqual(t, allocs, float64(games)+20, "%s: %d games (and the reader itself)", name, games)
	}
}
