package core

// Static exchange evaluation (SEE).
//
// The model. A move m of the side to move puts a piece on its destination
// square s (a promotion puts the promoted piece there; en passant removes
// the captured pawn from the square behind s). Then the two sides take
// turns, the opponent first. On its turn a side may stop (stand pat), or
// capture on s with any of its pieces that attacks s given the occupancy
// at that moment, in any order it likes:
//
//   - x-rays: a piece that leaves its square uncovers whatever stood
//     behind it on a line through s, of either colour (a rook behind a
//     rook, a queen or bishop behind a pawn or a bishop, an enemy bishop
//     behind one of our pawns);
//   - promotions: a pawn that captures onto the last rank becomes a queen,
//     gaining the queen's value minus the pawn's, and the queen is then the
//     piece standing on s;
//   - the king may capture only when, after it has left its square, the
//     other side has no piece attacking s;
//   - nothing else about the board counts: pins and checks are ignored
//     (a pinned piece may capture, a side in check need not answer it), and
//     no piece ever moves other than onto s.
//
// Each capture wins the value (SEEValue) of the piece standing on s, plus
// the promotion gain; each side plays to maximise its own total. SEE is the
// minimax value of that game for the side making m, m itself being forced.
//
// How it is computed. When the exchange is a "plain" one, capturing with the
// least valuable attacker (LVA) is optimal for both sides, and the classic
// swap loop gives the exact minimax value. An exchange is plain when:
//
//   - no piece, in leaving s's lines, can uncover a piece of the other
//     colour (every line of attackers through s is one colour);
//   - no queen stands in front of a cheaper rook or bishop on such a line;
//   - no pawn can capture onto s with promotion.
//
// Then every line of attackers is a chain of one colour whose values do not
// decrease away from s, so taking the cheapest available attacker takes the
// cheapest one overall: the game is the one in which each side holds all its
// attackers at once, where least-valuable-first is optimal, and the chains
// restrict neither side's least-valuable-first play. (Pieces behind a king
// never matter: the king captures only when the other side has no attacker
// left, which ends the exchange.) Any other exchange, a rare case, is
// solved exactly by an alpha-beta search over every order of captures. The
// test compares both paths with an all-orders minimax.
//
// Least-valuable-first is not optimal in general: with a white pawn on d4
// shielding e5 from a black bishop on c3 backed by a queen on b2, Nf3xe5
// wins the rook on e5 outright while d4xe5 lets the bishop and queen in.

// SEE piece values, in centipawns: Shannon's 1, 3, 3, 5 and 9 pawns and 200
// for the king ("Programming a Computer for Playing Chess", 1950).
const (
	seePawn   = 100
	seeKnight = 300
	seeBishop = 300
	seeRook   = 500
	seeQueen  = 900
	seeKing   = 20000
)

// seeValues holds SEEValue of every PieceType, and 0 beyond.
var seeValues = [8]int{0, seePawn, seeKnight, seeBishop, seeRook, seeQueen, seeKing, 0}

// SEEValue returns the value, in centipawns, that SEE and SEEGreaterEqual
// give a piece of type pt: pawn 100, knight 300, bishop 300, rook 500,
// queen 900 (Shannon's 1, 3, 3, 5, 9 of 1950) and king 20000 (Shannon's
// 200 pawns), and 0 for NoPieceType. The king's value never enters a result,
// since the model never lets a king be captured.
func SEEValue(pt PieceType) int { return seeValues[pt&7] }

// seeMaxCaptures bounds the captures of one exchange: every piece but the
// two kings can capture once, and one king last.
const seeMaxCaptures = 32

