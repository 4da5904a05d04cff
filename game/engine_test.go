//go:build unix

package game_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
)

// testCtx returns a context that ends with the test, bounded so that a
// broken test fails rather than hangs.
func testCtx(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// weakest sets Stockfish to its weakest level, for quick games.
func weakest(t *testing.T, g *game.Game) {
	require.NoError(t, g.Engine().SetOption(testCtx(t, 10*time.Second), "Skill Level", "0"))
}

// requireInSync checks that the game the Engine keeps is this game.
func requireInSync(t *testing.T, g *game.Game) {
	t.Helper()
	start, moves := g.Engine().Game()
	require.Equal(t, g.StartFEN(), start.FEN())
	require.Equal(t, g.Moves(), moves)
	cur := g.Engine().CurrentPosition()
	require.Equal(t, g.FEN(), cur.FEN())
}

var quick = uci.Limits{Depth: 2}

// playEngineGame checks a game against an attached engine: hint, engine
// move, our move and the reply, undo and restore, all kept in sync.
func playEngineGame(t *testing.T, g *game.Game) {
	ctx := testCtx(t, 60*time.Second)
	weakest(t, g)

	hint, err := g.EngineHint(ctx, quick)
	require.NoError(t, err)
	assert.Zero(t, g.Ply(), "a hint changes nothing")
	assert.Contains(t, g.LegalMovesUCI(), hint.UCI)

	bm, err := g.EnginePlay(ctx, quick)
	require.NoError(t, err)
	require.Equal(t, 1, g.Ply())
	assert.Equal(t, bm.Move, g.LastMove())
	requireInSync(t, g)

	for g.Ply() < 11 {
		// The engine plays at random strength: a move of ours or its
		// reply may end the game, and the reply is then NoMove or mate.
		mine := g.LegalMovesUCI()[0]
		reply, err := g.PlayAgainstEngine(ctx, mine, quick)
		require.NoError(t, err)
		if reply.Move == core.NoMove {
			require.True(t, g.IsOver())
			break
		}
		assert.Equal(t, reply.Move, g.LastMove())
		requireInSync(t, g)
		if g.IsOver() {
			break
		}
	}

	// Undo our move and the reply: the engine is brought back in sync on
	// its next use, and a SAN move works too.
	require.NoError(t, g.Undo())
	require.NoError(t, g.Undo())
	require.False(t, g.IsOver())
	hint, err = g.EngineHint(ctx, quick)
	require.NoError(t, err)
	requireInSync(t, g)
	assert.Contains(t, g.LegalMovesUCI(), hint.UCI)
	_, err = g.PlayAgainstEngine(ctx, g.LegalMovesUCI()[0], quick)
	require.NoError(t, err)
	requireInSync(t, g)

	// A restored game keeps its engine, which follows the new game.
	data, err := newGame(t, "", "e4 e5 Nf3").MarshalBinary()
	require.NoError(t, err)
	require.NoError(t, g.UnmarshalBinary(data))
	_, err = g.EnginePlay(ctx, quick)
	require.NoError(t, err)
	require.Equal(t, 4, g.Ply())
	requireInSync(t, g)

	// An illegal move changes nothing and does not reach the engine.
	fen := g.FEN()
	_, err = g.PlayAgainstEngine(ctx, "Ke3", quick)
	require.ErrorIs(t, err, core.ErrIllegalMove)
	assert.Equal(t, fen, g.FEN())
}

func TestEngineLocal(t *testing.T) {
	g := game.New()
	require.NoError(t, g.StartEngine(testCtx(t, 20*time.Second), enginetest.StockfishPath(t)))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })
	playEngineGame(t, g)
}

func TestEngineTCP(t *testing.T) {
	addr, _ := enginetest.ServeTCP(t, enginetest.StockfishPath(t))
	g := game.New()
	require.NoError(t, g.DialEngine(testCtx(t, 20*time.Second), addr))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })
	playEngineGame(t, g)
}

// Stockfish at full strength finds the back-rank mate; the game agrees it
// is mate, and refuses to go on.
func TestEngineMates(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	g, err := game.FromFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	require.NoError(t, err)
	require.NoError(t, g.StartEngine(ctx, enginetest.StockfishPath(t)))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })

	bm, err := g.EnginePlay(ctx, uci.Limits{Depth: 5})
	require.NoError(t, err)
	assert.Equal(t, "a1a8", bm.UCI)
	assert.Equal(t, game.Checkmate, g.Status())
	assert.Equal(t, game.WhiteWon, g.Outcome().Result)

	_, err = g.EnginePlay(ctx, quick)
	assert.ErrorIs(t, err, game.ErrGameOver)
	_, err = g.EngineHint(ctx, quick)
	assert.ErrorIs(t, err, game.ErrGameOver)

	// Our move that mates is not answered.
	g, err = game.FromFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	require.NoError(t, err)
	require.NoError(t, g.StartEngine(ctx, enginetest.StockfishPath(t)))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })
	reply, err := g.PlayAgainstEngine(ctx, "Ra8#", quick)
	require.NoError(t, err)
	assert.Equal(t, core.NoMove, reply.Move)
	assert.Equal(t, game.Checkmate, g.Status())
}

func TestEngineErrors(t *testing.T) {
	g := game.New()
	ctx := testCtx(t, 30*time.Second)
	_, err := g.EnginePlay(ctx, quick)
	assert.ErrorIs(t, err, game.ErrNoEngine)
	_, err = g.PlayAgainstEngine(ctx, "e4", quick)
	assert.ErrorIs(t, err, game.ErrNoEngine)
	_, err = g.EngineHint(ctx, quick)
	assert.ErrorIs(t, err, game.ErrNoEngine)
	assert.Zero(t, g.Ply())
	require.NoError(t, g.CloseEngine(), "closing no engine is fine")

	err = g.StartEngine(ctx, "/nonexistent/engine")
	assert.Error(t, err)
	assert.Nil(t, g.Engine())

	// An engine that dies: the move played against it is taken back.
	require.NoError(t, g.StartEngine(ctx, enginetest.StockfishPath(t)))
	require.NoError(t, g.Engine().Process().Kill())
	_, err = g.PlayAgainstEngine(ctx, "e4", quick)
	require.Error(t, err)
	assert.ErrorIs(t, err, uci.ErrExited)
	assert.Zero(t, g.Ply(), "the move is taken back when the engine fails")
	_ = g.CloseEngine()
}
