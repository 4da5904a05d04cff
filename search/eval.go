package search

import (
	"github.com/gambit-chess/gambit/core"
)

// The evaluation is tapered: every term has a middlegame and an endgame
// value, and the two are blended by the game phase (the non-pawn material
// left, 24 at the start: knight and bishop 1, rook 2, queen 4). All values
// are in centipawns and were written for this package (no table was
// copied from another engine): the piece-square tables are computed in
// init from a few rules that any chess primer states (knights and queens
// want the centre, pawns want to advance, the king hides in the
// middlegame and walks to the centre in the endgame, rooks want the
// seventh rank), and the other terms are the textbook ones with round
// numbers. Mobility, pawn structure and king safety are computed from
// scratch at each call with core's attack functions, with nothing
// allocated.

// score packs a middlegame and an endgame value.
type score struct{ mg, eg int32 }

func (s *score) add(o score) { s.mg += o.mg; s.eg += o.eg }
func (s *score) sub(o score) { s.mg -= o.mg; s.eg -= o.eg }
func (s *score) addN(o score, n int) {
	s.mg += o.mg * int32(n)
	s.eg += o.eg * int32(n)
}

// pieceValue is the material value of each piece type, middlegame and
// endgame (pawns are worth more in the endgame, where they promote).
var pieceValue = [7]score{
	core.Pawn:   {90, 120},
	core.Knight: {320, 300},
	core.Bishop: {335, 320},
	core.Rook:   {480, 540},
	core.Queen:  {960, 1000},
}

// phaseWeight is each piece type's share of the game phase.
var phaseWeight = [7]int{core.Knight: 1, core.Bishop: 1, core.Rook: 2, core.Queen: 4}

const maxPhase = 24

// The other terms.
var (
	bishopPair       = score{30, 50}
	doubledPawn      = score{-10, -20} // for each pawn beyond the first on a file
	isolatedPawn     = score{-10, -15}
	backwardPawn     = score{-6, -8}
	rookOpenFile     = score{25, 10}
	rookSemiOpenFile = score{12, 6}
	kingShieldMiss   = score{-14, 0} // for each of the three files before the king without a pawn of ours
	tempo            = score{10, 0}
	// passedPawn by the pawn's rank counted from its own side (0 to 7).
	passedPawn = [8]score{{}, {0, 8}, {5, 14}, {12, 24}, {24, 42}, {45, 70}, {70, 110}, {}}
	// mobility per attacked square that holds no piece of ours and is not
	// attacked by an enemy pawn, counted from a typical number of squares
	// (mobilityBase), so that an average piece scores about nothing.
	mobility     = [7]score{core.Knight: {4, 4}, core.Bishop: {5, 5}, core.Rook: {2, 4}, core.Queen: {1, 2}}
	mobilityBase = [7]int{core.Knight: 4, core.Bishop: 6, core.Rook: 6, core.Queen: 12}
	// kingAttackWeight is how much each attacker of the squares around
	// the enemy king counts; the penalty grows with the square of the sum.
	kingAttackWeight = [7]int{core.Knight: 2, core.Bishop: 2, core.Rook: 3, core.Queen: 5}
)

// pst holds the piece-square tables, from White's side (index by
// Square.Relative for Black), material included.
var pst = func() (t [7][64]score) {
	kingFileMG := [8]int32{15, 25, 10, -5, -10, -5, 25, 15}
	for sq := core.Square(0); sq < 64; sq++ {
		f, r := int32(sq.File()), int32(sq.Rank())
		fc, rc := min(f, 7-f), min(r, 7-r) // 0 at the edge, 3 in the centre
		centre := fc + rc                  // 0 in a corner, 6 on the four central squares
		var p [7]score
		// Pawns: central pawns advanced in the middlegame; every pawn
		// advanced in the endgame.
		if r >= 1 && r <= 6 {
			p[core.Pawn] = score{0, (r - 1) * 6}
			if fc >= 2 && r >= 2 && r <= 4 {
				p[core.Pawn].mg = 6 * fc * (r - 1) / 2
			}
			if fc <= 1 && r >= 4 {
				p[core.Pawn].mg = 2 * (r - 3)
			}
		}
		p[core.Knight] = score{8*centre - 24, 6*centre - 18}
		p[core.Bishop] = score{4*centre - 10, 4*centre - 12}
		if r == 0 && (f == 2 || f == 5) {
			p[core.Bishop].mg += 5 // where it starts; leaving costs nothing more
		}
		p[core.Rook] = score{0, 0}
		if r == 6 {
			p[core.Rook] = score{20, 15}
		}
		if fc >= 2 {
			p[core.Rook].mg += 4
		}
		p[core.Queen] = score{2*centre - 6, 5*centre - 15}
		king := score{-12 * min(r, 4), 10*centre - 30}
		if r == 0 {
			king.mg = kingFileMG[f]
		}
		p[core.King] = king
		for pt := core.Pawn; pt <= core.King; pt++ {
			t[pt][sq] = score{pieceValue[pt].mg + p[pt].mg, pieceValue[pt].eg + p[pt].eg}
		}
	}
	return t
}()

