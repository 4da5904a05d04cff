package search

import (
	"github.com/gambit-chess/gambit/core"
)

// The evaluation is tapered: every term has a middlegame and an endgame
// value, and the two are blended by the game phase (the non-pawn material
// left, 24 at the start: knight and bishop 1, rook 2, queen 4). All values
// are in centipawns and are weights of one vector, evalWeights
// (evalweights.go, written by cmd/tune), laid out in evalparams.go: for a
// fixed position the evaluation before the blend is a sum of weights
// times counts, so a tuner fits them to scored positions or game results
// (see EvalTrace).
// Mobility and king safety are computed from scratch at each call with
// core's attack functions, with nothing allocated; the pawn structure,
// which depends on the pawns alone, is kept per search thread in a pawn
// table (pawnTable).

// score packs a middlegame and an endgame value.
type score struct{ mg, eg int32 }

func (s *score) add(o score) { s.mg += o.mg; s.eg += o.eg }
func (s *score) sub(o score) { s.mg -= o.mg; s.eg -= o.eg }
func (s *score) addN(o score, n int) {
	s.mg += o.mg * int32(n)
	s.eg += o.eg * int32(n)
}

// term adds weight w of evalWeights n times for c, and counts it in t
// when t is not nil.
func (s *score) term(t *EvalTrace, c core.Color, w, n int) {
	if n == 0 {
		return
	}
	s.addN(evalWeights[w], n)
	if t != nil {
		t.add(c, w, n)
	}
}

// phaseWeight is each piece type's share of the game phase.
var phaseWeight = [7]int{core.Knight: 1, core.Bishop: 1, core.Rook: 2, core.Queen: 4}

const maxPhase = 24

