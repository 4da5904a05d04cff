package core

import "math/bits"

// CountTwoPlies returns the number of legal move pairs from p: for every
// legal move m of p, the number of legal moves after it, summed. It is
// perft(2), what LegalMoves and SumLegalMovesAfter give together, and
// perft's count of its last two plies. ml is its scratch
// list: what it holds afterwards is unspecified. p is left as it was, but
// for the cached checkers, which it may have computed. It allocates
// nothing.
//
// In Horde, with the horde to move (pawns and knights only) and the other
// side's king not in check, the count is shared among the horde's moves
// (hordeCountTwoPlies): most of them are pawn pushes that change nothing
// the other side's count reads, and the count after each of those is the
// one count of the other side's moves as if the horde had passed. With
// the other side to move, the horde's count after each of its moves is
// the horde's count as if that side had passed, changed where the move
// meets the squares it reads (hordeRepliesTwoPlies).
func (p *Position) CountTwoPlies(ml *MoveList) uint64 {
	if p.variant == Horde {
		n, ok := uint64(0), false
		if p.side()&1 == White {
			n, ok = p.hordeCountTwoPlies()
		} else {
			n, ok = p.hordeRepliesTwoPlies(ml)
		}
		if ok {
			return n
		}
	}
	p.LegalMoves(ml)
	return uint64(p.SumLegalMovesAfter(ml.Moves()))
}

