package syzygy

// The Syzygy format numbers each position of a table by an index built
// from the squares of its pieces, after folding the board by its
// symmetries. This file computes, once at start-up, the tables that index
// needs; every value follows from the rules written beside it.

// sqFile and sqRank split a square numbered a1 = 0 ... h8 = 63.
func sqFile(sq int) int { return sq & 7 }
func sqRank(sq int) int { return sq >> 3 }

var (
	// offDiag is +1 above the a1-h8 diagonal (rank > file), -1 below it
	// and 0 on it.
	offDiag [64]int8
	// triangle numbers the ten squares of the a1-d1-d4 triangle the first
	// piece of a pawnless table is folded into: the six squares off the
	// diagonal 0..5 (rank by rank), the diagonal a1..d4 6..9. Other squares
	// take the value of their image in the triangle.
	triangle [64]uint8
	// flipDiag mirrors a square in the a1-h8 diagonal.
	flipDiag [64]uint8
	// lower numbers the 28 squares below the a1-h8 diagonal (file > rank)
	// rank by rank, and gives the diagonal squares 28..35; a square above
	// the diagonal takes the number of its mirror image.
	lower [64]uint8
	// diag numbers the a1-h8 diagonal 0..7 and the h1-a8 diagonal 8..15.
	diag [64]uint8
	// kkIdx numbers the 462 placements of two kings whose first king
	// stands in the triangle (kkIdx[triangle][second king]), -1 where the
	// placement is impossible or folded away.
	kkIdx [10][64]int16
	// flap numbers a leading pawn's square on files a-d, file by file
	// (6 ranks each); files e-h take their mirror image's number.
	flap [64]uint8
	// pawnTwist orders the pawn squares from the centre files outwards and
	// from rank 7 down to rank 2, so that pawns are indexed in that order.
	pawnTwist [64]uint8
	// binomial[k][n] is n choose k.
	binomial [7][64]uint64
	// pawnIdx[k-1][flap] counts the placements of k pawns of the leading
	// colour whose leading pawn comes before flap in flap's file;
	// pawnFactor[k-1][file] the placements whose leading pawn is on file.
	pawnIdx    [6][24]uint64
	pawnFactor [6][4]uint64
)

// fileToFile folds a file onto a-d.
var fileToFile = [8]int{0, 1, 2, 3, 3, 2, 1, 0}

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sqFile(sq), sqRank(sq)
		switch {
		case r > f:
			offDiag[sq] = 1
		case r < f:
			offDiag[sq] = -1
		}
		flipDiag[sq] = uint8(f*8 + r)

		// triangle: fold onto files a-d and ranks 1-4, then below the
		// diagonal.
		tf, tr := f, r
		if tf > 3 {
			tf = 7 - tf
		}
		if tr > 3 {
			tr = 7 - tr
		}
		if tr > tf {
			tf, tr = tr, tf
		}
		if tf == tr {
			triangle[sq] = uint8(6 + tf)
		} else {
			n := 0
			for rr := 0; rr < 4; rr++ {
				for ff := rr + 1; ff < 4; ff++ {
					if rr == tr && ff == tf {
						triangle[sq] = uint8(n)
					}
					n++
				}
			}
		}

		// lower
		lf, lr := f, r
		if lr > lf {
			lf, lr = lr, lf
		}
		if lf == lr {
			lower[sq] = uint8(28 + lf)
		} else {
			n := 0
			for rr := 0; rr < 8; rr++ {
				for ff := rr + 1; ff < 8; ff++ {
					if rr == lr && ff == lf {
						lower[sq] = uint8(n)
					}
					n++
				}
			}
		}

		switch {
		case f == r:
			diag[sq] = uint8(f)
		case f+r == 7:
			diag[sq] = uint8(8 + r)
		}

		if r >= 1 && r <= 6 {
			ff := f
			if ff > 3 {
				ff = 7 - ff
			}
			flap[sq] = uint8(ff*6 + r - 1)
			centre := 3 - ff // 0 on files d and e, 3 on files a and h
			west := 0
			if f < 4 {
				west = 1
			}
			pawnTwist[sq] = uint8(12*centre + 2*(6-r) + west)
		}
	}

	initKings()

	for k := 0; k < 7; k++ {
		for n := 0; n < 64; n++ {
			num, den := uint64(1), uint64(1)
			for i := 0; i < k; i++ {
				num *= uint64(n - i)
				den *= uint64(i + 1)
			}
			if n < k {
				num = 0
			}
			binomial[k][n] = num / den
		}
	}
	for k := 0; k < 6; k++ {
		var s uint64
		for j := 0; j < 24; j++ {
			pawnIdx[k][j] = s
			file, rank := j/6, 1+j%6
			s += binomial[k][pawnTwist[rank*8+file]]
			if j%6 == 5 {
				pawnFactor[k][j/6] = s
				s = 0
			}
		}
	}
}

// kingsTouch reports whether two squares are equal or adjacent.
func kingsTouch(a, b int) bool {
	df := sqFile(a) - sqFile(b)
	dr := sqRank(a) - sqRank(b)
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// initKings numbers the king placements: first every placement whose
// first king is off the diagonal (any second king that does not touch it),
// then those with the first king on the diagonal and the second below it,
// then both on the diagonal.
func initKings() {
	for t := range kkIdx {
		for sq := range kkIdx[t] {
			kkIdx[t][sq] = -1
		}
	}
	// The first king's square for each triangle number.
	var first [10]int
	for sq := 0; sq < 64; sq++ {
		if sqFile(sq) < 4 && sqRank(sq) < 4 && sqRank(sq) <= sqFile(sq) {
			first[triangle[sq]] = sq
		}
	}
	n := int16(0)
	for t := 0; t < 6; t++ {
		for sq := 0; sq < 64; sq++ {
			if !kingsTouch(first[t], sq) {
				kkIdx[t][sq] = n
				n++
			}
		}
	}
	for t := 6; t < 10; t++ {
		for sq := 0; sq < 64; sq++ {
			if sqFile(sq) > sqRank(sq) && !kingsTouch(first[t], sq) {
				kkIdx[t][sq] = n
				n++
			}
		}
	}
	for t := 6; t < 10; t++ {
		for sq := 0; sq < 64; sq++ {
			if sqFile(sq) == sqRank(sq) && !kingsTouch(first[t], sq) {
				kkIdx[t][sq] = n
				n++
			}
		}
	}
}
