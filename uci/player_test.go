package uci_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/uci"
)

// *uci.Engine as an engine.Player: a game from a position with moves, the
// opponent's move, a search with its info streamed, no draw offers.
func TestEnginePlayer(t *testing.T) {
	e := startStockfish(t, uci.Config{})
	var p engine.Player = e
	assert.Contains(t, p.Name(), "Stockfish")
	ctx := testCtx(t, 20*time.Second)
	start, err := core.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	require.NoError(t, err)
	bb5, err := start.ParseUCI("f1b5")
	require.NoError(t, err)
	require.NoError(t, p.StartGame(ctx, start, []core.Move{bb5}))
	after := start
	after.MakeMove(bb5)
	a6, err := after.ParseUCI("a7a6")
	require.NoError(t, err)
	require.NoError(t, p.Move(ctx, a6))
	after.MakeMove(a6)

	n := 0
	r, err := p.Think(ctx, engine.Limits{Depth: 8}, func(i engine.Info) { n++ })
	require.NoError(t, err)
	assert.True(t, after.IsLegal(r.Move))
	assert.Positive(t, n, "info lines streamed")
	gs, moves := e.Game()
	assert.Equal(t, start.FEN(), gs.FEN())
	assert.Equal(t, []core.Move{bb5, a6, r.Move}, moves, "the reply is played in the kept game")

	// Illegal moves are refused before they reach the engine.
	require.ErrorIs(t, p.Move(ctx, a6), core.ErrIllegalMove)
	require.ErrorIs(t, p.StartGame(ctx, start, []core.Move{a6}), core.ErrIllegalMove)

	require.ErrorIs(t, p.OfferDraw(ctx), engine.ErrUnsupported)
	require.NoError(t, p.GameOver(ctx, "1/2-1/2", "agreed"))
	require.ErrorIs(t, p.GameOver(ctx, "2-0", ""), uci.ErrSyntax)

	// A mated side gets no search.
	mated, err := core.ParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
	require.NoError(t, err)
	require.NoError(t, p.StartGame(ctx, mated, nil))
	r, err = p.Think(ctx, engine.Limits{Depth: 5}, nil)
	require.NoError(t, err)
	assert.Equal(t, engine.Reply{}, r)
}