// hordeCountTwoPlies is CountTwoPlies for Horde's White horde to move with
// no piece but pawns and knights, against Black's one king; ok is false,
// and nothing counted, in any other position and when Black's king would
// be in check with Black to move (no legal game gets there).
//
// Black's legal moves are counted once with White passing (base: the same
// board, Black to move, no en-passant square), in parts (hordeReplies).
// White has no slider and no king, so Black has no pinned piece, White
// attacks the same squares whatever the board (its pawns' and knights'),
// and Black is in check after a pawn move only when that pawn attacks its
// king. A pawn move from f to t that promotes nowhere and leaves no
// en-passant square then changes Black's count only through f and t:
//
//   - the moves of Black's pawns that push onto or through f or t or
//     capture there: for the pushes, a few terms of f and t summed over
//     all the pushes of a kind at once by population count; for the
//     captures, pawnCaptureChange;
//   - the moves of Black's sliders whose rays meet f or t, of its king and
//     castling when the pawn's attacks change next to the king or on the
//     eighth rank, of its knights that attack a captured piece's square,
//     and the captured piece's own (hordeReplies.change), looked at only
//     for the moves that meet the squares these read;
//   - after a check, only the king's moves onto squares White does not
//     attack and the captures of the pawn (hordeReplies.inCheck).
//
// White's other moves (knight moves, promotions, en passant, a two-square
// advance that leaves an en-passant square) are counted one by one as
// CountLegalMovesAfter counts them.
func (p *Position) hordeCountTwoPlies() (uint64, bool) {
	white, black := p.byColor[White], p.byColor[Black]
	king := p.byType[King] & black
	queens := p.byType[Queen]
	sliders := p.byType[Bishop] | p.byType[Rook] | queens
	if white == 0 || king == 0 || king.More() || (p.byType[King]|sliders)&white != 0 || (sliders&black).Count() > len(hordeReplies{}.kind) {
		return 0, false
	}
	// Black's count with White passing.
	var h hordeReplies
	if !h.init(p) {
		return 0, false
	}
	base := h.base

	occ := p.byType[0]
	empty := ^occ
	wp := p.byType[Pawn] & white
	n := 0
	slow := func(m Move) { n += p.variantCountAfter(m | flagVariant) }
	// Knight moves.
	for b := p.byType[Knight] & white; b != 0; {
		from := b.PopFirst()
		for t := KnightAttacks(from) &^ white; t != 0; {
			to := t.PopFirst()
			slow(newMove(from, to, Knight, p.board[to&63].Type(), NoPieceType))
		}
	}
	// Promotions, pushing and capturing.
	one := wp << 8 & empty
	west := pawnWest(White, wp) & black
	east := pawnEast(White, wp) & black
	promos := [3]struct {
		to    Bitboard
		delta int
	}{{one & Rank8, 8}, {west & Rank8, 7}, {east & Rank8, 9}}
	for _, k := range promos {
		for t := k.to; t != 0; {
			to := t.PopFirst()
			from, captured := Square(int(to)-k.delta), p.board[to&63].Type()
			for pt := Queen; pt >= Knight; pt-- {
				slow(newMove(from, to, Pawn, captured, pt))
			}
		}
	}
	// En passant.
	if p.ep() != NoSquare {
		for b := PawnAttacks(Black, p.ep()) & wp; b != 0; {
			slow(newMove(b.PopFirst(), p.ep(), Pawn, Pawn, NoPieceType) | flagEnPassant)
		}
	}

	// Captures that promote nowhere, toward the a- and h-file, one by one.
	checks := pawnWest(Black, king) | pawnEast(Black, king) // the squares a White pawn gives check from
	captures := [2]struct {
		to    Bitboard
		delta int
	}{{west &^ Rank8, 7}, {east &^ Rank8, 9}}
	for _, k := range captures {
		for t := k.to; t != 0; {
			to := t.PopFirst()
			from, captured := Square(int(to)-k.delta), p.board[to&63].Type()
			if checks.Has(to) {
				n += h.inCheck(p, from, to)
				continue
			}
			n += base + h.change(p, from, to, captured)
		}
	}

	// Pushes that promote nowhere: of one square, of two from the second
	// rank (leaving an en-passant square when a Black pawn attacks the
	// square crossed) and of two from the first (Horde's, leaving none).
	// Black's pawn moves change by the same few terms after each push
	// (pushPawnChange), summed for all of them at once by population
	// count; its king and slider moves only after those that meet the
	// squares these read, counted one by one.
	bp := p.byType[Pawn] & black
	others := h.sliderReads | h.kingReads
	two := (one & Rank3) << 8 & empty
	first := (one & Rank2) << 8 & empty
	pushes := [3]struct {
		to    Bitboard
		delta int
		flags Move
		slow  Bitboard // the targets counted as CountLegalMovesAfter counts them
	}{
		{one &^ Rank8, 8, 0, 0},
		{two, 16, flagDoublePush, two & ((h.bpWest | h.bpEast) << 8)},
		{first, 16, 0, 0},
	}
	for _, k := range pushes {
		t := k.to &^ (k.slow | checks)
		f := t >> k.delta
		// base after each push, and Black's pawn moves: captures gained on
		// t and lost on f (four, promotions, from the first rank), pushes
		// onto t lost, and after a push of one square, a double push onto
		// t lost when it was free.
		n += t.Count()*base + (t & h.bpWest).Count() + (t & h.bpEast).Count() - (t & (bp >> 8)).Count() -
			(f & h.bpWest).Count() - (f & h.bpEast).Count() - 3*((f&Rank1&h.bpWest).Count()+(f&Rank1&h.bpEast).Count())
		if k.delta == 8 {
			n -= (t & Rank5 & ((bp & Rank7) >> 16) &^ (occ >> 8)).Count()
		}
		for b := t & (others | others<<k.delta); b != 0; {
			to := b.PopFirst()
			n += h.change(p, Square(int(to)-k.delta), to, NoPieceType)
		}
		for b := k.to & checks &^ k.slow; b != 0; {
			to := b.PopFirst()
			n += h.inCheck(p, Square(int(to)-k.delta), to)
		}
		for b := k.slow; b != 0; {
			to := b.PopFirst()
			slow(newMove(Square(int(to)-k.delta), to, Pawn, NoPieceType, NoPieceType) | k.flags)
		}
	}
	return uint64(n), true
}

