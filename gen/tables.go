package main

import (
	"github.com/dave/jennifer/jen"
	"github.com/gambit-chess/gambit/gen/magic"
)

// leapers emits the knight, king and pawn attack tables.
func leapers() *jen.File {
	var knight, king [64]uint64
	var pawn [2][64]uint64
	for sq := range 64 {
		f, r := sq%8, sq/8
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knight[sq] |= squareBit(f+d[0], r+d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					king[sq] |= squareBit(f+df, r+dr)
				}
			}
		}
		pawn[0][sq] = squareBit(f-1, r+1) | squareBit(f+1, r+1)
		pawn[1][sq] = squareBit(f-1, r-1) | squareBit(f+1, r-1)
	}
	f := newFile()
	f.Comment("KnightAttacks holds the squares a knight attacks from each square.")
	f.Var().Id("KnightAttacks").Op("=").Add(array64(knight[:]))
	f.Comment("KingAttacks holds the squares a king attacks from each square.")
	f.Var().Id("KingAttacks").Op("=").Add(array64(king[:]))
	f.Comment("PawnAttacks holds the squares a pawn attacks, by colour (0 white, moving up;")
	f.Comment("1 black, moving down) and square.")
	f.Var().Id("PawnAttacks").Op("=").Index(jen.Lit(2)).Index(jen.Lit(64)).Uint64().Values(
		jen.Line().Add(array64(pawn[0][:])), jen.Line().Add(array64(pawn[1][:])), jen.Line())
	return f
}

// lines emits the between and line masks for every pair of squares.
func lines() *jen.File {
	var between, line [64][64]uint64
	for a := range 64 {
		for _, s := range []magic.Slider{magic.Rook, magic.Bishop} {
			for b := range 64 {
				if a == b || magic.Attacks(s, a, 0)&(1<<b) == 0 {
					continue
				}
				between[a][b] = magic.Attacks(s, a, 1<<b) & magic.Attacks(s, b, 1<<a)
				line[a][b] = (magic.Attacks(s, a, 0) & magic.Attacks(s, b, 0)) | 1<<a | 1<<b
			}
		}
	}
	f := newFile()
	rows := func(t *[64][64]uint64) jen.Code {
		return jen.Index(jen.Lit(64)).Index(jen.Lit(64)).Uint64().ValuesFunc(func(g *jen.Group) {
			for a := range 64 {
				g.Line().Add(array64(t[a][:]))
			}
			g.Line()
		})
	}
	f.Comment("Between holds, for two squares on one rank, file or diagonal, the squares")
	f.Comment("strictly between them; for any other pair it is empty.")
	f.Var().Id("Between").Op("=").Add(rows(&between))
	f.Comment("Line holds, for two squares on one rank, file or diagonal, the whole line")
	f.Comment("through both from edge to edge; for any other pair it is empty.")
	f.Var().Id("Line").Op("=").Add(rows(&line))
	var rookRays, bishopRays [64]uint64
	for sq := range 64 {
		rookRays[sq] = magic.Attacks(magic.Rook, sq, 0)
		bishopRays[sq] = magic.Attacks(magic.Bishop, sq, 0)
	}
	f.Comment("RookRays holds the squares a rook attacks from each square of an empty board.")
	f.Var().Id("RookRays").Op("=").Add(array64(rookRays[:]))
	f.Comment("BishopRays holds the squares a bishop attacks from each square of an empty")
	f.Comment("board.")
	f.Var().Id("BishopRays").Op("=").Add(array64(bishopRays[:]))
	return f
}

// magics emits the per-square magic entries and the shared attack table.
func magics(set *magic.Set, table []uint64) *jen.File {
	f := newFile()
	f.Comment("Magic holds what a slider lookup needs for one square:")
	f.Comment("")
	f.Comment("\tSliderAttacks[Offset + ((occ & Mask) * Magic) >> Shift]")
	f.Type().Id("Magic").Struct(
		jen.Id("Mask").Uint64(),
		jen.Id("Magic").Uint64(),
		jen.Id("Offset").Uint32(),
		jen.Id("Shift").Uint8(),
	)
	for _, s := range []magic.Slider{magic.Rook, magic.Bishop} {
		name := map[magic.Slider]string{magic.Rook: "RookMagics", magic.Bishop: "BishopMagics"}[s]
		f.Commentf("%s holds the %v magic of each square.", name, s)
		f.Var().Id(name).Op("=").Index(jen.Lit(64)).Id("Magic").ValuesFunc(func(g *jen.Group) {
			for sq, e := range set.Entries(s) {
				g.Line().Values(hex(magic.Mask(s, sq)), hex(e.Magic), jen.Lit(int(e.Offset)), jen.Lit(int(e.Shift)))
			}
			g.Line()
		})
	}
	f.Commentf("SliderAttacks is the fancy-magic attack table shared by every rook and")
	f.Commentf("bishop square: %d entries.", len(table))
	f.Var().Id("SliderAttacks").Op("=").Index(jen.Lit(len(table))).Uint64().ValuesFunc(func(g *jen.Group) {
		for i, v := range table {
			if i%4 == 0 {
				g.Line().Add(hex(v))
			} else {
				g.Add(hex(v))
			}
		}
		g.Line()
	})
	return f
}

// zobrist emits the Zobrist keys, laid out for core's piece encoding, taken
// from the Polyglot random numbers so that hashes equal Polyglot book keys.
func zobrist() *jen.File {
	// Polyglot orders piece kinds black pawn, white pawn, black knight, ...;
	// core indexes [colour][type] with white 0, black 1 and pawn 1 .. king 6.
	var pieces [2][7][64]uint64
	for c := range 2 {
		for t := 1; t <= 6; t++ {
			kind := 2*(t-1) + (1 - c)
			for sq := range 64 {
				pieces[c][t][sq] = polyglotRandom[64*kind+sq]
			}
		}
	}
	var castling [16]uint64
	for rights := range 16 {
		for bit := range 4 {
			if rights&(1<<bit) != 0 {
				castling[rights] ^= polyglotRandom[768+bit]
			}
		}
	}
	f := newFile()
	f.Comment("ZobristPieces holds the key of a piece by colour (0 white, 1 black), piece")
	f.Comment("type (1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king; 0 is unused)")
	f.Comment("and square.")
	f.Var().Id("ZobristPieces").Op("=").Index(jen.Lit(2)).Index(jen.Lit(7)).Index(jen.Lit(64)).Uint64().ValuesFunc(func(g *jen.Group) {
		for c := range 2 {
			g.Line().Index(jen.Lit(7)).Index(jen.Lit(64)).Uint64().ValuesFunc(func(g *jen.Group) {
				for t := range 7 {
					g.Line().Add(array64(pieces[c][t][:]))
				}
				g.Line()
			})
		}
		g.Line()
	})
	f.Comment("ZobristCastling holds the key of every combination of castling rights:")
	f.Comment("bit 0 white short (h-side), 1 white long (a-side), 2 black short, 3 black long.")
	f.Var().Id("ZobristCastling").Op("=").Add(array64(castling[:]))
	f.Comment("ZobristEnPassant holds the key of an en-passant file, a to h.")
	f.Var().Id("ZobristEnPassant").Op("=").Add(array64(polyglotRandom[772:780]))
	f.Comment("ZobristWhiteToMove is XORed into the key when white is to move.")
	f.Const().Id("ZobristWhiteToMove").Op("=").Add(hex(polyglotRandom[780]))
	return f
}
