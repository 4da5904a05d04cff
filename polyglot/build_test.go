package polyglot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

// bookFrom builds a book from PGN text.
func bookFrom(t *testing.T, text string, opt polyglot.BuildOptions) (*polyglot.Book, polyglot.BuildStats) {
	t.Helper()
	b, err := polyglot.NewBuilder(opt)
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.ReadPGN(strings.NewReader(text)))
	var out bytes.Buffer
	_, err = b.WriteTo(&out)
	require.NoError(t, err)
	book, err := polyglot.NewBytes(out.Bytes())
	require.NoError(t, err)
	return book, b.Stats()
}

// weights returns the position's entries as UCI move → weight.
func weights(t *testing.T, book *polyglot.Book, pos core.Position) map[string]uint16 {
	t.Helper()
	es, err := book.Entries(&pos, nil)
	require.NoError(t, err)
	w := map[string]uint16{}
	for _, e := range es {
		w[pos.UCI(e.Move)] = e.Weight
	}
	return w
}

// TestBuildGames: what a Builder does with the games Polyglot cannot
// read: a FEN start, Chess960, a broken game, a null move; and results.
func TestBuildGames(t *testing.T) {
	text := `[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Result "0-1"]

1. e4 c5 0-1

[Result "1/2-1/2"]

1. e4 e5 1/2-1/2

[Result "*"]

1. d4 *

[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
[SetUp "1"]
[Result "1-0"]

2. Nf3 1-0

[Variant "Chess960"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
[Result "1-0"]

9. g3 1-0

[Result "1-0"]

1. e4 e5 2. Ke3 1-0

[Result "1-0"]

1. c4 -- 2. d4 1-0
`
	book, st := bookFrom(t, text, polyglot.BuildOptions{MinGames: 1})
	assert.Equal(t, polyglot.BuildStats{Games: 8, Broken: 1, Skipped: 1}, st)
	start := core.StartPosition()
	// e4: a win, a loss, a draw for White: 2+0+1; d4: "*" counts as a
	// draw; c4: a win, then the null move ends the game.
	assert.Equal(t, map[string]uint16{"e2e4": 3, "d2d4": 1, "c2c4": 2}, weights(t, book, start))
	// e5: a loss and a draw for Black (the broken game left out); c5: a
	// win.
	assert.Equal(t, map[string]uint16{"e7e5": 1, "c7c5": 2}, weights(t, book, play(t, core.StartFEN, "e2e4")))
	// Nf3: two wins, one of them from the FEN game.
	assert.Equal(t, map[string]uint16{"g1f3": 4}, weights(t, book, play(t, core.StartFEN, "e2e4", "e7e5")))
	assert.Empty(t, weights(t, book, play(t, core.StartFEN, "c2c4", "e7e5")))
}

func TestBuilderAddGame(t *testing.T) {
	b, err := polyglot.NewBuilder(polyglot.BuildOptions{MinGames: 1, MaxPly: 2})
	require.NoError(t, err)
	defer b.Close()
	start := core.StartPosition()
	var moves []core.Move
	pos := start
	for _, s := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := pos.ParseUCI(s)
		require.NoError(t, err)
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	require.NoError(t, b.AddGame(&start, moves, "1-0"))
	// The third move is beyond MaxPly: not even checked.
	require.NoError(t, b.AddGame(&start, append(moves[:2:2], core.Move(12345)), "1-0"))
	// A null move ends the game.
	require.NoError(t, b.AddGame(&start, []core.Move{moves[0], core.NoMove, moves[1]}, "1-0"))
	// A move of the wrong position.
	err = b.AddGame(&start, moves[1:], "1-0")
	assert.ErrorContains(t, err, "polyglot: move 1 (e7e5) is not legal")
	c960, err := core.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	require.NoError(t, err)
	assert.ErrorIs(t, b.AddGame(&c960, nil, "1-0"), polyglot.ErrChess960)
	koth, err := core.VariantStartPosition(core.KingOfTheHill)
	require.NoError(t, err)
	assert.ErrorIs(t, b.AddGame(&koth, moves, "1-0"), polyglot.ErrVariant, "a variant game, though its moves are chess's")
	assert.Equal(t, polyglot.BuildStats{Games: 6, Broken: 1, Skipped: 2}, b.Stats())
	var out bytes.Buffer
	_, err = b.WriteTo(&out)
	require.NoError(t, err)
	book, err := polyglot.NewBytes(out.Bytes())
	require.NoError(t, err)
	assert.Equal(t, map[string]uint16{"e2e4": 6}, weights(t, book, start))
	assert.Equal(t, map[string]uint16{}, weights(t, book, play(t, core.StartFEN, "e2e4")), "Black lost: weight 0, dropped")
	assert.Empty(t, weights(t, book, play(t, core.StartFEN, "e2e4", "e7e5")), "beyond MaxPly")
}

