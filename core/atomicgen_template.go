//go:build ignore

// This file is the template of Atomic's move generator, not compiled
// itself: gen (go run ../gen -sides, through the go:generate line in
// movegen.go) writes four copies of atomicSide into atomicgen_sides.go, for
// White and Black to move, each writing the moves (generateAtomicWhite,
// generateAtomicBlack) or only counting them (countAtomicWhite,
// countAtomicBlack). In each copy the side to move is a constant and, in
// the counting ones, the move list is nil, so the compiler folds every
// test of the side (pawn directions, ranks, castling rights) and of the
// list away, as in movegen_template.go.
//
// The first statement of atomicSide must stay as it is: gen replaces it
// with the constants. Edit this file, then run go generate ./...

package core

// atomicSide writes the legal atomic moves of the kinds in mode into ml
// and returns their number. With a nil list it only counts them, and mode
// must be genAll. Both kings are on the board (variantEnded has been
// asked). Each move is tested by bitboards, without making it: a quiet
// move of a piece that is neither pinned nor moving out of check is legal
// as it stands; every other move is tested against the occupancy it
// leaves, explosion included (variant_atomic.go has the tests).
func (p *Position) atomicSide(ml *MoveList, mode genMode) int {
	us, them := p.side()&1, (p.side()^1)&1
	occ := p.byType[0]
	usBB, themBB := p.byColor[us], p.byColor[them]
	v := atomicView{
		ksq:   (p.byType[King] & usBB).First(),
		tksq:  (p.byType[King] & themBB).First(),
		occ:   occ,
		them:  themBB,
		pawns: p.byType[Pawn],
	}
	// Kings that touch cannot be checked, nor can a piece be pinned to
	// one. Otherwise the checkers are the sliders pins finds and the
	// knights and pawns next to the king: their king is not next to ours.
	v.touching = KingAttacks(v.ksq).Has(v.tksq)
	if !v.touching {
		hv, diag, checkers := p.pins(us, v.ksq)
		v.checkers = checkers | (KnightAttacks(v.ksq)&p.byType[Knight]|PawnAttacks(us, v.ksq)&p.byType[Pawn])&themBB
		v.blockers = (hv | diag) & usBB
	}
	p.checkers = v.checkers

	// Pieces but pawns and the king move to the squares of quiets and
	// capture on those of captures.
	var quiets, captures Bitboard
	if mode&genQuiets != 0 {
		quiets = ^occ
	}
	if mode&genCaptures != 0 {
		captures = themBB
	}
	n := 0
	for b := p.byType[Knight] & usBB; b != 0; {
		from := b.PopFirst()
		t := KnightAttacks(from)
		n += p.addAll(ml, from, Knight, p.atomicTargets(&v, from, t&quiets, t&captures))
	}
	for b := p.byType[Bishop] & usBB; b != 0; {
		from := b.PopFirst()
		t := BishopAttacks(from, occ)
		n += p.addAll(ml, from, Bishop, p.atomicTargets(&v, from, t&quiets, t&captures))
	}
	for b := p.byType[Rook] & usBB; b != 0; {
		from := b.PopFirst()
		t := RookAttacks(from, occ)
		n += p.addAll(ml, from, Rook, p.atomicTargets(&v, from, t&quiets, t&captures))
	}
	for b := p.byType[Queen] & usBB; b != 0; {
		from := b.PopFirst()
		t := QueenAttacks(from, occ)
		n += p.addAll(ml, from, Queen, p.atomicTargets(&v, from, t&quiets, t&captures))
	}

	// The king never captures. It may step onto any square next to their
	// king, and onto another one that their pieces do not attack once it
	// has left its square.
	if mode&genQuiets != 0 {
		near := KingAttacks(v.tksq)
		targets := KingAttacks(v.ksq) &^ occ
		lifted := occ &^ v.ksq.Bitboard()
		for t := targets &^ near; t != 0; {
			to := t.PopFirst()
			if p.attackersTo(to, lifted)&themBB != 0 {
				targets &^= to.Bitboard()
			}
		}
		n += p.addAll(ml, v.ksq, King, targets)

		// Castling, as chessops tests it: the squares the king crosses
		// must be safe with only the king lifted, the one it lands on
		// with king and rook moved, safe in the atomic sense (a square
		// next to their king is). Chess960's castling is the same, the
		// rook's square and the path taken from the position.
		for rights := p.castling() & castleRights[us]; v.checkers == 0 && rights != 0; rights &= rights - 1 {
			i := int(Bitboard(rights).First()) & 3
			if p.castlePath[i]&occ != 0 {
				continue
			}
			rsq := p.castleRook[i]
			kTo, rTo := castleTargets(i)
			safe := !p.atomicAttacked(&v, kTo, lifted^rsq.Bitboard()^rTo.Bitboard())
			for path := Between(v.ksq, kTo); safe && path != 0; path &= path - 1 {
				safe = !p.atomicAttacked(&v, path.First(), lifted)
			}
			if safe {
				n++
				if ml != nil {
					ml.add(newMove(v.ksq, rsq, King, NoPieceType, NoPieceType) | flagCastle)
				}
			}
		}
	}

	// Pawns, set-wise, then each target tested where it must be: a push
	// when in check or of a pinned pawn, every capture. up is the push
	// direction; west and east captures go toward the a- and h-file.
	pawns := p.byType[Pawn] & usBB
	up, thirdRank := 8, Rank3
	if us == Black {
		up, thirdRank = -8, Rank6
	}
	empty := ^occ
	one := pawnForward(us, pawns) & empty
	two := pawnForward(us, one&thirdRank) & empty
	if !v.touching && (v.checkers != 0 || v.blockers&pawns != 0) {
		one = p.atomicPawnQuiets(&v, one, up)
		two = p.atomicPawnQuiets(&v, two, 2*up)
	}
	west := p.atomicPawnCaptures(&v, pawnWest(us, pawns)&themBB, up-1)
	east := p.atomicPawnCaptures(&v, pawnEast(us, pawns)&themBB, up+1)
	if mode == genAll {
		n += pawnMoveCount(one) + two.Count() + pawnMoveCount(west) + pawnMoveCount(east)
		if ml != nil {
			p.writePawnMoves(ml, one, up)
			for t := two; t != 0; {
				to := t.PopFirst()
				ml.add(newMove(Square(int(to)-2*up), to, Pawn, NoPieceType, NoPieceType) | flagDoublePush)
			}
			p.writePawnMoves(ml, west, up-1)
			p.writePawnMoves(ml, east, up+1)
		}
	} else {
		n += p.writePawnKinds(ml, mode, one, two, west, east, up)
	}
	// En passant explodes around the square the pawn lands on, and takes
	// the pawn behind it.
	if p.ep() != NoSquare && mode&genCaptures != 0 {
		for b := PawnAttacks(them, p.ep()) & pawns; b != 0; {
			from := b.PopFirst()
			if p.atomicCaptureSafe(&v, from, p.ep(), p.ep()^8) {
				n++
				if ml != nil {
					ml.add(newMove(from, p.ep(), Pawn, Pawn, NoPieceType) | flagEnPassant)
				}
			}
		}
	}
	return n
}