// Masks for pawn structure: the files next to each file, and the squares
// in front of a pawn on its own and the neighbouring files.
var (
	adjacentFiles = func() (a [8]core.Bitboard) {
		for f := range 8 {
			if f > 0 {
				a[f] |= core.FileA << (f - 1)
			}
			if f < 7 {
				a[f] |= core.FileA << (f + 1)
			}
		}
		return a
	}()
	passedMask, frontSpan = pawnMasks() // frontSpan: the squares straight ahead
)

// pawnMasks builds passedMask and frontSpan.
func pawnMasks() (passed, front [2][64]core.Bitboard) {
	for sq := core.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		files := adjacentFiles[f] | core.FileA<<f
		for rr := r + 1; rr < 8; rr++ {
			passed[core.White][sq] |= files & (core.Rank1 << (8 * rr))
			front[core.White][sq] |= core.NewSquare(f, rr).Bitboard()
		}
		for rr := r - 1; rr >= 0; rr-- {
			passed[core.Black][sq] |= files & (core.Rank1 << (8 * rr))
			front[core.Black][sq] |= core.NewSquare(f, rr).Bitboard()
		}
	}
	return passed, front
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view. It allocates nothing.
func Evaluate(p *core.Position) int {
	var s score
	phase := 0
	for c := core.White; c <= core.Black; c++ {
		var cs score
		for pt := core.Pawn; pt <= core.King; pt++ {
			bb := p.Pieces(c, pt)
			phase += phaseWeight[pt] * bb.Count()
			for bb != 0 {
				sq := bb.PopFirst()
				cs.add(pst[pt][sq.Relative(c)])
			}
		}
		cs.add(pawnStructure(p, c))
		cs.add(pieces(p, c))
		if c == core.White {
			s.add(cs)
		} else {
			s.sub(cs)
		}
	}
	if p.SideToMove() == core.White {
		s.add(tempo)
	} else {
		s.sub(tempo)
	}
	phase = min(phase, maxPhase)
	v := (int(s.mg)*phase + int(s.eg)*(maxPhase-phase)) / maxPhase
	v = scaleDrawish(p, v)
	if p.SideToMove() == core.Black {
		return -v
	}
	return v
}

// pawnStructure scores c's pawns: doubled, isolated, backward and passed.
func pawnStructure(p *core.Position, c core.Color) score {
	var s score
	ours := p.Pieces(c, core.Pawn)
	theirs := p.Pieces(c.Other(), core.Pawn)
	for f := range 8 {
		file := core.FileA << f
		n := (ours & file).Count()
		if n == 0 {
			continue
		}
		if n > 1 {
			s.addN(doubledPawn, n-1)
		}
		if ours&adjacentFiles[f] == 0 {
			s.addN(isolatedPawn, n)
		}
	}
	for bb := ours; bb != 0; {
		sq := bb.PopFirst()
		rel := sq.Relative(c).Rank()
		if passedMask[c][sq]&theirs == 0 && frontSpan[c][sq]&ours == 0 {
			s.add(passedPawn[rel])
		}
		// Backward: no pawn of ours beside or behind it on the
		// neighbouring files, and the square ahead held by an enemy pawn.
		if rel == 0 || rel == 7 {
			continue
		}
		stop := sq + 8
		if c == core.Black {
			stop = sq - 8
		}
		f := sq.File()
		if ours&adjacentFiles[f] != 0 && passedMask[c.Other()][stop]&adjacentFiles[f]&ours == 0 && core.PawnAttacks(c, stop)&theirs != 0 {
			s.add(backwardPawn)
		}
	}
	return s
}

