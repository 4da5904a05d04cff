package main

import (
	"bufio"
	"fmt"
	"sync/atomic"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/pgn"
)

// validateResult is what a worker finds in a chunk.
type validateResult struct {
	games int
	errs  []gameError
}

// validate reads every game of every file, every move of every variation
// checked, prints each error with its file, line, column and game, then a
// summary per file.
func validate(e *env, files []string) int {
	status := exitOK
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	for _, name := range files {
		in, err := openInput(e, name)
		if err != nil {
			cli.Fail(e.stderr, "pgn", err)
			status = exitFail
			continue
		}
		var games atomic.Int64
		stop := startProgress(e.progress, e.stderr, in, &games)
		total, broken := 0, 0
		err = process(newSplitter(in.text, e.chunk), e.workers, func(w *worker, c chunk) validateResult {
			n, errs := readChunk(w, c, pgn.BaseVisitor{}, nil, &games)
			return validateResult{n, errs}
		}, func(c chunk, res validateResult) {
			for _, ge := range res.errs {
				game, line, col, msg := ge.place(c, total)
				fmt.Fprintf(out, "%s:%d:%d: game %d: %s\n", in.name, line, col, game, msg)
			}
			total += res.games
			broken += len(res.errs)
		})
		stop()
		in.close()
		if err != nil {
			cli.FailAt(e.stderr, "pgn", in.name, err)
			status = exitFail
		}
		fmt.Fprintf(out, "%s: %d games, %d broken\n", in.name, total, broken)
		if broken > 0 && status == exitOK {
			status = exitBroken
		}
	}
	return status
}