// pst holds the piece-square tables with the material added, from White's
// side (index by Square.Relative for Black): the sum the evaluation
// takes for each piece.
var pst = func() (t [7][64]score) {
	for pt := core.Pawn; pt <= core.King; pt++ {
		var material score
		if pt != core.King {
			material = evalWeights[wMaterial+int(pt-core.Pawn)]
		}
		for sq := range 64 {
			t[pt][sq] = evalWeights[pstIndex(pt, core.Square(sq))]
			t[pt][sq].add(material)
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
	return evaluate(p, nil, nil)
}

// evaluate is Evaluate, and when t is not nil it also records in t the
// count of every weight (see EvalTrace). The pawn structure comes from
// pawns when it is not nil and t is.
func evaluate(p *core.Position, t *EvalTrace, pawns *pawnTable) int {
	var s score
	var am attackMaps
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
		cs.add(pieces(p, c, &am, t))
		if c == core.White {
			s.add(cs)
		} else {
			s.sub(cs)
		}
	}
	ps, passed := pawns.structure(p, t)
	s.add(ps)
	for c := core.White; c <= core.Black; c++ {
		cs := passers(p, c, passed&p.Pieces(c, core.Pawn), &am, t)
		cs.add(kingAttack(p, c, &am, t))
		if c != p.SideToMove() {
			cs.add(threats(p, c, &am, t))
		}
		if c == core.White {
			s.add(cs)
		} else {
			s.sub(cs)
		}
	}
	tempo := evalWeights[wTempo]
	if p.SideToMove() == core.White {
		s.add(tempo)
	} else {
		s.sub(tempo)
	}
	phase = min(phase, maxPhase)
	v := (int(s.mg)*phase + int(s.eg)*(maxPhase-phase)) / maxPhase
	scaled := p.ByType(core.Pawn) == 0 && drawish(p, v)
	if scaled {
		v /= 8
	}
	if t != nil {
		t.material(p)
		t.add(p.SideToMove(), wTempo, 1)
		t.Phase, t.Drawish = phase, scaled
	}
	if p.SideToMove() == core.Black {
		return -v
	}
	return v
}

// attackMaps holds the squares each side attacks, gathered by pieces for
// the terms that need both sides' attacks (threats, passed pawns).
type attackMaps struct {
	by  [2][7]core.Bitboard // by colour and piece type, pawn to king
	all [2]core.Bitboard    // by any piece of the colour
	// kingAttackers and kingUnits: the pieces of each colour that attack
	// the enemy king's zone, and their attack units (kingAttackWeight).
	kingAttackers, kingUnits [2]int
}

// add records that c's pieces of type pt attack the squares of bb.
func (a *attackMaps) add(c core.Color, pt core.PieceType, bb core.Bitboard) {
	a.by[c][pt] |= bb
	a.all[c] |= bb
}

// pawnEntry is the pawn structure of one placement of the pawns. The two
// colours' pawns are the key itself, so an entry never answers for
// another placement; the zero entry, no pawns and a score of 0, is
// right as it stands.
type pawnEntry struct {
	white, black core.Bitboard
	passed       core.Bitboard // both colours' passed pawns
	s            score         // White's less Black's
}

// pawnTableBits is the log2 of the number of pawn table entries.
const pawnTableBits = 13

// pawnTable caches the pawn structure: most positions of a search share
// their pawns with many others.
type pawnTable [1 << pawnTableBits]pawnEntry

// structure returns the pawn structure of p, White's less Black's, and
// both colours' passed pawns: from the table (or into it) when t is nil,
// else computed and traced. A nil table computes it each time.
func (pt *pawnTable) structure(p *core.Position, t *EvalTrace) (score, core.Bitboard) {
	if pt == nil || t != nil {
		return pawnDiff(p, t)
	}
	white, black := p.Pieces(core.White, core.Pawn), p.Pieces(core.Black, core.Pawn)
	e := &pt[pawnIndex(white, black)]
	if e.white != white || e.black != black {
		s, passed := pawnDiff(p, nil)
		*e = pawnEntry{white: white, black: black, passed: passed, s: s}
	}
	return e.s, e.passed
}

// pawnIndex returns the slot of a placement of the pawns in a pawnTable.
func pawnIndex(white, black core.Bitboard) uint64 {
	return (uint64(white)*0x9e3779b97f4a7c15 ^ uint64(black)*0xc2b2ae3d27d4eb4f) >> (64 - pawnTableBits)
}

// pawnDiff returns White's pawn structure less Black's, and both
// colours' passed pawns.
func pawnDiff(p *core.Position, t *EvalTrace) (score, core.Bitboard) {
	s, white := pawnStructure(p, core.White, t)
	b, black := pawnStructure(p, core.Black, t)
	s.sub(b)
	return s, white | black
}

// pawnStructure scores c's pawns: doubled, isolated, backward and passed
// by rank; it returns c's passed pawns too.
func pawnStructure(p *core.Position, c core.Color, t *EvalTrace) (s score, passed core.Bitboard) {
	ours := p.Pieces(c, core.Pawn)
	theirs := p.Pieces(c.Other(), core.Pawn)
	for f := range 8 {
		file := core.FileA << f
		n := (ours & file).Count()
		if n == 0 {
			continue
		}
		if n > 1 {
			s.term(t, c, wDoubledPawn, n-1)
		}
		if ours&adjacentFiles[f] == 0 {
			s.term(t, c, wIsolatedPawn, n)
		}
	}
	for bb := ours; bb != 0; {
		sq := bb.PopFirst()
		rel := sq.Relative(c).Rank()
		if passedMask[c][sq]&theirs == 0 && frontSpan[c][sq]&ours == 0 {
			passed |= sq.Bitboard()
			s.term(t, c, wPassed+rel, 1)
		}
		// Backward: no pawn of ours beside or behind it on the
		// neighbouring files, and the square ahead held by an enemy pawn.
		if rel == 0 || rel == 7 {
			continue
		}
		stop := stopSquare(c, sq)
		f := sq.File()
		if ours&adjacentFiles[f] != 0 && passedMask[c.Other()][stop]&adjacentFiles[f]&ours == 0 && core.PawnAttacks(c, stop)&theirs != 0 {
			s.term(t, c, wBackwardPawn, 1)
		}
	}
	return s, passed
}

// mobilityStart is where each piece type's mobility table starts in
// evalWeights.
var mobilityStart = [7]int{core.Knight: wMobilityKnight, core.Bishop: wMobilityBishop, core.Rook: wMobilityRook, core.Queen: wMobilityQueen}

// kingAttackWeight is how much each attacker of a square around the enemy
// king counts towards the attack units that index the king attack table
// (a structure of the evaluation, not a weight).
var kingAttackWeight = [7]int{core.Knight: 2, core.Bishop: 2, core.Rook: 3, core.Queen: 5}

// pieces scores c's pieces: mobility, the bishop pair, rooks on open files
// and c's king safety (its pawn shield and the attacks on its zone). It
// records c's attacks in am.
func pieces(p *core.Position, c core.Color, am *attackMaps, t *EvalTrace) score {
	var s score
	them := c.Other()
	occ := p.Occupied()
	ours := p.ByColor(c)
	ourPawns, theirPawns := p.Pieces(c, core.Pawn), p.Pieces(them, core.Pawn)
	theirPawnAttacks := pawnAttacks(them, theirPawns)
	safe := ^ours & ^theirPawnAttacks
	am.add(c, core.Pawn, pawnAttacks(c, ourPawns))
	am.add(c, core.King, core.KingAttacks(p.KingSquare(c)))
	theirKing := p.KingSquare(them)
	zone := core.KingAttacks(theirKing) | theirKing.Bitboard()
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
					s.term(t, c, wRookOpenFile, 1)
				case file&ourPawns == 0:
					s.term(t, c, wRookSemiOpenFile, 1)
				}
			default:
				att = core.QueenAttacks(sq, occ)
			}
			am.add(c, pt, att)
			// Mobility: the attacked squares that hold no piece of ours
			// and no enemy pawn attacks.
			s.term(t, c, mobilityStart[pt]+(att&safe).Count(), 1)
			if z := att & zone; z != 0 {
				am.kingAttackers[c]++
				am.kingUnits[c] += kingAttackWeight[pt] * z.Count()
			}
		}
	}
	if p.Pieces(c, core.Bishop).More() {
		s.term(t, c, wBishopPair, 1)
	}
	// Our king's pawn shield, when it stands on its first two ranks.
	ksq := p.KingSquare(c)
	if ksq.Relative(c).Rank() <= 1 {
		f := ksq.File()
		for ff := max(f-1, 0); ff <= min(f+1, 7); ff++ {
			if passedMask[c][ksq]&(core.FileA<<ff)&ourPawns&nearKing(c, ksq) == 0 {
				s.term(t, c, wKingShieldMiss, 1)
			}
		}
	}
	return s
}

