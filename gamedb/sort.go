package gamedb

import (
	"runtime"
	"sync"
)

// sortPostings sorts the postings by key, keeping the order of equal
// keys (the games' order): a radix sort, first on the top 16 bits across
// every core, then each of those 65,536 runs on its own, in cache, eight
// bits at a time.
func sortPostings(keys, vals []uint64) {
	n := len(keys)
	if n < 2 {
		return
	}
	tk, tv := make([]uint64, n), make([]uint64, n)
	workers := max(1, min(runtime.GOMAXPROCS(0), n/(1<<16)))

	// Pass one: scatter by the top 16 bits, each worker its own stretch
	// of the input, so that equal keys keep their order.
	const top = 1 << 16
	counts := make([][]int, workers)
	part := func(w int) (int, int) { return w * n / workers, (w + 1) * n / workers }
	parallel(workers, func(w int) {
		c := make([]int, top)
		lo, hi := part(w)
		for _, k := range keys[lo:hi] {
			c[k>>48]++
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
		for i := lo; i < hi; i++ {
			d := keys[i] >> 48
			tk[next[d]], tv[next[d]] = keys[i], vals[i]
			next[d]++
		}
	})

	// Then each run, on the key's low 48 bits, eight at a time: six
	// passes, from tk and tv back into keys and vals.
	var next sync.Mutex
	d := 0
	parallel(workers, func(int) {
		var count [256]int
		for {
			next.Lock()
			run := d
			d++
			next.Unlock()
			if run >= top {
				return
			}
			lo, hi := starts[run], starts[run+1]
			if hi-lo < 2 {
				copy(keys[lo:hi], tk[lo:hi])
				copy(vals[lo:hi], tv[lo:hi])
				continue
			}
			srcK, srcV, dstK, dstV := tk[lo:hi], tv[lo:hi], keys[lo:hi], vals[lo:hi]
			for shift := uint(0); shift < 48; shift += 8 {
				count = [256]int{}
				for _, k := range srcK {
					count[k>>shift&255]++
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
			// Six passes end where they began, in tk and tv.
			copy(keys[lo:hi], srcK)
			copy(vals[lo:hi], srcV)
		}
	})
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
