package core

// The variants' move generation. The standard generator (movegen.go and its
// side-specialised copies) pays for the variants with one test of
// p.variant at its entry; everything else lives here.
//
// King of the Hill and Three-check move as standard chess does, until the
// game ends. Racing Kings is standard chess without the moves that give
// check: generated copies of the standard template (movegen_template.go,
// racing). Horde's side with a king moves as in standard chess; the horde,
// which has no king, and Antichess, which has no check, make every
// pseudo-legal move, with captures forced in Antichess: generated copies
// of pseudogen_template.go. Atomic, whose captures explode, has a template
// of its own: generated copies of atomicgen_template.go, whose tests of
// each move are in variant_atomic.go.

// hill is King of the Hill's goal: d4, e4, d5 and e5.
const hill = Bitboard(1)<<D4 | Bitboard(1)<<E4 | Bitboard(1)<<D5 | Bitboard(1)<<E5

// variantGenerate is generate for the variants: it writes the legal moves
// of the kinds in mode into ml (nil: only counts them) and returns their
// number; none once the game has ended by the variant's rules. Each
// variant's rules that differ from standard chess's are generated copies
// of a template (movegen_template.go for Racing Kings,
// pseudogen_template.go for Antichess and Horde's side without a king,
// atomicgen_template.go for Atomic).
//
// Every move it writes carries flagVariant, which sends MakeMove,
// UnmakeMove and CountLegalMovesAfter to the variant's path.
//
//go:noinline
func (p *Position) variantGenerate(ml *MoveList, mode genMode) int {
	if ml == nil {
		return p.variantMoves(nil, mode)
	}
	first := ml.length()
	n := p.variantMoves(ml, mode)
	if n != ml.length()-first && (p.variant == Antichess || p.variant == Horde) {
		// The writers of pseudoSide count in one byte (writerMoves):
		// past 255 moves they wrap around, within the list's array, and
		// their count shows it. The moves are written again, past 255.
		// ml was empty (the generator's callers reset it), so no move
		// of the caller's was overwritten.
		ml.reset()
		n = p.pseudoMovesByPiece(ml, mode)
	}
	moves := ml.moves[:ml.length()]
	for i := first; i < len(moves); i++ {
		moves[i] |= flagVariant
	}
	return n
}

