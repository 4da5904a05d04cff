package perft

import (
	"errors"
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/gambit-chess/gambit/core"
)

// Hashed perft: a subtree's count depends only on the position and the
// depth, so a table keyed by the position's Zobrist key counts each
// transposition once. An entry is used only when its full 64-bit key and its
// depth both match, so two positions that share a bucket can never lend each
// other a count; what remains is the chance that two different positions
// have equal 64-bit keys, the risk every Zobrist table takes.
//
// The key is Position.Hash (the Polyglot key: board, side to move, castling
// rights, en-passant file) mixed with the rook squares the root's castling
// rights refer to. Within one tree those squares never change, but two
// Chess960 roots can show the same board and rights with different castling
// rooks, and so different move trees; mixing them in lets one table serve
// many roots. The halfmove clock and move number are not in the key, and do
// not change the move tree.

const (
	// slotsPerBucket entries share a bucket, which with its sequence
	// number fills a 64-byte cache line.
	slotsPerBucket = 3
	bucketBytes    = 64
	// depthBits of an entry's data hold the depth, the rest the count.
	depthBits = 6
	depthMask = 1<<depthBits - 1
	// maxStoredCount is the largest count an entry can hold; larger
	// counts (above 2^58, far beyond perft(10) of any real position) are
	// not stored.
	maxStoredCount = 1<<(64-depthBits) - 1
	// minHashDepth is the smallest depth worth a table lookup: at depth 1
	// counting the moves is cheaper than the cache miss. countNode counts
	// the children of a node of this depth in bulk, as depth 1.
	minHashDepth = 2
	// maxTableMB bounds NewTable's size (1 TiB).
	maxTableMB = 1 << 20
)

// ErrTableSize is matched by NewTable's error when the size is out of range.
var ErrTableSize = errors.New("hash table size out of range")

// bucket holds slotsPerBucket entries and a sequence number guarding them
// (a seqlock): a writer makes the number odd while it writes and even again
// when done, and a reader trusts what it read only when the number was even
// and unchanged around the read. Writers that find the bucket busy do not
// wait; they skip the store. So a lookup never sees half of one entry and
// half of another, whatever the number of goroutines.
type bucket struct {
	seq  atomic.Uint64
	key  [slotsPerBucket]atomic.Uint64
	data [slotsPerBucket]atomic.Uint64 // count<<depthBits | depth; 0 when empty
	_    [8]byte                       // to the cache line's end
}

// A bucket fills a cache line exactly: this fails to compile otherwise.
var _ [0]struct{} = [unsafe.Sizeof(bucket{}) - bucketBytes]struct{}{}

// countNode's bulk count is of depth 1 below minHashDepth: this fails to
// compile if minHashDepth is not 2.
var _ [0]struct{} = [minHashDepth - 2]struct{}{}

// Table is a hash table of subtree counts for perft, set on a Counter. It is
// allocated once by NewTable; counting with it allocates nothing more. It
// is safe for any number of goroutines at once, and may be reused for other
// positions and depths: it never returns a count stored for another
// position or depth.
type Table struct {
	buckets []bucket
	mask    uint64
}

// NewTable allocates a table of at most mb mebibytes (the largest power of
// two number of 64-byte buckets that fits, three entries each). It returns
// an error matching ErrTableSize when mb is below 1, above 1 TiB, or (on
// Linux) more than the machine's memory.
func NewTable(mb int) (*Table, error) {
	if mb < 1 || mb > maxTableMB {
		return nil, fmt.Errorf("perft: %w: %d MB (want 1 to %d)", ErrTableSize, mb, maxTableMB)
	}
	if mem := physicalMemory(); mem > 0 && uint64(mb)<<20 > mem {
		return nil, fmt.Errorf("perft: %w: %d MB, more than the machine's %d MB of memory", ErrTableSize, mb, mem>>20)
	}
	n := uint64(mb) << 20 / bucketBytes
	for n&(n-1) != 0 {
		n &= n - 1 // keep the highest bit: a power of two
	}
	return newTable(n), nil
}

