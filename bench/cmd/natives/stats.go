package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// median returns the median of xs (the mean of the middle two for an even
// count), NaN for none. NaN values are left out.
func median(xs []float64) float64 {
	s := make([]float64, 0, len(xs))
	for _, x := range xs {
		if !math.IsNaN(x) {
			s = append(s, x)
		}
	}
	if len(s) == 0 {
		return math.NaN()
	}
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// mnps is millions of leaves a second, NaN for no time.
func mnps(nodes uint64, d time.Duration) float64 {
	if d <= 0 {
		return math.NaN()
	}
	return float64(nodes) / d.Seconds() / 1e6
}

// cell is one program's figures on one column (a target and a counting
// style) over every round, index by round.
type cell struct {
	wall, own, cpu []float64 // Mnps, NaN where there is none
	// seconds are the runs' lengths by the wall clock of the measured
	// part.
	seconds []float64
}

// shortest returns the cell's shortest run in seconds and how many of its
// runs are shorter than min; +Inf and 0 for none.
func (c *cell) shortest(min float64) (float64, int) {
	s, n := math.Inf(1), 0
	for _, x := range c.seconds {
		s = math.Min(s, x)
		if x < min {
			n++
		}
	}
	return s, n
}

// column is a target counted one way: a column of the tables.
type column struct {
	t    target
	full bool
}

func (c column) label() string {
	if c.full {
		return c.t.label() + " every leaf made"
	}
	return c.t.label() + " bulk"
}

// results are every measurement of a run: cells[program][column].
type results struct {
	programs []string
	columns  []column
	cells    [][]*cell // nil where the program does not count that way
	// startup holds, for the programs run as processes, the wall clock
	// seconds of a perft(1) a round: their start-up.
	startup [][]float64
	// minSeconds is the shortest run taken without a warning (0: none).
	minSeconds float64
}

// shortRuns returns a line for each program and column with a run shorter
// than minSeconds: its shortest run and how many of its runs were.
func (r *results) shortRuns() []string {
	var lines []string
	for p, name := range r.programs {
		for col, c := range r.cells[p] {
			if c == nil {
				continue
			}
			if s, n := c.shortest(r.minSeconds); n > 0 {
				lines = append(lines, fmt.Sprintf("%s, %s: %d of %d runs, the shortest %.3f s", name, r.columns[col].label(), n, len(c.seconds), s))
			}
		}
	}
	return lines
}

// clock selects one of a cell's figures: by the wall clock, the
// program's own timer, or CPU time.
type clock int

const (
	wallClock clock = iota
	ownTimer
	cpuTime
)

// figures returns the cell's figures by clock k.
func (c *cell) figures(k clock) []float64 {
	switch k {
	case ownTimer:
		return c.own
	case cpuTime:
		return c.cpu
	}
	return c.wall
}

// ratios returns, for each round, program p's figure over the reference
// program ref's figure in the same round and column, both by clock k: how
// many times gambit's speed it reached.
func (r *results) ratios(p, ref, col int, k clock) []float64 {
	a, b := r.cells[p][col], r.cells[ref][col]
	if a == nil || b == nil {
		return nil
	}
	xs, ys := a.figures(k), b.figures(k)
	out := make([]float64, 0, len(xs))
	for i := range xs {
		if i < len(ys) {
			out = append(out, xs[i]/ys[i])
		}
	}
	return out
}

// writeTable writes one Markdown table: a row a program, a column a target
// and counting style, each cell the median Mnps and, but for the reference
// row (ref), the median per-round ratio to it in brackets, by clock k; "–"
// where a program has no such figure.
func (r *results) writeTable(w io.Writer, ref int, k clock) error {
	var b strings.Builder
	b.WriteString("| program |")
	for _, c := range r.columns {
		fmt.Fprintf(&b, " %s |", c.label())
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---:|", len(r.columns)))
	b.WriteString("\n")
	for p, name := range r.programs {
		if p == ref {
			fmt.Fprintf(&b, "| **%s** |", name)
		} else {
			fmt.Fprintf(&b, "| %s |", name)
		}
		for col := range r.columns {
			c := r.cells[p][col]
			if c == nil {
				b.WriteString(" – |")
				continue
			}
			m := median(c.figures(k))
			if math.IsNaN(m) {
				b.WriteString(" – |")
				continue
			}
			fmt.Fprintf(&b, " %s", figure(m))
			if _, n := c.shortest(r.minSeconds); n > 0 {
				b.WriteString("†")
			}
			if p != ref {
				if q := median(r.ratios(p, ref, col, k)); !math.IsNaN(q) {
					fmt.Fprintf(&b, " (%s×)", ratio(q))
				}
			}
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// figure formats Mnps with three significant digits, as the README's
// tables do.
func figure(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	default:
		return fmt.Sprintf("%.2f", x)
	}
}

// ratio formats a ratio to the reference program with two decimals, and
// one below 0.1 (a program many times slower, as Fairy-Stockfish is on
// the variants) with three significant digits.
func ratio(q float64) string {
	if q < 0.1 {
		return fmt.Sprintf("%.3g", q)
	}
	return fmt.Sprintf("%.2f", q)
}