func TestBuildOptionErrors(t *testing.T) {
	for _, opt := range []polyglot.BuildOptions{
		{MaxPly: -1}, {MinGames: -2}, {MinScore: 101}, {MinScore: -1},
		{OnlyWhite: true, OnlyBlack: true}, {MemoryLimit: -5},
	} {
		_, err := polyglot.NewBuilder(opt)
		assert.ErrorContains(t, err, "polyglot: ", "%+v", opt)
	}
}

// TestMergeEdges: how Polyglot's merge-book combines a position in both
// books (checked against it by hand: see TestMergeAgainstPolyglot for
// real books): the first book's entries in order, the second's weights
// added to the first entry of the same move, the second's other moves
// after, learn fields of the first; a sum past 65535 stays 65535 (Polyglot
// wraps it around).
func TestMergeEdges(t *testing.T) {
	b1 := bookOf(t,
		polyglot.RawEntry{Key: 5, Move: 100 | 1<<6, Weight: 40000, Learn: 7},
		polyglot.RawEntry{Key: 5, Move: 200&63 | 2<<6, Weight: 3, Learn: 8},
		polyglot.RawEntry{Key: 5, Move: 100 | 1<<6, Weight: 20, Learn: 9},
		polyglot.RawEntry{Key: 9, Move: 1 | 2<<6, Weight: 1, Learn: 1},
	)
	b2 := bookOf(t,
		polyglot.RawEntry{Key: 5, Move: 3 | 4<<6, Weight: 2, Learn: 9},
		polyglot.RawEntry{Key: 5, Move: 100 | 1<<6, Weight: 40000, Learn: 11},
		polyglot.RawEntry{Key: 5, Move: 3 | 4<<6, Weight: 5, Learn: 12},
		polyglot.RawEntry{Key: 6, Move: 1 | 2<<6, Weight: 1, Learn: 1},
	)
	var out bytes.Buffer
	n, err := polyglot.Merge(&out, b1, b2)
	require.NoError(t, err)
	assert.Equal(t, int64(out.Len()), n)
	m, err := polyglot.NewBytes(out.Bytes())
	require.NoError(t, err)
	var got []polyglot.RawEntry
	for i := range m.Len() {
		e, err := m.Raw(i)
		require.NoError(t, err)
		got = append(got, e)
	}
	assert.Equal(t, []polyglot.RawEntry{
		{Key: 5, Move: 100 | 1<<6, Weight: 65535, Learn: 7},
		{Key: 5, Move: 200&63 | 2<<6, Weight: 3, Learn: 8},
		{Key: 5, Move: 100 | 1<<6, Weight: 20, Learn: 9},
		{Key: 5, Move: 3 | 4<<6, Weight: 2, Learn: 9},
		{Key: 5, Move: 3 | 4<<6, Weight: 5, Learn: 12},
		{Key: 6, Move: 1 | 2<<6, Weight: 1, Learn: 1},
		{Key: 9, Move: 1 | 2<<6, Weight: 1, Learn: 1},
	}, got)
}
