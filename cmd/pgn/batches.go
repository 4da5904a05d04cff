package main

import (
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/pgn"
)

// batch is what pgn book and pgn index fill from a chunk's games, in a
// worker, and add to what they build, in the input's order: a
// polyglot.Batch or a gamedb.Batch.
type batch interface {
	Reset()
	ReadGame(r *pgn.Reader) error
}

// batchChunk is a chunk's batch, with its games' errors.
type batchChunk[B batch] struct {
	batch B
	games int
	errs  []gameError
	bytes int
}

// readBatches reads the files with the workers into batches made by
// newBatch, reports each broken game on standard error ("left out"), and
// calls startFile at the start of each file and add with each batch, in
// order. It returns the bytes of PGN read and the exit status so far:
// exitFail when a file cannot be opened (the others are read). When
// reading a file fails, or add does, it stops and returns ok false.
func readBatches[B batch](e *env, files []string, newBatch func() B, startFile func(name string), add func(B) error) (text int64, status int, ok bool) {
	// Batches go round between the workers and add: at most a few per
	// worker are in flight (see process), and their memory is kept.
	free := make(chan B, 4*e.workers+2)
	status = exitOK
	for _, name := range files {
		in, err := openInput(e, name)
		if err != nil {
			cli.Fail(e.stderr, "pgn", err)
			status = exitFail
			continue
		}
		startFile(in.name)
		var games atomic.Int64
		stop := startProgress(e.progress, e.stderr, in, &games)
		total := 0
		var addErr error
		err = process(newSplitter(in.text, e.chunk), e.workers, func(w *worker, c chunk) batchChunk[B] {
			var bt B
			select {
			case bt = <-free:
				bt.Reset()
			default:
				bt = newBatch()
			}
			res := batchChunk[B]{batch: bt, bytes: len(c.data)}
			r := w.reader(c)
			for {
				err := bt.ReadGame(r)
				if err == io.EOF {
					break
				}
				if err != nil {
					res.errs = append(res.errs, gameError{res.games, err})
					var perr *pgn.Error
					if !errors.As(err, &perr) {
						break
					}
				}
				res.games++
				games.Add(1)
			}
			return res
		}, func(c chunk, res batchChunk[B]) {
			for _, ge := range res.errs {
				game, line, col, msg := ge.place(c, total)
				fmt.Fprintf(e.stderr, "%s:%d:%d: game %d: %s (left out)\n", in.name, line, col, game, msg)
			}
			total += res.games
			text += int64(res.bytes)
			if addErr == nil {
				addErr = add(res.batch)
			}
			select {
			case free <- res.batch:
			default:
			}
		})
		stop()
		in.close()
		if err == nil {
			err = addErr
		}
		if err != nil {
			cli.FailAt(e.stderr, "pgn", in.name, err)
			return text, exitFail, false
		}
	}
	return text, status, true
}
