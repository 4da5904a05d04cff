package core

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Crazyhouse, by lichess's rules as chessops 0.15.1 implements them: a
// captured piece goes to the captor's pocket (a promoted pawn goes back as
// a pawn), and a move may drop a piece of the pocket on any empty square
// instead, a pawn on none of the first and last ranks. A drop may block a
// check, and may give check or mate, a pawn's included. Castling is
// standard chess's, Chess960's too.
//
// The pockets and the promoted pieces live in the Position (pockets,
// promoted) and in its hash. A drop is a Move with flagDrop (move.go); a
// capture of a promoted piece carries flagPromotedCapture, so that
// UnmakeMove can mark it promoted again without a larger Undo.

// Pocket returns the number of pieces of type t colour c holds in hand,
// ready to drop, in Crazyhouse; 0 in every other variant.
func (p *Position) Pocket(c Color, t PieceType) int { return int(p.pockets[c&1][t&7]) }

// Promoted returns the squares of the pieces that are promoted pawns, which
// Crazyhouse keeps track of (a captured one goes to the pocket as a pawn);
// 0 in every other variant.
func (p *Position) Promoted() Bitboard { return p.promoted }

// LegalDrop returns the legal Crazyhouse drop of a piece of type pt from
// the pocket of the side to move on `to`, exactly as LegalMoves would give
// it, or NoMove when there is none: in another variant, without such a
// piece in hand, on an occupied square, a pawn on the first or last rank,
// or when the drop leaves the king in check (only a drop between the king
// and a lone checking slider answers a check).
func (p *Position) LegalDrop(pt PieceType, to Square) Move {
	us := p.side() & 1
	if p.variant != Crazyhouse || pt < Pawn || pt > Queen || to > H8 || p.pockets[us][pt] == 0 ||
		p.byType[0].Has(to) || pt == Pawn && (Rank1|Rank8).Has(to) {
		return NoMove
	}
	if c := p.Checkers(); c != 0 && (c.More() || !Between(c.First(), p.KingSquare(us)).Has(to)) {
		return NoMove
	}
	return dropMove(pt, to)
}

// dropMove packs the drop of a piece of type pt on `to`.
func dropMove(pt PieceType, to Square) Move {
	return newMove(to, to, pt, NoPieceType, NoPieceType) | flagDrop | flagVariant
}

// parseDrop reads a drop in UCI notation ("N@f3", "P@e4", either case):
// the piece type and the square, and whether s is one.
func parseDrop(s string) (PieceType, Square, bool) {
	if len(s) != 4 || s[1] != '@' {
		return NoPieceType, NoSquare, false
	}
	pc, ok := pieceFromLetter(s[0])
	to, err := ParseSquare(s[2:])
	if !ok || err != nil || pc.Type() == King {
		return NoPieceType, NoSquare, false
	}
	return pc.Type(), to, true
}

// generateCrazyhouse writes the legal moves of the kinds in mode of a
// Crazyhouse position into ml (nil: only counts them) and returns their
// number: the board moves by standard chess's rules, from the generated
// copies of the standard generator (standardMoves), then the drops, which
// are quiet moves, written after them (push carries the count past 255).
func (p *Position) generateCrazyhouse(ml *MoveList, mode genMode) int {
	var n int
	switch {
	case ml == nil:
		n = p.standardMoves(nil, mode)
	case p.fitsWriters() || p.standardMoves(nil, genAll) < writerMoves:
		first := ml.length()
		n = p.standardMoves(ml, mode)
		if p.promoted&p.byColor[p.side()^1] != 0 {
			moves := ml.moves[:ml.length()]
			for i := first; i < len(moves); i++ {
				if m := moves[i]; m.IsCapture() && p.promoted.Has(m.To()) {
					moves[i] = m | flagPromotedCapture
				}
			}
		}
	default:
		n = p.boardMovesOneByOne(ml, mode)
	}
	if mode&genQuiets != 0 {
		n += p.addDrops(ml)
	}
	return n
}

