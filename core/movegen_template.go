//go:build ignore

// This file is the template of the side-specialised move generator, not
// compiled itself: gen (go run ../gen -sides, through the go:generate line
// in movegen.go) writes eight copies of generateSide into movegen_sides.go,
// for White and Black to move, each writing the moves (generateWhite,
// generateBlack) or only counting them (countWhite, countBlack), and the
// same four for Racing Kings (racing: generateRacingWhite, ...,
// countRacingBlack), where no move may give check. In each copy the side
// to move and the variant are constants and, in the counting ones, the
// move list is nil, so the compiler folds every test of the side (pawn
// directions, ranks), of the variant and of the list away: the machine
// code of the standard copies has no trace of Racing Kings. Go has no
// templates; this is what C++ generators get from them.
//
// Each copy also holds the code after `checkMask := ^Bitboard(0)` more
// than once: first for the side to move not in check, where the check
// mask is a constant and every and with it and every test of checkers
// fold away, and within that, from `pinned := pinHV | pinD` on, first for
// no piece pinned, the pin rays constants (zero) too; then as written
// here, for evasions (gen's checkSplit and pinSplit).
//
// The first statement of generateSide must stay as it is: gen replaces it
// with the constants; so must `checkMask := ^Bitboard(0)` with the
// `if checkers != 0` after it, and `pinned := pinHV | pinD`, where gen
// splits. Edit this file, then run go generate ./...

package core

