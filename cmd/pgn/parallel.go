package main

import (
	"bytes"
	"sync"

	"github.com/gambit-chess/gambit/pgn"
)

// chunkSize is the size of the chunks workers read: large enough that a
// chunk costs far more to read than to hand over, small enough that two
// workers share a 1 MB file.
const chunkSize = 256 << 10

// worker is what a worker keeps from chunk to chunk: a PGN reader and the
// byte reader it reads through, so that reading a chunk allocates nothing.
type worker struct {
	text bytes.Reader
	pgn  *pgn.Reader
}

// reader returns the worker's PGN reader, reset to read c.
func (w *worker) reader(c chunk) *pgn.Reader {
	w.text.Reset(c.data)
	if w.pgn == nil {
		w.pgn = pgn.NewReader(&w.text)
	} else {
		w.pgn.Reset(&w.text)
	}
	return w.pgn
}

// work is what a command does with a chunk, in a worker. Its result must
// not refer to the chunk's bytes: they are reused once the result is
// emitted.
type work[R any] func(w *worker, c chunk) R

// process cuts the input into chunks, has workers run do on them, and
// calls emit with the results in the order of the chunks, from the
// calling goroutine. At most a few chunks per worker are in memory at once.
func process[R any](text *splitter, workers int, do work[R], emit func(c chunk, r R)) error {
	type done struct {
		c chunk
		r R
	}
	// A chunk waits for each worker, so that a worker done with one takes
	// the next at once, and need not wait for the splitter to get a core
	// (all are busy with workers); tokens bounds the chunks between the
	// splitter and emit.
	jobs := make(chan chunk, workers)
	results := make(chan done, workers)
	tokens := make(chan struct{}, 3*workers+1)

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
			var w worker
			for c := range jobs {
				results <- done{c, do(&w, c)}
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
			text.recycle(d.c)
			<-tokens
			next++
		}
	}
	return text.err
}
