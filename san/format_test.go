package san_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// formatCase is a move, given in UCI (castling as king takes rook, which
// core.ParseUCI reads without the san package), and its notations. The SAN
// values were worked out by hand from the rules and checked against
// chessops's makeSan.
type formatCase struct {
	name, fen, uci string
	want           string // canonical SAN
	long, figurine string // when set: the Long and Figurine styles
}

var formatCases = []formatCase{
	// Disambiguation.
	{name: "no disambiguation", fen: core.StartFEN, uci: "g1f3", want: "Nf3", long: "Ng1-f3", figurine: "♘f3"},
	{name: "file", fen: "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", uci: "b1d2", want: "Nbd2", long: "Nb1-d2", figurine: "♘bd2"},
	{name: "file, other knight", fen: "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", uci: "f1d2", want: "Nfd2"},
	{name: "rank", fen: "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", uci: "a1a3", want: "R1a3", long: "Ra1-a3"},
	{name: "rank, other rook", fen: "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", uci: "a5a3", want: "R5a3"},
	{name: "file and rank", fen: "k7/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1", uci: "c3d4", want: "Qc3d4", long: "Qc3-d4", figurine: "♕c3d4"},
	{name: "file when rank also differs", fen: "k7/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1", uci: "e3d4", want: "Qed4"},
	{name: "rank among three", fen: "k7/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1", uci: "c5d4", want: "Q5d4"},
	{name: "file with capture", fen: "4k3/8/8/3p4/8/2N1N3/8/4K3 w - - 0 1", uci: "c3d5", want: "Ncxd5", long: "Nc3xd5"},
	{name: "pinned knight does not count", fen: "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", uci: "f1d2", want: "Nd2"},
	{name: "pinned rook does not count", fen: "6k1/8/8/b6R/8/8/3R4/4K3 w - - 0 1", uci: "h5d5", want: "Rd5"},
	{name: "rook moving along its pin counts", fen: "4r1k1/8/8/8/8/R7/4R3/4K3 w - - 0 1", uci: "a3e3", want: "Rae3"},
	{name: "rook pinned along the line", fen: "4r1k1/8/8/8/8/R7/4R3/4K3 w - - 0 1", uci: "e2e3", want: "Ree3"},
	{name: "other piece type does not count", fen: "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", uci: "b1d2", want: "Nd2"},
	{name: "black knights", fen: "1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1", uci: "b8d7", want: "Nbd7"},

	// Pawns.
	{name: "push", fen: core.StartFEN, uci: "e2e4", want: "e4", long: "e2-e4", figurine: "e4"},
	{name: "capture", fen: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", uci: "e4d5", want: "exd5", long: "e4xd5"},
	{name: "two pawns can capture", fen: "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", uci: "c4d5", want: "cxd5"},
	{name: "en passant", fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", uci: "e5d6", want: "exd6", long: "e5xd6"},
	{name: "en passant with check", fen: "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", uci: "e5d6", want: "exd6+"},
	{name: "en passant black", fen: "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", uci: "e4d3", want: "exd3"},

	// Promotions.
	{name: "promotion", fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", uci: "e7e8q", want: "e8=Q", long: "e7-e8=Q", figurine: "e8=♕"},
	{name: "underpromotion", fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", uci: "e7e8n", want: "e8=N", figurine: "e8=♘"},
	{name: "promotion with capture", fen: "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", uci: "e7d8q", want: "exd8=Q", long: "e7xd8=Q", figurine: "exd8=♕"},
	{name: "underpromotion with capture", fen: "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", uci: "e7d8r", want: "exd8=R"},
	{name: "promotion with check", fen: "8/4P3/8/8/k7/8/8/4K3 w - - 0 1", uci: "e7e8q", want: "e8=Q+"},
	{name: "knight promotion with check", fen: "8/4P3/3k4/8/8/8/8/4K3 w - - 0 1", uci: "e7e8n", want: "e8=N+", long: "e7-e8=N+", figurine: "e8=♘+"},
	{name: "promotion with mate", fen: "k7/4P3/1K6/8/8/8/8/8 w - - 0 1", uci: "e7e8q", want: "e8=Q#"},
	{name: "black promotion", fen: "4k3/8/8/8/8/8/3p4/K7 b - - 0 1", uci: "d2d1q", want: "d1=Q+"},

	// Checks and mates.
	{name: "check", fen: "6k1/8/8/8/8/8/8/R3K3 w - - 0 1", uci: "a1a8", want: "Ra8+"},
	{name: "back-rank mate", fen: "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", uci: "a1a8", want: "Ra8#", long: "Ra1-a8#", figurine: "♖a8#"},
	{name: "discovered check", fen: "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", uci: "e4c5", want: "Nc5+"},
	{name: "double check", fen: "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", uci: "e4d6", want: "Nd6+"},
	{name: "smothered mate", fen: "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", uci: "g5f7", want: "Nf7#"},
	{name: "capture with mate", fen: "r5k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", uci: "a1a8", want: "Rxa8#", long: "Ra1xa8#"},

	// Castling.
	{name: "short", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", uci: "e1h1", want: "O-O", long: "O-O", figurine: "O-O"},
	{name: "long", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", uci: "e1a1", want: "O-O-O"},
	{name: "black short", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", uci: "e8h8", want: "O-O"},
	{name: "short with check", fen: "5k2/8/8/8/8/8/8/4K2R w K - 0 1", uci: "e1h1", want: "O-O+"},
	{name: "long with check", fen: "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", uci: "e1a1", want: "O-O-O+"},
	{name: "short with mate", fen: "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", uci: "e1h1", want: "O-O#"},
	{name: "Chess960 king on its destination", fen: "4k3/8/8/8/8/8/8/6KR w H - 0 1", uci: "g1h1", want: "O-O"},
	{name: "Chess960 king on its destination, check", fen: "5k2/8/8/8/8/8/8/6KR w H - 0 1", uci: "g1h1", want: "O-O+"},
	{name: "Chess960 rook on its destination", fen: "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", uci: "e1f1", want: "O-O"},
	{name: "Chess960 long, king next to rook", fen: "4k3/8/8/8/8/8/8/RK6 w A - 0 1", uci: "b1a1", want: "O-O-O", long: "O-O-O"},
	{name: "Chess960 king move next to castling", fen: "4k3/8/8/8/8/8/8/RK6 w A - 0 1", uci: "b1c1", want: "Kc1", long: "Kb1-c1", figurine: "♔c1"},
	{name: "Chess960 long, king on its destination, check", fen: "3k4/8/8/8/8/8/8/R1K5 w A - 0 1", uci: "c1a1", want: "O-O-O+"},
	{name: "Chess960 long, rook on its destination", fen: "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", uci: "e1d1", want: "O-O-O"},
	{name: "Chess960 king and rook swap", fen: "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", uci: "d1c1", want: "O-O-O"},
	{name: "Chess960 black short", fen: "1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1", uci: "g8h8", want: "O-O"},
	{name: "Chess960 black long", fen: "1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1", uci: "g8b8", want: "O-O-O"},
}

func TestFormat(t *testing.T) {
	for _, tc := range formatCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			m, err := p.ParseUCI(tc.uci)
			require.NoError(t, err)
			fen := p.FEN()
			assert.Equal(t, tc.want, san.Format(&p, m))
			if tc.long != "" {
				assert.Equal(t, tc.long, san.FormatStyle(&p, m, san.Long))
			}
			if tc.figurine != "" {
				assert.Equal(t, tc.figurine, san.FormatStyle(&p, m, san.Figurine))
			}
			assert.Equal(t, fen, p.FEN(), "Format changed the position")
		})
	}
}

func TestFormatLongFigurine(t *testing.T) {
	p := core.StartPosition()
	m, err := p.ParseUCI("g1f3")
	require.NoError(t, err)
	assert.Equal(t, "♘g1-f3", san.FormatStyle(&p, m, san.Long|san.Figurine))
}

func TestFormatNotLegal(t *testing.T) {
	// Format never panics: a move that is not legal here comes back in
	// coordinate form, and NoMove as PGN's null move.
	p := core.StartPosition()
	tests := []struct {
		name string
		uci  string
		fen  string
		want string
	}{
		{name: "knight move of another position", fen: "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", uci: "b1d2", want: "b1d2"},
		{name: "promotion of another position", fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", uci: "e7e8q", want: "e7e8q"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			other, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			m, err := other.ParseUCI(tc.uci)
			require.NoError(t, err)
			assert.Equal(t, tc.want, san.Format(&p, m))
		})
	}
	assert.Equal(t, "--", san.Format(&p, core.NoMove))
}