// SEE returns the static exchange evaluation of m, a legal move of p: the
// material balance, in centipawns of SEEValue, that m and the exchange on
// its destination square yield for the side making m, both sides free to
// stop capturing whenever continuing would lose. See the model above: x-rays
// of both colours, promotions (later pawn recaptures on the last rank
// promote to a queen), en passant, and the king capturing only when the
// other side has no attacker left count; pins and checks do not.
//
// A quiet move counts the exchange that follows the piece's arrival, so its
// SEE is 0 or negative (a quiet promotion adds the promotion's gain).
// Castling returns 0: the king's destination is safe by legality, and the
// rook's is not examined. SEE allocates nothing.
//
// In a variant position SEE, as SEEGreaterEqual, applies this model to the
// board as it stands, by standard chess's rules, and returns what it
// returns for the same move on the same board in standard chess: no
// explosion in Atomic (where a capture in fact takes the capturing piece
// and every piece but pawns around s off the board, and nothing is left
// to exchange on s), no piece going to a pocket in Crazyhouse (a drop is
// a quiet move of the dropped piece onto s), no forced capture in
// Antichess, and the king valued and restricted as above in every variant.
func (p *Position) SEE(m Move) int {
	if m.IsCastle() || m == NoMove {
		return 0
	}
	s, gain, onSq, occ := p.seeStart(m)
	att := p.attackersTo(s, occ) & occ
	if !p.seePlain(s, occ, att) {
		return gain - p.seeSearch(s, occ, p.side()^1, onSq, -seeKing, seeKing)
	}
	// The swap loop: gains[d] is what capture d wins, assuming it stands.
	var gains [seeMaxCaptures + 1]int
	gains[0] = gain
	d := 0
	side := p.side() ^ 1
	for {
		mine := att & p.byColor[side]
		if mine == 0 {
			break
		}
		pt, sq := p.seeLeastValuable(mine)
		if pt == King && att&p.byColor[side^1] != 0 {
			break // the king may not capture into an attack
		}
		d++
		gains[d] = onSq
		onSq = seeValues[pt]
		occ ^= sq.Bitboard()
		att = p.seeUncover(s, occ, att, pt)
		side ^= 1
	}
	// Fold from the last capture back: each side captures only when it
	// gains by it.
	r := 0
	for ; d > 0; d-- {
		r = max(0, gains[d]-r)
	}
	return gains[0] - r
}

// SEEGreaterEqual reports whether SEE(m) >= threshold, usually much more
// cheaply than SEE: for a plain exchange (see the model above) it runs
// Stockfish's early-exit swap loop, which stops as soon as the answer is
// known; otherwise it runs the exact search with a null window. In a
// variant position it answers by standard chess's rules, as SEE does.
func (p *Position) SEEGreaterEqual(m Move, threshold int) bool {
	if m.IsCastle() || m == NoMove {
		return threshold <= 0
	}
	if threshold <= -2*seeKing {
		return true // SEE(m) > -seeKing-800; and gain-threshold cannot overflow
	}
	s, gain, onSq, occ := p.seeStart(m)
	// SEE(m) <= gain: the opponent's recapture never loses it anything.
	swap := gain - threshold
	if swap < 0 {
		return false
	}
	// Unless its first recapture promotes, the opponent wins at most onSq
	// back.
	them := p.side() ^ 1
	promoting := (s.Rank() == 0 || s.Rank() == 7) && PawnAttacks(p.side(), s)&p.Pieces(them, Pawn) != 0
	if !promoting && onSq <= swap {
		return true
	}
	att := p.attackersTo(s, occ) & occ
	if !p.seePlain(s, occ, att) {
		return gain-p.seeSearch(s, occ, them, onSq, swap, swap+1) >= threshold
	}
	swap = onSq - swap
	// res is 1 when the side that made the last capture is the side that
	// made m, and the balance so far favours that side; swap is what the
	// side to capture must win back.
	res := 1
	side := p.side()
	for {
		side ^= 1
		mine := att & p.byColor[side]
		if mine == 0 {
			break
		}
		res ^= 1
		pt, sq := p.seeLeastValuable(mine)
		if pt == King {
			// The king captures only when nothing can take it back, and
			// then the exchange ends in its side's favour.
			if att&p.byColor[side^1] != 0 {
				return res^1 != 0
			}
			return res != 0
		}
		if swap = seeValues[pt] - swap; swap < res {
			break
		}
		occ ^= sq.Bitboard()
		att = p.seeUncover(s, occ, att, pt)
	}
	return res != 0
}

