package pgn

import "github.com/gambit-chess/gambit/core"

// resolve finds the legal move that a move in plain SAN names without
// generating every legal move: it looks only at the pieces of the named
// type that reach the destination, and tests each for legality by the
// attacks on its king once it has moved (core's LegalMove). san.Parse,
// which generates all legal moves, costs several times more, and on a
// mainline reader that is most of the time. resolve covers the forms real
// files write (piece moves, pawn pushes and captures, promotions, castling,
// any check suffix); ok is false for everything else (unusual notations,
// any error), and the caller asks san.Parse, which also names the error.
// Its result must equal san.Parse's: TestResolveMatchesParse and
// FuzzResolve hold it to that.
func resolve(p *core.Position, s []byte) (m core.Move, ok bool) {
	n := len(s)
	for n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	if n < 2 {
		return core.NoMove, false
	}
	switch string(s[:n]) {
	case "O-O", "0-0":
		return resolveCastling(p, false)
	case "O-O-O", "0-0-0":
		return resolveCastling(p, true)
	}
	pt, i := core.Pawn, 0
	switch s[0] {
	case 'N':
		pt, i = core.Knight, 1
	case 'B':
		pt, i = core.Bishop, 1
	case 'R':
		pt, i = core.Rook, 1
	case 'Q':
		pt, i = core.Queen, 1
	case 'K':
		pt, i = core.King, 1
	}
	promo := core.NoPieceType
	if n-i >= 4 && s[n-2] == '=' {
		switch s[n-1] {
		case 'N':
			promo = core.Knight
		case 'B':
			promo = core.Bishop
		case 'R':
			promo = core.Rook
		case 'Q':
			promo = core.Queen
		default:
			return core.NoMove, false
		}
		n -= 2
	}
	if n-i < 2 || !isFile(s[n-2]) || !isRank(s[n-1]) {
		return core.NoMove, false
	}
	to := core.NewSquare(int(s[n-2]-'a'), int(s[n-1]-'1'))
	n -= 2
	if n > i && s[n-1] == 'x' {
		n-- // san.Parse does not hold a capture to its 'x' either
	}
	fromFile, fromRank := -1, -1
	if n > i && isRank(s[n-1]) {
		fromRank = int(s[n-1] - '1')
		n--
	}
	if n > i && isFile(s[n-1]) {
		fromFile = int(s[n-1] - 'a')
		n--
	}
	if n != i {
		return core.NoMove, false
	}

	us := p.SideToMove()
	if p.ByColor(us).Has(to) {
		return core.NoMove, false // castling as king takes rook, or illegal
	}
	if pt == core.Pawn {
		return resolvePawn(p, us, to, fromFile, fromRank, promo)
	}
	if promo != core.NoPieceType {
		return core.NoMove, false
	}
	from := p.Pieces(us, pt)
	switch pt {
	case core.Knight:
		from &= core.KnightAttacks(to)
	case core.Bishop:
		from = reaching(from&bishopRays[to], to, p.Occupied())
	case core.Rook:
		from = reaching(from&rookRays[to], to, p.Occupied())
	case core.Queen:
		from = reaching(from&(rookRays[to]|bishopRays[to]), to, p.Occupied())
	case core.King:
		from &= core.KingAttacks(to)
	}
	if fromFile >= 0 {
		from &= core.FileA << fromFile
	}
	if fromRank >= 0 {
		from &= core.Rank1 << (8 * fromRank)
	}
	found, count := core.NoMove, 0
	for from != 0 {
		if m := p.LegalMove(from.PopFirst(), to, core.NoPieceType); m != core.NoMove {
			found = m
			count++
		}
	}
	return found, count == 1
}

// resolvePawn is resolve for a pawn move: a push when no other file is
// named ("d5" never means "exd5"), else a capture from the named file.
func resolvePawn(p *core.Position, us core.Color, to core.Square, fromFile, fromRank int, promo core.PieceType) (core.Move, bool) {
	last, fwd := 7, 8
	if us == core.Black {
		last, fwd = 0, -8
	}
	if fromRank >= 0 || (to.Rank() == last) != (promo != core.NoPieceType) {
		return core.NoMove, false
	}
	back := int(to) - fwd
	if back < 0 || back > 63 {
		return core.NoMove, false
	}
	pawns := p.Pieces(us, core.Pawn)
	if fromFile < 0 || fromFile == to.File() {
		// A push: one square, or two across an empty one to the fourth rank.
		from := core.Square(back)
		if !pawns.Has(from) && back-fwd >= 0 && back-fwd <= 63 {
			from = core.Square(back - fwd)
		}
		if !pawns.Has(from) || p.Occupied().Has(to) {
			return core.NoMove, false
		}
		m := p.LegalMove(from, to, promo)
		return m, m != core.NoMove
	}
	if fromFile-to.File() != 1 && to.File()-fromFile != 1 {
		return core.NoMove, false
	}
	// A capture, en passant included, from the named file.
	from := core.Square(back - to.File() + fromFile)
	if !pawns.Has(from) {
		return core.NoMove, false
	}
	m := p.LegalMove(from, to, promo)
	return m, m != core.NoMove && m.IsCapture()
}

// resolveCastling is resolve for castling: king takes its castling rook,
// with core's rules.
func resolveCastling(p *core.Position, long bool) (core.Move, bool) {
	right := core.WhiteShort
	if long {
		right = core.WhiteLong
	}
	us := p.SideToMove()
	if us == core.Black {
		right <<= 2
	}
	rsq := p.CastlingRook(right)
	if rsq == core.NoSquare {
		return core.NoMove, false
	}
	m := p.LegalMove(p.KingSquare(us), rsq, core.NoPieceType)
	return m, m != core.NoMove
}

// reaching returns the pieces of sliders (each on a line with sq) that
// reach sq, nothing standing between. With a piece or two on a line, it
// is cheaper than a magic lookup, whose table is too large for the cache.
func reaching(sliders core.Bitboard, sq core.Square, occ core.Bitboard) core.Bitboard {
	var out core.Bitboard
	for sliders != 0 {
		s := sliders.PopFirst()
		if core.Between(s, sq)&occ == 0 {
			out |= s.Bitboard()
		}
	}
	return out
}

// The lines of rook and bishop moves from each square, on an empty board.
var rookRays, bishopRays = func() (r, b [64]core.Bitboard) {
	for sq := core.A1; sq <= core.H8; sq++ {
		r[sq], b[sq] = core.RookAttacks(sq, 0), core.BishopAttacks(sq, 0)
	}
	return r, b
}()

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }
