package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchunit"
)

// writeTable prints the comparison as benchstat does: one table a unit, the
// median and its 95% confidence interval on each side, the change when it is
// significant ("~" when not), the p-value and sample sizes. Rows that fail
// the gate are marked REGRESSION. Warnings (too few samples and the like)
// follow each table.
func writeTable(w io.Writer, c *comparison) error {
	for n, unit := range c.units {
		if n > 0 {
			fmt.Fprintln(w)
		}
		direction := "lower is better"
		if i := slices.IndexFunc(c.rows, func(r row) bool { return r.unit == unit }); c.rows[i].better > 0 {
			direction = "higher is better"
		}
		gated := ""
		if slices.Contains(c.gate.units, unit) {
			gated = fmt.Sprintf("; gate: fails when worse by more than %g%% with p < %g", c.gate.threshold, c.gate.alpha)
		}
		fmt.Fprintf(w, "%s (%s%s)\n", unit, direction, gated)
		var pkgs []string
		for _, r := range c.rows {
			if r.unit == unit && !slices.Contains(pkgs, r.pkg) {
				pkgs = append(pkgs, r.pkg)
			}
		}
		// notes holds each warning once, in order; noted, the benchmarks it concerns.
		var notes []string
		noted := map[string][]string{}
		for _, pkg := range pkgs {
			if pkg != "" {
				fmt.Fprintf(w, "pkg: %s\n", pkg)
			}
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintf(tw, "\tbase\thead\tvs base\n")
			for _, r := range c.rows {
				if r.unit != unit || r.pkg != pkg {
					continue
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s%s\n", r.name,
					summaryCell(r.base, r.baseSum.Center, r.baseSum.PctRangeString(), unit),
					summaryCell(r.head, r.headSum.Center, r.headSum.PctRangeString(), unit),
					deltaCell(r), verdictCell(r))
				for _, warning := range r.warnings {
					msg := warning.Error()
					if _, ok := noted[msg]; !ok {
						notes = append(notes, msg)
					}
					if !slices.Contains(noted[msg], r.name) {
						noted[msg] = append(noted[msg], r.name)
					}
				}
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
		for _, msg := range notes {
			names := noted[msg]
			if len(names) > 3 {
				names = append(names[:3:3], fmt.Sprintf("and %d more", len(noted[msg])-3))
			}
			fmt.Fprintf(w, "note: %s: %s\n", msg, strings.Join(names, ", "))
		}
	}
	return nil
}

// summaryCell formats a side's median and confidence interval, or a dash
// when the benchmark did not run on that side.
func summaryCell(values []float64, center float64, pct, unit string) string {
	if values == nil {
		return "-"
	}
	return benchunit.Scale(center, benchunit.ClassOf(unit)) + " ± " + pct
}

func deltaCell(r row) string {
	switch {
	case r.base == nil:
		return "(only in head)"
	case r.head == nil:
		return "(only in base)"
	}
	return r.cmp.FormatDelta(r.baseSum.Center, r.headSum.Center) + " (" + r.cmp.String() + ")"
}

func verdictCell(r row) string {
	if r.regression {
		return "  REGRESSION"
	}
	return ""
}

// writeVerdict prints the one-line outcome and, on failure, every regressed
// benchmark with how much worse it is.
func writeVerdict(w io.Writer, c *comparison) {
	gated := 0
	for _, r := range c.rows {
		if r.gated {
			gated++
		}
	}
	regs := c.regressions()
	if len(regs) == 0 {
		fmt.Fprintf(w, "benchgate: PASS: no regression beyond %g%% (p < %g) in %d comparison(s) of %s\n",
			c.gate.threshold, c.gate.alpha, gated, strings.Join(c.gate.units, ", "))
		return
	}
	fmt.Fprintf(w, "benchgate: FAIL: %d regression(s) beyond %g%% (p < %g):\n", len(regs), c.gate.threshold, c.gate.alpha)
	for _, r := range regs {
		worse := "from zero"
		if !math.IsInf(r.worse, 0) {
			worse = fmt.Sprintf("%.2f%% worse", r.worse)
		}
		fmt.Fprintf(w, "  %s %s: %s (%s)\n", r.name, r.unit, worse, r.cmp.String())
	}
}
