package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// TestMoveListPast256 fills a list past 255 moves, where its count carries
// into its second byte, up to MaxMoves-1, where Add stops; a generator
// filling it again counts from zero in both bytes.
func TestMoveListPast256(t *testing.T) {
	var ml core.MoveList
	for i := range core.MaxMoves - 1 {
		ml.Add(core.Move(i + 1))
		require.Equal(t, i+1, ml.Len())
	}
	moves := ml.Moves()
	require.Len(t, moves, core.MaxMoves-1)
	for i, m := range moves {
		require.Equal(t, core.Move(i+1), m)
	}
	assert.Equal(t, core.Move(257), ml.At(256))
	assert.True(t, ml.Contains(core.Move(300)))
	ml.Swap(0, 300)
	assert.Equal(t, core.Move(301), ml.At(0))
	ml.Set(255, 7)
	assert.Equal(t, core.Move(7), ml.At(255))
	assert.Panics(t, func() { ml.Add(1) }, "the list holds MaxMoves-1 moves")
	assert.Panics(t, func() { ml.At(core.MaxMoves - 1) })

	p := core.StartPosition()
	p.LegalMoves(&ml)
	assert.Equal(t, 20, ml.Len(), "a new fill resets the count's high byte")
	ml.Clear()
	assert.Zero(t, ml.Len())
	assert.Empty(t, ml.Moves())

	// A Crazyhouse position with more than 256 moves, then a standard one.
	zh, err := core.ParseVariantFEN(core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1")
	require.NoError(t, err)
	zh.LegalMoves(&ml)
	require.Equal(t, 301, ml.Len())
	kiwipete, err := core.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	kiwipete.CaptureMoves(&ml)
	assert.Equal(t, 8, ml.Len())
	for _, m := range ml.Moves() {
		assert.True(t, m.IsCapture() || m.IsPromotion(), "%v", m)
	}
}
