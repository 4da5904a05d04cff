package search

import (
	"sync/atomic"

	"github.com/gambit-chess/gambit/core"
)

// The transposition table is keyed by core.Position.Hash. Each entry is
// two 64-bit words, the key XORed with the data and the data, written and
// read with atomic loads and stores and no lock: a reader that sees one
// word of one write and the other of another gets a key that does not
// match and takes the entry for a miss (Hyatt and Mann's lockless
// hashing). Entries sit in buckets of two; a store replaces the entry of
// the same position, else the one of least worth (shallow, or from an
// older search).
//
// The data word: bits 0-14 the move (from, to, promotion: what
// core.Position.LegalMove takes back), 16-31 the score, 32-47 the static
// evaluation, 48-55 the depth, 56-57 the bound, 58-63 the age (the search
// generation, which ages the entries of earlier searches).
type table struct {
	entries []ttEntry
	mask    uint64 // bucket index mask (the number of buckets is a power of two)
	age     uint8
}

type ttEntry struct {
	key, data atomic.Uint64
}

// Bounds of a stored score.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most this (failed low)
	boundLower = 2 // at least this (failed high)
	boundExact = boundUpper | boundLower
)

const ttEntryBytes = 16

// newTable returns a table of at most mb megabytes (at least one bucket).
func newTable(mb int) *table {
	n := uint64(mb) << 20 / ttEntryBytes / 2 // buckets
	b := uint64(1)
	for b*2 <= n {
		b *= 2
	}
	return &table{entries: make([]ttEntry, 2*b), mask: b - 1}
}

// clear empties the table.
func (t *table) clear() {
	for i := range t.entries {
		t.entries[i].key.Store(0)
		t.entries[i].data.Store(0)
	}
	t.age = 0
}

// newSearch ages the entries of earlier searches.
func (t *table) newSearch() { t.age = (t.age + 1) & 63 }

// ttHit is what a probe found.
type ttHit struct {
	move  uint16
	score int
	eval  int
	depth int
	bound int
}

func unpack(d uint64) ttHit {
	return ttHit{
		move:  uint16(d & 0x7fff),
		score: int(int16(d >> 16)),
		eval:  int(int16(d >> 32)),
		depth: int(uint8(d>>48)) - depthOffset,
		bound: int(d >> 56 & 3),
	}
}

// depthOffset lets a stored depth be below zero (quiescence entries).
const depthOffset = 8

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	i := (key & t.mask) * 2
	for j := i; j < i+2; j++ {
		e := &t.entries[j]
		d := e.data.Load()
		if e.key.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return ttHit{}, false
}

// store records a search result for key.
func (t *table) store(key uint64, m core.Move, score, eval, depth, bound int) {
	i := (key & t.mask) * 2
	victim := &t.entries[i]
	worst := 1 << 30
	for j := i; j < i+2; j++ {
		e := &t.entries[j]
		d := e.data.Load()
		if e.key.Load()^d == key || d == 0 {
			victim = e
			if d != 0 && m == core.NoMove {
				m0 := d & 0x7fff
				// Keep the move of the position when this result has none.
				d2 := t.pack(0, score, eval, depth, bound) | m0
				e.key.Store(key ^ d2)
				e.data.Store(d2)
				return
			}
			break
		}
		old := unpack(d)
		worth := old.depth - 4*int((t.age-uint8(d>>58))&63)
		if worth < worst {
			worst, victim = worth, e
		}
	}
	d := t.pack(m, score, eval, depth, bound)
	victim.key.Store(key ^ d)
	victim.data.Store(d)
}

func (t *table) pack(m core.Move, score, eval, depth, bound int) uint64 {
	var mv uint64
	if m != core.NoMove {
		mv = uint64(m.From()) | uint64(m.To())<<6 | uint64(m.Promotion())<<12
	}
	return mv | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(depth+depthOffset))<<48 | uint64(bound&3)<<56 | uint64(t.age)<<58
}

// hashfull returns the permille of the first thousand entries used by the
// current search.
func (t *table) hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := range n {
		d := t.entries[i].data.Load()
		if d != 0 && uint8(d>>58) == t.age {
			used++
		}
	}
	return used * 1000 / n
}

// ttMove turns a stored move back into a legal move of p, or NoMove.
func ttMove(p *core.Position, mv uint16) core.Move {
	if mv == 0 {
		return core.NoMove
	}
	return p.LegalMove(core.Square(mv&63), core.Square(mv>>6&63), core.PieceType(mv>>12&7))
}
