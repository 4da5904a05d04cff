package core

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perft counts leaves; the perft package has the real one, but core's own
// tests may not import it.
func perft(p *Position, depth int) uint64 {
	var ml MoveList
	p.LegalMoves(&ml)
	if depth == 1 {
		return uint64(ml.Len())
	}
	var n uint64
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		n += perft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return n
}

// Chess960 castling cases. The move lists (king takes rook) and the depth-3
// counts are Stockfish's (`setoption name UCI_Chess960 value true`,
// `go perft 1` and `go perft 3`).
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     string
		perft3    uint64
	}{
		{"rook shields the king's destination", "7k/8/8/8/8/8/8/qRK5 w B - 0 1",
			"b1a1 c1c2 c1d1 c1d2", 702},
		{"king already on its destination", "1r4k1/8/8/8/8/8/8/1R4KR w HB - 0 1",
			"b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 b1f1 g1b1 g1f1 g1f2 g1g2 g1h1 g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", 7925},
		{"rook already on its destination", "1k6/8/8/8/8/8/8/3R1K2 w D - 0 1",
			"d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 f1d1 f1e1 f1e2 f1f2 f1g1 f1g2", 1360},
		{"queen-side rook gone", "2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
			"a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", 13592},
		{"black, attacked path through the lifted rook", "rk4r1/8/8/8/8/8/8/RK4R1 b GAga - 0 1",
			"a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 b8a8 b8b7 b8c7 b8c8 g8c8 g8d8 g8e8 g8f8 g8g1 g8g2 g8g3 g8g4 g8g5 g8g6 g8g7 g8h8", 10065},
		{"castling rook pinned on the rank", "1k6/8/8/8/8/8/8/RK5r w A - 0 1",
			"b1a2 b1b2 b1c2", 712},
		{"destination attacked once the rook lifts", "4k3/8/8/8/8/8/8/r1R1K2R w KC - 0 1",
			"c1a1 c1b1 c1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", 5183},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			require.NoError(t, err)
			p.SetChess960(true)
			var ml MoveList
			p.LegalMoves(&ml)
			var have []string
			for _, m := range ml.Moves() {
				have = append(have, p.UCI(m))
			}
			sort.Strings(have)
			assert.Equal(t, tc.moves, strings.Join(have, " "))
			assert.Equal(t, tc.perft3, perft(&p, 3))
		})
	}
}

func TestCastlingMakeUnmake(t *testing.T) {
	// King and rook swap squares: king b1 castles short with the rook on c1.
	p, err := ParseFEN("1k6/8/8/8/8/8/8/1KR5 w C - 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("b1c1")
	require.NoError(t, err)
	require.True(t, m.IsCastle())
	before := p
	u := p.MakeMove(m)
	assert.Equal(t, "1k6/8/8/8/8/8/8/5RK1 b - - 1 1", p.FEN())
	assert.Equal(t, p.computeHash(), p.Hash())
	p.UnmakeMove(m, u)
	assert.Equal(t, uncached(before), uncached(p))
}

// Castling returns a CastlingRights that reads as what it is, and the
// constants still compare and combine with it.
func TestCastlingRights(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want CastlingRights
		str  string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", WhiteShort | WhiteLong | BlackShort | BlackLong, "KQkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", WhiteShort | BlackLong, "Kq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1", 0, "-"},
		// Chess960: the rights, not the rook's file, are what String says.
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", WhiteShort | WhiteLong | BlackShort | BlackLong, "KQkq"},
	} {
		p, err := ParseFEN(tc.fen)
		require.NoError(t, err, tc.fen)
		c := p.Castling()
		assert.Equal(t, tc.want, c, tc.fen)
		assert.Equal(t, tc.str, c.String(), tc.fen)
		assert.Equal(t, c&WhiteShort != 0, c.Has(WhiteShort), tc.fen)
		assert.Equal(t, c&BlackLong != 0, c.Has(BlackLong), tc.fen)
		assert.Equal(t, c == WhiteShort|WhiteLong|BlackShort|BlackLong, c.Has(WhiteShort|WhiteLong|BlackShort|BlackLong), tc.fen)
		for _, r := range []CastlingRights{WhiteShort, WhiteLong, BlackShort, BlackLong} {
			assert.Equal(t, c.Has(r), p.CastlingRook(r) != NoSquare, "%s %s", tc.fen, r)
		}
	}
	assert.True(t, CastlingRights(0).Has(0), "every set holds the empty one")
}
