package gamedb

import (
	"runtime"
	"sync"
)

// topBits are the bits of the key the first pass of sortPostings
// scatters by: 2,048 runs, few enough streams for the scatter to keep its
// pages in the TLB, and runs of about 40,000 postings for 84 million,
// sorted in the second level of cache.
const topBits = 11

// sortPostings returns the postings sorted by key, keeping the order of
// equal keys (the games' order): a radix sort, first on the top topBits
// bits across every core, then each run on its own, in cache.
func sortPostings(in *postingChunks) (keys, vals []uint64) {
	n := in.n
	tk, tv := make([]uint64, n), make([]uint64, n)
	if n == 0 {
		return tk, tv
	}
	chunks := len(in.keys)
	workers := max(1, min(runtime.GOMAXPROCS(0), chunks))

	// Pass one: scatter by the top bits, each worker its own chunks, so
	// that equal keys keep their order.
	const top = 1 << topBits
	counts := make([][]int, workers)
	part := func(w int) (int, int) { return w * chunks / workers, (w + 1) * chunks / workers }
	parallel(workers, func(w int) {
		c := make([]int, top)
		lo, hi := part(w)
		for _, ch := range in.keys[lo:hi] {
			for _, k := range ch {
				c[k>>(64-topBits)]++
			}
		}
		counts[w] = c
	})
	starts := make([]int, top+1)
	at := 0
	for d := range top {
		starts[d] = at
		for w := range workers {
			c := counts[w][d]
			counts[w][d] = at
			at += c
		}
	}
	starts[top] = n
	parallel(workers, func(w int) {
		next := counts[w]
		lo, hi := part(w)
		for c := lo; c < hi; c++ {
			vs := in.vals[c]
			for i, k := range in.keys[c] {
				d := k >> (64 - topBits)
				tk[next[d]], tv[next[d]] = k, vs[i]
				next[d]++
			}
		}
	})

	// The chunks are done with: let them go before the runs are sorted.
	in.keys, in.vals = nil, nil

	// Then each run on the key's other bits, in place, each worker its
	// share of the runs and scratch space for the longest.
	parallel(workers, func(w int) {
		var count [256]int
		longest := 0
		for run := w * top / workers; run < (w+1)*top/workers; run++ {
			longest = max(longest, starts[run+1]-starts[run])
		}
		sk, sv := make([]uint64, longest), make([]uint64, longest)
		for run := w * top / workers; run < (w+1)*top/workers; run++ {
			lo, hi := starts[run], starts[run+1]
			sortRun(tk[lo:hi], tv[lo:hi], sk[:hi-lo], sv[:hi-lo], &count)
		}
	})
	return tk, tv
}

// sortRun sorts a run of postings in place, by key and keeping the order
// of equal keys, with scratch space of its length: an insertion sort for
// a short run, else a radix sort on the bits below the top topBits,
// eight at a time, that passes over the bytes all keys share.
func sortRun(keys, vals, scratchK, scratchV []uint64, count *[256]int) {
	n := len(keys)
	if n < 32 {
		for i := 1; i < n; i++ {
			k, v := keys[i], vals[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j], vals[j] = keys[j-1], vals[j-1]
			}
			keys[j], vals[j] = k, v
		}
		return
	}
	srcK, srcV, dstK, dstV := keys, vals, scratchK, scratchV
	for shift := uint(0); shift < 64-topBits; shift += 8 {
		*count = [256]int{}
		for _, k := range srcK {
			count[k>>shift&255]++
		}
		if count[srcK[0]>>shift&255] == n {
			continue // every key has this byte
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for i, k := range srcK {
			b := k >> shift & 255
			dstK[count[b]], dstV[count[b]] = k, srcV[i]
			count[b]++
		}
		srcK, srcV, dstK, dstV = dstK, dstV, srcK, srcV
	}
	if &srcK[0] != &keys[0] {
		copy(keys, srcK)
		copy(vals, srcV)
	}
}

// parallel runs f(0) to f(workers-1) at once and waits for them.
func parallel(workers int, f func(w int)) {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w)
		}()
	}
	wg.Wait()
}
