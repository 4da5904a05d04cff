package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
)

// errNoResults means an input held no benchmark result at all: usually a
// -bench pattern that matches nothing.
var errNoResults = errors.New("no benchmark results")

// gate is the regression rule: a gated unit of a benchmark present on both
// sides regresses when the head is worse than the base by more than
// threshold percent and the difference is significant (p < alpha).
type gate struct {
	threshold float64  // percent
	alpha     float64  // significance level of the Mann-Whitney U test
	units     []string // tidied units that can fail the gate, such as "sec/op"
}

// row is the comparison of one benchmark in one unit.
type row struct {
	pkg, name, unit string
	base, head      []float64 // the samples; one of them is nil when the benchmark is on one side only
	baseSum         benchmath.Summary
	headSum         benchmath.Summary
	cmp             benchmath.Comparison
	// worse is how much worse the head's center is than the base's, in
	// percent: positive is worse whichever way the unit is better.
	worse      float64
	better     int // +1 when higher values of the unit are better, -1 when lower ones are
	gated      bool
	regression bool
	warnings   []error
}

// comparison is every row, in input order, grouped by unit by the table.
type comparison struct {
	rows  []row
	units []string // in order of first appearance
	gate  gate
}

// regressions returns the rows that fail the gate.
func (c *comparison) regressions() []row {
	var out []row
	for _, r := range c.rows {
		if r.regression {
			out = append(out, r)
		}
	}
	return out
}

// sampleKey identifies one benchmark in one unit.
type sampleKey struct{ pkg, name, unit string }

// samples is one side's measurements, in order of first appearance.
type samples struct {
	order  []sampleKey
	values map[sampleKey][]float64
	units  benchfmt.UnitMetadataMap
}

// readSamples reads benchmark results in the Go benchmark format. Lines that
// are not results (test output, PASS, ok) are skipped, as benchstat does, and
// so are values that are not finite numbers.
func readSamples(r io.Reader, name string) (*samples, error) {
	s := &samples{values: map[sampleKey][]float64{}}
	br := benchfmt.NewReader(r, name)
	for br.Scan() {
		res, ok := br.Result().(*benchfmt.Result)
		if !ok {
			continue // unit metadata is read through Units; syntax errors are other output
		}
		for _, v := range res.Values {
			if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) {
				// Not a measurement (a custom metric divided by zero, say);
				// the U test does not terminate on NaN.
				continue
			}
			k := sampleKey{pkg: res.GetConfig("pkg"), name: string(res.Name.Full()), unit: v.Unit}
			if _, seen := s.values[k]; !seen {
				s.order = append(s.order, k)
			}
			s.values[k] = append(s.values[k], v.Value)
		}
	}
	if err := br.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(s.order) == 0 {
		return nil, fmt.Errorf("%s: %w", name, errNoResults)
	}
	s.units = br.Units()
	return s, nil
}

// compare reads the base and head results and applies the gate to them.
func compare(base, head io.Reader, g gate) (*comparison, error) {
	bs, err := readSamples(base, "base")
	if err != nil {
		return nil, err
	}
	hs, err := readSamples(head, "head")
	if err != nil {
		return nil, err
	}
	c := &comparison{gate: g}
	thresholds := benchmath.DefaultThresholds
	thresholds.CompareAlpha = g.alpha
	addRow := func(k sampleKey) {
		if !slices.Contains(c.units, k.unit) {
			c.units = append(c.units, k.unit)
		}
		r := row{pkg: k.pkg, name: k.name, unit: k.unit, base: bs.values[k], head: hs.values[k], better: better(hs.units, k.unit)}
		assumption := hs.units.GetAssumption(k.unit)
		if r.base != nil {
			sample := benchmath.NewSample(r.base, &thresholds)
			r.baseSum = assumption.Summary(sample, 0.95)
			r.warnings = append(r.warnings, sample.Warnings...)
			r.warnings = append(r.warnings, r.baseSum.Warnings...)
		}
		if r.head != nil {
			sample := benchmath.NewSample(r.head, &thresholds)
			r.headSum = assumption.Summary(sample, 0.95)
			r.warnings = append(r.warnings, sample.Warnings...)
			r.warnings = append(r.warnings, r.headSum.Warnings...)
		}
		if r.base != nil && r.head != nil {
			r.cmp = assumption.Compare(benchmath.NewSample(r.base, &thresholds), benchmath.NewSample(r.head, &thresholds))
			r.warnings = append(r.warnings, r.cmp.Warnings...)
			r.worse = worsePercent(r.baseSum.Center, r.headSum.Center, r.better)
			r.gated = slices.Contains(g.units, k.unit)
			r.regression = r.gated && r.cmp.P < g.alpha && r.worse > g.threshold
		}
		c.rows = append(c.rows, r)
	}
	for _, k := range bs.order {
		addRow(k)
	}
	for _, k := range hs.order {
		if _, inBase := bs.values[k]; !inBase {
			addRow(k)
		}
	}
	return c, nil
}

// better returns +1 when higher values of unit are better and -1 when lower
// ones are. Unit metadata ("Unit X better=higher") and benchfmt's defaults
// come first; other rates (units ending in "/s", and nodes a second such as
// Mnps) are taken as higher-is-better, and everything else as a cost.
func better(units benchfmt.UnitMetadataMap, unit string) int {
	if b := units.GetBetter(unit); b != 0 {
		return b
	}
	if strings.HasSuffix(unit, "/s") || strings.HasSuffix(unit, "nps") {
		return 1
	}
	return -1
}

// worsePercent returns how much worse head is than base, in percent of
// base; negative means better. A cost that grows from zero is infinitely
// worse.
func worsePercent(base, head float64, better int) float64 {
	if base == head {
		return 0
	}
	if base == 0 {
		if better < 0 {
			return math.Inf(1)
		}
		return math.Inf(-1)
	}
	if better < 0 {
		return (head/base - 1) * 100
	}
	return (1 - head/base) * 100
}
