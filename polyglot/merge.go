package polyglot

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"slices"
)

// scan calls yield with every entry of the book in order; a read error
// goes to *errp and ends the sequence.
func (b *Book) scan(errp *error) iter.Seq[RawEntry] {
	return func(yield func(RawEntry) bool) {
		if b.data != nil || b.r == nil {
			for i := range b.n {
				if !yield(decodeRaw(b.data[i*EntrySize:])) {
					return
				}
			}
			return
		}
		buf := make([]byte, 4096*EntrySize)
		for i := 0; i < b.n; {
			k := min(b.n-i, 4096)
			if err := b.readAt(buf[:k*EntrySize], int64(i)*EntrySize); err != nil {
				*errp = err
				return
			}
			for j := range k {
				if !yield(decodeRaw(buf[j*EntrySize:])) {
					return
				}
			}
			i += k
		}
	}
}

// Merge writes to w the book that Polyglot's merge-book makes of b1 and
// b2, and returns the number of bytes written. A position in one book
// only keeps its entries. A position in both gets b1's entries, in b1's
// order, each move's weight increased by the weights of b2's entries for
// the same move, and then b2's entries for the moves b1 does not have, in
// b2's order; learn fields are b1's. The one difference: where Polyglot's
// 16-bit sum of weights wraps around past 65535, Merge keeps 65535.
func Merge(w io.Writer, b1, b2 *Book) (int64, error) {
	var err1, err2 error
	next1, stop1 := iter.Pull(b1.scan(&err1))
	defer stop1()
	next2, stop2 := iter.Pull(b2.scan(&err2))
	defer stop2()
	bw := bufio.NewWriterSize(w, 1<<16)
	var written int64
	var buf []byte
	write := func(es ...RawEntry) error {
		buf = buf[:0]
		for _, e := range es {
			buf = AppendEntry(buf, e)
		}
		n, err := bw.Write(buf)
		written += int64(n)
		return err
	}
	var l1, l2 []RawEntry
	e1, ok1 := next1()
	e2, ok2 := next2()
	for ok1 || ok2 {
		var err error
		switch {
		case ok1 && (!ok2 || e1.Key < e2.Key):
			err = write(e1)
			e1, ok1 = next1()
		case ok2 && (!ok1 || e2.Key < e1.Key):
			err = write(e2)
			e2, ok2 = next2()
		default: // the position is in both books
			key := e1.Key
			l1, l2 = l1[:0], l2[:0]
			for ; ok1 && e1.Key == key; e1, ok1 = next1() {
				l1 = append(l1, e1)
			}
			for ; ok2 && e2.Key == key; e2, ok2 = next2() {
				l2 = append(l2, e2)
			}
			n1 := len(l1)
			for _, x := range l2 {
				i := slices.IndexFunc(l1[:n1], func(y RawEntry) bool { return y.Move == x.Move })
				if i < 0 {
					l1 = append(l1, x)
					continue
				}
				l1[i].Weight = uint16(min(int(l1[i].Weight)+int(x.Weight), 0xffff))
			}
			err = write(l1...)
		}
		if err != nil {
			return written, fmt.Errorf("polyglot: writing the merged book: %w", err)
		}
	}
	if err1 != nil {
		return written, err1
	}
	if err2 != nil {
		return written, err2
	}
	if err := bw.Flush(); err != nil {
		return written, fmt.Errorf("polyglot: writing the merged book: %w", err)
	}
	return written, nil
}
