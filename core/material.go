package core

// HasInsufficientMaterial reports whether c can no longer win by any
// series of legal moves, with the material on the board, as lichess rules
// it for the position's variant (chessops's hasInsufficientMaterial): in
// chess, a bare king, a king and a knight against a king (with queens at
// most), or bishops all on one colour of square with no pawn or knight on
// the board; in Three-check, a bare king; never in King of the Hill and
// Racing Kings, where a bare king still walks to its goal, nor for
// Horde's king; Atomic's, Antichess's, Horde's and Crazyhouse's rules as
// lichess has them (Crazyhouse's counts the pockets with the board and
// holds for both sides or neither). It is the rule a server follows when
// a player runs out of time: the game is drawn when the opponent has
// insufficient material. IsInsufficientMaterial is this rule for both
// sides at once.
func (p *Position) HasInsufficientMaterial(c Color) bool {
	c &= 1
	switch p.variant {
	case Standard:
		return p.chessInsufficient(c)
	case KingOfTheHill, RacingKings:
		return false
	case ThreeCheck:
		return p.byColor[c] == p.byColor[c]&p.byType[King]
	case Antichess:
		return p.antichessInsufficient(c)
	case Atomic:
		return p.atomicInsufficient(c)
	case Horde:
		return p.hordeInsufficient(c)
	case Crazyhouse:
		// Nothing leaves a Crazyhouse game: a capture goes to a pocket,
		// so the rule looks at board and pockets together, for both
		// sides at once.
		return p.crazyhouseInsufficient()
	}
	return p.chessInsufficient(c)
}

// onOneColor reports whether the pieces of b stand on squares of one
// colour only (or there are none).
func onOneColor(b Bitboard) bool { return b&DarkSquares == 0 || b&^DarkSquares == 0 }

// chessInsufficient is chess's rule: c cannot mate with a bare king, with
// a knight alone when the other side has nothing but its king and
// queens, or with bishops when every bishop on the board stands on one
// colour and no pawn or knight is left.
func (p *Position) chessInsufficient(c Color) bool {
	us, them := p.ByColor(c), p.ByColor(c.Other())
	switch {
	case us&(p.ByType(Pawn)|p.ByType(Rook)|p.ByType(Queen)) != 0:
		return false
	case us&p.ByType(Knight) != 0:
		return us.Count() <= 2 && them&^p.ByType(King)&^p.ByType(Queen) == 0
	case us&p.ByType(Bishop) != 0:
		return onOneColor(p.ByType(Bishop)) && p.ByType(Pawn)|p.ByType(Knight) == 0
	}
	return true
}

// antichessInsufficient is Antichess's rule, where a side wins by losing
// every piece: c cannot when it has lost them already (it won) or when
// the other side has (it lost); nor when only bishops are left that can
// never meet: c has one on a colour of square where the other side has
// none, and the other side's are all on the other colour; nor, with one
// knight each and nothing else, when the side to move decides it.
func (p *Position) antichessInsufficient(c Color) bool {
	us, them := p.ByColor(c), p.ByColor(c.Other())
	occ := p.Occupied()
	switch {
	case us == 0:
		return false
	case them == 0:
		return true
	case occ == p.ByType(Bishop):
		weLight, weDark := us&^DarkSquares != 0, us&DarkSquares != 0
		theyDark, theyLight := them&^DarkSquares == 0, them&DarkSquares == 0
		return (weLight && theyDark) || (weDark && theyLight)
	case occ == p.ByType(Knight) && occ.Count() == 2:
		whiteLight := p.ByColor(White)&^DarkSquares != 0
		blackDark := p.ByColor(Black)&DarkSquares != 0
		return (whiteLight != blackDark) != (p.SideToMove() == c)
	}
	return false
}

// material counts one side's pieces, its bishops on light and on dark
// squares apart as well.
type material struct {
	pawn, knight, bishop, rook, queen, king int
	light, dark                             int // bishops on light, dark squares
}

// materialOf counts c's pieces.
func (p *Position) materialOf(c Color) material {
	n := func(t PieceType) int { return p.Pieces(c, t).Count() }
	bishops := p.Pieces(c, Bishop)
	return material{
		pawn: n(Pawn), knight: n(Knight), bishop: bishops.Count(), rook: n(Rook),
		queen: n(Queen), king: n(King),
		light: (bishops &^ DarkSquares).Count(), dark: (bishops & DarkSquares).Count(),
	}
}

// count returns the number of pieces, the king with them.
func (m material) count() int { return m.pawn + m.knight + m.bishop + m.rook + m.queen + m.king }

