package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// chartPalette colours the benchmarks' lines, in order; a chart of more
// benchmarks than colours uses them again with dashes.
var chartPalette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// chart is the layout of the history's SVG line chart: commits along x,
// each benchmark's instructions per op along y as a percentage of its
// first figure (100 % is the first commit that has it).
type chart struct {
	width, height          float64
	left, right, top, plot float64 // the plot area: x from left to right, y from top to top+plot
	lo, hi, step           float64 // the y axis, in percent
	n                      int     // commits
	legendTop              float64
}

// Chart geometry, in pixels.
const (
	chartWidth      = 960
	chartPlotHeight = 360
	chartLegendRow  = 20
)

// newChart lays out a chart of h: the y axis spans every relative figure,
// rounded out to a tick step that gives at most ten ticks.
func newChart(h *history) chart {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range h.Rows {
		base, i := r.first()
		if i < 0 || base == 0 {
			continue
		}
		for _, v := range r.Instructions {
			if v != nil {
				p := 100 * *v / base
				lo, hi = min(lo, p), max(hi, p)
			}
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = 100, 100
	}
	step := 0.01
	for _, s := range []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = s
		if (hi-lo)/s <= 8 {
			break
		}
	}
	lo = math.Floor(lo/step+1e-9) * step
	hi = math.Ceil(hi/step-1e-9) * step
	if hi-lo < step/2 {
		lo, hi = lo-step, hi+step
	}
	c := chart{width: chartWidth, left: 80, right: chartWidth - 30, top: 60, plot: chartPlotHeight, lo: lo, hi: hi, step: step, n: len(h.Commits)}
	c.legendTop = c.top + c.plot + 90
	c.height = c.legendTop + float64(len(h.Rows))*chartLegendRow + 20
	return c
}

// x is the horizontal position of commit i.
func (c chart) x(i int) float64 {
	if c.n < 2 {
		return (c.left + c.right) / 2
	}
	return c.left + float64(i)*(c.right-c.left)/float64(c.n-1)
}

// y is the vertical position of a figure of pct percent.
func (c chart) y(pct float64) float64 {
	return c.top + c.plot*(c.hi-pct)/(c.hi-c.lo)
}

// writeHistorySVG draws the history as an SVG line chart: a line a
// benchmark through its relative figures (a gap where a commit lacks it),
// a dot at each figure, the commits' short hashes under the x axis, and a
// legend with each benchmark's change over the range.
func writeHistorySVG(w io.Writer, h *history) error {
	c := newChart(h)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", c.width, c.height, c.width, c.height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%g" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", c.left, html.EscapeString(fmt.Sprintf("Instructions per op, %s to %s (100 %% = a benchmark's first count)", h.Commits[0].Short, h.Commits[len(h.Commits)-1].Short)))
	fmt.Fprintf(&b, `<text x="%g" y="42" fill="#555555">counted by valgrind at each commit; lower is better</text>`+"\n", c.left)

	// The y grid and its labels.
	for v := c.lo; v <= c.hi+c.step/2; v += c.step {
		y := c.y(v)
		stroke := "#dddddd"
		if math.Abs(v-100) < c.step/1000 {
			stroke = "#999999"
		}
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="%s" stroke-width="1"/>`+"\n", c.left, y, c.right, y, stroke)
		fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="end" dominant-baseline="middle">%s %%</text>`+"\n", c.left-8, y, trimFloat(v))
	}
	// The x axis: a tick and a label a commit (every k-th when crowded).
	every := max(1, (c.n+39)/40)
	for i, cm := range h.Commits {
		x := c.x(i)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g" stroke="#999999" stroke-width="1"/>`+"\n", x, c.top+c.plot, x, c.top+c.plot+5)
		if i%every == 0 || i == c.n-1 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%g" transform="rotate(-45 %.1f %g)" text-anchor="end" font-family="monospace"><title>%s</title>%s</text>`+"\n",
				x, c.top+c.plot+18, x, c.top+c.plot+18, html.EscapeString(cm.Subject), html.EscapeString(cm.Short))
		}
	}
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#999999"/>`+"\n", c.left, c.top, c.right-c.left, c.plot)

	// A line and dots a benchmark.
	for k, r := range h.Rows {
		colour, dash := chartPalette[k%len(chartPalette)], ""
		if k >= len(chartPalette) {
			dash = ` stroke-dasharray="6 3"`
		}
		base, i0 := r.first()
		if i0 < 0 || base == 0 {
			continue
		}
		var path strings.Builder
		pen := false
		for i, v := range r.Instructions {
			if v == nil {
				pen = false
				continue
			}
			cmd := "L"
			if !pen {
				cmd = "M"
			}
			fmt.Fprintf(&path, "%s%.1f %.1f ", cmd, c.x(i), c.y(100**v/base))
			pen = true
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n", strings.TrimSpace(path.String()), colour, dash)
		for i, v := range r.Instructions {
			if v != nil {
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s at %s: %s instructions/op</title></circle>`+"\n",
					c.x(i), c.y(100**v/base), colour, html.EscapeString(r.Name), h.Commits[i].Short, thousands(*v))
			}
		}
		// Its legend row.
		ly := c.legendTop + float64(k)*chartLegendRow
		label := r.Name
		if d, ok := r.change(); ok {
			label += fmt.Sprintf(" (%s): %s", r.Pkg, signedPercent(d))
		} else {
			label += fmt.Sprintf(" (%s)", r.Pkg)
		}
		fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="3"%s/>`+"\n", c.left, ly, c.left+24, ly, colour, dash)
		fmt.Fprintf(&b, `<text x="%g" y="%g" dominant-baseline="middle">%s</text>`+"\n", c.left+32, ly, html.EscapeString(label))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// trimFloat formats v with up to two decimals and no trailing zeros.
func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