// seeStart returns, for move m (not castling), its destination s, what m
// wins (captured piece and promotion gain), the value of the piece it leaves
// on s, and the occupancy once it is made.
func (p *Position) seeStart(m Move) (s Square, gain, onSq int, occ Bitboard) {
	s = m.To()
	gain = seeValues[m.Captured()&7]
	onSq = seeValues[m.Piece()&7]
	occ = p.byType[0] &^ m.From().Bitboard()
	if m.IsEnPassant() {
		occ &^= (s ^ 8).Bitboard()
	}
	if promo := m.Promotion(); promo != NoPieceType {
		gain += seeValues[promo&7] - seePawn
		onSq = seeValues[promo&7]
	}
	return s, gain, onSq, occ | s.Bitboard()
}

// seeLeastValuable returns the type and square of the least valuable piece
// in mine, which must not be empty.
func (p *Position) seeLeastValuable(mine Bitboard) (PieceType, Square) {
	for pt := Pawn; pt < King; pt++ {
		if b := mine & p.byType[pt]; b != 0 {
			return pt, b.First()
		}
	}
	return King, (mine & p.byType[King]).First()
}

// seeUncover returns the attackers of s once a piece of type pt has left
// its square, which occ no longer holds: the sliders behind it join.
func (p *Position) seeUncover(s Square, occ, att Bitboard, pt PieceType) Bitboard {
	switch pt {
	case Pawn, Bishop:
		att |= BishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen])
	case Rook:
		att |= RookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen])
	case Queen:
		att |= BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
			RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
	}
	return att & occ
}

// seePlain reports whether the exchange on s, with occupancy occ and
// attackers att, is a plain one, in which least-valuable-first is optimal:
// every line of attackers through s is of one colour, has no queen in front
// of a cheaper rook or bishop, and no pawn can promote on s.
func (p *Position) seePlain(s Square, occ, att Bitboard) bool {
	if (s.Rank() == 0 || s.Rank() == 7) && att&p.byType[Pawn] != 0 {
		return false
	}
	diag := p.byType[Bishop] | p.byType[Queen]
	orth := p.byType[Rook] | p.byType[Queen]
	if (bishopRays(s)&diag|rookRays(s)&orth)&occ&^att == 0 {
		return true // no slider on s's lines waits to be uncovered
	}
	all := att
	front := att &^ p.byType[Knight] // knights stand on no line through s
	for front != 0 {
		occ &^= front
		front = (BishopAttacks(s, occ)&diag | RookAttacks(s, occ)&orth) & occ &^ all
		for b := front; b != 0; {
			sq := b.PopFirst()
			pc := p.board[sq]
			between := Between(sq, s) & all
			if between&p.byColor[pc.Color()^1] != 0 {
				return false // uncovered by the other side
			}
			if pc.Type() != Queen && between&p.byType[Queen] != 0 {
				return false // a queen in front of a cheaper piece
			}
		}
		all |= front
	}
	return true
}

// seeSearch returns the value for side, to capture next on s, of the rest
// of the exchange, with occupancy occ and onSq the value of the piece on s:
// 0 when side stops at once, never less. It searches every order of
// captures with alpha-beta: the result is exact when it lies strictly
// between alpha and beta, at most alpha when the value is, and at least
// beta when the value is. Knights are interchangeable (none stands on a
// line through s), so one of them is tried.
func (p *Position) seeSearch(s Square, occ Bitboard, side Color, onSq, alpha, beta int) int {
	best := 0
	if best >= beta {
		return best
	}
	alpha = max(alpha, best)
	att := p.attackersTo(s, occ) & occ
	mine := att & p.byColor[side]
	promote := s.Rank() == 0 || s.Rank() == 7
	for pt := Pawn; pt <= King && mine != 0; pt++ {
		b := mine & p.byType[pt]
		mine &^= b
		if pt == Knight {
			b &= -b
		}
		gain, next := onSq, seeValues[pt]
		if pt == Pawn && promote {
			gain, next = onSq+seeQueen-seePawn, seeQueen
		}
		if gain <= alpha {
			continue // the capture is worth at most gain
		}
		for b != 0 {
			o := occ &^ b.PopFirst().Bitboard()
			if pt == King && p.attackersTo(s, o)&o&p.byColor[side^1] != 0 {
				continue
			}
			v := gain - p.seeSearch(s, o, side^1, next, gain-beta, gain-alpha)
			if v > best {
				best = v
				if best >= beta {
					return best
				}
				alpha = max(alpha, best)
			}
		}
	}
	return best
}
