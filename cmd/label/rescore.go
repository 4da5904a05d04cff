package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/posfile"
	"github.com/gambit-chess/gambit/uci"
)

// rescoreBatch is the number of positions the engines score between two
// writes: the output keeps the input's order.
const rescoreBatch = 4096

// rescoreJob is one position to score: its FEN, the game's result when
// the input gave one ("" if not), and what the scoring gives.
type rescoreJob struct {
	fen, result string
	white       bool   // White to move
	out         string // the output line, "" for a position left out
	err         error
}

// rescore reads position files (a FEN a line, optionally followed by
// ";score;result" as cmd/datagen writes or ";expected" as this command
// writes; gzipped when the name ends in .gz) and writes each position
// again with the engine's score at depth in place of the old one: a line
// with a result becomes "FEN;cp;result", cp the engine's score in
// centipawns from White's side, the result kept; any other becomes
// "FEN;expected". A position the engine scores as a mate is left out
// when the line has a result (a score in centipawns cannot say it).
// workers engines score at once. It stops at the first error, with what
// came before it written, or when ctx is done.
func rescore(ctx context.Context, files []string, enginePath string, depth, workers int, w io.Writer, stderr io.Writer) (written, dropped int, err error) {
	engines := make([]*uci.Engine, workers)
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for i := range engines {
		if engines[i], err = uci.Start(ctx, enginePath); err != nil {
			return 0, 0, fmt.Errorf("starting the engine: %w", err)
		}
	}
	batch := make([]rescoreJob, 0, rescoreBatch)
	flush := func() error {
		var wg sync.WaitGroup
		for k, e := range engines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := k; i < len(batch); i += len(engines) {
					if ctx.Err() != nil {
						batch[i].err = ctx.Err()
						continue
					}
					batch[i].out, batch[i].err = score(ctx, e, depth, &batch[i])
				}
			}()
		}
		wg.Wait()
		before := written
		for _, j := range batch {
			if j.err != nil {
				return j.err
			}
			if j.out == "" {
				dropped++
				continue
			}
			if _, err := io.WriteString(w, j.out); err != nil {
				return fmt.Errorf("writing the positions: %w", err)
			}
			written++
		}
		if written/100000 != before/100000 {
			fmt.Fprintf(stderr, "label: %d positions scored\n", written)
		}
		batch = batch[:0]
		return nil
	}
	for _, path := range files {
		if err := posfile.Lines(path, func(n int, line string) error {
			fen, rest, _ := strings.Cut(line, ";")
			p, err := core.ParseFEN(fen)
			if err != nil {
				return fmt.Errorf("%s:%d: %w", path, n, err)
			}
			j := rescoreJob{fen: fen, white: p.SideToMove() == core.White}
			if fields := strings.Split(rest, ";"); len(fields) == 2 {
				j.result = fields[1]
			}
			batch = append(batch, j)
			if len(batch) == rescoreBatch {
				return flush()
			}
			return nil
		}); err != nil {
			return written, dropped, err
		}
	}
	return written, dropped, flush()
}

// score returns j's output line with the engine's score at depth.
func score(ctx context.Context, e *uci.Engine, depth int, j *rescoreJob) (string, error) {
	fen, white := j.fen, j.white
	if err := e.Position(fen); err != nil {
		return "", fmt.Errorf("position %s: %w", fen, err)
	}
	s, err := e.Go(ctx, uci.Limits{Depth: depth})
	if err != nil {
		return "", fmt.Errorf("searching %s: %w", fen, err)
	}
	if _, err := s.Wait(); err != nil {
		return "", fmt.Errorf("searching %s: %w", fen, err)
	}
	lines := s.Lines()
	if len(lines) == 0 || lines[0].Score == nil {
		return "", fmt.Errorf("searching %s: the engine gave no score", fen)
	}
	sc := *lines[0].Score
	if j.result != "" {
		if sc.IsMate {
			return "", nil
		}
		cp := sc.CP
		if !white {
			cp = -cp
		}
		return fmt.Sprintf("%s;%d;%s\n", fen, cp, j.result), nil
	}
	r := expected(sc)
	if !white {
		r = 1 - r
	}
	return fmt.Sprintf("%s;%.4f\n", fen, r), nil
}

// runRescore runs rescore into the file out (standard output for "-").
func runRescore(ctx context.Context, files []string, enginePath string, depth, workers int, out string, stdout, stderr io.Writer) error {
	w, err := posfile.Create(out, stdout)
	if err != nil {
		return err
	}
	defer w.Close() // on an error return; the end closes it and checks
	written, dropped, err := rescore(ctx, files, enginePath, depth, workers, w, stderr)
	stopped := err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err())
	if err != nil && !stopped {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	if stopped {
		fmt.Fprintln(stderr, "label: stopped by a signal; the batch being scored is dropped")
	}
	fmt.Fprintf(stderr, "label: %d positions written, %d left out (a mate score)\n", written, dropped)
	return nil
}
