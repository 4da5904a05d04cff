package core

import "math/bits"

// LegalMoves fills ml with every legal move of the position, replacing what
// it held. Moves come straight from check and pin masks, never by making a
// move and testing it, and nothing is allocated.
func (p *Position) LegalMoves(ml *MoveList) {
	ml.reset()
	p.generate(ml, genAll)
}

// CaptureMoves fills ml with the legal captures (en passant included) and
// every legal promotion, capturing or not, to each of queen, rook, bishop
// and knight. QuietMoves gives the rest: the two never share a move and
// together they are LegalMoves. In check they still hold only their own
// kinds, the evasions of that kind.
func (p *Position) CaptureMoves(ml *MoveList) {
	ml.reset()
	p.generate(ml, genCaptures|genPromotions|genUnderPromotions)
}

// QuietMoves fills ml with the legal moves that neither capture nor
// promote: the complement of CaptureMoves in LegalMoves, castling
// included. A move picker that has already tried the captures calls it
// for the rest without generating the captures again.
func (p *Position) QuietMoves(ml *MoveList) {
	ml.reset()
	p.generate(ml, genQuiets)
}

// QuiescenceMoves fills ml with the legal captures (en passant included)
// and the promotions to a queen, capturing or not: what a quiescence search
// usually looks at. Under-promotions, capturing or not, are left out; so
// are quiet moves, even in check (a search that must see every evasion
// calls LegalMoves).
func (p *Position) QuiescenceMoves(ml *MoveList) {
	ml.reset()
	p.generate(ml, genCaptures|genPromotions)
}

// CountLegalMoves returns the number of legal moves without writing them
// out: the targets of every piece are counted by population count. This is
// perft's bulk counting at the last ply.
func (p *Position) CountLegalMoves() int {
	return p.generate(nil, genAll)
}

// HasLegalMoves reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMoves() bool {
	return p.generate(nil, genAll) > 0
}

// genMode selects the kinds of move the generator writes. Every legal move
// is of exactly one kind.
type genMode uint8

const (
	genCaptures        genMode = 1 << iota // captures that do not promote, en passant included
	genQuiets                              // moves that neither capture nor promote, castling included
	genPromotions                          // promotions to a queen, capturing or not
	genUnderPromotions                     // promotions to a rook, bishop or knight, capturing or not
	genAll             = genCaptures | genQuiets | genPromotions | genUnderPromotions
)

// pins returns the squares of the orthogonal and diagonal pin rays against
// colour us's king on ksq: the squares between the king and each pinning
// slider, the slider included, wherever exactly one of our pieces stands
// between. It also returns the sliders that give check, those with none of
// our pieces between.
func (p *Position) pins(us Color, ksq Square) (hv, diag, checkers Bitboard) {
	us &= 1
	them := us ^ 1
	usBB, themBB := p.byColor[us], p.byColor[them]
	queens := p.byType[Queen] & themBB
	if rq := (p.byType[Rook]&themBB | queens) & rookRays(ksq); rq != 0 {
		for s := RookAttacks(ksq, themBB) & rq; s != 0; {
			sq := s.PopFirst()
			ray := Between(ksq, sq)
			switch b := ray & usBB; {
			case b == 0:
				checkers |= sq.Bitboard()
			case !b.More():
				hv |= ray | sq.Bitboard()
			}
		}
	}
	if bq := (p.byType[Bishop]&themBB | queens) & bishopRays(ksq); bq != 0 {
		for s := BishopAttacks(ksq, themBB) & bq; s != 0; {
			sq := s.PopFirst()
			ray := Between(ksq, sq)
			switch b := ray & usBB; {
			case b == 0:
				checkers |= sq.Bitboard()
			case !b.More():
				diag |= ray | sq.Bitboard()
			}
		}
	}
	return hv, diag, checkers
}

// attackedBy reports whether colour c attacks sq given the occupancy occ.
// Sliders are looked up only when one stands on a line through sq.
func (p *Position) attackedBy(c Color, sq Square, occ Bitboard) bool {
	them := p.byColor[c&1]
	if (KnightAttacks(sq)&p.byType[Knight]|PawnAttacks(c^1, sq)&p.byType[Pawn]|KingAttacks(sq)&p.byType[King])&them != 0 {
		return true
	}
	queens := p.byType[Queen]
	if rq := (p.byType[Rook] | queens) & them & rookRays(sq); rq != 0 && RookAttacks(sq, occ)&rq != 0 {
		return true
	}
	bq := (p.byType[Bishop] | queens) & them & bishopRays(sq)
	return bq != 0 && BishopAttacks(sq, occ)&bq != 0
}

// addAll adds a move from `from` to every square of targets, and returns how
// many that is; with a nil list it only counts. It is small enough to be
// inlined, so counting costs no call.
func (p *Position) addAll(ml *MoveList, from Square, pt PieceType, targets Bitboard) int {
	if ml != nil {
		p.writeAll(ml, from, pt, targets)
	}
	return targets.Count()
}

