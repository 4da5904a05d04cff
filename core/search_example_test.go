package core_test

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// A minimal engine search on core: negamax alpha-beta with move ordering
// by SEE and GivesCheck through PickBest, a quiescence search over
// QuiescenceMoves pruned by SEEGreaterEqual, check extension, and
// repetitions from a History. Evaluation is material alone (SEEValue).
type searcher struct {
	p       core.Position
	history core.History
	nodes   int
}

const mate = 100000

// material returns the material balance for the side to move.
func (s *searcher) material() int {
	us, them := s.p.SideToMove(), s.p.SideToMove().Other()
	score := 0
	for pt := core.Pawn; pt <= core.Queen; pt++ {
		score += core.SEEValue(pt) * (s.p.Pieces(us, pt).Count() - s.p.Pieces(them, pt).Count())
	}
	return score
}

func (s *searcher) quiesce(alpha, beta int) int {
	s.nodes++
	stand := s.material()
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	var ml core.MoveList
	s.p.QuiescenceMoves(&ml)
	for _, m := range ml.Moves() {
		if !s.p.SEEGreaterEqual(m, 0) {
			continue // a losing capture: not worth searching
		}
		u := s.p.MakeMove(m)
		score := -s.quiesce(-beta, -alpha)
		s.p.UnmakeMove(m, u)
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

func (s *searcher) search(depth, ply, alpha, beta int) (int, core.Move) {
	s.nodes++
	if ply > 0 && s.history.IsRepetition(&s.p) {
		return 0, core.NoMove
	}
	inCheck := s.p.InCheck() // cached: the generator below reuses it
	if depth <= 0 && !inCheck {
		return s.quiesce(alpha, beta), core.NoMove
	}
	var ml core.MoveList
	s.p.LegalMoves(&ml)
	if ml.Len() == 0 {
		if inCheck {
			return -mate + ply, core.NoMove
		}
		return 0, core.NoMove
	}
	// Order: good captures by SEE, then checks, then the rest.
	var scores [core.MaxMoves]int32
	for i, m := range ml.Moves() {
		switch {
		case m.IsCapture() || m.IsPromotion():
			scores[i] = 10000 + int32(s.p.SEE(m))
		case s.p.GivesCheck(m):
			scores[i] = 5000
		}
	}
	best, bestMove := -mate, core.NoMove
	for i := range ml.Len() {
		m := ml.PickBest(i, scores[:])
		s.history.Push(&s.p)
		u := s.p.MakeMove(m)
		score, _ := s.search(depth-1, ply+1, -beta, -alpha)
		score = -score
		s.p.UnmakeMove(m, u)
		s.history.Pop()
		if score > best {
			best, bestMove = score, m
		}
		alpha = max(alpha, score)
		if alpha >= beta {
			break
		}
	}
	return best, bestMove
}

// A minimal alpha-beta search with quiescence, written on core alone: it
// finds the mate Black allowed.
func Example_search() {
	p, err := core.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	if err != nil {
		panic(err)
	}
	s := &searcher{p: p}
	s.history.Grow(64)
	score, best := s.search(2, 0, -mate, mate)
	fmt.Println(best, score == mate-1)
	// Output:
	// h5f7 true
}

// A transposition table keeps a move in 16 bits: from, to and promotion.
// LegalMove turns them back into the full Move of this position, or
// NoMove when the entry belongs to another position that shares the slot;
// IsLegal checks a whole Move kept from elsewhere, such as a killer.
func ExamplePosition_IsLegal() {
	p := core.StartPosition()
	m, _ := p.ParseUCI("g1f3")
	entry := uint16(m.From()) | uint16(m.To())<<6 | uint16(m.Promotion())<<12

	from, to := core.Square(entry&63), core.Square(entry>>6&63)
	promo := core.PieceType(entry >> 12)
	fmt.Println(p.LegalMove(from, to, promo)) // the hash move, checked

	killer, _ := p.ParseUCI("e2e4")
	fmt.Println(p.IsLegal(killer))
	p.MakeMove(killer)
	fmt.Println(p.IsLegal(killer)) // Black to move now
	// Output:
	// g1f3
	// true
	// false
}

// The null move passes the turn for null-move pruning. It clears the
// en-passant square and counts a halfmove, like a move; UnmakeNullMove
// gives the position back.
func ExamplePosition_MakeNullMove() {
	p, _ := core.ParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	before := p.Hash()
	u := p.MakeNullMove()
	fmt.Println(p.SideToMove(), p.EnPassant(), p.HalfmoveClock(), p.Hash() != before)
	p.UnmakeNullMove(u)
	fmt.Println(p.SideToMove(), p.EnPassant(), p.HalfmoveClock(), p.Hash() == before)
	// Output:
	// white - 1 true
	// black e3 0 true
}

// Repetitions come from a History of the positions played: push before
// each move, ask after it. Two knight trips bring the start position back
// for the third time.
func ExampleHistory() {
	p := core.StartPosition()
	var h core.History
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		m, _ := p.ParseUCI(s)
		h.Push(&p)
		p.MakeMove(m)
	}
	fmt.Println(h.IsRepetition(&p), h.Repetitions(&p))
	// Output:
	// true 2
}

// Castling is stored as king takes rook; Dest is where the king lands, and
// String writes standard castling as UCI does. A piece-square table for
// White serves Black through Square.Relative.
func ExampleMove_Dest() {
	p, _ := core.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, _ := p.ParseUCI("e1g1")
	fmt.Println(m.To(), m.Dest(), m, p.UCI(m))
	fmt.Println(core.G1.Relative(core.White), core.G1.Relative(core.Black))
	// Output:
	// h1 g1 e1g1 e1g1
	// g1 g8
}