// generateSide writes the legal moves of the kinds in mode into ml and
// returns their number. With a nil list it only counts them, and mode must
// be genAll.
func (p *Position) generateSide(ml *MoveList, mode genMode) int {
	us, them, racing := p.side()&1, (p.side()^1)&1, p.variant == RacingKings
	occ := p.byType[0]
	usBB, themBB := p.byColor[us], p.byColor[them]
	ksq := (p.byType[King] & usBB).First()

	// King moves: onto squares the enemy does not attack once the king has
	// left its square (so it cannot step back along a checking ray). Each
	// target is tested alone: most positions give the king few.
	// Pieces other than pawns move to the squares of dest: enemy pieces
	// for captures, empty squares for quiet moves.
	dest := ^usBB
	if mode != genAll {
		dest = 0
		if mode&genCaptures != 0 {
			dest |= themBB
		}
		if mode&genQuiets != 0 {
			dest |= ^occ
		}
	}
	kingTargets := KingAttacks(ksq) & dest
	occNoKing := occ &^ ksq.Bitboard()
	// attackedNear collects the squares found attacked: castling reuses
	// the answers for the squares next to the king.
	var attackedNear Bitboard
	for t := kingTargets; t != 0; {
		sq := t.PopFirst()
		if p.attackedBy(them, sq, occNoKing) {
			attackedNear |= sq.Bitboard()
		}
	}
	kingTargets &^= attackedNear
	// Racing Kings: no move may give check. A piece moves onto no square
	// from which it would attack their king (checkN, checkB, checkR for
	// knights, bishops, rooks, queens both), and one that alone stands
	// between their king and one of our sliders, the king included, only
	// along that line (discoverers). Kings give no check themselves, and
	// Racing Kings has no pawns (ParseVariantFEN refuses them).
	var checkN, checkB, checkR, discoverers Bitboard
	var tk Square
	if racing {
		tk = (p.byType[King] & themBB).First()
		checkN, checkB, checkR = KnightAttacks(tk), BishopAttacks(tk, occ), RookAttacks(tk, occ)
		discoverers = p.discoverers(us, tk)
		kingTargets = racingTargets(kingTargets, 0, discoverers, ksq, tk)
	}
	n := p.addAll(ml, ksq, King, kingTargets)

	pinHV, pinD, checkers := p.pins(us, ksq)
	checkers |= (KnightAttacks(ksq)&p.byType[Knight] | PawnAttacks(us, ksq)&p.byType[Pawn]) & themBB
	p.checkers = checkers
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		if checkers.More() {
			return n // double check: only the king moves
		}
		checkMask = Between(ksq, checkers.First()) | checkers
	}
	pinned := pinHV | pinD
	targets := checkMask & dest

	for b := p.byType[Knight] & usBB &^ pinned; b != 0; {
		from := b.PopFirst()
		if racing {
			n += p.addAll(ml, from, Knight, racingTargets(KnightAttacks(from)&targets, checkN, discoverers, from, tk))
			continue
		}
		n += p.addAll(ml, from, Knight, KnightAttacks(from)&targets)
	}
	// Sliders: a pinned one moves only along its pin ray; one pinned
	// orthogonally cannot move diagonally, and the other way round.
	for b := p.byType[Bishop] & usBB &^ pinHV; b != 0; {
		from := b.PopFirst()
		t := BishopAttacks(from, occ) & targets
		if pinD.Has(from) {
			t &= pinD
		}
		if racing {
			t = racingTargets(t, checkB, discoverers, from, tk)
		}
		n += p.addAll(ml, from, Bishop, t)
	}
	for b := p.byType[Rook] & usBB &^ pinD; b != 0; {
		from := b.PopFirst()
		t := RookAttacks(from, occ) & targets
		if pinHV.Has(from) {
			t &= pinHV
		}
		if racing {
			t = racingTargets(t, checkR, discoverers, from, tk)
		}
		n += p.addAll(ml, from, Rook, t)
	}
	for b := p.byType[Queen] & usBB; b != 0; {
		from := b.PopFirst()
		var t Bitboard
		switch {
		case pinHV.Has(from):
			t = RookAttacks(from, occ) & pinHV
		case pinD.Has(from):
			t = BishopAttacks(from, occ) & pinD
		default:
			t = QueenAttacks(from, occ)
		}
		if racing {
			t = racingTargets(t, checkB|checkR, discoverers, from, tk)
		}
		n += p.addAll(ml, from, Queen, t&targets)
	}

	// Pawns, set-wise. up is the push direction; left and right captures go
	// toward the a- and h-file.
	pawns := p.byType[Pawn] & usBB
	up, thirdRank := 8, Rank3
	if us == Black {
		up, thirdRank = -8, Rank6
	}
	empty := ^occ
	free := pawns &^ pinned
	pinnedPush := pawns & pinHV
	one := (pawnForward(us, free) | pawnForward(us, pinnedPush)&pinHV) & empty
	two := pawnForward(us, one&thirdRank) & empty
	pushes := one & checkMask
	// A diagonally pinned pawn may capture only along its pin ray.
	pinnedCap := pawns & pinD
	west := pawnWest(us, free) | pawnWest(us, pinnedCap)&pinD
	east := pawnEast(us, free) | pawnEast(us, pinnedCap)&pinD
	west &= themBB & checkMask
	east &= themBB & checkMask
	if mode == genAll {
		n += pawnMoveCount(pushes)
		if ml != nil {
			p.writePawnMoves(ml, pushes, up)
		}
		t := two & checkMask
		n += t.Count()
		for ml != nil && t != 0 {
			to := t.PopFirst()
			ml.add(newMove(Square(int(to)-2*up), to, Pawn, NoPieceType, NoPieceType) | flagDoublePush)
		}
		n += pawnMoveCount(west) + pawnMoveCount(east)
		if ml != nil {
			p.writePawnMoves(ml, west, up-1)
			p.writePawnMoves(ml, east, up+1)
		}
	} else {
		n += p.writePawnKinds(ml, mode, pushes, two&checkMask, west, east, up)
	}

	if p.ep() != NoSquare && mode&genCaptures != 0 {
		n += p.addEnPassant(ml, us, ksq)
	}
	if mode&genQuiets != 0 && checkers == 0 && p.castling()&castleRights[us] != 0 {
		// The rights whose path is empty: in most positions with rights
		// none, and then no call.
		rights := p.castling() & castleRights[us]
		if p.castlePath[2*us]&occ != 0 {
			rights &^= 1 << (2 * us)
		}
		if p.castlePath[2*us+1]&occ != 0 {
			rights &^= 2 << (2 * us)
		}
		if rights != 0 {
			n += p.addCastling(ml, us, ksq, rights, kingTargets, attackedNear)
		}
	}
	return n
}