// hordeReplies is Black's count with White passing in hordeCountTwoPlies,
// in parts: what its king, pawns, knights and each slider move, so that
// the count after a White pawn move recounts only the parts the move
// changes (change, inCheck).
type hordeReplies struct {
	base int // Black's count with White passing, the sum of the parts
	ksq  Square
	// kingMoves and pawnMoves are the counts of the king's moves and
	// castling, White attacking the squares of attacked, and of the
	// pawns' moves; kingReads holds the squares that
	// count reads (the king's, those next to it and, with a castling
	// right, the eighth rank) and those from which a White pawn attacks
	// one of them.
	kingMoves, pawnMoves int
	attacked, kingReads  Bitboard
	// knights holds the squares White's knights attack.
	knights Bitboard
	// bpWest and bpEast hold the squares Black's pawns attack toward the
	// a- and h-file; sliderReads the squares whose contents its sliders'
	// moves read.
	bpWest, bpEast, sliderReads Bitboard
	sliders                     int
	kind                        [16]PieceType
	from                        [16]Square
	reach                       [16]Bitboard // the slider's attacks and its own square
	moves                       [16]int
}

// init sets h up for p and reports whether Black's king is safe with
// Black to move, which no legal game fails. Black has at most 16
// bishops, rooks and queens (hordeCountTwoPlies).
//
// The parts add up to what countBlack counts with White passing: Black
// is not in check and has no piece pinned (White has no slider), so each
// of its pieces moves to every square its moves reach but its own
// pieces', its king to those White does not attack, and there is no
// en-passant capture.
func (h *hordeReplies) init(p *Position) bool {
	white, black := p.byColor[White], p.byColor[Black]
	occ := p.byType[0]
	king := p.byType[King] & black
	h.ksq = king.First()
	wp := p.byType[Pawn] & white
	for b := p.byType[Knight] & white; b != 0; {
		h.knights |= KnightAttacks(b.PopFirst())
	}
	h.attacked = h.knights | pawnWest(White, wp) | pawnEast(White, wp)
	if h.attacked&king != 0 {
		return false
	}
	zone := KingAttacks(h.ksq) | king
	if p.castling()&castleRights[Black] != 0 {
		zone |= Rank8
	}
	// The squares of the zone, and those from which a White pawn attacks
	// one of them.
	h.kingReads = zone | pawnWest(Black, zone) | pawnEast(Black, zone)
	h.kingMoves = p.blackKingMoves(h.ksq, black, occ, h.attacked)
	bp := p.byType[Pawn] & black
	h.bpWest, h.bpEast = pawnWest(Black, bp), pawnEast(Black, bp)
	h.pawnMoves = blackPawnMoves(bp, occ, white)
	h.base = h.kingMoves + h.pawnMoves
	for b := p.byType[Knight] & black; b != 0; {
		h.base += (KnightAttacks(b.PopFirst()) &^ black).Count()
	}
	queens := p.byType[Queen]
	for b := (p.byType[Bishop] | p.byType[Rook] | queens) & black; b != 0; h.sliders++ {
		from := b.PopFirst()
		pt := p.board[from&63].Type()
		a := sliderAttacks(pt, from, occ)
		i := h.sliders
		h.kind[i], h.from[i], h.reach[i], h.moves[i] = pt, from, a|from.Bitboard(), (a &^ black).Count()
		h.sliderReads |= h.reach[i]
		h.base += h.moves[i]
	}
	return true
}