// fitsWriters reports whether the side to move has no more pieces on the
// board than standard chess allows (its pawns and the pieces beyond the
// starting set at most 8), which bounds its board moves to standard
// chess's 218: the generator's writers hold them (writerMoves). In
// Crazyhouse a side may have more (a third knight from the pocket).
func (p *Position) fitsWriters() bool {
	us := p.byColor[p.side()&1]
	extra := (p.byType[Pawn] & us).Count()
	for t, start := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
		if t >= int(Knight) {
			extra += max((p.byType[t]&us).Count()-start, 0)
		}
	}
	return extra <= 8
}

// boardMovesOneByOne writes the legal board moves of the kinds in mode,
// each found by LegalMove's standard test from every piece of the side to
// move to every square, and returns their number. It is slow, and only for
// a position whose board material gives more moves than the generator's
// writers hold (writerMoves): a FEN can set one up, a game hardly reaches
// one.
func (p *Position) boardMovesOneByOne(ml *MoveList, mode genMode) int {
	// LegalMove answers by standard chess's rules for a standard position.
	p.variant = Standard
	defer func() { p.variant = Crazyhouse }()
	n := 0
	for b := p.byColor[p.side()&1]; b != 0; {
		from := b.PopFirst()
		for to := A1; to <= H8; to++ {
			promos := noPromotion[:]
			if p.board[from].Type() == Pawn && (Rank1 | Rank8).Has(to) {
				promos = promotions[:]
			}
			for _, promo := range promos {
				m := p.LegalMove(from, to, promo)
				if m == NoMove || moveKind(m)&mode == 0 {
					continue
				}
				if m.IsCapture() && p.promoted.Has(to) {
					m |= flagPromotedCapture
				}
				n++
				ml.push(m)
			}
		}
	}
	return n
}

// noPromotion and promotions are the promotions boardMovesOneByOne asks
// LegalMove about: none, and for a pawn onto the last rank each piece.
var (
	noPromotion = [...]PieceType{NoPieceType}
	promotions  = [...]PieceType{Queen, Rook, Bishop, Knight}
)

// moveKind returns the kind of m, as genMode names the kinds.
func moveKind(m Move) genMode {
	switch {
	case m.Promotion() == Queen:
		return genPromotions
	case m.IsPromotion():
		return genUnderPromotions
	case m.IsCapture():
		return genCaptures
	}
	return genQuiets
}

// addDrops writes the legal drops into ml (nil: only counts them) and
// returns their number: every piece type in the pocket of the side to move
// on every empty square (a pawn's but the first and last ranks), or, in
// check, on the squares between the king and a lone checking slider.
func (p *Position) addDrops(ml *MoveList) int {
	us := p.side() & 1
	pocket := &p.pockets[us]
	// An empty pocket (most positions of a game) is one 8-byte load.
	if binary.LittleEndian.Uint64(pocket[:]) == 0 {
		return 0
	}
	targets := ^p.byType[0]
	if c := p.Checkers(); c != 0 {
		if c.More() {
			return 0
		}
		targets &= Between(c.First(), p.KingSquare(us))
	}
	n := 0
	for pt := Pawn; pt <= Queen; pt++ {
		if pocket[pt] == 0 {
			continue
		}
		to := targets
		if pt == Pawn {
			to &^= Rank1 | Rank8
		}
		n += to.Count()
		for ml != nil && to != 0 {
			ml.push(dropMove(pt, to.PopFirst()))
		}
	}
	return n
}

// makeCrazyhouse is MakeMove for a move of a Crazyhouse position: a drop
// takes the piece from the pocket; a board move is made as in standard
// chess, then its captured piece goes to the mover's pocket (a promoted
// one as a pawn), and the promoted marks follow their pieces.
func (p *Position) makeCrazyhouse(m Move) Undo {
	us := p.side() & 1
	to := m.To()
	if m&flagDrop != 0 {
		u, h, st := p.begin()
		pt := m.Piece() & 7
		pc := NewPiece(us, pt)
		p.put(pc, to)
		k := p.pockets[us][pt]
		h ^= zobrist[pc&15][to&63] ^ zobristPocket[us][pt][k&31] ^ zobristPocket[us][pt][(k-1)&31]
		p.pockets[us][pt] = k - 1
		if pt == Pawn {
			st &^= stClockMask
		}
		return p.finish(u, h, st, to, to)
	}
	from := m.From()
	promoted := p.promoted
	capturedPromoted := m.IsCapture() && promoted.Has(to)
	switch {
	case m.IsCastle():
		// Only the rook may be a promoted piece.
		if promoted.Has(to) {
			_, rTo := castleTargets(castleIndex(m, us))
			promoted = promoted&^to.Bitboard() | rTo.Bitboard()
		}
	case m.IsPromotion():
		promoted |= to.Bitboard()
	default:
		promoted &^= to.Bitboard()
		if promoted.Has(from) {
			promoted ^= from.Bitboard() | to.Bitboard()
		}
	}
	u := p.MakeMove(m &^ (flagVariant | flagPromotedCapture))
	if c := m.Captured(); c != NoPieceType {
		if capturedPromoted {
			c = Pawn
		}
		k := p.pockets[us][c&7]
		p.hash ^= zobristPocket[us][c&7][k&31] ^ zobristPocket[us][c&7][(k+1)&31]
		p.pockets[us][c&7] = k + 1
	}
	for d := promoted ^ p.promoted; d != 0; {
		p.hash ^= zobristPromoted[d.PopFirst()]
	}
	p.promoted = promoted
	return u
}

