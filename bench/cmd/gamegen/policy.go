package main

import (
	"math"
	"math/rand/v2"

	"github.com/gambit-chess/gambit/core"
)

// The playout policy: a move chooser far cheaper than a search that still
// plays like people in the ways an index notices. It takes what is free,
// trades when the trade is even, rarely hangs a piece, checks now and then,
// castles, and pushes passed pawns once the queens are off, so that
// material comes off the board and many games reach endings.
//
// First each legal move gets a cheap score:
//
//   - noise: uniform in [0, policyNoise), so that every choice among quiet
//     moves is random;
//   - a capture or a promotion with SEE > 0: policyWin + SEE; with SEE = 0
//     (an even trade): a random bonus in [0, policyTrade), which beats
//     the best quiet move's noise nearly nine times in ten; with SEE < 0:
//     the (negative) SEE;
//   - a quiet move to a square the opponent attacks: its SEE, 0 or the
//     negative value of what it loses there;
//   - a move of a threatened piece (one the opponent attacks with a
//     cheaper piece, or attacks and we do not defend) that does not lose
//     material where it lands: policyFlee percent of the piece's value;
//   - a check: a random bonus in [0, policyCheck);
//   - castling: policyCastle;
//   - in an ending (no queens, or at most two pieces a side), a pawn
//     move: policyPawnRank × the ranks it advances × half the rank it
//     reaches.
//
// Then, in standard chess (Chess960 included): a move that mates is
// played at once; the policyLook best moves by that score are looked at
// one reply deep, each losing the SEE of the opponent's best capture
// after it elsewhere than on the square it moved to (what it hangs or
// leaves hanging: the exchange on its own square is its SEE, counted
// already); the best of them is played unless it lets the opponent mate
// at once, when the next best is taken. In a variant the cheap score
// alone decides.
//
// With probability policyBlunder a move is instead drawn uniformly from
// the legal ones: people blunder, and it makes the games more diverse.
const (
	policyNoise    = 100
	policyWin      = 400
	policyTrade    = 800
	policyCheck    = 120
	policyCastle   = 80
	policyPawnRank = 25
	policyFlee     = 60
	policyBlunder  = 0.003
	policyLook     = 8
)

// chooseMove returns the policy's move in p from the legal moves ml (not
// empty).
func chooseMove(p *core.Position, ml *core.MoveList, r *rand.Rand) core.Move {
	n := ml.Len()
	if n == 1 {
		return ml.At(0)
	}
	if r.Float64() < policyBlunder {
		return ml.At(r.IntN(n))
	}
	us := p.SideToMove()
	them := us.Other()
	ci := p.CheckInfo()
	var att attackMap
	att.of(p, them)
	attacked := att.all
	threatened := att.threats(p, us, attacksBy(p, us))
	ending := isEnding(p)
	var scores [core.MaxMoves]int
	for i := range n {
		m := ml.At(i)
		score := r.IntN(policyNoise)
		switch {
		case m.IsCastle():
			score += policyCastle
		case m.IsCapture() || m.IsPromotion():
			see := p.SEE(m)
			switch {
			case see > 0:
				score += policyWin + see
			case see == 0:
				score += r.IntN(policyTrade)
			default:
				score += see
			}
		case attacked.Has(m.To()):
			score += p.SEE(m)
		}
		if threatened.Has(m.From()) && !m.IsDrop() && (!attacked.Has(m.To()) || p.SEE(m) >= 0) {
			score += policyFlee * core.SEEValue(m.Piece()) / 100
		}
		if m.Piece() == core.Pawn && ending && !m.IsDrop() {
			advance := m.To().Rank() - m.From().Rank()
			if us == core.Black {
				advance = -advance
			}
			score += policyPawnRank * advance * m.To().Relative(us).Rank() / 2
		}
		if ci.GivesCheck(p, m) {
			score += r.IntN(policyCheck)
			if p.Variant() == core.Standard && mates(p, m) {
				return m
			}
		}
		scores[i] = score
	}
	if p.Variant() != core.Standard {
		best := 0
		for i := range n {
			if scores[i] > scores[best] {
				best = i
			}
		}
		return ml.At(best)
	}
	// The policyLook best, moved to the front of the list.
	look := min(policyLook, n)
	for k := range look {
		best := k
		for i := k + 1; i < n; i++ {
			if scores[i] > scores[best] {
				best = i
			}
		}
		ml.Swap(k, best)
		scores[k], scores[best] = scores[best], scores[k]
	}
	for k := range look {
		scores[k] -= replyThreat(p, ml.At(k))
	}
	for range look {
		best := 0
		for k := 1; k < look; k++ {
			if scores[k] > scores[best] {
				best = k
			}
		}
		if m := ml.At(best); !allowsMate(p, m) {
			return m
		}
		scores[best] = math.MinInt
	}
	return ml.At(0) // every move looked at lets the opponent mate
}

