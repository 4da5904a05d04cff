package polyglot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

// pickBook is a book of the start position: e4 weight 6, d4 3, c4 1,
// Nf3 0.
func pickBook(t *testing.T) (*polyglot.Book, core.Position) {
	start := core.StartPosition()
	k := start.Hash()
	return bookOf(t,
		polyglot.RawEntry{Key: k, Move: mv(t, &start, "e2e4"), Weight: 6},
		polyglot.RawEntry{Key: k, Move: mv(t, &start, "d2d4"), Weight: 3},
		polyglot.RawEntry{Key: k, Move: mv(t, &start, "c2c4"), Weight: 1},
		polyglot.RawEntry{Key: k, Move: mv(t, &start, "g1f3"), Weight: 0},
	), start
}

func TestPickBest(t *testing.T) {
	book, start := pickBook(t)
	e, ok, err := book.Pick(&start, polyglot.PickOptions{})
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "e2e4", e.Move.String())
	assert.Equal(t, uint16(6), e.Weight)
	// Not in the book.
	after := play(t, core.StartFEN, "e2e4")
	_, ok, err = book.Pick(&after, polyglot.PickOptions{})
	require.NoError(t, err)
	assert.False(t, ok)
}

// TestPickWeighted: the shares follow the weights, a weight of 0 is never
// picked, and the same seed gives the same picks.
func TestPickWeighted(t *testing.T) {
	book, start := pickBook(t)
	picks := func(seed uint64, choice polyglot.Choice) map[string]int {
		opt := polyglot.PickOptions{Choice: choice, Rand: rand.New(rand.NewPCG(seed, 1))}
		count := map[string]int{}
		for range 10000 {
			e, ok, err := book.Pick(&start, opt)
			require.NoError(t, err)
			require.True(t, ok)
			count[e.Move.String()]++
		}
		return count
	}
	w := picks(1, polyglot.Weighted)
	assert.Equal(t, w, picks(1, polyglot.Weighted), "the same seed, the same picks")
	assert.Zero(t, w["g1f3"])
	assert.InDelta(t, 6000, w["e2e4"], 300)
	assert.InDelta(t, 3000, w["d2d4"], 300)
	assert.InDelta(t, 1000, w["c2c4"], 200)

	u := picks(2, polyglot.Uniform)
	for _, m := range []string{"e2e4", "d2d4", "c2c4", "g1f3"} {
		assert.InDelta(t, 2500, u[m], 250, m)
	}
}

func TestPickMaxPlyAndErrors(t *testing.T) {
	book, start := pickBook(t)
	_, ok, err := book.Pick(&start, polyglot.PickOptions{MaxPly: 1})
	require.NoError(t, err)
	assert.True(t, ok, "ply 0 < 1")
	later := play(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2") // ply 2
	assert.Equal(t, 2, polyglot.Ply(&later))
	_, ok, err = book.Pick(&later, polyglot.PickOptions{MaxPly: 2})
	require.NoError(t, err)
	assert.False(t, ok)
	_, _, err = book.Pick(&start, polyglot.PickOptions{Choice: polyglot.Weighted})
	assert.ErrorIs(t, err, polyglot.ErrNoRand)
	// Only weights of 0: no weighted pick, but a best one.
	zero := bookOf(t, polyglot.RawEntry{Key: start.Hash(), Move: mv(t, &start, "e2e4")})
	_, ok, err = zero.Pick(&start, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: rand.New(rand.NewPCG(1, 1))})
	require.NoError(t, err)
	assert.False(t, ok)
	_, ok, err = zero.Pick(&start, polyglot.PickOptions{})
	require.NoError(t, err)
	assert.True(t, ok)
}