// unmakeCrazyhouse is UnmakeMove's board part for a move of a Crazyhouse
// position, called with the side to move already set back to us (the
// mover): a drop goes back to the pocket; for a board move the captured
// piece leaves the pocket, the promoted marks go back, and the board is
// set back as in standard chess (see unmakeVariant).
func (p *Position) unmakeCrazyhouse(m Move, us Color, u Undo) {
	us &= 1
	from, to := m.From(), m.To()
	if m&flagDrop != 0 {
		pt := m.Piece() & 7
		p.remove(NewPiece(us, pt), to)
		p.pockets[us][pt]++
		return
	}
	promoted := p.promoted
	switch {
	case m.IsCastle():
		if _, rTo := castleTargets(castleIndex(m, us)); promoted.Has(rTo) {
			promoted = promoted&^rTo.Bitboard() | to.Bitboard()
		}
	case m.IsPromotion():
		promoted &^= to.Bitboard()
	case promoted.Has(to):
		promoted ^= from.Bitboard() | to.Bitboard()
	}
	if c := m.Captured(); c != NoPieceType {
		if m&flagPromotedCapture != 0 {
			c = Pawn
			promoted |= to.Bitboard()
		}
		p.pockets[us][c&7]--
	}
	p.promoted = promoted
	// As in unmakeVariant: the inner UnmakeMove takes the move number back
	// again, and the side from u's st.
	p.fullmove += int(us)
	p.UnmakeMove(m&^(flagVariant|flagPromotedCapture), Undo{st: u.st})
}

// zobristPocket holds a key for each colour, piece type and number of
// pieces of that type in its pocket (none for none), and zobristPromoted
// one for a promoted piece on each square: Crazyhouse's part of the hash.
// A seed fixes them, as zobristVariant.
var zobristPocket, zobristPromoted = func() (k [2][8][32]uint64, pr [64]uint64) {
	state := uint64(0x6761_6d62_6974_7a68) // "gambitzh"
	for c := range 2 {
		for t := Pawn; t <= Queen; t++ {
			for n := 1; n < 32; n++ {
				k[c][t][n] = splitmix64(&state)
			}
		}
	}
	for sq := range pr {
		pr[sq] = splitmix64(&state)
	}
	return k, pr
}()

// crazyhouseHash returns Crazyhouse's part of the hash: the pockets and
// the promoted pieces.
func (p *Position) crazyhouseHash() uint64 {
	var h uint64
	for c := range 2 {
		for t := Pawn; t <= Queen; t++ {
			h ^= zobristPocket[c][t][p.pockets[c][t]&31]
		}
	}
	for b := p.promoted; b != 0; {
		h ^= zobristPromoted[b.PopFirst()]
	}
	return h
}

// crazyhouseInsufficient reports whether neither side can ever mate in
// Crazyhouse, as chessops decides it: no material can leave the game, so
// only the kings and one knight or bishop, on the board or in a pocket,
// with no promoted piece.
func (p *Position) crazyhouseInsufficient() bool {
	inHand := 0
	for c := range 2 {
		for t := Pawn; t <= Queen; t++ {
			inHand += int(p.pockets[c][t])
		}
		if p.pockets[c][Pawn]|p.pockets[c][Rook]|p.pockets[c][Queen] != 0 {
			return false
		}
	}
	return p.byType[0].Count()+inHand <= 3 && p.promoted == 0 &&
		p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] == 0
}