// change returns by how much Black's count changes, from base, after
// White's pawn move from `from` to `to`, capturing a piece of type
// captured (NoPieceType: none), which neither promotes, nor gives check,
// nor leaves an en-passant square. The change of Black's pawn moves is
// left out after a push (hordeCountTwoPlies sums it for all the pushes).
func (h *hordeReplies) change(p *Position, from, to Square, captured PieceType) int {
	fb, tb := from.Bitboard(), to.Bitboard()
	ft := fb | tb
	black := p.byColor[Black] &^ tb
	occ := p.byType[0] ^ fb
	if captured == NoPieceType {
		occ ^= tb
	}
	n := 0
	if ft&h.sliderReads != 0 {
		for i := range h.sliders {
			if h.reach[i]&ft == 0 {
				continue
			}
			n -= h.moves[i]
			if h.from[i] != to {
				n += (sliderAttacks(h.kind[i], h.from[i], occ) &^ black).Count()
			}
		}
	}
	if captured != NoPieceType {
		knights := p.byType[Knight] & p.byColor[Black]
		// Black's knights that attack `to` may capture there now.
		n += (KnightAttacks(to) & knights &^ tb).Count()
		if captured == Knight {
			n -= (KnightAttacks(to) &^ p.byColor[Black]).Count()
		}
	}
	if captured != NoPieceType {
		n += pawnCaptureChange(p.byType[Pawn]&p.byColor[Black], p.byType[0], p.byColor[White], from, to, captured == Pawn)
	}
	if ft&h.kingReads != 0 {
		wp := p.byType[Pawn]&p.byColor[White] ^ ft
		attacked := h.knights | pawnWest(White, wp) | pawnEast(White, wp)
		n += p.blackKingMoves(h.ksq, black, occ, attacked) - h.kingMoves
	}
	return n
}

// inCheck returns Black's count after White's pawn move from `from` to
// `to` (capturing whatever stands there) that gives check and leaves no
// en-passant square: the pawn is the only checker (White has no slider),
// so Black's moves are its king's onto squares White does not attack
// (White's attacks do not depend on the board) and the captures of the
// pawn by its other pieces, none of them pinned.
func (h *hordeReplies) inCheck(p *Position, from, to Square) int {
	fb, tb := from.Bitboard(), to.Bitboard()
	black := p.byColor[Black] &^ tb
	occ := p.byType[0]&^fb | tb
	wp := p.byType[Pawn]&p.byColor[White] ^ (fb | tb)
	attacked := h.knights | pawnWest(White, wp) | pawnEast(White, wp)
	queens := p.byType[Queen]
	return (KingAttacks(h.ksq) &^ black &^ attacked).Count() +
		(PawnAttacks(White, to) & p.byType[Pawn] & black).Count() +
		(KnightAttacks(to) & p.byType[Knight] & black).Count() +
		(BishopAttacks(to, occ) & (p.byType[Bishop] | queens) & black).Count() +
		(RookAttacks(to, occ) & (p.byType[Rook] | queens) & black).Count()
}

// sliderAttacks returns the attacks of a bishop, rook or queen (pt) on sq.
func sliderAttacks(pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	}
	return QueenAttacks(sq, occ)
}

// blackKingMoves returns the number of moves of Black's king on ksq and of
// its castling, as countBlack counts them when Black is not in check:
// White attacks the squares of attacked, whatever the board (it has no
// slider and no king), Black's pieces stand on black, all on occ.
func (p *Position) blackKingMoves(ksq Square, black, occ, attacked Bitboard) int {
	n := (KingAttacks(ksq) &^ black &^ attacked).Count()
	for rights := p.castling() & castleRights[Black]; rights != 0; rights &= rights - 1 {
		i := bits.TrailingZeros8(rights) & 3
		if p.castlePath[i]&occ == 0 && p.castleKingPath[i]&attacked == 0 {
			n++
		}
	}
	return n
}