// pieces scores c's pieces: mobility, the bishop pair, rooks on open files
// and c's king safety (its pawn shield and the attacks on its zone).
func pieces(p *core.Position, c core.Color) score {
	var s score
	them := c.Other()
	occ := p.Occupied()
	ours := p.ByColor(c)
	ourPawns, theirPawns := p.Pieces(c, core.Pawn), p.Pieces(them, core.Pawn)
	theirPawnAttacks := pawnAttacks(them, theirPawns)
	safe := ^ours & ^theirPawnAttacks
	theirKing := p.KingSquare(them)
	zone := core.KingAttacks(theirKing) | theirKing.Bitboard()
	attackers, units := 0, 0
	for pt := core.Knight; pt <= core.Queen; pt++ {
		for bb := p.Pieces(c, pt); bb != 0; {
			sq := bb.PopFirst()
			var att core.Bitboard
			switch pt {
			case core.Knight:
				att = core.KnightAttacks(sq)
			case core.Bishop:
				att = core.BishopAttacks(sq, occ)
			case core.Rook:
				att = core.RookAttacks(sq, occ)
				file := core.FileA << sq.File()
				switch {
				case file&(ourPawns|theirPawns) == 0:
					s.add(rookOpenFile)
				case file&ourPawns == 0:
					s.add(rookSemiOpenFile)
				}
			default:
				att = core.QueenAttacks(sq, occ)
			}
			s.addN(mobility[pt], (att&safe).Count()-mobilityBase[pt])
			if z := att & zone; z != 0 {
				attackers++
				units += kingAttackWeight[pt] * z.Count()
			}
		}
	}
	if p.Pieces(c, core.Bishop).More() {
		s.add(bishopPair)
	}
	// The attack on their king counts for us when two pieces or more take
	// part and we still have a queen.
	if attackers >= 2 && p.Pieces(c, core.Queen) != 0 {
		s.mg += int32(min(units*units, 480))
	}
	// Our king's pawn shield, when it stands on its first two ranks.
	ksq := p.KingSquare(c)
	if ksq.Relative(c).Rank() <= 1 {
		f := ksq.File()
		for ff := max(f-1, 0); ff <= min(f+1, 7); ff++ {
			if passedMask[c][ksq]&(core.FileA<<ff)&ourPawns&nearKing(c, ksq) == 0 {
				s.add(kingShieldMiss)
			}
		}
	}
	return s
}

// nearKing returns the two ranks before the king of c on ksq.
func nearKing(c core.Color, ksq core.Square) core.Bitboard {
	r := ksq.Rank()
	if c == core.White {
		return core.Rank1<<(8*min(r+1, 7)) | core.Rank1<<(8*min(r+2, 7))
	}
	return core.Rank1<<(8*max(r-1, 0)) | core.Rank1<<(8*max(r-2, 0))
}

// pawnAttacks returns the squares c's pawns attack.
func pawnAttacks(c core.Color, pawns core.Bitboard) core.Bitboard {
	if c == core.White {
		return (pawns&^core.FileA)<<7 | (pawns&^core.FileH)<<9
	}
	return (pawns&^core.FileA)>>9 | (pawns&^core.FileH)>>7
}

// scaleDrawish brings the score of endgames without pawns where the
// stronger side has at most a minor piece more towards zero: they cannot
// be won.
func scaleDrawish(p *core.Position, v int) int {
	if p.ByType(core.Pawn) != 0 {
		return v
	}
	strong := core.White
	if v < 0 {
		strong = core.Black
	}
	minor := func(c core.Color) int {
		return p.Pieces(c, core.Knight).Count() + p.Pieces(c, core.Bishop).Count()
	}
	major := func(c core.Color) int {
		return 2*p.Pieces(c, core.Rook).Count() + 4*p.Pieces(c, core.Queen).Count()
	}
	if major(strong) == major(strong.Other()) && minor(strong)-minor(strong.Other()) <= 1 && minor(strong) <= 2 {
		return v / 8
	}
	return v
}

// material returns the material balance from the side to move's point of
// view, with core's SEE values: the whole evaluation of Skill Level 0.
func material(p *core.Position) int {
	us, them := p.SideToMove(), p.SideToMove().Other()
	v := 0
	for pt := core.Pawn; pt <= core.Queen; pt++ {
		v += core.SEEValue(pt) * (p.Pieces(us, pt).Count() - p.Pieces(them, pt).Count())
	}
	return v
}

// nonPawnMaterial reports whether c has a piece other than pawns and king,
// the condition of null-move pruning (zugzwang is rare then).
func nonPawnMaterial(p *core.Position, c core.Color) bool {
	return p.ByColor(c)&^(p.ByType(core.Pawn)|p.ByType(core.King)) != 0
}
