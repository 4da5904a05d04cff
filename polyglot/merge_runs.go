package polyglot

import (
	"container/heap"
	"encoding/binary"
	"iter"
)

// mergeRuns merges sources, each sorted by key and move, into one
// sequence sorted the same way.
func mergeRuns(sources []func(yield func(record) bool)) iter.Seq[record] {
	return func(yield func(record) bool) {
		if len(sources) == 1 {
			sources[0](yield)
			return
		}
		h := &runHeap{}
		for _, s := range sources {
			next, stop := iter.Pull(iter.Seq[record](s))
			defer stop()
			if r, ok := next(); ok {
				h.items = append(h.items, runHead{r, next})
			}
		}
		heap.Init(h)
		for len(h.items) > 0 {
			top := &h.items[0]
			if !yield(top.r) {
				return
			}
			if r, ok := top.next(); ok {
				top.r = r
				heap.Fix(h, 0)
			} else {
				heap.Pop(h)
			}
		}
	}
}

type runHead struct {
	r    record
	next func() (record, bool)
}

type runHeap struct{ items []runHead }

func (h *runHeap) Len() int { return len(h.items) }
func (h *runHeap) Less(i, j int) bool {
	a, b := &h.items[i].r, &h.items[j].r
	if a.key != b.key {
		return a.key < b.key
	}
	return a.move < b.move
}
func (h *runHeap) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *runHeap) Push(x any)    { h.items = append(h.items, x.(runHead)) }
func (h *runHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

func putUint64(b []byte, v uint64) { binary.BigEndian.PutUint64(b, v) }
func putUint32(b []byte, v uint32) { binary.BigEndian.PutUint32(b, v) }
func getUint64(b []byte) uint64    { return binary.BigEndian.Uint64(b) }
func getUint32(b []byte) uint32    { return binary.BigEndian.Uint32(b) }
