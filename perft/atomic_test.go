package perft_test

import (
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/variantoracle"
)

// Atomic's oracle is chessops alone: Fairy-Stockfish 11.1 has no atomic
// (it plays standard chess under that name), so it is never asked. The
// start position, random positions and published counts are
// TestVariantOracles's and TestVariantPublished's (variant_oracle_test.go).

// atomicPositions are hand-picked positions where Atomic's rules bite,
// each compared with chessops at its depth.
var atomicPositions = []struct {
	fen   string
	depth int
	why   string
}{
	{"8/8/8/3k4/3K4/8/8/4r2Q w - - 0 1", 4, "kings touching: no check, the king walks next to the other one"},
	{"8/8/8/8/8/8/3kq3/4K3 w - - 0 1", 4, "kings touching, a queen beside them"},
	{"4k3/8/8/8/8/4p3/3K4/5N2 w - - 0 1", 4, "a capture next to our own king, and a king capture"},
	{"4k3/4r3/8/8/8/3p4/1N2B3/4K3 w - - 0 1", 4, "an explosion takes our own blocker away"},
	{"4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1", 4, "en passant explodes around the square the pawn lands on"},
	{"8/8/2k5/3pP3/8/8/8/4K3 w - d6 0 1", 4, "en passant explodes the king"},
	{"3r4/8/8/8/8/8/5k2/R3K2R w KQ - 0 1", 4, "castling: an attacked square, and squares next to the other king"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, "castling both ways, rooks that can explode"},
	{"6nk/4r3/8/8/8/8/8/4K1R1 w - - 0 1", 4, "in check, a capture that explodes the other king wins"},
	{"rn2k3/1P6/8/8/8/8/8/4K3 w q - 0 1", 4, "a promotion that captures explodes"},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, "kiwipete"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 2, "White's king has exploded: no move"},
	{"8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, "atomic960: castling with a rook next to an enemy rook"},
	{"Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 3, "atomic960: castling rights of the side not to move, kings close"},
}

func TestAtomicPositionsChessOps(t *testing.T) {
	o := variantOracles{v: core.Atomic, ops: variantoracle.ChessOpsForTest(t)}
	for _, tc := range atomicPositions {
		for d := 1; d <= tc.depth; d++ {
			o.compare(t, tc.fen, d)
		}
	}
}
