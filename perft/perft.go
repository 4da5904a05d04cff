package perft

import "github.com/gambit-chess/gambit/core"

// Count returns the number of leaf nodes of the legal move tree of p to
// depth plies. At the last ply it counts the legal moves by population count
// instead of writing them out and making them (bulk counting), and the
// moves of the ply before are played only as far as that count needs
// (core.Position.SumLegalMovesAfter, CountLegalMovesAfter summed over a
// node's moves in one call; in Horde core.Position.CountTwoPlies, which
// shares one count among most of them). It runs on one goroutine,
// allocates nothing, and leaves p as it found it.
func Count(p *core.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var ml core.MoveList
	return count(p, depth, &ml)
}

// count is Count of depth 2 or more, with ml for the moves of p. A node
// hands one list to all its children in turn: Go zeroes a MoveList (2 KB)
// where it is declared, and one a node with children is less than one a
// node.
func count(p *core.Position, depth int, ml *core.MoveList) uint64 {
	if depth == 2 && p.Variant() == core.Horde {
		return p.CountTwoPlies(ml)
	}
	p.LegalMoves(ml)
	var n uint64
	if depth == 2 {
		// The children's counts, summed in one call (the BMI2 kernel's
		// where it runs).
		return uint64(p.SumLegalMovesAfter(ml.Moves()))
	}
	var children core.MoveList
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		n += count(p, depth-1, &children)
		p.UnmakeMove(m, u)
	}
	return n
}

// CountFull returns Count(p, depth), but makes and unmakes every move, the
// last ply's included, the way a search visits its leaves. It is the test of
// MakeMove and UnmakeMove that bulk counting skips at the last ply, and the
// measure of their cost; it is several times slower than Count. It runs on
// one goroutine, allocates nothing, and leaves p as it found it.
func CountFull(p *core.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml core.MoveList
	if depth == 1 {
		return makeEach(p, &ml)
	}
	var leaves core.MoveList
	return countFull(p, depth, &ml, &leaves)
}

// countFull is CountFull of depth 2 or more, with ml for the moves of p
// and leaves for the moves of every node of depth 1 below it: a node hands
// one list to all its children in turn, as count does, and one list,
// declared once at the root, serves every node of the last ply.
func countFull(p *core.Position, depth int, ml, leaves *core.MoveList) uint64 {
	p.LegalMoves(ml)
	var n uint64
	if depth == 2 {
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			n += makeEach(p, leaves)
			p.UnmakeMove(m, u)
		}
		return n
	}
	var children core.MoveList
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		n += countFull(p, depth-1, &children, leaves)
		p.UnmakeMove(m, u)
	}
	return n
}

// makeEach generates the legal moves of p into ml, makes and unmakes each,
// and returns how many there were.
//
// It runs once for every node of the last ply but one, its loop once for
// every leaf, so its machine code counts: it is nosplit, which spares it
// the stack check (its 64-byte frame fits the guard; what it calls checks
// its own), and, just as much, moves its loop so that the call to
// MakeMove crosses no 32-byte boundary. With the check, the longer list
// count of MoveList (MaxMoves = 512) pushed that call onto one, and Go's
// assembler, which pads such a call away from the boundary (its rule for
// Intel's jump erratum), put a NOP before it: one instruction a leaf,
// +0.3 to +0.55 % of CountFull's instructions (make bench-compare).
//
//go:nosplit
func makeEach(p *core.Position, ml *core.MoveList) uint64 {
	p.LegalMoves(ml)
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		p.UnmakeMove(m, u)
	}
	return uint64(ml.Len())
}

// MoveCount is the leaf count below one root move.
type MoveCount struct {
	Move  core.Move
	UCI   string // the move in UCI notation
	Nodes uint64
}

// Divide returns the leaf count below each legal root move, in generation
// order; their sum is Count(p, depth). At depth 0 it returns nothing.
func Divide(p *core.Position, depth int) []MoveCount {
	if depth <= 0 {
		return nil
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	out := make([]MoveCount, 0, ml.Len())
	for _, m := range ml.Moves() {
		name := p.UCI(m)
		u := p.MakeMove(m)
		out = append(out, MoveCount{Move: m, UCI: name, Nodes: Count(p, depth-1)})
		p.UnmakeMove(m, u)
	}
	return out
}
