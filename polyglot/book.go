package polyglot

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/mmapfile"
)

// Entry is a book move of a position: a legal move, its weight and its
// learn field.
type Entry struct {
	Move   core.Move
	Weight uint16
	Learn  uint32
}

// Book is an opening book open for lookups. Its methods are safe for
// concurrent use. A Book from Open holds the file mapped into memory (on
// Unix; elsewhere it reads the file through an io.ReaderAt) until Close.
type Book struct {
	name  string
	data  []byte      // the entries, when in memory or mapped
	r     io.ReaderAt // else where to read them
	n     int         // number of entries
	index []uint64    // the key of every indexStride-th entry
	close func() error
	bufs  sync.Pool // *block, for reads through r
}

// block is a buffer of entries read through an io.ReaderAt.
type block [blockEntries * EntrySize]byte

// indexStride is how many entries apart the keys of the index are: an
// index of a 10⁶-entry book is 31 KB, small enough to stay in cache, and
// narrows a lookup to 256 entries, 4 KB of the book.
const indexStride = 256

// blockEntries is how many entries a lookup through an io.ReaderAt reads
// at once once it has found the first.
const blockEntries = 32

// Open opens the book file name, maps it into memory where the system
// allows, and checks every entry (see FormatError). Lookups then read the
// mapped pages: the book is not copied into the heap. Close unmaps it.
// The file must not be truncated while it is open.
func Open(name string) (*Book, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("polyglot: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("polyglot: %w", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("polyglot: %s is not a regular file (NewReaderAt reads other sources)", name)
	}
	size := st.Size()
	if err := checkSize(name, size); err != nil {
		f.Close()
		return nil, err
	}
	b := &Book{name: name, n: int(size / EntrySize)}
	data, unmap, err := mmapfile.Map(f, size)
	switch {
	case err != nil:
		f.Close()
		return nil, fmt.Errorf("polyglot: mapping %s: %w", name, err)
	case data != nil || size == 0:
		f.Close()
		b.data, b.close = data, unmap
	default: // no mapping on this system: read through the file
		b.r, b.close = f, f.Close
	}
	if err := b.Validate(); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}

