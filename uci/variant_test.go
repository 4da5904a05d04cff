package uci_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
	"github.com/gambit-chess/gambit/uci"
)

// variantOnePly is onePly playing every variant core plays, as an
// engine.VariantSearcher; it counts the variants of the positions it is
// asked about.
type variantOnePly struct {
	*onePly
	mu   sync.Mutex
	seen map[core.Variant]int
}

func newVariantOnePly() *variantOnePly {
	return &variantOnePly{onePly: newOnePly(), seen: map[core.Variant]int{}}
}

// Variants lists standard chess and a value that is no variant too, which
// the server leaves out.
func (*variantOnePly) Variants() []core.Variant {
	return append(varianttest.Played(), core.Standard, core.Variant(200))
}

func (o *variantOnePly) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	o.mu.Lock()
	o.seen[req.Position.Variant()]++
	o.mu.Unlock()
	return o.onePly.Search(ctx, req, info)
}

func (o *variantOnePly) searched(v core.Variant) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.seen[v]
}

// Serve declares UCI_Variant with the variants a VariantSearcher plays,
// reads positions in the variant chosen, and none for another Searcher.
func TestServeVariantOption(t *testing.T) {
	want := "option name UCI_Variant type combo default chess var chess"
	for _, v := range varianttest.Played() {
		want += " var " + v.String()
	}
	assert.Contains(t, serveScript(t, newVariantOnePly(), "uci\n"), want)
	assert.NotContains(t, strings.Join(serveScript(t, newOnePly(), "uci\n"), "\n"), "UCI_Variant")

	// A horde pawn on the first rank advances two squares, which only a
	// position read in Horde allows.
	const fen = "4k3/8/8/8/8/8/8/P7 w - - 0 1"
	eng := newVariantOnePly()
	out := serveScript(t, eng, "setoption name UCI_Variant value horde\nposition fen "+fen+" moves a1a3\ngo depth 1\n")
	best, ok := strings.CutPrefix(out[len(out)-1], "bestmove ")
	require.True(t, ok, "%q", out)
	horde, err := core.ParseVariantFEN(core.Horde, fen)
	require.NoError(t, err)
	a1a3, err := horde.ParseUCI("a1a3")
	require.NoError(t, err)
	horde.MakeMove(a1a3)
	_, err = horde.ParseUCI(strings.Fields(best)[0])
	assert.NoError(t, err, "the best move is Black's after a1a3")
	assert.Equal(t, 1, eng.searched(core.Horde))
	for _, l := range out {
		assert.NotContains(t, l, "error", "the moves are the horde's")
	}
}

// gambit's client drives a served VariantSearcher through a game of each
// variant, every move checked by the variant's rules, and back to
// standard chess; an engine without UCI_Variant refuses a variant game.
func TestServeVariantGamesAgainstClient(t *testing.T) {
	eng := newVariantOnePly()
	e := serveInProcess(t, eng, uci.Config{})
	ctx := testCtx(t, 30*time.Second)
	for _, v := range append(varianttest.Played(), core.Standard) {
		start, err := core.VariantStartPosition(v)
		require.NoError(t, err)
		require.NoError(t, e.StartGame(ctx, start, nil), "%v", v)
		pos := start
		plies := 0
		for ; plies < 60 && pos.Status() == core.Ongoing; plies++ {
			r, err := e.Think(ctx, uci.Limits{Depth: 1}, nil)
			require.NoError(t, err, "%v", v)
			require.True(t, pos.IsLegal(r.Move), "%v: %v in %s", v, r.Move, pos.FEN())
			pos.MakeMove(r.Move)
		}
		assert.Equal(t, plies, eng.searched(v), "%v: every search in the variant", v)
		t.Logf("%v: %d plies, %v", v, plies, pos.Status())
	}

	plain := serveInProcess(t, newOnePly(), uci.Config{})
	koth, err := core.VariantStartPosition(core.KingOfTheHill)
	require.NoError(t, err)
	assert.ErrorIs(t, plain.StartGame(ctx, koth, nil), engine.ErrUnsupported)
}

// Against Fairy-Stockfish, the client sets UCI_Variant from the game's
// variant and back to chess: after 1. e3 b5 in Antichess, Bxb5 is White's
// only legal move (captures are forced), which Fairy-Stockfish must play,
// and a standard game follows.
func TestFairyStockfishUCIVariant(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	e, err := uci.Start(ctx, variantoracle.FairyStockfishPath)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, e.Close()) })
	o, ok := e.Option("UCI_Variant")
	require.True(t, ok)
	for _, v := range varianttest.Played() {
		if v == core.Atomic {
			assert.NotContains(t, o.Vars, v.String(), "Debian's 11.1 has no atomic (ENGINES.md)")
			continue
		}
		assert.Contains(t, o.Vars, v.String())
	}
	for _, round := range []int{1, 2} {
		start, err := core.VariantStartPosition(core.Antichess)
		require.NoError(t, err)
		pos := start
		var moves []core.Move
		for _, s := range []string{"e2e3", "b7b5"} {
			m, err := pos.ParseUCI(s)
			require.NoError(t, err)
			pos.MakeMove(m)
			moves = append(moves, m)
		}
		require.NoError(t, e.StartGame(ctx, start, moves))
		r, err := e.Think(ctx, uci.Limits{Depth: 3}, nil)
		require.NoError(t, err, "round %d", round)
		assert.Equal(t, "f1b5", r.Move.UCI(false), "round %d", round)

		require.NoError(t, e.StartGame(ctx, core.StartPosition(), nil), "back to chess")
		r, err = e.Think(ctx, uci.Limits{Depth: 3}, nil)
		require.NoError(t, err)
		std := core.StartPosition()
		assert.True(t, std.IsLegal(r.Move))
	}
}

// Against Fairy-Stockfish in Crazyhouse: the client sends drops in the
// moves of "position" (P@e6) and reads the engine's (a queen's drop that
// mates).
func TestFairyStockfishCrazyhouse(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	e, err := uci.Start(ctx, variantoracle.FairyStockfishPath)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, e.Close()) })

	start, err := core.VariantStartPosition(core.Crazyhouse)
	require.NoError(t, err)
	pos := start
	var moves []core.Move
	for _, s := range []string{"e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e6"} {
		m, err := pos.ParseUCI(s)
		require.NoError(t, err, s)
		pos.MakeMove(m)
		moves = append(moves, m)
	}
	require.True(t, moves[len(moves)-1].IsDrop())
	require.NoError(t, e.StartGame(ctx, start, moves))
	r, err := e.Think(ctx, uci.Limits{Depth: 3}, nil)
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(r.Move), "%v in %s", r.Move, pos.FEN())

	mate, err := core.ParseVariantFEN(core.Crazyhouse, "7k/6pp/8/8/8/8/8/K7[Q] w - - 0 1")
	require.NoError(t, err)
	require.NoError(t, e.StartGame(ctx, mate, nil))
	r, err = e.Think(ctx, uci.Limits{Depth: 3}, nil)
	require.NoError(t, err)
	require.True(t, r.Move.IsDrop(), "%v", r.Move)
	mate.MakeMove(r.Move)
	assert.Equal(t, core.Checkmate, mate.Status(), "%v", r.Move)
}