// newTable returns a table of n buckets; n must be a power of two. Tests use
// it for tables too small for NewTable.
func newTable(n uint64) *Table {
	return &Table{buckets: make([]bucket, n), mask: n - 1}
}

// Bytes returns the table's size in bytes.
func (t *Table) Bytes() int { return len(t.buckets) * bucketBytes }

// Entries returns how many counts the table can hold.
func (t *Table) Entries() int { return len(t.buckets) * slotsPerBucket }

// Clear empties the table, as if new. It must not run while the table is
// counting. A table need not be cleared between positions or depths: it is
// for measuring a count from an empty table.
func (t *Table) Clear() { clear(t.buckets) }

// count is Count with the table: salt is rootSalt of the tree's root.
func (t *Table) count(p *core.Position, depth int, salt uint64) uint64 {
	if depth < minHashDepth {
		return Count(p, depth)
	}
	var ml core.MoveList
	return t.countNode(p, depth, salt, &ml)
}

// countNode is count of depth minHashDepth or more, with ml for the moves
// of p. As in Count, a node hands one list to all its children in turn:
// Go zeroes a MoveList (2 KB) where it is declared, and the nodes of
// depth minHashDepth, the most numerous the table sees, declare none.
func (t *Table) countNode(p *core.Position, depth int, salt uint64, ml *core.MoveList) uint64 {
	key := p.Hash() ^ salt
	if n, ok := t.probe(key, depth); ok {
		return n
	}
	p.LegalMoves(ml)
	var n uint64
	if depth == minHashDepth {
		// The children are below minHashDepth: counted in bulk, as
		// Count does, not looked up.
		n = uint64(p.SumLegalMovesAfter(ml.Moves()))
	} else {
		var children core.MoveList
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			n += t.countNode(p, depth-1, salt, &children)
			p.UnmakeMove(m, u)
		}
	}
	t.store(key, depth, n)
	return n
}

// probe returns the count stored for key at depth.
func (t *Table) probe(key uint64, depth int) (uint64, bool) {
	b := &t.buckets[key&t.mask]
	seq := b.seq.Load()
	if seq&1 != 0 {
		return 0, false // being written
	}
	for i := range slotsPerBucket {
		if b.key[i].Load() != key {
			continue
		}
		d := b.data[i].Load()
		if d&depthMask != uint64(depth) {
			continue
		}
		if b.seq.Load() != seq {
			return 0, false // written meanwhile: key and data may not belong together
		}
		return d >> depthBits, true
	}
	return 0, false
}

// store records the count n of key at depth. It replaces the entry of the
// same key and depth if there is one, else the shallowest entry of the
// bucket (the cheapest to count again). It gives up when another goroutine
// is writing the bucket: a lost store costs a recount, never a wrong count.
func (t *Table) store(key uint64, depth int, n uint64) {
	if n > maxStoredCount || depth > depthMask {
		return
	}
	b := &t.buckets[key&t.mask]
	seq := b.seq.Load()
	if seq&1 != 0 || !b.seq.CompareAndSwap(seq, seq+1) {
		return
	}
	victim, shallowest := 0, uint64(depthMask+1)
	for i := range slotsPerBucket {
		d := b.data[i].Load() & depthMask
		if d == uint64(depth) && b.key[i].Load() == key {
			victim = i
			break
		}
		if d < shallowest {
			victim, shallowest = i, d
		}
	}
	b.key[victim].Store(key)
	b.data[victim].Store(n<<depthBits | uint64(depth))
	b.seq.Store(seq + 2)
}

// castlingRights in Zobrist key order.
var castlingRights = [4]core.CastlingRights{core.WhiteShort, core.WhiteLong, core.BlackShort, core.BlackLong}

// rootSalt returns the value mixed into the keys of the tree below p: the
// rook squares of p's castling rights, which the Polyglot key leaves out.
func rootSalt(p *core.Position) uint64 {
	var salt uint64
	for i, r := range castlingRights {
		if sq := p.CastlingRook(r); sq != core.NoSquare {
			salt ^= mix64(uint64(i)<<8 | uint64(sq) + 1)
		}
	}
	return salt
}

// mix64 is the SplitMix64 finaliser: it spreads a small number over all 64
// bits.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
