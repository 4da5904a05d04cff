package nnue

import "github.com/gambit-chess/gambit/core"

// HalfKAv2_hm: a feature is a (king square, piece, square) triple seen from
// one side, the perspective. The board is seen with the perspective's own
// pieces moving up (Black's view turns the ranks over) and mirrored so that
// the perspective's king stands on files a to d; the king's square then
// picks one of 32 buckets of 11*64 features. Both kings share one plane.

// kingPlane is the piece-kind plane of the kings (both colours).
const kingPlane = 10

// featureIndex returns the feature of piece pc on square sq for the
// perspective persp whose king stands on ksq.
func featureIndex(persp core.Color, ksq, sq core.Square, pc core.Piece) int {
	// Orient: flip the ranks for Black, and the files when the king is on
	// files e to h (Stockfish's xor with H1 or A1, H8 or A8).
	orient := 0
	if persp == core.Black {
		orient = 56
	}
	if ksq.File() < 4 {
		orient ^= 7
	}
	// The king's bucket: its rank from the far side of the perspective
	// (White's first rank is bucket row 7), its file folded onto a-d.
	f := ksq.File()
	if f > 3 {
		f = 7 - f
	}
	rr := ksq.Rank()
	if persp == core.White {
		rr = 7 - rr
	}
	bucket := rr*4 + f
	// The plane: the perspective's own pieces on even planes, the other
	// side's on odd ones, pawn to queen; one plane for both kings.
	t := pc.Type()
	plane := kingPlane
	if t != core.King {
		plane = 2 * int(t-core.Pawn)
		if pc.Color() != persp {
			plane++
		}
	}
	return (int(sq) ^ orient) + 64*plane + 11*64*bucket
}
