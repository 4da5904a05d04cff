package core

// LegalMoves fills ml with every legal move of the position, replacing what
// it held. Moves come straight from check and pin masks, never by making a
// move and testing it, and nothing is allocated.
func (p *Position) LegalMoves(ml *MoveList) {
	ml.n = 0
	p.generate(ml, true)
}

// CaptureMoves fills ml with the legal captures (en passant included) and
// promotions, the moves a quiescence search looks at. When the side to move
// is in check it still returns only those: a search that must see every
// evasion should call LegalMoves.
func (p *Position) CaptureMoves(ml *MoveList) {
	ml.n = 0
	p.generate(ml, false)
}

// HasLegalMoves reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMoves() bool {
	var ml MoveList
	p.generate(&ml, true)
	return ml.n > 0
}

// pins returns the squares of the orthogonal and diagonal pin rays against
// colour us's king on ksq: the squares between the king and each pinning
// slider, the slider included, wherever exactly one of our pieces stands
// between.
func (p *Position) pins(us Color, ksq Square) (hv, diag Bitboard) {
	them := us ^ 1
	usBB, themBB := p.byColor[us], p.byColor[them]
	queens := p.byType[Queen]
	for s := RookAttacks(ksq, themBB) & themBB & (p.byType[Rook] | queens); s != 0; {
		sq := s.PopFirst()
		ray := Between(ksq, sq)
		if b := ray & usBB; b != 0 && !b.More() {
			hv |= ray | sq.Bitboard()
		}
	}
	for s := BishopAttacks(ksq, themBB) & themBB & (p.byType[Bishop] | queens); s != 0; {
		sq := s.PopFirst()
		ray := Between(ksq, sq)
		if b := ray & usBB; b != 0 && !b.More() {
			diag |= ray | sq.Bitboard()
		}
	}
	return hv, diag
}

