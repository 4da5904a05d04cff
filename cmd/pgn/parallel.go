package main

import (
	"sync"
)

// chunkSize is the size of the chunks workers read: large enough that a
// chunk costs far more to read than to hand over, small enough that two
// workers share a 1 MB file.
const chunkSize = 256 << 10

// work is what a command does with a chunk, in a worker.
type work[R any] func(c chunk) R

// process cuts the input into chunks, has workers run do on them, and
// calls emit with the results in the order of the chunks, from the
// calling goroutine. At most a few chunks per worker are in memory at once.
func process[R any](text *splitter, workers int, do work[R], emit func(c chunk, r R)) error {
	type done struct {
		c chunk
		r R
	}
	jobs := make(chan chunk)
	results := make(chan done, workers)
	// tokens bounds the chunks between the splitter and emit.
	tokens := make(chan struct{}, 2*workers+1)

	go func() {
		defer close(jobs)
		for {
			tokens <- struct{}{}
			c, ok := text.next()
			if !ok {
				return
			}
			jobs <- c
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				results <- done{c, do(c)}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := map[int]done{}
	next := 0
	for d := range results {
		pending[d.c.seq] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(d.c, d.r)
			<-tokens
			next++
		}
	}
	return text.err
}