// safeCheckWeight is how much a safe check by a piece type counts
// towards the king attack units (a structure like kingAttackWeight).
var safeCheckWeight = [7]int{core.Knight: 3, core.Bishop: 2, core.Rook: 4, core.Queen: 3}

// kingAttack scores c's attack on their king, when two pieces or more
// attack its zone: the king attack table by the attack units, those of
// the zone (gathered by pieces) and those of the safe checks, one count
// for each piece type of c that can give check from a square that holds
// no piece of c and that they do not defend; halved when c has no queen.
func kingAttack(p *core.Position, c core.Color, am *attackMaps, t *EvalTrace) score {
	var s score
	if am.kingAttackers[c] < 2 {
		return s
	}
	them := c.Other()
	units := am.kingUnits[c]
	ksq := p.KingSquare(them)
	occ := p.Occupied()
	safe := ^p.ByColor(c) &^ am.all[them]
	diag, straight := core.BishopAttacks(ksq, occ), core.RookAttacks(ksq, occ)
	checks := [7]core.Bitboard{
		core.Knight: core.KnightAttacks(ksq),
		core.Bishop: diag,
		core.Rook:   straight,
		core.Queen:  diag | straight,
	}
	for pt := core.Knight; pt <= core.Queen; pt++ {
		if checks[pt]&am.by[c][pt]&safe != 0 {
			units += safeCheckWeight[pt]
		}
	}
	if p.Pieces(c, core.Queen) == 0 {
		units /= 2
	}
	s.term(t, c, wKingAttack+min(units, kingAttackUnits-1), 1)
	return s
}

