package hub_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
	"github.com/gambit-chess/gambit/internal/varianttest"
	"github.com/gambit-chess/gambit/san"
)

// TestHubVariantGames creates a game of each variant core plays in a hub,
// plays a legal move of it in UCI and its reply in SAN by the variant's
// rules, and reads, snapshots and restores it with its variant.
func TestHubVariantGames(t *testing.T) {
	h := hub.New(hub.Config{})
	t.Cleanup(func() { _ = h.Close() })
	for _, v := range varianttest.Played() {
		id := v.String()
		require.NoError(t, h.CreateVariant(id, v, game.AutoDraw()))
		g, err := h.Get(id)
		require.NoError(t, err)
		assert.Equal(t, v, g.Variant())
		assert.Equal(t, core.VariantStartFEN(v), g.FEN())
		first := g.LegalMovesUCI()
		require.NotEmpty(t, first, id)
		o, err := h.Move(id, first[0])
		require.NoError(t, err, "%s %s", id, first[0])
		assert.Equal(t, game.Ongoing, o.Status)
		err = h.Do(id, func(g *game.Game) error {
			pos := g.Position()
			var ml core.MoveList
			pos.LegalMoves(&ml)
			return g.MoveSAN(san.Format(&pos, ml.At(ml.Len()-1)))
		})
		require.NoError(t, err, id)
		data, err := h.Snapshot(id)
		require.NoError(t, err)
		require.NoError(t, h.Restore(id+"-restored", data))
		back, err := h.Get(id + "-restored")
		require.NoError(t, err)
		assert.Equal(t, v, back.Variant(), id)
		now, err := h.Get(id)
		require.NoError(t, err)
		assert.Equal(t, now.FEN(), back.FEN(), id)
		assert.Equal(t, now.Moves(), back.Moves(), id)
	}
	err := h.CreateVariant("none", core.Variant(200))
	assert.ErrorIs(t, err, core.ErrUnknownVariant)
	assert.Contains(t, err.Error(), `"none"`)
	assert.ErrorIs(t, h.CreateVariant(core.Horde.String(), core.Horde), hub.ErrExists)
	assert.ErrorIs(t, h.CreateFromVariantFEN("bad", core.Horde, "8/8/8/8/8/8/8/8 w - - 0 1"), core.ErrInvalidFEN)
	_, err = h.Get("bad")
	assert.ErrorIs(t, err, hub.ErrNotFound)
}

// TestHubVariantEndings plays games of the variants to their own endings
// through the hub, from variant FENs and from the start: the outcome the
// last move returns, and no move after it.
func TestHubVariantEndings(t *testing.T) {
	h := hub.New(hub.Config{})
	t.Cleanup(func() { _ = h.Close() })
	for _, tc := range []struct {
		id     string
		v      core.Variant
		fen    string   // "" for the variant's start
		moves  []string // SAN
		result game.Result
		reason string
	}{
		{id: "hill", v: core.KingOfTheHill, fen: "8/8/8/8/8/2K5/8/7k w - - 0 1", moves: []string{"Kd4"},
			result: game.WhiteWon, reason: "king on the hill"},
		{id: "checks", v: core.ThreeCheck, moves: []string{"e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "Ke7", "Qxe5+"},
			result: game.WhiteWon, reason: "third check"},
		{id: "race", v: core.RacingKings, fen: "8/6K1/8/8/8/8/k7/8 w - - 0 1", moves: []string{"Kg8"},
			result: game.WhiteWon, reason: "king on the eighth rank"},
		{id: "horde", v: core.Horde, fen: "8/8/8/8/8/4k3/3P4/8 b - - 0 1", moves: []string{"Kxd2"},
			result: game.BlackWon, reason: "every piece taken"},
		{id: "anti", v: core.Antichess, fen: "8/8/8/8/8/8/1p6/B7 w - - 0 1", moves: []string{"Bxb2"},
			result: game.BlackWon, reason: "every piece lost"},
		{id: "atomic", v: core.Atomic, fen: "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1", moves: []string{"Rxe7"},
			result: game.WhiteWon, reason: "king exploded"},
	} {
		if tc.fen == "" {
			require.NoError(t, h.CreateVariant(tc.id, tc.v), tc.id)
		} else {
			require.NoError(t, h.CreateFromVariantFEN(tc.id, tc.v, tc.fen), tc.id)
		}
		var o game.Outcome
		for i, m := range tc.moves {
			var err error
			o, err = h.MoveSAN(tc.id, m)
			require.NoError(t, err, "%s move %d %s", tc.id, i+1, m)
			if i < len(tc.moves)-1 {
				require.False(t, o.IsOver(), "%s over after %s: %v", tc.id, m, o)
			}
		}
		assert.Equal(t, game.VariantEnd, o.Status, tc.id)
		assert.Equal(t, tc.result, o.Result, tc.id)
		assert.Equal(t, tc.reason, o.Reason, tc.id)
		g, err := h.Get(tc.id)
		require.NoError(t, err)
		assert.Equal(t, o, g.Outcome(), tc.id)
		_, err = h.Move(tc.id, "a1a2")
		assert.ErrorIs(t, err, game.ErrGameOver, tc.id)
		after, err := h.Get(tc.id)
		require.NoError(t, err)
		assert.Equal(t, g.Ply(), after.Ply(), tc.id)
	}
}
