package san

import "github.com/gambit-chess/gambit/core"

// Parse reads a move in p written the way real files and people write it,
// and returns the legal move it names. Beyond canonical SAN it accepts:
//
//   - a missing or wrong '+' or '#', and annotations: !, ?, !!, ??, !?, ?!
//   - a missing 'x' (or ':' for it), a missing '=' ("e8Q"), "e.p."
//   - castling with zeros ("0-0", "0-0-0") or without dashes
//   - more disambiguation than needed ("Ngf3", "Ng1f3")
//   - long algebraic ("Ng1-f3", "e2-e4", "e4xd5") and UCI ("e2e4", "e7e8q")
//   - figurines ("♘f3", "e8=♕") and the lower-case piece letters n, r, q, k
//   - castling written as king takes rook ("Kxh1", "e1h1", the Chess960
//     way) or as the king's move ("e1g1") when no plain king move has that
//     form
//   - in Crazyhouse, a drop with or without the pawn's letter ("N@f3",
//     "@e4", "P@e4"), the piece letter in either case (elsewhere a drop is
//     a syntax error)
//
// It returns a *MoveError matching ErrSyntax when s is none of these,
// ErrIllegal when it names no legal move, and ErrAmbiguous, with the
// candidates, when it fits more than one (a promotion without its piece
// fits four, five in Antichess). Parse allocates nothing when it succeeds.
func Parse(p *core.Position, s string) (core.Move, error) {
	var ml core.MoveList
	return parse(p, s, &ml)
}

// parse is Parse; it leaves the legal moves of p in ml for ParseStrict.
func parse(p *core.Position, s string, ml *core.MoveList) (core.Move, error) {
	n, reason := readNotation(s, p.Variant() == core.Antichess)
	if reason != "" && IsNullMove(s) {
		return core.NoMove, newError(p, s, ErrIllegal, reasonNullMove)
	}
	if reason == "" && n.drop && p.Variant() != core.Crazyhouse {
		reason = reasonNoDrops
	}
	if reason != "" {
		return core.NoMove, newError(p, s, ErrSyntax, reason)
	}
	p.LegalMoves(ml)
	m, count, byKing := n.match(p, ml)
	switch {
	case count == 1:
		return m, nil
	case count > 1:
		e := newError(p, s, ErrAmbiguous, "")
		for _, x := range ml.Moves() {
			if n.fits(p, x, byKing) {
				e.Candidates = append(e.Candidates, Format(p, x))
			}
		}
		return core.NoMove, e
	}
	return core.NoMove, newError(p, s, ErrIllegal, "")
}

// ParseStrict reads a move written exactly as Format writes it, check and
// mate suffix included, and returns the legal move it names. Anything else
// is an error matching ErrSyntax, ErrIllegal or ErrAmbiguous. It allocates
// nothing when it succeeds.
func ParseStrict(p *core.Position, s string) (core.Move, error) {
	var ml core.MoveList
	m, err := parse(p, s, &ml)
	if err != nil {
		return core.NoMove, err
	}
	var buf [maxLen]byte
	if want := appendFormat(buf[:0], p, m, 0, &ml); string(want) != s {
		return core.NoMove, newError(p, s, ErrSyntax, reasonNotStrict+" (want "+quote(want)+")")
	}
	return m, nil
}

// match returns the legal move n names and how many legal moves fit it.
// byKing reports that the fallback matched castling by the king's
// destination.
func (n *notation) match(p *core.Position, ml *core.MoveList) (found core.Move, count int, byKing bool) {
	for _, m := range ml.Moves() {
		// Most moves go elsewhere: reject them before the full test.
		if m.To() != n.to && n.castle == noCastling {
			continue
		}
		if n.fits(p, m, false) {
			found = m
			count++
		}
	}
	if count > 0 || !n.kingForm() {
		return found, count, false
	}
	for _, m := range ml.Moves() {
		if n.fits(p, m, true) {
			found = m
			count++
		}
	}
	return found, count, true
}

// kingForm reports whether n may name castling by the king's destination:
// a king move or bare coordinates, without a promotion.
func (n *notation) kingForm() bool {
	return n.castle == noCastling && n.promo == core.NoPieceType &&
		(n.piece == core.King || n.piece == core.NoPieceType && n.coordinates())
}

// coordinates reports whether n gives the full from square with no piece
// letter, as UCI and letterless long algebraic do: the piece is then
// whatever stands there.
func (n *notation) coordinates() bool {
	return n.piece == core.NoPieceType && n.fromFile >= 0 && n.fromRank >= 0
}

// fits reports whether legal move m fits n. With byKing, only castling fits,
// named by the king's destination ("e1g1") instead of the rook's square.
func (n *notation) fits(p *core.Position, m core.Move, byKing bool) bool {
	if m.IsDrop() || n.drop {
		return m.IsDrop() && n.drop && m.Piece() == n.piece && m.To() == n.to
	}
	from := m.From()
	if n.fromFile >= 0 && int(n.fromFile) != from.File() || n.fromRank >= 0 && int(n.fromRank) != from.Rank() {
		return false
	}
	if n.castle != noCastling {
		return m.IsCastle() && (m.To() > from) == (n.castle == shortCastling)
	}
	if byKing {
		return m.IsCastle() && p.CastleKingSquare(m) == n.to
	}
	if m.To() != n.to {
		return false
	}
	piece := n.piece
	switch {
	case n.coordinates():
		// Any piece; castling written as king takes rook ("e1h1") fits.
	case m.IsCastle():
		return piece == core.King && n.promo == core.NoPieceType // "Kxh1"
	case piece == core.NoPieceType:
		piece = core.Pawn
		fallthrough
	default:
		if m.Piece() != piece {
			return false
		}
	}
	return n.promo == core.NoPieceType || n.promo == m.Promotion()
}

// quote returns b in double quotes; it runs on the error path only.
func quote(b []byte) string { return `"` + string(b) + `"` }
