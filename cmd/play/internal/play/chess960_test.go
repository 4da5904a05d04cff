package play

import (
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/stretchr/testify/require"
)

func TestChess960FEN(t *testing.T) {
	// Scharnagl's numbering: 518 is the standard array, 0 BBQNNRKR.
	fen, err := Chess960FEN(518)
	require.NoError(t, err)
	require.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", fen)
	fen, err = Chess960FEN(0)
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(fen, "/BBQNNRKR w HFhf - 0 1"), fen)

	seen := map[string]bool{}
	for n := range 960 {
		fen, err := Chess960FEN(n)
		require.NoError(t, err)
		rank := strings.Fields(fen)[0][len("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"):]
		require.False(t, seen[rank], "%d: %s twice", n, rank)
		seen[rank] = true
		b1, b2 := strings.IndexByte(rank, 'B'), strings.LastIndexByte(rank, 'B')
		require.NotEqual(t, b1%2, b2%2, "%d: bishops on squares of both colours", n)
		r1, k, r2 := strings.IndexByte(rank, 'R'), strings.IndexByte(rank, 'K'), strings.LastIndexByte(rank, 'R')
		require.True(t, r1 < k && k < r2, "%d: the king between the rooks: %s", n, rank)
		g, err := game.FromFEN(fen, game.Chess960())
		require.NoError(t, err, fen)
		pos := g.Position()
		require.True(t, pos.Chess960())
		// 16 pawn moves, one or two a knight, and castling at once when
		// king and rook stand side by side with the king on its square.
		require.True(t, g.LegalMoveCount() >= 18 && g.LegalMoveCount() <= 21, "%d: %d moves", n, g.LegalMoveCount())
		require.Equal(t, core.White, g.SideToMove())
	}
	for _, bad := range []int{-1, 960} {
		_, err := Chess960FEN(bad)
		require.Error(t, err)
	}
}