// bishopPair reports whether the side has bishops on both colours.
func (m material) bishopPair() bool { return m.light > 0 && m.dark > 0 }

// bishopsOn returns the side's bishops on light squares, or on dark ones.
func (m material) bishopsOn(light bool) int {
	if light {
		return m.light
	}
	return m.dark
}

// hordeInsufficient is Horde's rule (lichess's, from the analysis
// chessops cites, stevepapazis/horde-insufficient-material-tests, of
// which material mates a king boxed in by its own pieces): the side with
// the king can always win
// by taking the horde; the horde, c, can when it holds four pieces or
// more (bishops of one colour counting two at most), a pawn or queen
// with any other piece, a rook with anything but a bishop against a
// lone king, and in the cases below, where the other side's own pieces
// must be there to box its king in.
func (p *Position) hordeInsufficient(c Color) bool {
	if p.Pieces(c, King) != 0 {
		return false
	}
	return hordeCannotMate(p.materialOf(c), p.materialOf(c.Other()))
}

// hordeCannotMate is hordeInsufficient by the material: h the horde's, k
// the side with the king's.
func hordeCannotMate(h, k material) bool {
	// The colour of the horde's bishop when it has bishops of one colour
	// (light when it has any there), and how many of the king's side
	// stand on the other colour.
	hLight := h.light > 0
	kSame, kOther := k.bishopsOn(hLight), k.bishopsOn(!hLight)
	kNum := k.count()
	hNum := h.pawn + h.knight + h.rook + h.queen + min(h.dark, 2) + min(h.light, 2)
	switch {
	case hNum == 0:
		return true
	case hNum >= 4:
		return false
	case (h.pawn > 0 || h.queen > 0) && hNum >= 2:
		return false // the pawn queens, or the queen mates, with the other's help
	case h.rook > 0 && hNum >= 2 && !(hNum == 2 && h.rook == 1 && h.bishop == 1 && kNum-kSame == 1):
		return false
	}
	switch hNum {
	case 1:
		switch {
		case kNum == 1:
			return true // one piece against a bare king
		case h.queen == 1:
			return !(k.pawn >= 1 || k.rook >= 1 || k.light >= 2 || k.dark >= 2)
		case h.pawn == 1:
			// It promotes: to a queen or to a knight.
			q, n := h, h
			q.pawn, q.queen = 0, 1
			n.pawn, n.knight = 0, 1
			return hordeCannotMate(q, k) && hordeCannotMate(n, k)
		case h.rook == 1:
			return !(k.pawn >= 2 || (k.rook >= 1 && k.pawn >= 1) || (k.rook >= 1 && k.knight >= 1) ||
				(k.pawn >= 1 && k.knight >= 1))
		case h.bishop == 1:
			return !(kOther >= 2 || (kOther >= 1 && k.pawn >= 1) || k.pawn >= 2)
		case h.knight == 1:
			blockers := k.knight >= 2 || k.pawn >= 2 ||
				(k.rook >= 1 && (k.knight >= 1 || k.bishop >= 1 || k.pawn >= 1)) ||
				(k.knight >= 1 && (k.bishop >= 1 || k.pawn >= 1)) ||
				(k.bishop >= 1 && k.pawn >= 1) ||
				(k.bishopPair() && k.pawn >= 1)
			return !(kNum >= 4 && blockers &&
				(k.dark < 2 || kNum-k.dark >= 3) && (k.light < 2 || kNum-k.light >= 3))
		}
	case 2:
		switch {
		case kNum == 1:
			return true // two minor pieces against a bare king
		case h.knight == 2:
			return k.pawn+k.bishop+k.knight < 1
		case h.bishopPair():
			return !(k.pawn >= 1 || k.bishop >= 1 || (k.knight >= 1 && k.rook+k.queen >= 1))
		case h.bishop >= 1 && h.knight >= 1:
			return !(k.pawn >= 1 || kOther >= 1 || kNum-kSame >= 3)
		}
		// Two bishops or more, all on one colour.
		return !((k.pawn >= 1 && kOther >= 1) || (k.pawn >= 1 && k.knight >= 1) ||
			(kOther >= 1 && k.knight >= 1) || kOther >= 2 || k.knight >= 2 || k.pawn >= 2)
	case 3:
		if (h.knight == 2 && h.bishop == 1) || h.knight == 3 || h.bishopPair() {
			return false
		}
		return kNum == 1 // two bishops of one colour and a knight need a tempo move
	}
	return true
}
