package core

import "github.com/gambit-chess/gambit/tables"

// zobrist holds tables.ZobristPieces indexed by Piece (colour<<3 | type)
// rather than by colour then type: MakeMove finds a key with a shift and an
// add instead of a multiplication by seven rows. Unused slots are zero.
var zobrist = func() (z [16][64]uint64) {
	for c := range 2 {
		for t := range 7 {
			z[NewPiece(Color(c), PieceType(t))] = tables.ZobristPieces[c][t]
		}
	}
	return z
}()