// variantMoves is variantGenerate but for the flag. It switches on the
// variant once: each case tests the end of the game by its variant's rule
// (as variantEnded does, from the same small tests) before it generates,
// and a position moving as in standard chess goes straight to the copies
// of the standard generator for its side.
func (p *Position) variantMoves(ml *MoveList, mode genMode) int {
	white := p.side()&1 == White
	switch p.variant {
	case Atomic:
		if p.atomicEnded() {
			return p.variantOver()
		}
		switch {
		case ml == nil && white:
			return p.countAtomicWhite()
		case ml == nil:
			return p.countAtomicBlack()
		case white:
			return p.generateAtomicWhite(ml, mode)
		}
		return p.generateAtomicBlack(ml, mode)
	case RacingKings:
		if p.byType[King]&Rank8 != 0 && p.racingKingsEnded() {
			return p.variantOver()
		}
		switch {
		case ml == nil && white:
			return p.countRacingWhite()
		case ml == nil:
			return p.countRacingBlack()
		case white:
			return p.generateRacingWhite(ml, mode)
		}
		return p.generateRacingBlack(ml, mode)
	case Antichess:
		switch {
		case ml == nil && white:
			return p.countAntichessWhite()
		case ml == nil:
			return p.countAntichessBlack()
		case white:
			return p.generateAntichessWhite(ml, mode)
		}
		return p.generateAntichessBlack(ml, mode)
	case Horde:
		if p.hordeEnded() {
			return p.variantOver()
		}
		if p.byType[King]&p.byColor[p.side()&1] != 0 {
			break
		}
		switch {
		case ml == nil && white:
			return p.countHordeWhite()
		case ml == nil:
			return p.countHordeBlack()
		case white:
			return p.generateHordeWhite(ml, mode)
		}
		return p.generateHordeBlack(ml, mode)
	case KingOfTheHill:
		if p.hillEnded() {
			return p.variantOver()
		}
	case ThreeCheck:
		if p.threeCheckEnded() {
			return p.variantOver()
		}
	case Crazyhouse:
		return p.generateCrazyhouse(ml, mode)
	}
	// standardMoves, with the side already known.
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

// variantOver is variantMoves for a game the variant's rules have ended:
// no move, and the checkers cached as variantCheckers finds them.
func (p *Position) variantOver() int {
	p.checkers = p.variantCheckers()
	return 0
}

// pseudoMovesByPiece writes what pseudoSide writes (the moves of the
// kinds in mode of the side to move, in Antichess or Horde's side without
// a king) when they are more than its writers hold (variantGenerate): it
// hands the generator one piece of the side at a time, the others still
// on the board, and appends that piece's moves (at most 27) to ml past
// 255 moves. It returns their number. Antichess's forced capture is
// decided first, for all the side's pieces: when one has a capture, only
// captures are kept. It is slow, and only for material far beyond
// standard chess's (a horde of queens): a FEN can set one up, a game
// hardly reaches one.
func (p *Position) pseudoMovesByPiece(ml *MoveList, mode genMode) int {
	us := p.side() & 1
	forced := p.variant == Antichess && p.antichessMustCapture()
	all := p.byColor[us]
	defer func() { p.byColor[us] = all }()
	var one MoveList
	n := 0
	for b := all; b != 0; {
		p.byColor[us] = b.PopFirst().Bitboard()
		one.reset()
		switch {
		case p.variant == Antichess && us == White:
			p.generateAntichessWhite(&one, mode)
		case p.variant == Antichess:
			p.generateAntichessBlack(&one, mode)
		case us == White:
			p.generateHordeWhite(&one, mode)
		default:
			p.generateHordeBlack(&one, mode)
		}
		for _, m := range one.Moves() {
			if forced && !m.IsCapture() {
				continue // this piece alone has no capture, another has
			}
			ml.push(m)
			n++
		}
	}
	return n
}

// standardMoves writes the legal moves of the kinds in mode into ml (nil:
// only counts them) and returns their number, by standard chess's rules:
// the generated copies of the standard generator for the side to move, as
// generate calls them. King of the Hill, Three-check, Horde's side with a
// king and Crazyhouse's board moves are these.
func (p *Position) standardMoves(ml *MoveList, mode genMode) int {
	white := p.side()&1 == White
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

// variantEnded reports whether the game has ended by the variant's own
// rules, so that the side to move has no move: a king on the hill, a third
// check, a king on the eighth rank in Racing Kings (but White's, while
// Black can still reach it), a side with no pieces left in Horde, or an
// exploded king in Atomic. (Antichess's side with no pieces has no move
// to generate.)
func (p *Position) variantEnded() bool {
	switch p.variant {
	case Atomic:
		return p.atomicEnded()
	case KingOfTheHill:
		return p.hillEnded()
	case ThreeCheck:
		return p.threeCheckEnded()
	case RacingKings:
		return p.byType[King]&Rank8 != 0 && p.racingKingsEnded()
	case Horde:
		return p.hordeEnded()
	}
	return false
}

// atomicEnded reports whether a king has exploded (Atomic).
func (p *Position) atomicEnded() bool {
	return p.byType[King]&p.byColor[White] == 0 || p.byType[King]&p.byColor[Black] == 0
}

// hillEnded reports whether a king stands on the hill (King of the Hill).
func (p *Position) hillEnded() bool { return p.byType[King]&hill != 0 }

// threeCheckEnded reports whether a side has given its third check
// (Three-check).
func (p *Position) threeCheckEnded() bool { return p.checks[White] >= 3 || p.checks[Black] >= 3 }

// hordeEnded reports whether a side has no pieces left (Horde).
func (p *Position) hordeEnded() bool { return p.byColor[White] == 0 || p.byColor[Black] == 0 }

// racingKingsEnded reports whether a Racing Kings game has ended: a king
// stands on the eighth rank, unless it is White's alone and Black, to move,
// can bring its king there too.
func (p *Position) racingKingsEnded() bool {
	goal := p.byType[King] & Rank8
	if goal == 0 {
		return false
	}
	if p.side() == White || goal&p.byColor[Black] != 0 {
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
	k := p.byType[King] & p.byColor[p.side()&1]
	if p.variant == Antichess || k == 0 {
		return 0
	}
	if p.variant == Atomic {
		return p.atomicCheckers(p.side())
	}
	return p.attackersTo(k.First(), p.byType[0]) & p.byColor[p.side()^1]
}

// discoverers returns colour us's pieces that alone stand between the
// king on tk and a slider of us's that would attack it without them:
// moving one off that line gives check (Racing Kings forbids it).
func (p *Position) discoverers(us Color, tk Square) Bitboard {
	usBB, occ := p.byColor[us&1], p.byType[0]
	queens := p.byType[Queen]
	sliders := (p.byType[Rook]|queens)&rookRays(tk) | (p.byType[Bishop]|queens)&bishopRays(tk)
	var d Bitboard
	for s := sliders & usBB; s != 0; {
		if b := Between(tk, s.PopFirst()) & occ; b&usBB != 0 && !b.More() {
			d |= b
		}
	}
	return d
}

// racingTargets returns the targets t of a piece on from but the moves
// that give check in Racing Kings: onto a square of check (from which a
// piece of its kind would attack the king on tk) or, for one of the
// discoverers, off its line with that king.
func racingTargets(t, check, discoverers Bitboard, from, tk Square) Bitboard {
	t &^= check
	if discoverers.Has(from) {
		t &= Line(tk, from)
	}
	return t
}

// antichessMustCapture reports whether the side to move has a capture in
// Antichess, which it must then make.
func (p *Position) antichessMustCapture() bool {
	us := p.side() & 1
	occ, them := p.byType[0], p.byColor[us^1]
	usBB := p.byColor[us]
	pawns := p.byType[Pawn] & usBB
	if (pawnWest(us, pawns)|pawnEast(us, pawns))&them != 0 {
		return true
	}
	if p.ep() != NoSquare && PawnAttacks(us^1, p.ep())&pawns != 0 {
		return true
	}
	for b := (p.byType[Knight]) & usBB; b != 0; {
		if KnightAttacks(b.PopFirst())&them != 0 {
			return true
		}
	}
	for b := (p.byType[King]) & usBB; b != 0; {
		if KingAttacks(b.PopFirst())&them != 0 {
			return true
		}
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | queens) & usBB; b != 0; {
		if BishopAttacks(b.PopFirst(), occ)&them != 0 {
			return true
		}
	}
	for b := (p.byType[Rook] | queens) & usBB; b != 0; {
		if RookAttacks(b.PopFirst(), occ)&them != 0 {
			return true
		}
	}
	return false
}

// writePseudoPawns writes the pawn moves of the kinds in mode for the
// pseudo-legal generators (pseudogen_template.go) and returns how many:
// one square forward (one), two from the second rank (two, double pushes)
// and from the first (fromFirst, Horde's, leaving no en-passant square),
// captures toward the a- and h-file (west, east; the targets of each),
// and the en-passant captures of the pawns ep. Promotions go to a queen,
// rook, bishop and knight, and in Antichess (anti) to a king too, an
// under-promotion. It stays out of line: only the writing copies call it.
//
//go:noinline
func (p *Position) writePseudoPawns(ml *MoveList, mode genMode, one, two, fromFirst, west, east, ep Bitboard, up int, anti bool) int {
	n := p.writePawnKinds(ml, mode, one, two, west, east, up)
	if mode&genQuiets != 0 {
		n += p.writePlainPawnMoves(ml, fromFirst, 2*up, 0)
	}
	if mode&genCaptures != 0 {
		for ; ep != 0; n++ {
			ml.add(newMove(ep.PopFirst(), p.ep(), Pawn, Pawn, NoPieceType) | flagEnPassant)
		}
	}
	if anti && mode&genUnderPromotions != 0 {
		const last = Rank1 | Rank8
		targets := [3]Bitboard{one & last, west & last, east & last}
		deltas := [3]int{up, up - 1, up + 1}
		for i := range targets {
			for t := targets[i]; t != 0; n++ {
				to := t.PopFirst()
				ml.add(newMove(Square(int(to)-deltas[i]), to, Pawn, p.board[to&63].Type(), King))
			}
		}
	}
	return n
}

// variantLegalMove is LegalMove for the variants: the legal move from
// `from` to `to` with promotion promo, found among all the legal moves; a
// Crazyhouse drop is none (LegalDrop finds those).
func (p *Position) variantLegalMove(from, to Square, promo PieceType) Move {
	var ml MoveList
	p.variantGenerate(&ml, genAll)
	for _, m := range ml.Moves() {
		if m.From() == from && m.To() == to && m.Promotion() == promo && !m.IsDrop() {
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

// variantCountAfter is CountLegalMovesAfter for the variants: the board
// moves as in standard chess, and the count is the variant's. Only
// Three-check's checks stay as they are: a move that gives its side the
// third check leaves no move after it. A Crazyhouse drop, whose from and
// to are one square, puts its piece there as such a move's bitboard
// update does; the count after it is the other side's, whose pocket the
// move leaves as it is.
//
// But for Atomic's, the board is moved by CountLegalMovesAfter's own
// code again, kept here so that standard chess's hot path is not
// touched: the variant's count (variantMoves) is called at once, not
// through CountLegalMovesAfter's flag test, generate and variantGenerate.
func (p *Position) variantCountAfter(m Move) int {
	switch p.variant {
	case Atomic:
		// An explosion changes more than the move's own squares: the move
		// is made, counted after and taken back.
		checkers := p.checkers
		u := p.MakeMove(m)
		n := p.variantMoves(nil, genAll)
		p.UnmakeMove(m, u)
		p.checkers = checkers
		return n
	case ThreeCheck:
		if p.checks[p.side()&1] >= 2 && p.GivesCheck(m&^flagVariant) {
			return 0
		}
	}
	us := p.side() & 1
	from, to := m.From(), m.To()
	byType, byColor := p.byType, p.byColor
	st, checkers := p.st, p.checkers
	if m&flagCastle != 0 {
		kTo, rTo := castleTargets(castleIndex(m, us))
		king := from.Bitboard() ^ kTo.Bitboard()
		rook := to.Bitboard() ^ rTo.Bitboard()
		p.byType[King] ^= king
		p.byType[Rook] ^= rook
		p.byColor[us] ^= king ^ rook
		p.byType[0] ^= king ^ rook
	} else {
		fromTo := from.Bitboard() | to.Bitboard()
		if c := m.Captured(); c != NoPieceType {
			capSq := to
			if m.IsEnPassant() {
				capSq ^= 8
			}
			b := capSq.Bitboard()
			p.byType[c&7] ^= b
			p.byColor[us^1] ^= b
			p.byType[0] ^= b
		}
		p.byType[0] ^= fromTo
		p.byColor[us] ^= fromTo
		if promo := m.Promotion(); promo != NoPieceType {
			p.byType[Pawn] ^= from.Bitboard()
			p.byType[promo&7] ^= to.Bitboard()
		} else {
			p.byType[m.Piece()&7] ^= fromTo
		}
	}
	// The other side to move, the rights left, en passant: st in one
	// store (see Position.st). The clock is not counted: no count reads it.
	next := (st^stSideMask)&^(stCastlingMask|stEPMask) | uint64(uint8(st)&p.castleMask[from&63]&p.castleMask[to&63])
	ep := NoSquare
	if m.IsDoublePush() {
		if sq := (from + to) / 2; PawnAttacks(us, sq)&p.byType[Pawn]&p.byColor[us^1] != 0 {
			ep = sq
		}
	}
	p.st = next | uint64(ep)<<stEP
	p.checkers = unknownCheckers
	var n int
	if next := p.side() & 1; p.variant == Horde && p.byType[King]&p.byColor[next] != 0 && p.byColor[next^1] != 0 {
		// Horde's side with the king to move, the horde not yet taken:
		// standard chess's count, which is the one at most of Horde's
		// leaves, without variantMoves's switch.
		if next == White {
			n = p.countWhite()
		} else {
			n = p.countBlack()
		}
	} else {
		n = p.variantMoves(nil, genAll)
	}
	p.byType, p.byColor = byType, byColor
	p.st, p.checkers = st, checkers
	return n
}

// variantUnpinned reports whether Pinned finds no piece of the side to
// move pinned, by the variant's rules: there is no king to pin to (in
// Antichess, Horde's horde, after an Atomic king has exploded), or the
// kings touch in Atomic, where neither can then be checked.
func (p *Position) variantUnpinned() bool {
	k := p.byType[King] & p.byColor[p.side()&1]
	if p.variant == Antichess || k == 0 {
		return true
	}
	return p.variant == Atomic && KingAttacks(k.First())&p.byType[King]&p.byColor[p.side()^1] != 0
}

// variantNoCheck reports whether no move of the side to move can give
// check: in Antichess, and against Horde's side without a king. GivesCheck
// answers false there, and standard chess's answer elsewhere.
func (p *Position) variantNoCheck() bool {
	return p.variant == Antichess || p.byType[King]&p.byColor[p.side()^1] == 0
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
		if x.Piece() == pt && x.To() == to && from.Has(x.From()) && !x.IsCastle() && !x.IsDrop() {
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
		if m.Piece() == Pawn && m.From().File() == fromFile && m.To() == to && m.Promotion() == promo && !m.IsDrop() {
			return m
		}
	}
	return NoMove
}