// replyThreat makes m, a legal move of p, and returns the SEE of the
// opponent's best capture then on another square than m's (0 if none
// wins material).
func replyThreat(p *core.Position, m core.Move) int {
	u := p.MakeMove(m)
	var ml core.MoveList
	p.CaptureMoves(&ml)
	threat := 0
	for _, x := range ml.Moves() {
		if x.To() != m.To() {
			threat = max(threat, p.SEE(x))
		}
	}
	p.UnmakeMove(m, u)
	return threat
}

// mates reports whether m, a legal move of p, checkmates.
func mates(p *core.Position, m core.Move) bool {
	u := p.MakeMove(m)
	mate := !p.HasLegalMoves() && p.InCheck()
	p.UnmakeMove(m, u)
	return mate
}

// allowsMate reports whether after m, a legal move of p, the opponent
// has a mate in one.
func allowsMate(p *core.Position, m core.Move) bool {
	u := p.MakeMove(m)
	defer p.UnmakeMove(m, u)
	var ml core.MoveList
	p.LegalMoves(&ml)
	ci := p.CheckInfo()
	for _, x := range ml.Moves() {
		if ci.GivesCheck(p, x) && mates(p, x) {
			return true
		}
	}
	return false
}

// attackMap is the squares one side attacks, by the kind of attacker.
type attackMap struct {
	pawns, minors, rooks, all core.Bitboard
}

// of fills the map with c's attacks in p.
func (a *attackMap) of(p *core.Position, c core.Color) {
	occ := p.Occupied()
	*a = attackMap{}
	for b := p.Pieces(c, core.Pawn); b != 0; {
		a.pawns |= core.PawnAttacks(c, b.PopFirst())
	}
	for b := p.Pieces(c, core.Knight); b != 0; {
		a.minors |= core.KnightAttacks(b.PopFirst())
	}
	for b := p.Pieces(c, core.Bishop); b != 0; {
		a.minors |= core.BishopAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(c, core.Rook); b != 0; {
		a.rooks |= core.RookAttacks(b.PopFirst(), occ)
	}
	a.all = a.pawns | a.minors | a.rooks
	for b := p.Pieces(c, core.Queen); b != 0; {
		a.all |= core.QueenAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(c, core.King); b != 0; {
		a.all |= core.KingAttacks(b.PopFirst())
	}
}

// threats returns the pieces of side us, kings aside, that the attacks a
// (the other side's) threaten: attacked and not defended (defended is
// us's attack set), or attacked by a cheaper piece.
func (a *attackMap) threats(p *core.Position, us core.Color, defended core.Bitboard) core.Bitboard {
	mine := p.ByColor(us) &^ p.ByType(core.King)
	t := mine & a.all &^ defended
	t |= mine &^ p.ByType(core.Pawn) & a.pawns
	t |= (p.ByType(core.Rook) | p.ByType(core.Queen)) & mine & a.minors
	t |= p.ByType(core.Queen) & mine & a.rooks
	return t
}

// attacksBy returns the squares c's pieces attack.
func attacksBy(p *core.Position, c core.Color) core.Bitboard {
	occ := p.Occupied()
	var att core.Bitboard
	for b := p.Pieces(c, core.Pawn); b != 0; {
		att |= core.PawnAttacks(c, b.PopFirst())
	}
	for b := p.Pieces(c, core.Knight); b != 0; {
		att |= core.KnightAttacks(b.PopFirst())
	}
	for b := p.Pieces(c, core.Bishop) | p.Pieces(c, core.Queen); b != 0; {
		att |= core.BishopAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(c, core.Rook) | p.Pieces(c, core.Queen); b != 0; {
		att |= core.RookAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(c, core.King); b != 0; {
		att |= core.KingAttacks(b.PopFirst())
	}
	return att
}

// isEnding reports whether p is an ending for the policy: no queens, or
// at most two pieces other than pawns and kings a side.
func isEnding(p *core.Position) bool {
	if p.ByType(core.Queen) == 0 {
		return true
	}
	pieces := p.Occupied() &^ p.ByType(core.Pawn) &^ p.ByType(core.King)
	return (pieces&p.ByColor(core.White)).Count() <= 2 && (pieces&p.ByColor(core.Black)).Count() <= 2
}
