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
	"golang.org/x/perf/benchunit"
)

// errNoResults means the input held no benchmark named as bench/ names them.
var errNoResults = errors.New("no benchmark results of the form Benchmark<Op>/<library>/<position>")

// order is the order of bench/'s tables, the headline first; other
// benchmarks follow in the order they ran.
var order = []string{"Perft", "PerftFull", "LegalMoves", "MakeUnmake", "HashUpdate", "ParseFEN"}

// titles describe bench/'s benchmarks above their tables.
var titles = map[string]string{
	"Perft":      "Perft, bulk counting (the last ply's moves counted, not made)",
	"PerftFull":  "Perft, every leaf move made",
	"LegalMoves": "Legal move generation",
	"MakeUnmake": "Make and unmake every legal move",
	"HashUpdate": "Make, read the Zobrist key, unmake, over every legal move",
	"ParseFEN":   "FEN parsing",
}

type namedReader struct {
	name string
	r    io.Reader
}

// family is one benchmark function: its rows, libraries and samples.
type family struct {
	name string
	unit string // "Mnps" or else "B/s" when any of its results reports it, else "sec/op"
	rows []string
	libs []string
	// values holds each (row, library)'s samples of each unit.
	values map[cell]map[string][]float64
}

type cell struct{ row, lib string }

// table is every family of one run, in order of first appearance.
type table struct {
	ref      string
	families []*family
}

// readTable reads results in the Go benchmark format.
func readTable(inputs []namedReader, ref string) (*table, error) {
	t := &table{ref: ref}
	byName := map[string]*family{}
	for _, in := range inputs {
		br := benchfmt.NewReader(in.r, in.name)
		for br.Scan() {
			res, ok := br.Result().(*benchfmt.Result)
			if !ok {
				continue // other output: PASS, ok, logs
			}
			name, lib, row, ok := splitName(res.Name)
			if !ok {
				continue
			}
			f := byName[name]
			if f == nil {
				f = &family{name: name, unit: "sec/op", values: map[cell]map[string][]float64{}}
				byName[name] = f
				t.families = append(t.families, f)
			}
			if !slices.Contains(f.rows, row) {
				f.rows = append(f.rows, row)
			}
			if !slices.Contains(f.libs, lib) {
				f.libs = append(f.libs, lib)
			}
			c := cell{row, lib}
			if f.values[c] == nil {
				f.values[c] = map[string][]float64{}
			}
			for _, v := range res.Values {
				if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) {
					continue // not a measurement
				}
				f.values[c][v.Unit] = append(f.values[c][v.Unit], v.Value)
				switch {
				case v.Unit == "Mnps":
					f.unit = "Mnps"
				case v.Unit == "B/s" && f.unit != "Mnps":
					f.unit = "B/s"
				}
			}
		}
		if err := br.Err(); err != nil {
			return nil, fmt.Errorf("reading %s: %w", in.name, err)
		}
	}
	if len(t.families) == 0 {
		return nil, errNoResults
	}
	slices.SortStableFunc(t.families, func(a, b *family) int {
		return rank(a.name) - rank(b.name)
	})
	for _, f := range t.families {
		// The reference library leads, the others keep their order.
		if i := slices.Index(f.libs, ref); i > 0 {
			f.libs = append([]string{ref}, slices.Delete(f.libs, i, i+1)...)
		}
	}
	return t, nil
}

// rank is a family's place in order; unknown ones come after, as they ran.
func rank(name string) int {
	if i := slices.Index(order, name); i >= 0 {
		return i
	}
	return len(order)
}

// splitName takes "Perft/gambit/start/d5-2" apart into the benchmark
// ("Perft"), the library ("gambit") and the row ("start/d5"); GOMAXPROCS
// and key=value parts are left out of the row.
func splitName(n benchfmt.Name) (name, lib, row string, ok bool) {
	base, parts := n.Parts()
	var positional []string
	for _, p := range parts {
		s := string(p)
		if strings.HasPrefix(s, "/") && !strings.Contains(s, "=") {
			positional = append(positional, s[1:])
		}
	}
	if len(positional) < 2 {
		return "", "", "", false
	}
	return string(base), positional[0], strings.Join(positional[1:], "/"), true
}

// median returns the median of values, or false when there are none.
func median(values []float64) (float64, bool) {
	if len(values) == 0 {
		return 0, false
	}
	s := benchmath.NewSample(values, &benchmath.DefaultThresholds)
	return benchmath.AssumeNothing.Summary(s, 0.95).Center, true
}

// writeMarkdown writes one table a family. The ratio column after each
// other library says how many times faster the reference library is:
// reference Mnps or MB/s over theirs, or their time over the reference's.
func (t *table) writeMarkdown(w io.Writer) error {
	for i, f := range t.families {
		if i > 0 {
			fmt.Fprintln(w)
		}
		title := titles[f.name]
		if title == "" {
			title = f.name
		}
		what := "time an operation, lower is better"
		switch f.unit {
		case "Mnps":
			what = "million nodes a second, higher is better"
		case "B/s":
			what = "MB of PGN text a second, higher is better"
		}
		fmt.Fprintf(w, "**%s** (%s)\n\n", title, what)

		header := []string{"position"}
		align := []string{"---"}
		hasRef := slices.Contains(f.libs, t.ref)
		for _, lib := range f.libs {
			header = append(header, lib)
			align = append(align, "---:")
			if hasRef && lib != t.ref {
				header = append(header, t.ref+" ×")
				align = append(align, "---:")
			}
		}
		fmt.Fprintf(w, "| %s |\n|%s|\n", strings.Join(header, " | "), strings.Join(align, "|"))
		for _, row := range f.rows {
			cells := []string{row}
			ref, refOK := median(f.values[cell{row, t.ref}][f.unit])
			for _, lib := range f.libs {
				v, ok := median(f.values[cell{row, lib}][f.unit])
				cells = append(cells, formatValue(v, ok, f.unit))
				if hasRef && lib != t.ref {
					cells = append(cells, formatRatio(ref, refOK, v, ok, f.unit))
				}
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
		}
	}
	return nil
}

func formatValue(v float64, ok bool, unit string) string {
	if !ok {
		return "–"
	}
	if unit == "B/s" {
		v /= 1e6 // MB/s
	}
	if unit == "Mnps" || unit == "B/s" {
		// At least three significant digits: the slow peers run below 1.
		var s string
		switch {
		case v >= 100:
			s = fmt.Sprintf("%.0f", v)
		case v >= 10:
			s = fmt.Sprintf("%.1f", v)
		case v >= 1:
			s = fmt.Sprintf("%.2f", v)
		default:
			s = fmt.Sprintf("%.3f", v)
		}
		if unit == "B/s" {
			s += " MB/s"
		}
		return s
	}
	// sec/op: 299.6n becomes 299.6 ns.
	return strings.TrimSpace(benchunit.Scale(v, benchunit.Decimal)) + "s"
}

// formatRatio says how many times faster ref is than v.
func formatRatio(ref float64, refOK bool, v float64, ok bool, unit string) string {
	if !refOK || !ok || ref == 0 || v == 0 {
		return "–"
	}
	r := v / ref
	if unit == "Mnps" || unit == "B/s" {
		r = ref / v // higher is better
	}
	switch {
	case r >= 100:
		return fmt.Sprintf("%.0f×", r)
	case r >= 10:
		return fmt.Sprintf("%.1f×", r)
	}
	return fmt.Sprintf("%.2f×", r)
}