// splitPockets takes Crazyhouse's pockets and promoted marks out of a FEN's
// board field: the pockets in brackets after it ("RNBQKBNR[Qn]"), or as a
// ninth rank ("RNBQKBNR/Qn"), or none (both empty), and a '~' after each
// promoted piece. It returns the board field without them, the pockets,
// the squares marked promoted, and what is wrong, or "".
func splitPockets(board string) (rest string, pockets [2][8]uint8, promoted Bitboard, msg string) {
	var pocket string
	if i := strings.IndexByte(board, '['); i >= 0 {
		if !strings.HasSuffix(board, "]") || strings.Count(board, "[") != 1 || strings.Count(board, "]") != 1 {
			return "", pockets, 0, fmt.Sprintf("want the pockets in one pair of brackets at the end, have %q", board[i:])
		}
		board, pocket = board[:i], board[i+1:len(board)-1]
	} else if strings.IndexByte(board, ']') >= 0 {
		return "", pockets, 0, "']' without '['"
	} else if strings.Count(board, "/") >= 8 {
		// The pocket is all after the eighth '/'.
		i := 0
		for range 8 {
			i += strings.IndexByte(board[i:], '/') + 1
		}
		board, pocket = board[:i-1], board[i:]
	}
	if len(pocket) > 64 {
		return "", pockets, 0, fmt.Sprintf("%d pieces in the pockets, want at most 64", len(pocket))
	}
	for j := 0; j < len(pocket); j++ {
		pc, ok := pieceFromLetter(pocket[j])
		if !ok || pc.Type() == King {
			return "", pockets, 0, fmt.Sprintf("invalid pocket letter %q (want P, N, B, R, Q, either case)", pocket[j])
		}
		pockets[pc.Color()&1][pc.Type()&7]++
	}
	if !strings.Contains(board, "~") {
		return board, pockets, 0, ""
	}
	// The promoted marks: each follows a piece letter on the board.
	rank, file := 7, 0
	for j := 0; j < len(board); j++ {
		switch c := board[j]; {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case c == '~':
			if _, ok := pieceFromLetter(board[max(j-1, 0)]); j == 0 || !ok || file < 1 || file > 8 || rank < 0 {
				return "", pockets, 0, "'~' (promoted) follows no piece"
			}
			promoted |= NewSquare(file-1, rank).Bitboard()
		default:
			file++
		}
	}
	return strings.ReplaceAll(board, "~", ""), pockets, promoted, ""
}

// checkCrazyhouse checks what Crazyhouse adds to a FEN's board: no
// promoted mark on a king or pawn, and no more material on the board and
// in both pockets together than one game's: 16 pawns, and beyond the 4
// knights, 4 bishops, 4 rooks and 2 queens, only what those pawns promoted
// to. It returns the field and what is wrong, or "".
func (p *Position) checkCrazyhouse() (field, msg string) {
	if b := p.promoted & (p.byType[King] | p.byType[Pawn]); b != 0 {
		return "board", fmt.Sprintf("the %v on %v is marked promoted", p.board[b.First()].Type(), b.First())
	}
	count := func(t PieceType) int {
		return p.byType[t].Count() + int(p.pockets[White][t]) + int(p.pockets[Black][t])
	}
	extra := count(Pawn)
	for t, start := range [...]int{Knight: 4, Bishop: 4, Rook: 4, Queen: 2} {
		if t >= int(Knight) {
			extra += max(count(PieceType(t))-start, 0)
		}
	}
	if extra > 16 {
		return "pockets", "more pieces on the board and in the pockets than one game's 16 pawns and their promotions can give"
	}
	return "", ""
}

// writePockets writes the pockets as chessops does: "[", White's pieces in
// upper case, Black's in lower case, each pawns, knights, bishops, rooks,
// queens, then "]".
func (p *Position) writePockets(sb *strings.Builder) {
	sb.WriteByte('[')
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= Queen; t++ {
			for range p.pockets[c][t] {
				sb.WriteByte(NewPiece(c, t).Letter())
			}
		}
	}
	sb.WriteByte(']')
}
