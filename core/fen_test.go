package core

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		name, fen, field, msg string
	}{
		{"empty", "", "fields", "have 0"},
		{"too many fields", StartFEN + " x", "fields", "have 7"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "have 7"},
		{"bad letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "board", "invalid piece letter 'X'"},
		{"zero digit", "rnbqkbnr/pppppppp/8/8/0/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "invalid piece letter '0'"},
		{"short rank", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 6 has 7 squares"},
		{"long rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "board", "rank 1 has more than 8"},
		{"long rank digits", "rnbqkbnr/pppppppp/18/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 6 has 9 squares"},
		{"no white king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "board", "white has 0 kings"},
		{"two black kings", "rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "black has 2 kings"},
		{"pawn on rank 8", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "board", "pawn on h8"},
		{"pawn on rank 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w Qkq - 0 1", "board", "pawn on h1"},
		{"bad side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", `have "x"`},
		{"side not to move in check", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "", ""},
		{"opponent in check", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "side to move", "black is in check but it is white to move"},
		{"castling without rook", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling", "'k': no black rook"},
		{"castling king moved", "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "castling", "white king is not on its first rank"},
		{"castling bad letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling", "invalid letter 'x'"},
		{"castling twice", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling", "second right"},
		{"castling file without rook", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w GQkq - 0 1", "castling", "'G': no white rook"},
		{"nine white pawns", "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "white has more pieces"},
		{"27 queens (257 moves)", "BQQQQN1k/Q4QNN/Q5QQ/Q3Q3/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", "board", "white has more pieces"},
		{"nine queens: eight promotions", "QQQQQQQQ/Q7/8/8/8/8/8/K6k b - - 0 1", "", ""},
		{"ten queens", "QQQQQQQQ/QQ6/8/8/8/8/8/K6k b - - 0 1", "board", "white has more pieces"},
		{"ep with check from the pawn", "7k/8/8/2pP4/1K6/8/8/8 w - c6 0 1", "", ""},
		{"ep not a square", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", "en passant", `have "e9"`},
		{"ep wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "en passant", "e4 is not on rank 3"},
		{"ep no pawn", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "en passant", "no white pawn on d4"},
		{"ep square occupied", "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "en passant", "is occupied"},
		{"halfmove not a number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock", `have "x"`},
		{"negative halfmove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock", `have "-1"`},
		{"negative fullmove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove number", `have "-3"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFEN(tc.fen)
			if tc.field == "" {
				require.NoError(t, err) // control case: a legal position
				return
			}
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrInvalidFEN))
			var fe *FENError
			require.True(t, errors.As(err, &fe))
			assert.Equal(t, tc.field, fe.Field)
			assert.Contains(t, fe.Msg, tc.msg)
			assert.Contains(t, err.Error(), tc.fen)
		})
	}
}

func TestFENRoundTrip(t *testing.T) {
	tests := []struct{ name, in, out string }{
		{"start", StartFEN, StartFEN},
		{"four fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"fullmove zero", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", StartFEN},
		{"shredder standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFEN},
		{"extra spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0 1 ", StartFEN},
		// The en-passant square is written only when a capture is legal.
		{"ep without capturer", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"ep legal", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		// The capturing pawn is pinned against its king along the rank.
		{"ep pinned", "8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "8/8/8/KPp4r/8/8/8/7k w - - 0 2"},
		// Chess960: X-FEN writes K/Q for the outermost rook and a file
		// letter for an inner one.
		{"960 outer rooks", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"960 inner rook", "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1"},
		{"960 inner rook letter", "rk2r2r/8/8/8/8/8/8/RK2R2R w Ee - 0 1", "rk2r2r/8/8/8/8/8/8/RK2R2R w Ee - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.out, p.FEN())
			q, err := ParseFEN(p.FEN())
			require.NoError(t, err)
			assert.Equal(t, p.FEN(), q.FEN())
			assert.Equal(t, p.board, q.board)
		})
	}
}

func TestChess960Detection(t *testing.T) {
	for fen, want := range map[string]bool{
		StartFEN: false,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1":          false,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9": true,
		"4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1":                                  true,
	} {
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		assert.Equal(t, want, p.Chess960(), fen)
	}
}

// PlacementFEN writes a board that is no position yet (two white kings, no
// black one) as FEN's first field, the same field FEN writes.
func TestPlacementFEN(t *testing.T) {
	var board [64]Piece
	board[E1] = NewPiece(White, King)
	board[H8] = NewPiece(White, King)
	board[D4] = NewPiece(Black, Pawn)
	assert.Equal(t, "7K/8/8/8/3p4/8/8/4K3", PlacementFEN(&board))
	p := StartPosition()
	assert.Equal(t, strings.Fields(p.FEN())[0], PlacementFEN(&p.board))
}
