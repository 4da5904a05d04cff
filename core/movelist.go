package core

// MaxMoves bounds the number of legal moves in any position (the known
// maximum is 218), rounded up.
const MaxMoves = 256

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
	n     uint8 // a uint8 index into 256 entries needs no bounds check
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return int(ml.n) }

// At returns the i-th move; it panics if i is out of range.
func (ml *MoveList) At(i int) Move { return ml.moves[:ml.n][i] }

// Moves returns the moves as a slice of the list's own array: it does not
// allocate, and it is valid until the list is next filled.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}

// Set replaces the i-th move; it panics if i is out of range.
func (ml *MoveList) Set(i int, m Move) { ml.moves[:ml.n][i] = m }

// Swap exchanges the i-th and j-th moves; it panics if either is out of
// range.
func (ml *MoveList) Swap(i, j int) {
	s := ml.moves[:ml.n]
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
	s := ml.moves[:ml.n]
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
func (ml *MoveList) Clear() { ml.n = 0 }

// Add appends m; it panics when the list already holds MaxMoves-1 moves,
// which legal move generation never reaches.
func (ml *MoveList) Add(m Move) {
	if ml.n == MaxMoves-1 {
		panic("core: MoveList is full")
	}
	ml.add(m)
}

// add appends m without a capacity check: the generator never writes more
// than 218 moves.
func (ml *MoveList) add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}
