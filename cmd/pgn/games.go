package main

import (
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/gambit-chess/gambit/pgn"
)

// gameError is a game's error, placed in its chunk: the game's number and
// the line are the chunk's own until placed in the input.
type gameError struct {
	index int // the game's index in its chunk, from 0
	err   error
}

// place returns an error's text with the game's number and line in the
// whole input: base is the number of games before the chunk.
func (ge gameError) place(c chunk, base int) (game, line, col int, msg string) {
	game = base + ge.index + 1
	var perr *pgn.Error
	if errors.As(ge.err, &perr) {
		return game, c.line - 1 + perr.Line, perr.Column, perr.Err.Error()
	}
	return game, 0, 0, ge.err.Error()
}

// readChunk reads a chunk's games with v and the worker's reader,
// counting them in games, and returns how many there are and their
// errors. An error that is not a game's (none is expected from memory)
// ends the chunk.
func readChunk(w *worker, c chunk, v pgn.Visitor, each func(index int, err error), games *atomic.Int64) (n int, errs []gameError) {
	r := w.reader(c)
	for {
		err := r.Visit(v)
		if err == io.EOF {
			break
		}
		if err != nil {
			// Only here: perr escapes, and would cost an allocation a game.
			var perr *pgn.Error
			if !errors.As(err, &perr) {
				errs = append(errs, gameError{n, fmt.Errorf("reading: %w", err)})
				break
			}
			errs = append(errs, gameError{n, err})
		}
		if each != nil {
			each(n, err)
		}
		n++
		games.Add(1)
	}
	return n, errs
}
