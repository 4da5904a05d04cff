package polyglot

// keyIndex maps position keys to int32 indices: an open-addressing hash
// table with linear probing, several times faster than a Go map for the
// builder's one lookup per move. Keys are Zobrist keys, already random;
// Fibonacci hashing spreads them all the same.
type keyIndex struct {
	slots []keySlot
	n     int
	shift uint8
}

// keySlot is a slot: val is the index plus 1, 0 when the slot is empty.
type keySlot struct {
	key uint64
	val int32
}

const minIndexBits = 10

func (x *keyIndex) init(bits uint8) {
	x.slots = make([]keySlot, 1<<bits)
	x.shift = 64 - bits
	x.n = 0
}

// slot returns the slot of key: its own, or the empty one where it goes.
func (x *keyIndex) slot(key uint64) *keySlot {
	mask := uint64(len(x.slots) - 1)
	for i := hashOf(key) >> x.shift; ; i = (i + 1) & mask {
		s := &x.slots[i]
		if s.val == 0 || s.key == key {
			return s
		}
	}
}

// getOrPut returns the index of key, or puts and returns v when key is
// new.
func (x *keyIndex) getOrPut(key uint64, v int32) (int32, bool) {
	if x.slots == nil {
		x.init(minIndexBits)
	}
	s := x.slot(key)
	if s.val != 0 {
		return s.val - 1, true
	}
	s.key, s.val = key, v+1
	x.n++
	if 2*x.n > len(x.slots) {
		x.grow()
	}
	return v, false
}

func (x *keyIndex) grow() {
	old := x.slots
	x.init(64 - x.shift + 1)
	for _, s := range old {
		if s.val != 0 {
			*x.slot(s.key) = s
			x.n++
		}
	}
}

// reset empties the index, keeping its memory.
func (x *keyIndex) reset() {
	clear(x.slots)
	x.n = 0
}
