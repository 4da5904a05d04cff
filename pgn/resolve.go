package pgn

import "github.com/gambit-chess/gambit/core"

// sanMove is a move in plain SAN, read but not yet looked up in a
// position: what the text names, nothing more.
type sanMove struct {
	piece    core.PieceType // core.NoPieceType for castling
	promo    core.PieceType
	to       core.Square
	fromFile int8 // -1 when the text names none
	fromRank int8
	long     bool // castling on the queen's side
}

// resolve finds the legal move that a move in plain SAN names without
// generating every legal move: core's LegalMoveTo looks only at the pieces
// of the named type that reach the destination, and tests each by the
// attacks on its king once it has moved. san.Parse, which generates all
// legal moves, costs several times more, and on a mainline reader that is
// most of the time. resolve covers the forms real files write (piece
// moves, pawn pushes and captures, promotions, castling, any check
// suffix); ok is false for everything else (unusual notations, any error),
// and the caller asks san.Parse, which also names the error. Its result
// must equal san.Parse's: TestResolveMatchesParse and FuzzResolve hold it
// to that.
func resolve(p *core.Position, s []byte) (core.Move, bool) {
	m, ok := parseSAN(s)
	if !ok {
		return core.NoMove, false
	}
	return lookup(p, &m)
}

// parseSAN reads s as resolve takes it, from its end: check marks, a
// promotion, the destination, a capture mark, then the from rank and file
// that disambiguate. scanMove, the movetext's fast path, reads the same
// forms from the front and must read them alike (TestScanMoveMatchesParse).
func parseSAN(s []byte) (m sanMove, ok bool) {
	n := len(s)
	for n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	if n < 2 {
		return m, false
	}
	switch string(s[:n]) {
	case "O-O", "0-0":
		return sanMove{}, true
	case "O-O-O", "0-0-0":
		return sanMove{long: true}, true
	}
	i := 0
	m.piece = core.Pawn
	if pt := pieceOf[s[0]]; pt != core.NoPieceType {
		m.piece, i = pt, 1
	}
	if n-i >= 4 && s[n-2] == '=' {
		if m.promo = promotionOf[s[n-1]]; m.promo == core.NoPieceType {
			return m, false
		}
		n -= 2
	}
	if n-i < 2 || !isFile(s[n-2]) || !isRank(s[n-1]) {
		return m, false
	}
	m.to = core.NewSquare(int(s[n-2]-'a'), int(s[n-1]-'1'))
	n -= 2
	if n > i && s[n-1] == 'x' {
		n-- // san.Parse does not hold a capture to its 'x' either
	}
	m.fromFile, m.fromRank = -1, -1
	if n > i && isRank(s[n-1]) {
		m.fromRank = int8(s[n-1] - '1')
		n--
	}
	if n > i && isFile(s[n-1]) {
		m.fromFile = int8(s[n-1] - 'a')
		n--
	}
	return m, n == i
}

// The piece letters of SAN, and those a pawn may promote to.
var pieceOf, promotionOf = func() (piece, promo [256]core.PieceType) {
	for i, c := range []byte("NBRQK") {
		piece[c] = core.Knight + core.PieceType(i)
	}
	promo = piece
	promo['K'] = core.NoPieceType
	return piece, promo
}()

// lookup finds the legal move m names in p; ok is false when there is
// none, or more than one. core's LegalPawnMoveTo looks at the one pawn a
// pawn move names, LegalMoveTo at the pieces that reach the destination.
// The movetext's fast path does the same without the call.
func lookup(p *core.Position, m *sanMove) (core.Move, bool) {
	switch m.piece {
	case core.NoPieceType:
		return resolveCastling(p, m.long)
	case core.Pawn:
		if m.fromRank >= 0 {
			return core.NoMove, false
		}
		mv := p.LegalPawnMoveTo(m.pawnFile(), m.to, m.promo)
		return mv, mv != core.NoMove
	}
	if m.promo != core.NoPieceType {
		return core.NoMove, false
	}
	mv, n := p.LegalMoveTo(m.piece, m.fromSquares(), m.to)
	return mv, n == 1
}

// fromSquares returns the squares m's from file and rank allow.
func (m *sanMove) fromSquares() core.Bitboard {
	from := ^core.Bitboard(0)
	if m.fromFile >= 0 {
		from = core.FileA << m.fromFile
	}
	if m.fromRank >= 0 {
		from &= core.Rank1 << (8 * m.fromRank)
	}
	return from
}

// pawnFile returns the file a pawn move comes from: the one named, else
// the destination's ("d5" is a push, never "exd5").
func (m *sanMove) pawnFile() int {
	if m.fromFile >= 0 {
		return int(m.fromFile)
	}
	return m.to.File()
}

// resolveCastling is lookup for castling: king takes its castling rook,
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

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }
