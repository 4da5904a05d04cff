package game

import (
	"github.com/gambit-chess/gambit/core"
)

// HasInsufficientMaterial reports whether c can no longer win the game by
// any series of legal moves, with the material on the board, as lichess
// rules it for the game's variant (chessops's hasInsufficientMaterial):
// in chess, a bare king, a king and a knight against a king (with queens
// at most), or bishops all on one colour of square with no pawn or
// knight on the board; in Three-check, a bare king; never in King of the
// Hill and Racing Kings, nor for Horde's king; Atomic's, Antichess's,
// Horde's and Crazyhouse's rules as lichess has them (Crazyhouse's counts
// the pockets with the board and holds for both sides or neither). It is the rule a server follows
// when a player runs out of time: the game is drawn when the opponent has
// insufficient material. The game ends as InsufficientMaterial when it
// holds for both sides.
func (g *Game) HasInsufficientMaterial(c core.Color) bool {
	return hasInsufficientMaterial(&g.pos, c&1)
}

// hasInsufficientMaterial is HasInsufficientMaterial for position p.
func hasInsufficientMaterial(p *core.Position, c core.Color) bool {
	switch p.Variant() {
	case core.KingOfTheHill, core.RacingKings:
		return false // a bare king still walks to the goal
	case core.ThreeCheck:
		return p.ByColor(c) == p.Pieces(c, core.King)
	case core.Antichess:
		return antichessInsufficient(p, c)
	case core.Atomic:
		return atomicInsufficient(p, c)
	case core.Horde:
		return hordeInsufficient(p, c)
	case core.Crazyhouse:
		// Nothing leaves a Crazyhouse game: a capture goes to a pocket,
		// so the rule looks at board and pockets together, for both
		// sides at once.
		return p.IsInsufficientMaterial()
	}
	return chessInsufficient(p, c)
}

// onOneColor reports whether the pieces of b stand on squares of one
// colour only (or there are none).
func onOneColor(b core.Bitboard) bool { return b&core.DarkSquares == 0 || b&^core.DarkSquares == 0 }

// chessInsufficient is chess's rule: c cannot mate with a bare king, with
// a knight alone when the other side has nothing but its king and
// queens, or with bishops when every bishop on the board stands on one
// colour and no pawn or knight is left.
func chessInsufficient(p *core.Position, c core.Color) bool {
	us, them := p.ByColor(c), p.ByColor(c.Other())
	switch {
	case us&(p.ByType(core.Pawn)|p.ByType(core.Rook)|p.ByType(core.Queen)) != 0:
		return false
	case us&p.ByType(core.Knight) != 0:
		return us.Count() <= 2 && them&^p.ByType(core.King)&^p.ByType(core.Queen) == 0
	case us&p.ByType(core.Bishop) != 0:
		return onOneColor(p.ByType(core.Bishop)) && p.ByType(core.Pawn)|p.ByType(core.Knight) == 0
	}
	return true
}

// antichessInsufficient is Antichess's rule, where a side wins by losing
// every piece: c cannot when it has lost them already (it won) or when
// the other side has (it lost); nor when only bishops are left that can
// never meet: c has one on a colour of square where the other side has
// none, and the other side's are all on the other colour; nor, with one
// knight each and nothing else, when the side to move decides it.
func antichessInsufficient(p *core.Position, c core.Color) bool {
	us, them := p.ByColor(c), p.ByColor(c.Other())
	occ := p.Occupied()
	switch {
	case us == 0:
		return false
	case them == 0:
		return true
	case occ == p.ByType(core.Bishop):
		weLight, weDark := us&^core.DarkSquares != 0, us&core.DarkSquares != 0
		theyDark, theyLight := them&^core.DarkSquares == 0, them&core.DarkSquares == 0
		return (weLight && theyDark) || (weDark && theyLight)
	case occ == p.ByType(core.Knight) && occ.Count() == 2:
		whiteLight := p.ByColor(core.White)&^core.DarkSquares != 0
		blackDark := p.ByColor(core.Black)&core.DarkSquares != 0
		return (whiteLight != blackDark) != (p.SideToMove() == c)
	}
	return false
}

// atomicInsufficient is Atomic's rule: c has won already when the other
// king is gone; a bare king cannot win; while the other side has pieces
// besides its king, they may explode next to it, unless only bishops are
// left, each side's on one colour of square and the two sides' on
// opposite colours (or both on the colour c's are not); against a bare
// king, a queen or a pawn wins, and a single knight, bishop or rook, or
// two knights, do not.
func atomicInsufficient(p *core.Position, c core.Color) bool {
	kings := p.ByType(core.King)
	us, them := p.ByColor(c), p.ByColor(c.Other())
	switch {
	case them&kings == 0:
		return false
	case us&^kings == 0:
		return true
	case them&^kings != 0:
		if p.Occupied() != p.ByType(core.Bishop)|kings {
			return false
		}
		white := p.Pieces(core.White, core.Bishop)
		black := p.Pieces(core.Black, core.Bishop)
		switch {
		case white&core.DarkSquares == 0:
			return black&^core.DarkSquares == 0
		case white&^core.DarkSquares == 0:
			return black&core.DarkSquares == 0
		}
		return false
	case p.ByType(core.Queen)|p.ByType(core.Pawn) != 0:
		return false
	case (p.ByType(core.Knight) | p.ByType(core.Bishop) | p.ByType(core.Rook)).Count() == 1:
		return true
	case p.Occupied() == p.ByType(core.Knight)|kings:
		return p.ByType(core.Knight).Count() <= 2
	}
	return false
}

// material counts one side's pieces, its bishops on light and on dark
// squares apart as well.
type material struct {
	pawn, knight, bishop, rook, queen, king int
	light, dark                             int // bishops on light, dark squares
}

// materialOf counts c's pieces in p.
func materialOf(p *core.Position, c core.Color) material {
	n := func(t core.PieceType) int { return p.Pieces(c, t).Count() }
	bishops := p.Pieces(c, core.Bishop)
	return material{
		pawn: n(core.Pawn), knight: n(core.Knight), bishop: bishops.Count(), rook: n(core.Rook),
		queen: n(core.Queen), king: n(core.King),
		light: (bishops &^ core.DarkSquares).Count(), dark: (bishops & core.DarkSquares).Count(),
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
func hordeInsufficient(p *core.Position, c core.Color) bool {
	if p.Pieces(c, core.King) != 0 {
		return false
	}
	return hordeCannotMate(materialOf(p, c), materialOf(p, c.Other()))
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
