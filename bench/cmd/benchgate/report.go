package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// writeInstrTable prints the instruction comparison: one row a benchmark,
// instructions per op on each side and the change, REGRESSION on the rows
// that fail the gate.
func writeInstrTable(w io.Writer, c *instrComparison) error {
	fmt.Fprintf(w, "instructions/op (lower is better; counted by valgrind; gate: fails when worse by more than %g%%)\n", c.threshold)
	pkg := "\x00"
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, r := range c.rows {
		if r.Pkg != pkg {
			if err := tw.Flush(); err != nil {
				return err
			}
			pkg = r.Pkg
			fmt.Fprintf(w, "pkg: %s\n", pkg)
			fmt.Fprintf(tw, "\tbase\thead\tvs base\titerations\n")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d-%d%s\n", r.Name, instrCell(r.Base), instrCell(r.Head), instrDelta(r), r.N2, r.N1, verdictMark(r.Regression))
	}
	return tw.Flush()
}

// instrCell formats instructions per op with thousands separators, or a
// dash for a side without the benchmark.
func instrCell(v *float64) string {
	if v == nil {
		return "-"
	}
	return thousands(*v)
}

// thousands formats v rounded to an integer with comma separators.
func thousands(v float64) string {
	s := fmt.Sprintf("%.0f", math.Abs(v))
	var b strings.Builder
	if v < 0 && s != "0" {
		b.WriteByte('-')
	}
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String()
}

func instrDelta(r instrRow) string {
	switch {
	case r.Base == nil:
		return "(only in head)"
	case r.Head == nil:
		return "(only in base)"
	}
	return signedPercent(r.Worse)
}

// signedPercent formats a change in percent with its sign and two
// decimals; a change that rounds to zero is +0.00%, never -0.00%.
func signedPercent(v float64) string {
	if math.Abs(v) < 0.005 {
		v = 0
	}
	return fmt.Sprintf("%+.2f%%", v)
}

func verdictMark(regression bool) string {
	if regression {
		return "  REGRESSION"
	}
	return ""
}

// writeInstrVerdict prints the outcome and, for every regression, the
// functions that grew most.
func writeInstrVerdict(w io.Writer, c *instrComparison) {
	regs := c.regressions()
	compared := 0
	for _, r := range c.rows {
		if r.Base != nil && r.Head != nil {
			compared++
		}
	}
	if len(regs) == 0 {
		fmt.Fprintf(w, "benchgate: PASS: no benchmark executes more than %g%% more instructions/op (%d compared)\n", c.threshold, compared)
		return
	}
	fmt.Fprintf(w, "benchgate: FAIL: %d benchmark(s) execute more than %g%% more instructions/op:\n", len(regs), c.threshold)
	for _, r := range regs {
		fmt.Fprintf(w, "  %s: %s (%s -> %s)\n", r.Name, signedPercent(r.Worse), thousands(*r.Base), thousands(*r.Head))
		if len(r.Functions) == 0 {
			continue
		}
		fmt.Fprintf(w, "    functions whose own instructions/op grew most:\n")
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
		for _, f := range r.Functions {
			fmt.Fprintf(tw, "      +%s\t%s\t->\t%s\t  \t%s\n", thousands(f.Delta), thousands(f.Base), thousands(f.Head), f.Name)
		}
		tw.Flush()
	}
}

// jsonRow is one wall-time comparison in the -json report.
type jsonRow struct {
	Pkg  string  `json:"pkg"`
	Name string  `json:"name"`
	Unit string  `json:"unit"`
	Base float64 `json:"base_median"`
	Head float64 `json:"head_median"`
	// Worse is how much worse the head's median is, in percent (negative:
	// better), whichever way the unit is better.
	Worse      float64 `json:"worse_percent"`
	P          float64 `json:"p"`
	Gated      bool    `json:"gated"`
	Regression bool    `json:"regression"`
}

// jsonReport is the -json output.
type jsonReport struct {
	Metric    string  `json:"metric"`
	Threshold float64 `json:"threshold_percent"`
	Pass      bool    `json:"pass"`
	// Instructions is the instruction comparison (metric instructions).
	Instructions []instrRow `json:"instructions,omitempty"`
	// Time is the wall-time comparison: the gate for metric time,
	// informative for metric instructions.
	Time []jsonRow `json:"time,omitempty"`
}

func newJSONReport(metric string, threshold float64, pass bool, ic *instrComparison, tc *comparison) jsonReport {
	rep := jsonReport{Metric: metric, Threshold: threshold, Pass: pass}
	if ic != nil {
		rep.Instructions = ic.rows
	}
	if tc != nil {
		for _, r := range tc.rows {
			if r.base == nil || r.head == nil {
				continue
			}
			worse := r.worse
			if math.IsInf(worse, 0) || math.IsNaN(worse) {
				worse = 0 // JSON has no infinities; the medians say it
			}
			rep.Time = append(rep.Time, jsonRow{Pkg: r.pkg, Name: r.name, Unit: r.unit, Base: r.baseSum.Center,
				Head: r.headSum.Center, Worse: worse, P: r.cmp.P, Gated: r.gated, Regression: r.regression})
		}
	}
	return rep
}

func writeJSON(w io.Writer, rep jsonReport) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(rep)
}

// writeMarkdown writes the summary a CI job posts on a pull request: the
// verdict, each regression with the functions that grew, and the whole
// table folded away.
func writeMarkdown(w io.Writer, rep jsonReport) {
	verdict := "passes"
	if !rep.Pass {
		verdict = "**fails**"
	}
	what := "wall time (sec/op, Mann-Whitney U test)"
	if rep.Metric == "instructions" {
		what = "instructions per op, counted by valgrind"
	}
	fmt.Fprintf(w, "### benchgate %s\n\nGate: %s, fails above +%g%%.\n\n", verdict, what, rep.Threshold)
	if rep.Metric == "instructions" {
		for _, r := range rep.Instructions {
			if !r.Regression {
				continue
			}
			fmt.Fprintf(w, "- `%s`: **%s** instructions/op (%s → %s)\n", r.Name, signedPercent(r.Worse), thousands(*r.Base), thousands(*r.Head))
			for _, f := range r.Functions {
				fmt.Fprintf(w, "  - `%s`: +%s instructions/op (%s → %s)\n", f.Name, thousands(f.Delta), thousands(f.Base), thousands(f.Head))
			}
		}
		fmt.Fprintf(w, "\n<details><summary>All %d benchmarks</summary>\n\n| benchmark | base instructions/op | head | change |\n|---|--:|--:|--:|\n", len(rep.Instructions))
		for _, r := range rep.Instructions {
			fmt.Fprintf(w, "| `%s` | %s | %s | %s%s |\n", r.Name, instrCell(r.Base), instrCell(r.Head), instrDelta(r), mdMark(r.Regression))
		}
		fmt.Fprintf(w, "\n</details>\n")
	} else {
		for _, r := range rep.Time {
			if r.Regression {
				fmt.Fprintf(w, "- `%s` %s: **%s** (p=%.3f)\n", r.Name, r.Unit, signedPercent(r.Worse), r.P)
			}
		}
	}
	if len(rep.Time) == 0 {
		return
	}
	title := "Wall time"
	if rep.Metric == "instructions" {
		title = "Wall time (informative, not gated)"
	}
	fmt.Fprintf(w, "\n<details><summary>%s</summary>\n\n| benchmark | unit | base median | head median | worse | p |\n|---|---|--:|--:|--:|--:|\n", title)
	for _, r := range rep.Time {
		fmt.Fprintf(w, "| `%s` | %s | %.4g | %.4g | %s | %.3f%s |\n", r.Name, r.Unit, r.Base, r.Head, signedPercent(r.Worse), r.P, mdMark(r.Regression))
	}
	fmt.Fprintf(w, "\n</details>\n")
}

func mdMark(regression bool) string {
	if regression {
		return " ❌"
	}
	return ""
}
