package core

// The variants' move generation. The standard generator (movegen.go and its
// side-specialised copies) pays for the variants with one test of
// p.variant at its entry; everything else lives here.
//
// King of the Hill and Three-check move as standard chess does, until the
// game ends. Racing Kings is standard chess without the moves that give
// check. Horde's side with a king moves as in standard chess; the horde,
// which has no king, and Antichess, which has no check, make every
// pseudo-legal move (pseudoMoves), with captures forced in Antichess.
// Atomic has a generator of its own (variant_atomic.go).

// hill is King of the Hill's goal: d4, e4, d5 and e5.
const hill = Bitboard(1)<<D4 | Bitboard(1)<<E4 | Bitboard(1)<<D5 | Bitboard(1)<<E5

// antichessPromotions and standardPromotions are the pieces a pawn promotes
// to, queen first, as the generators write them.
var (
	standardPromotions  = []PieceType{Queen, Rook, Bishop, Knight}
	antichessPromotions = []PieceType{Queen, Rook, Bishop, Knight, King}
)

// variantGenerate is generate for the variants: it writes the legal moves
// of the kinds in mode into ml (nil: only counts them) and returns their
// number; none once the game has ended by the variant's rules.
//
// Every move it writes carries flagVariant, which sends MakeMove,
// UnmakeMove and CountLegalMovesAfter to the variant's path.
//
//go:noinline
func (p *Position) variantGenerate(ml *MoveList, mode genMode) int {
	if ml == nil {
		return p.variantMoves(nil, mode)
	}
	first := int(ml.n)
	n := p.variantMoves(ml, mode)
	for i := first; i < int(ml.n); i++ {
		ml.moves[i] |= flagVariant
	}
	return n
}

// variantMoves is variantGenerate but for the flag.
func (p *Position) variantMoves(ml *MoveList, mode genMode) int {
	if p.variantEnded() {
		p.checkers = p.variantCheckers()
		return 0
	}
	switch p.variant {
	case Atomic:
		return p.generateAtomic(ml, mode)
	case RacingKings:
		return p.generateRacingKings(ml, mode)
	case Antichess:
		p.checkers = 0
		return p.pseudoMoves(ml, mode, p.antichessMustCapture())
	case Horde:
		if p.byType[King]&p.byColor[p.side&1] == 0 {
			p.checkers = 0
			return p.pseudoMoves(ml, mode, false)
		}
	}
	return p.generateStandard(ml, mode)
}

// variantEnded reports whether the game has ended by the variant's own
// rules, so that the side to move has no move: a king on the hill, a third
// check, a king on the eighth rank in Racing Kings (but White's, while
// Black can still reach it), a side with no pieces left in Horde or
// Antichess, or an exploded king in Atomic.
func (p *Position) variantEnded() bool {
	switch p.variant {
	case Atomic:
		return p.byType[King]&p.byColor[White] == 0 || p.byType[King]&p.byColor[Black] == 0
	case KingOfTheHill:
		return p.byType[King]&hill != 0
	case ThreeCheck:
		return p.checks[White] >= 3 || p.checks[Black] >= 3
	case RacingKings:
		return p.racingKingsEnded()
	case Horde:
		return p.byColor[White] == 0 || p.byColor[Black] == 0
	case Antichess:
		return p.byColor[p.side&1] == 0
	}
	return false
}

// racingKingsEnded reports whether a Racing Kings game has ended: a king
// stands on the eighth rank, unless it is White's alone and Black, to move,
// can bring its king there too.
func (p *Position) racingKingsEnded() bool {
	goal := p.byType[King] & Rank8
	if goal == 0 {
		return false
	}
	if p.side == White || goal&p.byColor[Black] != 0 {
		return true
	}
	ksq := p.KingSquare(Black)
	occ := p.byType[0] &^ ksq.Bitboard()
	for t := KingAttacks(ksq) & Rank8 &^ p.byColor[Black]; t != 0; {
		if !p.attackedBy(White, t.PopFirst(), occ) {
			return false
		}
	}
	return true
}

