//go:build ignore

// This file is the template of the pseudo-legal move generator of the
// sides that have no check: both sides in Antichess, and Horde's side
// without a king. It is not compiled itself: gen (go run ../gen -sides,
// through the go:generate line in movegen.go) writes eight copies of
// pseudoSide into pseudogen_sides.go, for White and Black to move, in
// Antichess and in Horde (anti), each writing the moves (generateAntichessWhite,
// generateHordeBlack, ...) or only counting them (countAntichessWhite,
// countHordeBlack, ...). In each copy the side, the variant and, in the
// counting ones, the nil move list are constants the compiler folds away,
// as in movegen_template.go.
//
// The first statement of pseudoSide must stay as it is: gen replaces it
// with the constants. Edit this file, then run go generate ./...

package core

// pseudoSide writes the moves of the kinds in mode of the side to move
// into ml and returns their number; with a nil list it only counts them,
// and mode must be genAll. They are every move its pieces can make, with
// no regard to a king and no castling. In Antichess (anti) captures are
// forced and pawns also promote to a king; in Horde, pawns on their first
// rank advance one or two squares, and the two-square advance from there
// leaves, as in lichess, no en-passant square.
func (p *Position) pseudoSide(ml *MoveList, mode genMode) int {
	us, them, anti := p.side()&1, (p.side()^1)&1, p.variant == Antichess
	occ := p.byType[0]
	usBB, themBB := p.byColor[us], p.byColor[them]
	empty := ^occ
	p.checkers = 0 // no king, or no check in Antichess

	// A capture, when there is one, is forced in Antichess: the writing
	// copies look for one first and then write captures only; the counting
	// ones count captures apart (in captures) and choose at the end.
	forced := anti && ml != nil && p.antichessMustCapture()
	var dest Bitboard
	if mode&genCaptures != 0 {
		dest |= themBB
	}
	if mode&genQuiets != 0 && !forced {
		dest |= empty
	}
	apart := anti && ml == nil
	captures, n := 0, 0
	for b := p.byType[Knight] & usBB; b != 0; {
		from := b.PopFirst()
		t := KnightAttacks(from) & dest
		if apart {
			captures += (t & themBB).Count()
			t &= empty
		}
		n += p.addAll(ml, from, Knight, t)
	}
	for b := p.byType[Bishop] & usBB; b != 0; {
		from := b.PopFirst()
		t := BishopAttacks(from, occ) & dest
		if apart {
			captures += (t & themBB).Count()
			t &= empty
		}
		n += p.addAll(ml, from, Bishop, t)
	}
	for b := p.byType[Rook] & usBB; b != 0; {
		from := b.PopFirst()
		t := RookAttacks(from, occ) & dest
		if apart {
			captures += (t & themBB).Count()
			t &= empty
		}
		n += p.addAll(ml, from, Rook, t)
	}
	for b := p.byType[Queen] & usBB; b != 0; {
		from := b.PopFirst()
		t := QueenAttacks(from, occ) & dest
		if apart {
			captures += (t & themBB).Count()
			t &= empty
		}
		n += p.addAll(ml, from, Queen, t)
	}
	for b := p.byType[King] & usBB; b != 0; {
		from := b.PopFirst()
		t := KingAttacks(from) & dest
		if apart {
			captures += (t & themBB).Count()
			t &= empty
		}
		n += p.addAll(ml, from, King, t)
	}

	// Pawns, set-wise: one square forward, two from the second rank
	// (a double push) and from the first (Horde's, no double push).
	const last = Rank1 | Rank8
	pawns := p.byType[Pawn] & usBB
	up, second, third := 8, Rank2, Rank3
	if us == Black {
		up, second, third = -8, Rank7, Rank6
	}
	one := pawnForward(us, pawns) & empty
	two := pawnForward(us, one&third) & empty
	var fromFirst Bitboard
	if !anti {
		fromFirst = pawnForward(us, one&second) & empty
	}
	west := pawnWest(us, pawns) & themBB
	east := pawnEast(us, pawns) & themBB
	var ep Bitboard
	if p.ep() != NoSquare {
		ep = PawnAttacks(them, p.ep()) & pawns
	}
	if ml != nil {
		if forced {
			one, two, fromFirst = 0, 0, 0
		}
		return n + p.writePseudoPawns(ml, mode, one, two, fromFirst, west, east, ep, up, anti)
	}
	// Counting (mode is genAll): a pawn reaching the last rank makes four
	// moves, five in Antichess.
	extra := 3
	if anti {
		extra = 4
	}
	n += one.Count() + two.Count() + fromFirst.Count() + extra*(one&last).Count()
	captures += west.Count() + east.Count() + ep.Count() + extra*((west&last).Count()+(east&last).Count())
	if anti && captures > 0 {
		return captures
	}
	return n + captures
}
