//go:build unix

package hub_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

// A hub's games play XBoard engines as they play UCI ones; a removed
// game's engine is closed with it.
func TestHubXBoardEngine(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h := hub.New(hub.Config{})
	defer h.Close()
	require.NoError(t, h.Create("g1"))
	var p engine.Player
	require.NoError(t, h.Do("g1", func(g *game.Game) error {
		if err := g.StartEngineProtocol(ctx, game.XBoard, enginetest.Program(t, "fairymax")); err != nil {
			return err
		}
		p = g.Player()
		_, err := g.PlayAgainstEngine(ctx, "e4", engine.Limits{MoveTime: 100 * time.Millisecond})
		return err
	}))
	g, err := h.Get("g1")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Ply())
	require.NoError(t, h.Remove("g1"))
	// The engine was closed: it takes no more commands.
	err = p.StartGame(ctx, g.StartPosition(), nil)
	assert.Error(t, err)
}
