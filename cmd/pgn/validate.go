package main

import (
	"bufio"
	"fmt"
	"sync/atomic"

	"github.com/gambit-chess/gambit/internal/cli"
)

// validateResult is what a worker finds in a chunk.
type validateResult struct {
	games    int
	errs     []gameError
	findings []gameFinding // results that disagree or are missing, in good games
}

// validate reads every game of every file, every move of every variation
// checked, prints each error with its file, line, column and game, then a
// summary per file. A good game whose Result tag disagrees with the result
// that ends its movetext, or whose movetext has no result, gets a warning
// (see resultCheck); with e.strict the warning is an error and the game
// counts as broken.
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
		total, broken, warned := 0, 0, 0
		err = process(newSplitter(in.text, e.chunk), e.workers, func(w *worker, c chunk) validateResult {
			v := &resultCheck{w: w}
			var findings []gameFinding
			n, errs := readChunk(w, c, v, func(index int, err error) {
				if err == nil && v.found != "" {
					findings = append(findings, gameFinding{index, v.line, v.found})
				}
			}, &games)
			return validateResult{n, errs, findings}
		}, func(c chunk, res validateResult) {
			// Errors and findings in the order of their games.
			fi := 0
			finding := func(upTo int) {
				for ; fi < len(res.findings) && res.findings[fi].index < upTo; fi++ {
					f := res.findings[fi]
					kind := "warning"
					if e.strict {
						kind = "error"
					}
					fmt.Fprintf(out, "%s:%d: game %d: %s: %s\n", in.name, c.line-1+f.line, total+f.index+1, kind, f.msg)
				}
			}
			for _, ge := range res.errs {
				finding(ge.index)
				game, line, col, msg := ge.place(c, total)
				fmt.Fprintf(out, "%s:%d:%d: game %d: %s\n", in.name, line, col, game, msg)
			}
			finding(res.games)
			total += res.games
			broken += len(res.errs)
			warned += len(res.findings)
		})
		stop()
		in.close()
		if err != nil {
			cli.FailAt(e.stderr, "pgn", in.name, err)
			status = exitFail
		}
		if e.strict {
			broken, warned = broken+warned, 0
		}
		fmt.Fprintf(out, "%s: %d games, %d broken", in.name, total, broken)
		if warned > 0 {
			fmt.Fprintf(out, ", %d with a result warning (-strict: an error)", warned)
		}
		fmt.Fprintln(out)
		if broken > 0 && status == exitOK {
			status = exitBroken
		}
	}
	return status
}