// attacked returns every square colour c attacks given the occupancy occ.
func (p *Position) attacked(c Color, occ Bitboard) Bitboard {
	own := p.byColor[c]
	att := pawnAttacksAll(c, p.byType[Pawn]&own)
	for b := p.byType[Knight] & own; b != 0; {
		att |= KnightAttacks(b.PopFirst())
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & own; b != 0; {
		att |= BishopAttacks(b.PopFirst(), occ)
	}
	for b := (p.byType[Rook] | queens) & own; b != 0; {
		att |= RookAttacks(b.PopFirst(), occ)
	}
	return att | KingAttacks(p.KingSquare(c))
}

// addAll adds a move from `from` to every square of targets.
func (p *Position) addAll(ml *MoveList, from Square, pt PieceType, targets Bitboard) {
	for targets != 0 {
		to := targets.PopFirst()
		ml.Add(newMove(from, to, pt, p.board[to].Type(), NoPieceType))
	}
}

// addPawnMoves adds the pawn moves to every square of targets, each from the
// square delta behind it, with all four promotions on the last rank; plain
// false leaves out the moves that do not promote.
func (p *Position) addPawnMoves(ml *MoveList, targets Bitboard, delta int, plain bool) {
	for targets != 0 {
		to := targets.PopFirst()
		from := Square(int(to) - delta)
		captured := p.board[to].Type()
		if to.Rank() == 0 || to.Rank() == 7 {
			for pt := Queen; pt >= Knight; pt-- {
				ml.Add(newMove(from, to, Pawn, captured, pt))
			}
			continue
		}
		if plain {
			ml.Add(newMove(from, to, Pawn, captured, NoPieceType))
		}
	}
}

// generate writes the legal moves into ml; with quiets false it writes only
// captures and promotions.
func (p *Position) generate(ml *MoveList, quiets bool) {
	us, them := p.side, p.side^1
	occ := p.byType[0]
	usBB, themBB := p.byColor[us], p.byColor[them]
	ksq := p.KingSquare(us)

	// King moves: onto squares the enemy does not attack once the king has
	// left its square (so it cannot step back along a checking ray).
	danger := p.attacked(them, occ&^ksq.Bitboard())
	kingTargets := KingAttacks(ksq) &^ usBB &^ danger
	if !quiets {
		kingTargets &= themBB
	}
	p.addAll(ml, ksq, King, kingTargets)

	checkers := p.attackersTo(ksq, occ) & themBB
	if checkers.More() {
		return // double check: only the king moves
	}
	checkMask := ^Bitboard(0)
	if checkers != 0 {
		checkMask = Between(ksq, checkers.First()) | checkers
	}
	pinHV, pinD := p.pins(us, ksq)
	pinned := pinHV | pinD
	targets := checkMask &^ usBB
	if !quiets {
		targets &= themBB
	}

	for b := p.byType[Knight] & usBB &^ pinned; b != 0; {
		from := b.PopFirst()
		p.addAll(ml, from, Knight, KnightAttacks(from)&targets)
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & usBB &^ pinHV; b != 0; {
		from := b.PopFirst()
		t := BishopAttacks(from, occ) & targets
		if pinD.Has(from) {
			t &= pinD
		}
		p.addAll(ml, from, p.board[from].Type(), t)
	}
	for b := (p.byType[Rook] | queens) & usBB &^ pinD; b != 0; {
		from := b.PopFirst()
		t := RookAttacks(from, occ) & targets
		if pinHV.Has(from) {
			t &= pinHV
		}
		p.addAll(ml, from, p.board[from].Type(), t)
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
	lastRank := Rank8 | Rank1
	if quiets {
		p.addPawnMoves(ml, one&checkMask, up, true)
		for t := two & checkMask; t != 0; {
			to := t.PopFirst()
			ml.Add(newMove(Square(int(to)-2*up), to, Pawn, NoPieceType, NoPieceType) | flagDoublePush)
		}
	} else {
		p.addPawnMoves(ml, one&checkMask&lastRank, up, false)
	}
	// A diagonally pinned pawn may capture only along its pin ray.
	pinnedCap := pawns & pinD
	west := pawnWest(us, free) | pawnWest(us, pinnedCap)&pinD
	east := pawnEast(us, free) | pawnEast(us, pinnedCap)&pinD
	p.addPawnMoves(ml, west&themBB&checkMask, up-1, true)
	p.addPawnMoves(ml, east&themBB&checkMask, up+1, true)

	if p.ep != NoSquare {
		p.addEnPassant(ml, us, ksq)
	}
	if quiets && checkers == 0 && p.castling != 0 {
		p.addCastling(ml, us, ksq)
	}
}

// addEnPassant adds the legal en-passant captures. Each is tested by
// removing both pawns and checking the king directly, which covers the
// rank-wise discovered check that pin masks cannot see.
func (p *Position) addEnPassant(ml *MoveList, us Color, ksq Square) {
	them := us ^ 1
	capSq := p.ep ^ 8 // the pawn that advanced two squares
	for b := PawnAttacks(them, p.ep) & p.byType[Pawn] & p.byColor[us]; b != 0; {
		from := b.PopFirst()
		occ := p.byType[0] ^ from.Bitboard() ^ capSq.Bitboard() | p.ep.Bitboard()
		if p.attackersTo(ksq, occ)&p.byColor[them]&^capSq.Bitboard() == 0 {
			ml.Add(newMove(from, p.ep, Pawn, Pawn, NoPieceType) | flagEnPassant)
		}
	}
}

// legalEnPassant reports whether some en-passant capture is legal.
func (p *Position) legalEnPassant() bool {
	var ml MoveList
	p.addEnPassant(&ml, p.side, p.KingSquare(p.side))
	return ml.n > 0
}

// castleTargets returns the king's and the rook's destination for one
// castling right (bit index i: 0 white short, 1 white long, 2 black short,
// 3 black long).
func castleTargets(i int) (king, rook Square) {
	king, rook = G1, F1
	if i&1 != 0 {
		king, rook = C1, D1
	}
	if i >= 2 {
		king, rook = king+56, rook+56
	}
	return king, rook
}

// addCastling adds the legal castling moves of colour us, not in check. It
// covers Chess960: the king and rook may start anywhere on the back rank,
// on or next to their destinations.
func (p *Position) addCastling(ml *MoveList, us Color, ksq Square) {
	for i := int(us) * 2; i < int(us)*2+2; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		rsq := p.castleRook[i]
		kTo, rTo := castleTargets(i)
		movers := ksq.Bitboard() | rsq.Bitboard()
		path := Between(ksq, kTo) | kTo.Bitboard() | Between(rsq, rTo) | rTo.Bitboard()
		if path&^movers&p.byType[0] != 0 {
			continue
		}
		// Every square the king crosses or lands on must be safe with both
		// castling pieces lifted: a Chess960 rook may shield the king's
		// destination from a slider behind it.
		occ := p.byType[0] &^ movers
		them := us ^ 1
		safe := true
		for b := Between(ksq, kTo) | kTo.Bitboard(); b != 0; {
			if p.attackersTo(b.PopFirst(), occ)&p.byColor[them] != 0 {
				safe = false
				break
			}
		}
		if safe {
			ml.Add(newMove(ksq, rsq, King, NoPieceType, NoPieceType) | flagCastle)
		}
	}
}