// pawnCaptureChange returns by how much the moves of Black's pawns bp
// (but en passant) change when White's pawn on `from` takes the piece on
// `to` (a pawn when pawn is true), promoting nowhere, White's pieces
// being on white and all on occ before the capture, Black not in check
// after it and nothing of Black's pinned. `to` stays taken, so only the
// pawns that attack it (a capture gained), the ones that push onto or
// through `from` or attack it (pushes gained, a capture lost) and the
// taken pawn (all its moves lost) change their count.
func pawnCaptureChange(bp, occ, white Bitboard, from, to Square, pawn bool) int {
	fb, tb := from.Bitboard(), to.Bitboard()
	n := 0
	if pawn {
		bp &^= tb
		k := (PawnAttacks(Black, to) & white).Count()
		if occ&(tb>>8) == 0 {
			k++
			if tb&Rank7 != 0 && occ&(tb>>16) == 0 {
				n--
			}
		}
		if tb&Rank2 != 0 {
			k *= 4 // promotions
		}
		n -= k
	}
	w := 1
	if fb&Rank1 != 0 {
		w = 4 // promotions onto `from`
	}
	n += (PawnAttacks(White, to) & bp).Count()
	if bp&(fb<<8) != 0 {
		n += w
	}
	if fb&Rank5 != 0 && bp&Rank7&(fb<<16) != 0 && occ&(fb<<8) == 0 {
		n++
	}
	if fb&Rank6 != 0 && bp&Rank7&(fb<<8) != 0 && occ&(fb>>8) == 0 {
		n++
	}
	return n - w*(PawnAttacks(White, from)&bp).Count()
}

// blackPawnMoves returns the number of moves of Black's pawns bp (but en
// passant) on the board occ, White's pieces on white, as countBlack counts
// them when Black is not in check and has no piece pinned.
func blackPawnMoves(bp, occ, white Bitboard) int {
	empty := ^occ
	one := bp >> 8 & empty
	two := (one & Rank6) >> 8 & empty
	return pawnMoveCount(one) + two.Count() + pawnMoveCount(pawnWest(Black, bp)&white) + pawnMoveCount(pawnEast(Black, bp)&white)
}

// hordeRepliesTwoPlies is CountTwoPlies for Horde's Black, the side with
// the king, to move against White's horde, which has no king and at least
// two pieces; ok is false, and nothing counted, in any other position.
//
// The horde makes every pseudo-legal move, so its count after a Black
// move is its count with Black passing (base: the same board, White to
// move, no en-passant square), changed only where the move meets what
// that count reads: a move from f to t, t empty or White's, changes the
// moves of White's pawns when they push onto or capture on f or t (or
// stand on t), of its sliders whose rays meet f or t (or that stand on
// t), and of its knights when one is taken or attacks t, which it may now
// capture on. The moves of Black's that change more are counted as
// CountLegalMovesAfter counts them: castling, en passant, and a double
// push that leaves White an en-passant capture.
func (p *Position) hordeRepliesTwoPlies(ml *MoveList) (uint64, bool) {
	white, black := p.byColor[White], p.byColor[Black]
	king := p.byType[King] & black
	sliders := (p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]) & white
	if !white.More() || king == 0 || p.byType[King]&white != 0 || sliders.Count() > len(hordeReplies{}.kind) {
		return 0, false
	}
	p.LegalMoves(ml)
	st, checkers := p.st, p.checkers
	p.st = (st^stSideMask)&^stEPMask | uint64(NoSquare)<<stEP
	base := p.countHordeWhite()
	p.st, p.checkers = st, checkers

	occ := p.byType[0]
	wp := p.byType[Pawn] & white
	knights := p.byType[Knight] & white
	// reads: the squares the count of White's pawns reads.
	reads := wp<<8 | (wp&(Rank1|Rank2))<<16 | pawnWest(White, wp) | pawnEast(White, wp) | wp
	pawnBase := whitePawnMoves(wp, occ, black)
	// White's sliders: their kind, square, attacks with their own square,
	// and count.
	var s struct {
		n     int
		kind  [16]PieceType
		from  [16]Square
		reach [16]Bitboard
		moves [16]int
	}
	for b := sliders; b != 0; s.n++ {
		from := b.PopFirst()
		pt := p.board[from&63].Type()
		a := sliderAttacks(pt, from, occ)
		s.kind[s.n], s.from[s.n], s.reach[s.n], s.moves[s.n] = pt, from, a|from.Bitboard(), (a &^ white).Count()
	}
	var n uint64
	for _, m := range ml.Moves() {
		if m&(flagCastle|flagEnPassant) != 0 || m.IsDoublePush() && PawnAttacks(Black, (m.From()+m.To())/2)&wp != 0 {
			n += uint64(p.variantCountAfter(m))
			continue
		}
		from, to := m.From(), m.To()
		fb, tb := from.Bitboard(), to.Bitboard()
		ft := fb | tb
		c := base
		occ2 := occ&^fb | tb
		black2 := black ^ ft
		white2 := white &^ tb
		switch {
		case wp&tb != 0:
			c += whitePawnMoves(wp&^tb, occ2, black2) - pawnBase
		case ft&reads != 0:
			c += whitePawnChange(wp, occ, occ2, from, to)
		}
		for i := range s.n {
			if s.reach[i]&ft == 0 {
				continue
			}
			c -= s.moves[i]
			if s.from[i] != to {
				c += (sliderAttacks(s.kind[i], s.from[i], occ2) &^ white2).Count()
			}
		}
		if white&tb != 0 {
			// White's knights that attack t may capture there now.
			c += (KnightAttacks(to) & knights &^ tb).Count()
			if knights&tb != 0 {
				c -= (KnightAttacks(to) &^ white).Count()
			}
		}
		n += uint64(c)
	}
	return n, true
}

