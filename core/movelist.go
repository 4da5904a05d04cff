package core

// MaxMoves bounds the number of legal moves in any position (the known
// maximum is 218), rounded up.
const MaxMoves = 256

// MoveList is a fixed-size list of moves. Its array lives inside the value,
// so a MoveList on the stack or inside the caller's struct makes move
// generation allocation-free. The zero value is an empty list.
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
