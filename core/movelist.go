package core

// MaxMoves bounds the number of legal moves in any position, drops
// included. Standard chess has at most 218; a Crazyhouse position adds
// drops, up to 296 of them (four piece types on 62 empty squares and pawns
// on 48), and with the moves on the board its count can pass 256: 301 in
// the published position 2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -. No proven
// bound is published; Fairy-Stockfish's author reasoned that it stays
// below 500 (drops need empty squares, many board moves need pieces), and
// multi-variant Stockfish and shakmaty hold 512 moves for their variants,
// as MoveList does. A buffer of MaxMoves entries beside a MoveList (the
// scores of PickBest) holds one entry for every move.
const MaxMoves = 512

// writerMoves is the number of moves the generator's writers (add,
// writeAll, writePawnMoves), which count in a byte, can write into an
// empty list: more than standard chess's 218. A variant side with more
// (Crazyhouse's drops, a horde of queens) is written by slower paths
// that push (generateCrazyhouse, pseudoMovesByPiece).
const writerMoves = 256

// MoveList is a fixed-size list of moves. Its array lives inside the value,
// so a MoveList on the stack or inside the caller's struct makes move
// generation allocation-free. The zero value is an empty list.
//
// The list is the caller's to reorder: a move picker may sort or swap its
// moves in place (Moves returns the list's own array, Swap and Set change
// it, PickBest selects the next best by a score) and nothing depends on
// the order the generator wrote them in.
type MoveList struct {
	moves [MaxMoves]Move
	// The number of moves is n + 256*hi, in two bytes side by side, which
	// length reads as one. The standard generator writes at most 218 moves
	// into an empty list, so its writers (add, writeAll, writePawnMoves)
	// keep the count in n alone: a uint8 index needs no bounds check, and
	// the count goes back to memory in a byte store, with no widening.
	// Only Crazyhouse's drops, written after the board moves, carry into
	// hi (push).
	n, hi uint8
}

// length returns the number of moves. The two count bytes are read as one
// 16-bit load; the mask, below MaxMoves, spares every slice of the array
// up to it a bounds check (a list never holds MaxMoves moves: Add stops
// one short, and no position has that many).
func (ml *MoveList) length() int { return (int(ml.n) | int(ml.hi)<<8) & (MaxMoves - 1) }

// reset empties the list, both count bytes in one store.
func (ml *MoveList) reset() { ml.n, ml.hi = 0, 0 }

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return ml.length() }

// At returns the i-th move; it panics if i is out of range.
func (ml *MoveList) At(i int) Move { return ml.moves[:ml.length()][i] }

// Moves returns the moves as a slice of the list's own array: it does not
// allocate, and it is valid until the list is next filled.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.length()] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.length()] {
		if x == m {
			return true
		}
	}
	return false
}

// Set replaces the i-th move; it panics if i is out of range.
func (ml *MoveList) Set(i int, m Move) { ml.moves[:ml.length()][i] = m }

// Swap exchanges the i-th and j-th moves; it panics if either is out of
// range.
func (ml *MoveList) Swap(i, j int) {
	s := ml.moves[:ml.length()]
	s[i], s[j] = s[j], s[i]
}

// PickBest moves the move with the highest score among moves i and after
// to place i, keeping scores in step (scores[k] is the score of move k),
// and returns it: one step of a selection sort, which is what a move
// picker wants when a cutoff usually comes after the first few moves.
// Ties keep the earlier move. scores must hold at least Len entries; a
// caller keeps them in an array beside the list, so nothing is allocated.
// It panics if i is out of range.
func (ml *MoveList) PickBest(i int, scores []int32) Move {
	s := ml.moves[:ml.length()]
	sc := scores[:len(s)]
	best := i
	for k := i + 1; k < len(s); k++ {
		if sc[k] > sc[best] {
			best = k
		}
	}
	s[i], s[best] = s[best], s[i]
	sc[i], sc[best] = sc[best], sc[i]
	return s[i]
}

// Clear empties the list.
func (ml *MoveList) Clear() { ml.reset() }

// Add appends m; it panics when the list already holds MaxMoves-1 moves,
// which legal move generation never reaches.
func (ml *MoveList) Add(m Move) {
	if ml.length() >= MaxMoves-1 {
		panic("core: MoveList is full")
	}
	ml.push(m)
}

// add appends m to a list of fewer than writerMoves-1 moves, without a
// capacity check: the standard generator writes at most 218 moves into an
// empty list, and the variants' board moves stay below writerMoves too
// (generateCrazyhouse), or are written again when they do not
// (variantGenerate). It counts in the count's low byte alone.
func (ml *MoveList) add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}

// push appends m to a list of any length below MaxMoves-1, without a
// capacity check, carrying the count into its high byte: Crazyhouse's
// drops, which may take a list past 255 moves, and Add. The masked index
// keeps a write inside the array whatever the count.
func (ml *MoveList) push(m Move) {
	i := ml.length()
	ml.moves[i] = m
	i++
	ml.n, ml.hi = uint8(i), uint8(i>>8)
}