// variantCheckers is computeCheckers for the variants: no checks in
// Antichess, none against Horde's side without a king, and Atomic's
// (atomicCheckers).
func (p *Position) variantCheckers() Bitboard {
	k := p.byType[King] & p.byColor[p.side&1]
	if p.variant == Antichess || k == 0 {
		return 0
	}
	if p.variant == Atomic {
		return p.atomicCheckers(p.side)
	}
	return p.attackersTo(k.First(), p.byType[0]) & p.byColor[p.side^1]
}

// generateRacingKings writes the standard legal moves but those that give
// check, a king move that uncovers a check included (as chessops 0.15.1 and
// Fairy-Stockfish count them).
func (p *Position) generateRacingKings(ml *MoveList, mode genMode) int {
	var all MoveList
	p.generateStandard(&all, mode)
	n := 0
	for _, m := range all.Moves() {
		if p.GivesCheck(m) {
			continue
		}
		n++
		if ml != nil {
			ml.add(m)
		}
	}
	return n
}

// antichessMustCapture reports whether the side to move has a capture in
// Antichess, which it must then make.
func (p *Position) antichessMustCapture() bool {
	us := p.side & 1
	occ, them := p.byType[0], p.byColor[us^1]
	pawns := p.byType[Pawn] & p.byColor[us]
	if (pawnWest(us, pawns)|pawnEast(us, pawns))&them != 0 {
		return true
	}
	if p.ep != NoSquare && PawnAttacks(us^1, p.ep)&pawns != 0 {
		return true
	}
	for pt := Knight; pt <= King; pt++ {
		for b := p.byType[pt] & p.byColor[us]; b != 0; {
			if attackFuncs[pt](b.PopFirst(), occ)&them != 0 {
				return true
			}
		}
	}
	return false
}

// attackFuncs holds the attack function of each piece type but the pawn,
// indexed by PieceType, for the generators that treat them alike.
var attackFuncs = [...]func(Square, Bitboard) Bitboard{
	Knight: func(sq Square, _ Bitboard) Bitboard { return KnightAttacks(sq) },
	Bishop: BishopAttacks,
	Rook:   RookAttacks,
	Queen:  QueenAttacks,
	King:   func(sq Square, _ Bitboard) Bitboard { return KingAttacks(sq) },
}

// pseudoMoves writes the pseudo-legal moves of the kinds in mode of the
// side to move into ml (nil: only counts them) and returns their number:
// every move its pieces can make, with no regard to a king, and no
// castling. It is the generator of the sides that have no check: Horde's
// side without a king, and both sides in Antichess, where pawns also
// promote to a king. With capturesOnly it writes only captures (Antichess's
// forced captures). Pawns on their first rank (Horde's) advance one or two
// squares; the two-square advance from there is not a double push: as in
// lichess, it leaves no en-passant square.
func (p *Position) pseudoMoves(ml *MoveList, mode genMode, capturesOnly bool) int {
	us := p.side & 1
	them := us ^ 1
	occ := p.byType[0]
	usBB, themBB := p.byColor[us], p.byColor[them]
	var dest Bitboard
	if mode&genCaptures != 0 {
		dest |= themBB
	}
	if mode&genQuiets != 0 && !capturesOnly {
		dest |= ^occ
	}
	n := 0
	pawns := p.byType[Pawn] & usBB
	for pt := Knight; pt <= King; pt++ {
		for b := p.byType[pt] & usBB; b != 0; {
			from := b.PopFirst()
			n += p.addAll(ml, from, pt, attackFuncs[pt](from, occ)&dest)
		}
	}

	up, first, second := 8, Rank1, Rank2
	if us == Black {
		up, first, second = -8, Rank8, Rank7
	}
	const last = Rank1 | Rank8
	empty := ^occ
	one := pawnForward(us, pawns) & empty
	west := pawnWest(us, pawns) & themBB
	east := pawnEast(us, pawns) & themBB
	if capturesOnly {
		one = 0
	}
	if mode&genQuiets != 0 {
		n += p.writePlainPawnMoves(ml, one&^last, up, 0)
		two := pawnForward(us, one&pawnForward(us, second)) & empty
		n += p.writePlainPawnMoves(ml, two, 2*up, flagDoublePush)
		two = pawnForward(us, one&pawnForward(us, first)) & empty
		n += p.writePlainPawnMoves(ml, two, 2*up, 0)
	}
	if mode&genCaptures != 0 {
		n += p.writePlainPawnMoves(ml, west&^last, up-1, 0)
		n += p.writePlainPawnMoves(ml, east&^last, up+1, 0)
		if p.ep != NoSquare {
			for b := PawnAttacks(them, p.ep) & pawns; b != 0; {
				n++
				from := b.PopFirst()
				if ml != nil {
					ml.add(newMove(from, p.ep, Pawn, Pawn, NoPieceType) | flagEnPassant)
				}
			}
		}
	}
	promos := standardPromotions
	if p.variant == Antichess {
		promos = antichessPromotions
	}
	targets := [3]Bitboard{one & last, west & last, east & last}
	deltas := [3]int{up, up - 1, up + 1}
	for i := range targets {
		for t := targets[i]; t != 0; {
			to := t.PopFirst()
			from, captured := Square(int(to)-deltas[i]), p.board[to].Type()
			for _, pt := range promos {
				if pt == Queen && mode&genPromotions == 0 || pt != Queen && mode&genUnderPromotions == 0 {
					continue
				}
				n++
				if ml != nil {
					ml.add(newMove(from, to, Pawn, captured, pt))
				}
			}
		}
	}
	return n
}