// NewBytes returns the book held in data, after checking every entry. The
// book reads data in place: data must not change while the book is used.
func NewBytes(data []byte) (*Book, error) {
	if err := checkSize("", int64(len(data))); err != nil {
		return nil, err
	}
	b := &Book{data: data, n: len(data) / EntrySize}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

// NewReaderAt returns the book of size bytes that r holds, after reading
// and checking every entry once. As io.ReaderAt promises, r must allow
// ReadAt calls from several goroutines at once. Each lookup then reads about log2(size/16)
// keys and the position's entries through r, with buffers reused from
// lookup to lookup.
func NewReaderAt(r io.ReaderAt, size int64) (*Book, error) {
	if err := checkSize("", size); err != nil {
		return nil, err
	}
	b := &Book{r: r, n: int(size / EntrySize)}
	if int64(b.n) != size/EntrySize {
		return nil, &FormatError{Offset: size, Problem: "the book is too large for this system"}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

// Close releases the file of a book from Open; it does nothing for other
// books. The book must not be used afterwards.
func (b *Book) Close() error {
	if b.close == nil {
		return nil
	}
	c := b.close
	b.close, b.data, b.r, b.n, b.index = nil, nil, nil, 0, nil
	if err := c(); err != nil {
		return fmt.Errorf("polyglot: closing %s: %w", b.name, err)
	}
	return nil
}

// Len returns the number of entries of the book, header entries (key 0)
// included.
func (b *Book) Len() int { return b.n }

// Validate reads every entry and checks that the keys are in order and
// that every move field is one a Polyglot writer produces; header entries
// (key 0, written by Polyglot 1.4 and later) are text and not checked.
// It also keeps the key of every 256th entry, an index (31 KB for 10⁶
// entries) that narrows each lookup to a page of the book. Open, NewBytes
// and NewReaderAt call it.
func (b *Book) Validate() error {
	c := checker{name: b.name}
	index := make([]uint64, 0, (b.n+indexStride-1)/indexStride)
	if b.data != nil || b.r == nil {
		for i := range b.n {
			e := decodeRaw(b.data[i*EntrySize:])
			if err := c.check(int64(i)*EntrySize, e); err != nil {
				return err
			}
			if i%indexStride == 0 {
				index = append(index, e.Key)
			}
		}
		b.index = index
		return nil
	}
	buf := make([]byte, 4096*EntrySize)
	for i := 0; i < b.n; {
		k := min(b.n-i, 4096)
		if err := b.readAt(buf[:k*EntrySize], int64(i)*EntrySize); err != nil {
			return err
		}
		for j := range k {
			e := decodeRaw(buf[j*EntrySize:])
			if err := c.check(int64(i+j)*EntrySize, e); err != nil {
				return err
			}
			if (i+j)%indexStride == 0 {
				index = append(index, e.Key)
			}
		}
		i += k
	}
	b.index = index
	return nil
}

// readAt fills p from offset off of the book read through b.r.
func (b *Book) readAt(p []byte, off int64) error {
	n, err := b.r.ReadAt(p, off)
	if n == len(p) {
		return nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	name := b.name
	if name == "" {
		name = "book"
	}
	return fmt.Errorf("polyglot: reading %s at offset %d: %w", name, off, err)
}

// Raw returns entry i of the book, 0 <= i < Len(), as stored.
func (b *Book) Raw(i int) (RawEntry, error) {
	if i < 0 || i >= b.n {
		return RawEntry{}, fmt.Errorf("polyglot: entry %d out of range [0, %d)", i, b.n)
	}
	if b.data != nil {
		return decodeRaw(b.data[i*EntrySize:]), nil
	}
	bl := b.getBlock()
	defer b.bufs.Put(bl)
	if err := b.readAt(bl[:EntrySize], int64(i)*EntrySize); err != nil {
		return RawEntry{}, err
	}
	return decodeRaw(bl[:]), nil
}

// Find returns the index of the first entry whose key is at least key:
// Len() when there is none.
func (b *Book) Find(key uint64) (int, error) {
	lo, hi := 0, b.n
	if len(b.index) > 0 {
		// The first index key >= key: the entries of the stride before it
		// hold the answer.
		l, h := 0, len(b.index)
		for l < h {
			mid := int(uint(l+h) >> 1)
			if b.index[mid] < key {
				l = mid + 1
			} else {
				h = mid
			}
		}
		if l > 0 {
			lo = (l-1)*indexStride + 1
		}
		if l < len(b.index) {
			hi = l * indexStride
		}
	}
	if b.data != nil {
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if keyAt(b.data, mid) < key {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return lo, nil
	}
	bl := b.getBlock()
	defer b.bufs.Put(bl)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if err := b.readAt(bl[:8], int64(mid)*EntrySize); err != nil {
			return 0, err
		}
		if keyAt(bl[:], 0) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, nil
}

func keyAt(data []byte, i int) uint64 {
	b := data[i*EntrySize : i*EntrySize+8]
	return uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
		uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
}

func (b *Book) getBlock() *block {
	if bl, ok := b.bufs.Get().(*block); ok {
		return bl
	}
	return new(block)
}

// Entries appends the entries of pos to dst, in book order (Polyglot
// writers put the highest weight first), and returns the extended slice.
// Entries whose move is not legal in pos are left out; castling is core's
// castling move. It allocates nothing when dst has room for the entries.
// A Chess960 position gives ErrChess960, a variant's ErrVariant.
func (b *Book) Entries(pos *core.Position, dst []Entry) ([]Entry, error) {
	if pos.Chess960() {
		return dst, ErrChess960
	}
	if pos.Variant() != core.Standard {
		return dst, ErrVariant
	}
	key := pos.Hash()
	i, err := b.Find(key)
	if err != nil {
		return dst, err
	}
	if b.data != nil {
		for ; i < b.n; i++ {
			e := decodeRaw(b.data[i*EntrySize:])
			if e.Key != key {
				break
			}
			if m := DecodeMove(pos, e.Move); m != core.NoMove {
				dst = append(dst, Entry{m, e.Weight, e.Learn})
			}
		}
		return dst, nil
	}
	bl := b.getBlock()
	defer b.bufs.Put(bl)
	for i < b.n {
		k := min(b.n-i, blockEntries)
		if err := b.readAt(bl[:k*EntrySize], int64(i)*EntrySize); err != nil {
			return dst, err
		}
		for j := range k {
			e := decodeRaw(bl[j*EntrySize:])
			if e.Key != key {
				return dst, nil
			}
			if m := DecodeMove(pos, e.Move); m != core.NoMove {
				dst = append(dst, Entry{m, e.Weight, e.Learn})
			}
		}
		i += k
	}
	return dst, nil
}
