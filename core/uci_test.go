package core

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseUCI(t *testing.T) {
	const castleFEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		name, fen, in string
		want          string // UCI of the parsed move, or "" for an error
		err           error
	}{
		{"pawn push", StartFEN, "e2e4", "e2e4", nil},
		{"knight", StartFEN, "g1f3", "g1f3", nil},
		{"castle king form", castleFEN, "e1g1", "e1g1", nil},
		{"castle king takes rook", castleFEN, "e1h1", "e1g1", nil},
		{"castle long king takes rook", castleFEN, "e1a1", "e1c1", nil},
		{"promotion", "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q", "a7a8q", nil},
		{"under-promotion upper case", "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8N", "a7a8n", nil},
		{"promotion letter missing", "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8", "", ErrIllegalMove},
		{"promotion letter on a non-promotion", StartFEN, "e2e4q", "", ErrIllegalMove},
		{"illegal", StartFEN, "e2e5", "", ErrIllegalMove},
		{"opponent's piece", StartFEN, "e7e5", "", ErrIllegalMove},
		{"too short", StartFEN, "e2e", "", ErrMoveSyntax},
		{"too long", StartFEN, "e2e4qq", "", ErrMoveSyntax},
		{"bad square", StartFEN, "i2e4", "", ErrMoveSyntax},
		{"bad promotion letter", StartFEN, "e2e4k", "", ErrMoveSyntax},
		{"null move", StartFEN, "0000", "", ErrMoveSyntax},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			require.NoError(t, err)
			m, err := p.ParseUCI(tc.in)
			if tc.err != nil {
				require.Error(t, err)
				assert.True(t, errors.Is(err, tc.err), "%v", err)
				assert.Contains(t, err.Error(), tc.in)
				assert.Contains(t, err.Error(), p.FEN())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, p.UCI(m))
		})
	}
}

func TestUCIChess960Castling(t *testing.T) {
	// King f1 next to its short-castling destination g1: "f1g1" is the king's
	// step; castling must be written king takes rook.
	p, err := ParseFEN("1k6/8/8/8/8/8/8/4RK1R w H - 0 1")
	require.NoError(t, err)
	require.True(t, p.Chess960())
	step, err := p.ParseUCI("f1g1")
	require.NoError(t, err)
	assert.False(t, step.IsCastle())
	castle, err := p.ParseUCI("f1h1")
	require.NoError(t, err)
	assert.True(t, castle.IsCastle())
	assert.Equal(t, "f1h1", p.UCI(castle))
	assert.Equal(t, G1, p.CastleKingSquare(castle))
}