// variantLegalMove is LegalMove for the variants: the legal move from
// `from` to `to` with promotion promo, found among all the legal moves.
func (p *Position) variantLegalMove(from, to Square, promo PieceType) Move {
	var ml MoveList
	p.variantGenerate(&ml, genAll)
	for _, m := range ml.Moves() {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m
		}
	}
	return NoMove
}

// variantLegalEnPassant is legalEnPassant for the variants: whether some
// legal move is an en-passant capture.
func (p *Position) variantLegalEnPassant() bool {
	var ml MoveList
	p.variantGenerate(&ml, genCaptures)
	for _, m := range ml.Moves() {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}

// variantCountAfter is CountLegalMovesAfter for the variants: it makes the
// move, counts, and takes it back, the cached checkers included.
func (p *Position) variantCountAfter(m Move) int {
	checkers := p.checkers
	u := p.MakeMove(m)
	n := p.variantGenerate(nil, genAll)
	p.UnmakeMove(m, u)
	p.checkers = checkers
	return n
}

// variantNoCheck reports whether no move of the side to move can give
// check: in Antichess, and against Horde's side without a king. GivesCheck
// answers false there, and standard chess's answer elsewhere.
func (p *Position) variantNoCheck() bool {
	return p.variant == Antichess || p.byType[King]&p.byColor[p.side^1] == 0
}

// variantMoveTo is LegalMoveTo for the variants: the legal moves of a piece
// of type pt from the squares of from to `to`, found among all the legal
// moves; castling is not one of them.
func (p *Position) variantMoveTo(pt PieceType, from Bitboard, to Square) (m Move, n int) {
	if pt < Knight {
		return NoMove, 0
	}
	var ml MoveList
	p.variantGenerate(&ml, genAll)
	for _, x := range ml.Moves() {
		if x.Piece() == pt && x.To() == to && from.Has(x.From()) && !x.IsCastle() {
			m = x
			n++
		}
	}
	return m, n
}

// variantPawnMoveTo is LegalPawnMoveTo for the variants: the legal pawn
// move from the file fromFile to `to` with promotion promo, found among all
// the legal moves.
func (p *Position) variantPawnMoveTo(fromFile int, to Square, promo PieceType) Move {
	var ml MoveList
	p.variantGenerate(&ml, genAll)
	for _, m := range ml.Moves() {
		if m.Piece() == Pawn && m.From().File() == fromFile && m.To() == to && m.Promotion() == promo {
			return m
		}
	}
	return NoMove
}

// generateStandard is generate by standard chess's rules, for the variants
// that share them: the side-specialised generator of the side to move,
// writing or (with a nil list) counting.
func (p *Position) generateStandard(ml *MoveList, mode genMode) int {
	white := p.side&1 == White
	switch {
	case ml == nil && white:
		return p.countWhite()
	case ml == nil:
		return p.countBlack()
	case white:
		return p.generateWhite(ml, mode)
	}
	return p.generateBlack(ml, mode)
}
