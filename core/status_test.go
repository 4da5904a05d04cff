package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Status
	}{
		{"start", StartFEN, Ongoing},
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", Ongoing},
		{"back-rank mated", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Checkmate},
		{"smothered mate", "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", Checkmate},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"stalemate with pinned pawn", "8/8/8/8/8/2k5/2p5/K1Q5 b - - 0 1", Ongoing},
		{"en passant is the only move", "8/8/8/8/k2Pp3/8/8/3K2B1 b - d3 0 1", Ongoing},
		{"K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", InsufficientMaterial},
		{"K+B v K", "8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", InsufficientMaterial},
		{"K+N v K", "8/8/4k3/8/8/3K4/8/5n2 w - - 0 1", InsufficientMaterial},
		{"K+B v K+B both light (c4, f1)", "8/8/4k3/8/2b5/3K4/8/5B2 w - - 0 1", InsufficientMaterial},
		{"K+BB v K all light (e2, f1)", "8/8/4k3/8/8/3K4/4B3/5B2 w - - 0 1", InsufficientMaterial},
		{"K+B v K+B opposite colours (c5, f1)", "8/8/4k3/2b5/8/3K4/8/5B2 w - - 0 1", Ongoing},
		{"K+BB v K both colours (e1, f1)", "8/8/4k3/8/8/3K4/8/4BB2 w - - 0 1", Ongoing},
		{"K+NN v K", "8/8/4k3/8/8/3K4/8/4NN2 w - - 0 1", Ongoing},
		{"K+N v K+B", "8/8/4k3/8/8/3K4/8/4Nb2 w - - 0 1", Ongoing},
		{"K+P v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", Ongoing},
		{"checkmate beats insufficient material", "8/8/8/8/8/2K5/1Q6/k7 b - - 0 1", Checkmate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			require.NoError(t, err)
			assert.Equal(t, tc.want, p.Status(), "%s: %v", tc.fen, p.Status())
			assert.Equal(t, tc.want == Checkmate, p.IsCheckmate())
			assert.Equal(t, tc.want == Stalemate, p.IsStalemate())
		})
	}
}
