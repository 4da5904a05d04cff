// Package magic computes, searches and validates the magic numbers behind
// gambit's fancy-magic slider attack table.
//
// A slider's attacks from a square depend only on the occupancy of its
// "relevant" squares (its rays without the board edge). A magic number maps
// each such occupancy to an index:
//
//	index = offset + ((occ & mask) * magic) >> shift
//
// All rook and bishop squares share one attack table; each square owns the
// range that starts at its offset. Ranges may overlap where the entries agree
// (or where one side never uses an entry), which is how a packed set gets
// below the classic 107,648 entries.
//
// The package is shared by the generator (gen), which validates the committed
// magics before it writes anything, and cmd/magicfind, which searches them.
package magic

import (
	"fmt"
	"math/bits"
)

// Slider names the two magic slider kinds.
type Slider int

// The slider kinds, in table order: every rook square comes before every
// bishop square.
const (
	Rook Slider = iota
	Bishop
)

// String returns "rook" or "bishop".
func (s Slider) String() string {
	if s == Rook {
		return "rook"
	}
	return "bishop"
}

var directions = [2][4][2]int{
	Rook:   {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
	Bishop: {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}},
}

// Attacks returns the squares a slider on sq attacks given the occupancy occ,
// computed slowly by walking each ray. It is the reference the tables are
// checked against.
func Attacks(s Slider, sq int, occ uint64) uint64 {
	var att uint64
	f0, r0 := sq%8, sq/8
	for _, d := range directions[s] {
		for f, r := f0+d[0], r0+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			b := uint64(1) << (r*8 + f)
			att |= b
			if occ&b != 0 {
				break
			}
		}
	}
	return att
}

// Mask returns the relevant occupancy squares of a slider on sq: its rays
// without the last square of each, since a piece there blocks nothing.
func Mask(s Slider, sq int) uint64 {
	var m uint64
	f0, r0 := sq%8, sq/8
	for _, d := range directions[s] {
		for f, r := f0+d[0], r0+d[1]; ; f, r = f+d[0], r+d[1] {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			m |= uint64(1) << (r*8 + f)
		}
	}
	return m
}

// Subsets returns every subset of mask (the carry-rippler enumeration),
// starting with the empty set.
func Subsets(mask uint64) []uint64 {
	out := make([]uint64, 0, 1<<bits.OnesCount64(mask))
	var sub uint64
	for {
		out = append(out, sub)
		sub = (sub - mask) & mask
		if sub == 0 {
			return out
		}
	}
}

// Entry is the magic of one square.
type Entry struct {
	Magic  uint64
	Shift  uint8  // 64 minus the number of index bits
	Offset uint32 // where the square's range starts in the shared table
}

// Bits returns the number of index bits, 64 - Shift.
func (e Entry) Bits() int { return 64 - int(e.Shift) }

// Set is a complete set of magics for both sliders.
type Set struct {
	Rook   [64]Entry
	Bishop [64]Entry
}

// Entries returns the entries of slider s.
func (set *Set) Entries(s Slider) *[64]Entry {
	if s == Rook {
		return &set.Rook
	}
	return &set.Bishop
}

// index returns the table index of occupancy occ (already masked).
func (e Entry) index(occ uint64) uint64 {
	return uint64(e.Offset) + (occ*e.Magic)>>e.Shift
}

// Validate builds the shared attack table of set and checks every square:
// each occupancy subset of its mask must land on an entry holding exactly its
// attacks, so two subsets with different attacks never share an index, and
// ranges that overlap agree wherever both are used. It returns the table, of
// the smallest length that holds every used entry, or an error naming the
// first square that fails.
func Validate(set *Set) ([]uint64, error) {
	var size uint64
	for s := Rook; s <= Bishop; s++ {
		for sq, e := range set.Entries(s) {
			if e.Shift < 64-20 || e.Shift > 63 {
				return nil, fmt.Errorf("magic: %v square %d: shift %d out of range", s, sq, e.Shift)
			}
			if end := uint64(e.Offset) + uint64(1)<<(64-e.Shift); end > size {
				size = end
			}
		}
	}
	table := make([]uint64, size)
	used := make([]bool, size)
	var last uint64
	for s := Rook; s <= Bishop; s++ {
		for sq, e := range set.Entries(s) {
			mask := Mask(s, sq)
			for _, occ := range Subsets(mask) {
				att := Attacks(s, sq, occ)
				i := e.index(occ)
				if i >= size {
					return nil, fmt.Errorf("magic: %v square %d: index %d outside the table", s, sq, i)
				}
				if used[i] && table[i] != att {
					return nil, fmt.Errorf("magic: %v square %d (magic %#016x, shift %d, offset %d): occupancy %#016x collides at index %d with different attacks",
						s, sq, e.Magic, e.Shift, e.Offset, occ, i)
				}
				used[i], table[i] = true, att
				if i+1 > last {
					last = i + 1
				}
			}
		}
	}
	return table[:last], nil
}

// Local returns the table a single square would own with magic m and the
// given number of index bits, and whether m works: entries no occupancy maps
// to are reported unused. It fails fast on the first destructive collision.
func Local(s Slider, sq int, m uint64, nbits int, occs, atts []uint64, table []uint64, used []bool) bool {
	n := 1 << nbits
	clear(used[:n])
	shift := 64 - nbits
	for k, occ := range occs {
		i := (occ * m) >> shift
		if used[i] {
			if table[i] != atts[k] {
				return false
			}
			continue
		}
		used[i], table[i] = true, atts[k]
	}
	return true
}