// whitePawnChange returns by how much the pseudo-legal moves of White's
// pawns wp in Horde (but en passant) change when a Black piece moves from
// `from` to `to`, where no White pawn stands, the board being occ before
// the move and occ2 after it. Only the pawn moves onto `from` and `to`,
// and the two-square advances through them, change: those onto `to` and
// through it are lost when it was empty, the captures there gained; the
// captures on `from` are lost, the moves onto it and through it gained
// when the board after the move lets them. Each counts four onto the last
// rank (promotions).
func whitePawnChange(wp, occ, occ2 Bitboard, from, to Square) int {
	fb, tb := from.Bitboard(), to.Bitboard()
	wt, wf := 1, 1
	if tb&Rank8 != 0 {
		wt = 4
	}
	if fb&Rank8 != 0 {
		wf = 4
	}
	n := wt*(PawnAttacks(Black, to)&wp).Count() - wf*(PawnAttacks(Black, from)&wp).Count()
	if occ&tb == 0 {
		if wp&(tb>>8) != 0 {
			n -= wt
			if tb&(Rank2|Rank3) != 0 && occ&(tb<<8) == 0 {
				n-- // the advance of two through `to`
			}
		}
		if tb&(Rank3|Rank4) != 0 && wp&(tb>>16) != 0 && occ&(tb>>8) == 0 {
			n-- // the advance of two onto `to`
		}
	}
	if wp&(fb>>8) != 0 {
		n += wf
		if fb&(Rank2|Rank3) != 0 && occ2&(fb<<8) == 0 {
			n++ // the advance of two through `from`
		}
	}
	if fb&(Rank3|Rank4) != 0 && wp&(fb>>16) != 0 && occ2&(fb>>8) == 0 {
		n++ // the advance of two onto `from`
	}
	return n
}

// whitePawnMoves returns the number of pseudo-legal moves of White's pawns
// wp in Horde (but en passant) on the board occ, Black's pieces on black,
// as countHordeWhite counts them: pushes of one square, of two from the
// second rank and from the first, captures, four promotions a pawn
// reaching the last rank.
func whitePawnMoves(wp, occ, black Bitboard) int {
	empty := ^occ
	one := wp << 8 & empty
	two := (one & Rank3) << 8 & empty
	first := (one & Rank2) << 8 & empty
	west := pawnWest(White, wp) & black
	east := pawnEast(White, wp) & black
	return pawnMoveCount(one) + two.Count() + first.Count() + pawnMoveCount(west) + pawnMoveCount(east)
}