// writeAll writes a move from `from` to every square of targets. It stays
// out of line so that addAll can be inlined.
//
//go:noinline
func (p *Position) writeAll(ml *MoveList, from Square, pt PieceType, targets Bitboard) {
	// The list's length stays in a register until the end, and what every
	// move shares is packed once; only captures (written first) look at the
	// board.
	n := ml.n
	base := newMove(from, 0, pt, NoPieceType, NoPieceType)
	occ := p.byType[0]
	for t := targets & occ; t != 0; t &= t - 1 {
		to := t.First()
		ml.moves[n] = base | Move(to)<<6 | Move(p.board[to&63].Type())<<15
		n++
	}
	for t := targets &^ occ; t != 0; t &= t - 1 {
		ml.moves[n] = base | Move(t.First())<<6
		n++
	}
	ml.n = n
}

// pawnMoveCount returns the number of pawn moves to the squares of
// targets: four promotions to each square on the last rank.
func pawnMoveCount(targets Bitboard) int {
	return targets.Count() + 3*(targets&(Rank1|Rank8)).Count()
}

// writePawnMoves writes the pawn moves to every square of targets, each from
// the square delta behind it, with all four promotions on the last rank. It
// stays out of line so that the generator's counting copies stay small.
//
//go:noinline
func (p *Position) writePawnMoves(ml *MoveList, targets Bitboard, delta int) {
	n := ml.n
	for t := targets &^ (Rank1 | Rank8); t != 0; t &= t - 1 {
		to := t.First()
		ml.moves[n] = newMove(Square(int(to)-delta), to, Pawn, p.board[to&63].Type(), NoPieceType)
		n++
	}
	ml.n = n
	for t := targets & (Rank1 | Rank8); t != 0; t &= t - 1 {
		to := t.First()
		from, captured := Square(int(to)-delta), p.board[to&63].Type()
		for pt := Queen; pt >= Knight; pt-- {
			ml.add(newMove(from, to, Pawn, captured, pt))
		}
	}
}

//go:generate go run ../gen -sides

// generate writes the legal moves of the kinds in mode into ml and returns
// their number. With a nil list it only counts them, and mode must be
// genAll. It calls the copy of the generator made for the side to move and
// for writing or counting (movegen_template.go); counting, the BMI2
// kernel where it runs (useKernel, kernel_amd64.go).
//
// A variant position goes to variantGenerate (variant_gen.go): the one
// test standard chess pays for the variants here.
func (p *Position) generate(ml *MoveList, mode genMode) int {
	if p.variant != Standard {
		return p.variantGenerate(ml, mode)
	}
	if ml == nil {
		if useKernel {
			kernelReady()
			return p.countKernel()
		}
		if p.side()&1 == White {
			return p.countWhite()
		}
		return p.countBlack()
	}
	if p.side()&1 == White {
		return p.generateWhite(ml, mode)
	}
	return p.generateBlack(ml, mode)
}

// writePawnKinds writes the pawn moves of the kinds in mode: pushes and
// west and east captures (their targets, each from the square up, up-1 or
// up+1 behind it) and double pushes (from 2*up behind). Promotions come
// queen, rook, bishop, knight, as writePawnMoves writes them. It returns
// how many it wrote; with a nil list it only counts. It stays out of line:
// only the partial generators (mode not genAll) and the pseudo-legal ones
// (writePseudoPawns) call it.
//
//go:noinline
func (p *Position) writePawnKinds(ml *MoveList, mode genMode, pushes, two, west, east Bitboard, up int) int {
	const last = Rank1 | Rank8
	n := 0
	if mode&genQuiets != 0 {
		n += p.writePlainPawnMoves(ml, pushes&^last, up, 0)
		n += p.writePlainPawnMoves(ml, two, 2*up, flagDoublePush)
	}
	if mode&genCaptures != 0 {
		n += p.writePlainPawnMoves(ml, west&^last, up-1, 0)
		n += p.writePlainPawnMoves(ml, east&^last, up+1, 0)
	}
	hi, lo := Queen, Knight
	if mode&genPromotions == 0 {
		hi = Rook
	}
	if mode&genUnderPromotions == 0 {
		lo = Queen
	}
	if hi < lo {
		return n
	}
	targets := [3]Bitboard{pushes & last, west & last, east & last}
	deltas := [3]int{up, up - 1, up + 1}
	for i := range targets {
		for t := targets[i]; t != 0; {
			to := t.PopFirst()
			from, captured := Square(int(to)-deltas[i]), p.board[to].Type()
			for pt := hi; pt >= lo; pt-- {
				n++
				if ml != nil {
					ml.add(newMove(from, to, Pawn, captured, pt))
				}
			}
		}
	}
	return n
}