// threats scores the attacks of c on their pieces: by safe pawns (one
// their pawns do not attack, or ours defend), by minor pieces on rooks
// and queens, by rooks on queens, on pieces they do not defend, and by
// pawn pushes to squares where the pawn is safe. evaluate counts them
// for the side not to move only: the threats of the side to move are
// captures that the quiescence search plays, and counted in its standing
// pat too they made it stand on a fork while a mate threatened (WAC.001
// no longer found at depth 8); those against the side to move are what
// standing pat ignores.
func threats(p *core.Position, c core.Color, am *attackMaps, t *EvalTrace) score {
	var s score
	them := c.Other()
	theirs := p.ByColor(them)
	targets := theirs &^ (p.Pieces(them, core.Pawn) | p.Pieces(them, core.King))
	if targets == 0 {
		return s
	}
	ourPawns := p.Pieces(c, core.Pawn)
	safePawns := ourPawns & (am.all[c] | ^am.all[them])
	byPawn := pawnAttacks(c, safePawns) & targets
	minors := am.by[c][core.Knight] | am.by[c][core.Bishop]
	for pt := core.Knight; pt <= core.Queen; pt++ {
		bb := p.Pieces(them, pt)
		s.term(t, c, wThreatPawn+int(pt-core.Knight), (byPawn & bb).Count())
		if pt >= core.Rook {
			s.term(t, c, wThreatMinor+int(pt-core.Rook), (minors & bb).Count())
		}
	}
	s.term(t, c, wThreatRookQueen, (am.by[c][core.Rook] & p.Pieces(them, core.Queen)).Count())
	s.term(t, c, wHanging, (targets & am.all[c] &^ am.all[them]).Count())
	// Pushes, one square or two from the pawn's first rank, to a square
	// no enemy pawn attacks and that we defend or they do not attack.
	empty := ^p.Occupied()
	var push core.Bitboard
	if c == core.White {
		push = ourPawns << 8 & empty
		push |= (push & core.Rank3) << 8 & empty
	} else {
		push = ourPawns >> 8 & empty
		push |= (push & core.Rank6) >> 8 & empty
	}
	push &^= am.by[them][core.Pawn]
	push &= am.all[c] | ^am.all[them]
	s.term(t, c, wThreatPawnPush, (pawnAttacks(c, push) & targets &^ am.by[c][core.Pawn]).Count())
	return s
}

// passedRankFactor scales the passed pawn terms beyond the rank by the
// pawn's rank counted from its own side: nothing before its fourth rank,
// the most on its seventh.
var passedRankFactor = [8]int{0, 0, 0, 1, 3, 5, 7, 0}

// passers scores c's passed pawns (the set passed) for what depends on
// the pieces and kings, so cannot be kept in the pawn table: a rook of
// ours behind one, and from its fourth rank on, scaled by
// passedRankFactor, its path to promotion free, or its stop square safe,
// or blocked; our pawn defending it; the kings' distances to its stop
// square.
func passers(p *core.Position, c core.Color, passed core.Bitboard, am *attackMaps, t *EvalTrace) score {
	var s score
	them := c.Other()
	occ := p.Occupied()
	ourRooks := p.Pieces(c, core.Rook)
	ourKing, theirKing := p.KingSquare(c), p.KingSquare(them)
	for passed != 0 {
		sq := passed.PopFirst()
		if core.RookAttacks(sq, occ)&frontSpan[them][sq]&ourRooks != 0 {
			s.term(t, c, wPassedRookBehind, 1)
		}
		f := passedRankFactor[sq.Relative(c).Rank()]
		if f == 0 {
			continue
		}
		stop := stopSquare(c, sq)
		path := frontSpan[c][sq]
		switch {
		case path&occ == 0 && path&am.all[them] == 0:
			s.term(t, c, wPassedPathFree, f)
		case occ.Has(stop):
			s.term(t, c, wPassedBlocked, f)
		case !am.all[them].Has(stop):
			s.term(t, c, wPassedStopSafe, f)
		}
		if am.by[c][core.Pawn].Has(sq) {
			s.term(t, c, wPassedSupported, f)
		}
		s.term(t, c, wPassedKingTheirs, f*min(distance(theirKing, stop), 5))
		s.term(t, c, wPassedKingOurs, f*min(distance(ourKing, stop), 5))
	}
	return s
}

// stopSquare returns the square in front of c's pawn on sq.
func stopSquare(c core.Color, sq core.Square) core.Square {
	if c == core.White {
		return sq + 8
	}
	return sq - 8
}

// distance returns the number of king moves from a to b.
func distance(a, b core.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return max(df, -df, dr, -dr)
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

// drawish reports, for an endgame without pawns, that the side v favours
// has at most a minor piece more: it cannot win, and the evaluation
// divides its score by 8.
func drawish(p *core.Position, v int) bool {
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
	return major(strong) == major(strong.Other()) && minor(strong)-minor(strong.Other()) <= 1 && minor(strong) <= 2
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
