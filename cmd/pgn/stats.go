package main

import (
	"bufio"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/pgn"
)

// counts are the figures of pgn stats.
type counts struct {
	games, broken, plies int
	bytes                int64
	results              map[string]int
}

func (c *counts) add(o counts) {
	c.games += o.games
	c.broken += o.broken
	c.plies += o.plies
	c.bytes += o.bytes
	for k, v := range o.results {
		c.results[k] += v
	}
}

// statsVisitor counts a game's mainline plies and its result, every move
// checked.
type statsVisitor struct {
	pgn.BaseVisitor
	c         *counts
	depth     int
	resultTag string
}

func (v *statsVisitor) BeginGame() { v.depth, v.resultTag = 0, "" }

func (v *statsVisitor) Tag(name, value []byte) {
	if string(name) == "Result" {
		v.resultTag = normalResult(value)
	}
}

func (v *statsVisitor) Move(*core.Position, core.Move) {
	if v.depth == 0 {
		v.c.plies++
	}
}

func (v *statsVisitor) BeginVariation() pgn.Action { v.depth++; return pgn.Continue }
func (v *statsVisitor) EndVariation()              { v.depth-- }

func (v *statsVisitor) EndGame(result string) {
	if result == "" {
		result = v.resultTag
	}
	if result == "" {
		result = "*"
	}
	v.c.results[result]++
}

// normalResult returns the result a Result tag's value names, or "".
func normalResult(v []byte) string {
	switch string(v) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return string(v)
	}
	return ""
}

// stats counts the games, plies, results and errors of the files and the
// speed of reading them.
func stats(e *env, files []string) int {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	status := exitOK
	all := counts{results: map[string]int{}}
	start := time.Now()
	var read int64
	for _, name := range files {
		in, err := openInput(e, name)
		if err != nil {
			cli.Fail(e.stderr, "pgn", err)
			status = exitFail
			continue
		}
		var games atomic.Int64
		stop := startProgress(e.progress, e.stderr, in, &games)
		err = process(newSplitter(in.text, e.chunk), e.workers, func(w *worker, c chunk) counts {
			res := counts{results: map[string]int{}, bytes: int64(len(c.data))}
			v := &statsVisitor{c: &res}
			n, errs := readChunk(w, c, v, nil, &games)
			res.games, res.broken = n, len(errs)
			return res
		}, func(_ chunk, res counts) { all.add(res) })
		stop()
		in.close()
		read += in.read.Load()
		if err != nil {
			cli.FailAt(e.stderr, "pgn", in.name, err)
			status = exitFail
		}
	}
	secs := max(time.Since(start).Seconds(), 1e-9)
	fmt.Fprintf(out, "games       %d\n", all.games)
	fmt.Fprintf(out, "broken      %d\n", all.broken)
	fmt.Fprintf(out, "plies       %d (mainline)\n", all.plies)
	fmt.Fprintf(out, "results     1-0 %d, 0-1 %d, 1/2-1/2 %d, * %d\n",
		all.results["1-0"], all.results["0-1"], all.results["1/2-1/2"], all.results["*"])
	fmt.Fprintf(out, "bytes       %d PGN (%d read)\n", all.bytes, read)
	fmt.Fprintf(out, "time        %.3f s with %d workers\n", secs, e.workers)
	fmt.Fprintf(out, "throughput  %.1f MB/s, %.0f games/s, %.0f plies/s\n",
		float64(all.bytes)/1e6/secs, float64(all.games)/secs, float64(all.plies)/secs)
	if status == exitOK && all.broken > 0 {
		status = exitBroken
	}
	return status
}
