package cli

import "github.com/gambit-chess/gambit/core"

// KiwipeteFEN is Kiwipete, the perft test position rich in castling, en
// passant and promotions (Peter McKenzie's).
const KiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// PositionNames is how FENs every command takes are named in help texts.
const PositionNames = `"startpos" or "kiwipete"`

// FEN returns the FEN a command line's position s stands for in variant
// v: "startpos" is v's start position, "kiwipete" is KiwipeteFEN, and
// anything else is taken to be a FEN and returned as it is.
func FEN(v core.Variant, s string) string {
	switch s {
	case "startpos":
		return core.VariantStartFEN(v)
	case "kiwipete":
		return KiwipeteFEN
	}
	return s
}
