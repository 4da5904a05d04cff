package magic

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
)

// square holds what a search needs to know about one slider square.
type square struct {
	s     Slider
	sq    int
	mask  uint64
	occs  []uint64
	atts  []uint64
	table []uint64
	used  []bool
}

func newSquare(s Slider, sq int) *square {
	mask := Mask(s, sq)
	occs := Subsets(mask)
	atts := make([]uint64, len(occs))
	for i, occ := range occs {
		atts[i] = Attacks(s, sq, occ)
	}
	n := 1 << bits.OnesCount64(mask)
	return &square{s: s, sq: sq, mask: mask, occs: occs, atts: atts, table: make([]uint64, n), used: make([]bool, n)}
}

// try reports whether m is a working magic for nbits index bits.
func (q *square) try(m uint64, nbits int) bool {
	// Cheap filter used by every magic searcher: the top byte of
	// mask*magic must be well populated or the high index bits stay empty.
	if bits.OnesCount64((q.mask*m)&0xFF00000000000000) < 6 {
		return false
	}
	return Local(q.s, q.sq, m, nbits, q.occs, q.atts, q.table, q.used)
}

// find draws sparse random numbers until one works with nbits index bits,
// or until the deadline passes (a zero deadline means no limit).
func (q *square) find(rng *rand.Rand, nbits int, deadline time.Time) (uint64, bool) {
	for i := 0; ; i++ {
		if i&1023 == 0 && !deadline.IsZero() && time.Now().After(deadline) {
			return 0, false
		}
		m := rng.Uint64() & rng.Uint64() & rng.Uint64()
		if q.try(m, nbits) {
			return m, true
		}
	}
}

// Options tune Search.
type Options struct {
	// Seed makes the search deterministic: the same seed and options give
	// the same magics (time budgets aside, see Fewer).
	Seed uint64
	// Fewer is the time spent per square looking for a magic with one index
	// bit fewer than the mask has squares (a table half the size). Zero
	// skips that search, which keeps the result independent of timing.
	Fewer time.Duration
	// Candidates is how many working magics to draw per square; packing picks
	// the one that overlaps best. At least 1.
	Candidates int
}

// SquareStat reports what the search found for one square.
type SquareStat struct {
	Slider Slider
	Square int
	Bits   int // index bits used
	Mask   int // squares in the relevant mask
}

// Search finds a magic for every rook and bishop square and packs their
// ranges into one table. It returns the set and per-square statistics.
func Search(opt Options) (*Set, []SquareStat) {
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9E3779B97F4A7C15))
	if opt.Candidates < 1 {
		opt.Candidates = 1
	}
	set := &Set{}
	var stats []SquareStat
	cands := make([][]Entry, 128)
	for s := Rook; s <= Bishop; s++ {
		for sq := 0; sq < 64; sq++ {
			q := newSquare(s, sq)
			nbits := bits.OnesCount64(q.mask)
			if opt.Fewer > 0 {
				if m, ok := q.find(rng, nbits-1, time.Now().Add(opt.Fewer)); ok {
					cands[int(s)*64+sq] = append(cands[int(s)*64+sq], Entry{Magic: m, Shift: uint8(64 - nbits + 1)})
				}
			}
			if len(cands[int(s)*64+sq]) == 0 {
				for range opt.Candidates {
					m, _ := q.find(rng, nbits, time.Time{})
					cands[int(s)*64+sq] = append(cands[int(s)*64+sq], Entry{Magic: m, Shift: uint8(64 - nbits)})
				}
			}
			e := cands[int(s)*64+sq][0]
			set.Entries(s)[sq] = e
			stats = append(stats, SquareStat{Slider: s, Square: sq, Bits: e.Bits(), Mask: nbits})
		}
	}
	Pack(set, cands)
	return set, stats
}

// Pack assigns offsets to every square of set so that ranges overlap where
// their entries agree, largest tables first, each at the lowest offset that
// fits. Where cands holds several magics for a square (indexed slider*64 +
// square), the one that lands lowest is kept. It returns the table length.
func Pack(set *Set, cands [][]Entry) int {
	type item struct {
		s  Slider
		sq int
	}
	var order []item
	for s := Rook; s <= Bishop; s++ {
		for sq := 0; sq < 64; sq++ {
			order = append(order, item{s, sq})
		}
	}
	// Largest first; ties by slider and square so the order is fixed.
	slices.SortStableFunc(order, func(a, b item) int {
		return set.Entries(b.s)[b.sq].Bits() - set.Entries(a.s)[a.sq].Bits()
	})
	var global []uint64
	var gused []bool
	for _, it := range order {
		q := newSquare(it.s, it.sq)
		options := []Entry{set.Entries(it.s)[it.sq]}
		if cands != nil && len(cands[int(it.s)*64+it.sq]) > 0 {
			options = cands[int(it.s)*64+it.sq]
		}
		best, bestOff := Entry{}, -1
		for _, e := range options {
			if !Local(q.s, q.sq, e.Magic, e.Bits(), q.occs, q.atts, q.table, q.used) {
				continue
			}
			n := 1 << e.Bits()
			off := lowestFit(global, gused, q.table[:n], q.used[:n])
			if bestOff < 0 || off < bestOff {
				best, bestOff = e, off
			}
		}
		Local(q.s, q.sq, best.Magic, best.Bits(), q.occs, q.atts, q.table, q.used)
		n := 1 << best.Bits()
		if need := bestOff + n; need > len(global) {
			global = append(global, make([]uint64, need-len(global))...)
			gused = append(gused, make([]bool, need-len(gused))...)
		}
		for i := range n {
			if q.used[i] {
				global[bestOff+i], gused[bestOff+i] = q.table[i], true
			}
		}
		best.Offset = uint32(bestOff)
		set.Entries(it.s)[it.sq] = best
	}
	end := len(gused)
	for end > 0 && !gused[end-1] {
		end--
	}
	return end
}

// lowestFit returns the lowest offset where local fits into global: every
// used local entry meets an unused global one or an equal value.
func lowestFit(global []uint64, gused []bool, local []uint64, lused []bool) int {
	for off := 0; ; off++ {
		ok := true
		for i, u := range lused {
			if !u || off+i >= len(global) {
				continue
			}
			if gused[off+i] && global[off+i] != local[i] {
				ok = false
				break
			}
		}
		if ok {
			return off
		}
	}
}