// writePlainPawnMoves writes the pawn moves that do not promote to the
// squares of targets, each from the square delta behind it, with flags,
// and returns how many; with a nil list it only counts.
func (p *Position) writePlainPawnMoves(ml *MoveList, targets Bitboard, delta int, flags Move) int {
	if ml == nil {
		return targets.Count()
	}
	n := 0
	for ; targets != 0; n++ {
		to := targets.PopFirst()
		ml.add(newMove(Square(int(to)-delta), to, Pawn, p.board[to].Type(), NoPieceType) | flags)
	}
	return n
}

// addEnPassant adds the legal en-passant captures. Each is tested by
// removing both pawns and checking the king directly, which covers the
// rank-wise discovered check that pin masks cannot see. It returns how many
// it found; with a nil list it only counts.
func (p *Position) addEnPassant(ml *MoveList, us Color, ksq Square) int {
	n := 0
	them := us ^ 1
	capSq := p.ep() ^ 8 // the pawn that advanced two squares
	for b := PawnAttacks(them, p.ep()) & p.byType[Pawn] & p.byColor[us]; b != 0; {
		from := b.PopFirst()
		occ := p.byType[0] ^ from.Bitboard() ^ capSq.Bitboard() | p.ep().Bitboard()
		if p.attackersTo(ksq, occ)&p.byColor[them]&^capSq.Bitboard() == 0 {
			n++
			if ml != nil {
				ml.add(newMove(from, p.ep(), Pawn, Pawn, NoPieceType) | flagEnPassant)
			}
		}
	}
	return n
}

// legalEnPassant reports whether some en-passant capture is legal.
func (p *Position) legalEnPassant() bool {
	if p.variant != Standard {
		return p.variantLegalEnPassant()
	}
	return p.addEnPassant(nil, p.side(), p.KingSquare(p.side())) > 0
}

// castleRights holds each colour's two castling rights.
var castleRights = [2]uint8{uint8(WhiteShort | WhiteLong), uint8(BlackShort | BlackLong)}

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

// addCastling adds the legal castling moves of colour us, not in check, of
// its castling rights in rights, whose paths the caller found empty. It
// covers Chess960: the king and rook may start anywhere on the back rank,
// on or next to their destinations. safeNear and attackedNear are squares
// next to the king already found safe and attacked with only the king
// lifted (the king-move test); their answers are reused where lifting the
// rook too cannot change them. It returns how many it found; with a nil
// list it only counts.
func (p *Position) addCastling(ml *MoveList, us Color, ksq Square, rights uint8, safeNear, attackedNear Bitboard) int {
	n := 0
	occ := p.byType[0]
	// The king on the e-file and a rook in its corner, as in every
	// standard game: the square next to the king was tested with the
	// king's moves, and the one beyond it needs one test, with nothing
	// lifted (a line through the king's square to it would be a check,
	// and nothing stands beyond a corner). The loop below takes the other
	// placements (Chess960).
	us &= 1
	if back := Square(56 * us); ksq == E1+back {
		short, long := uint8(1)<<(2*us), uint8(2)<<(2*us)
		if rights&short != 0 && p.castleRook[2*us] == H1+back {
			rights &^= short
			if attackedNear&(F1+back).Bitboard() == 0 && !p.attackedBy(us^1, G1+back, occ) {
				n++
				if ml != nil {
					ml.add(newMove(ksq, H1+back, King, NoPieceType, NoPieceType) | flagCastle)
				}
			}
		}
		if rights&long != 0 && p.castleRook[2*us+1] == A1+back {
			rights &^= long
			if attackedNear&(D1+back).Bitboard() == 0 && !p.attackedBy(us^1, C1+back, occ) {
				n++
				if ml != nil {
					ml.add(newMove(ksq, A1+back, King, NoPieceType, NoPieceType) | flagCastle)
				}
			}
		}
	}
	for ; rights != 0; rights &= rights - 1 {
		i := bits.TrailingZeros8(rights) & 3
		path := p.castleKingPath[i]
		if path&attackedNear != 0 {
			// A square attacked with the rook in place stays attacked
			// once it is lifted: lifting a piece only opens lines.
			continue
		}
		// Every square the king crosses or lands on must be safe with both
		// castling pieces lifted: a Chess960 rook may shield the king's
		// path from a rook or queen behind it on the rank. A rook in a
		// corner shields nothing (nothing stands behind it), so there the
		// squares found safe next to the king need no second test.
		rsq := p.castleRook[i]
		if f := rsq.File(); f == 0 || f == 7 {
			path &^= safeNear
		}
		lifted := occ &^ (ksq.Bitboard() | rsq.Bitboard())
		safe := true
		for ; safe && path != 0; path &= path - 1 {
			safe = !p.attackedBy(us^1, path.First(), lifted)
		}
		if safe {
			n++
			if ml != nil {
				ml.add(newMove(ksq, rsq, King, NoPieceType, NoPieceType) | flagCastle)
			}
		}
	}
	return n
}
