package main

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{math.NaN(), 7, 1, math.NaN(), 4}, 4},
	} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
	if got := median(nil); !math.IsNaN(got) {
		t.Errorf("median(nil) = %v, want NaN", got)
	}
	if got := median([]float64{math.NaN()}); !math.IsNaN(got) {
		t.Errorf("median(NaN) = %v, want NaN", got)
	}
}

// TestTable checks that a cell's ratio is the median of the per-round
// ratios, not the ratio of the medians, and the layout of the table.
func TestTable(t *testing.T) {
	nan := math.NaN()
	start := target{name: "start", depth: 6}
	res := &results{
		programs: []string{"gambit", "peer", "bulk-only"},
		columns:  []column{{t: start}, {t: start, full: true}},
		cells: [][]*cell{
			{{wall: []float64{100, 200, 300}, own: []float64{110, 220, 330}, cpu: []float64{300, 200, 100}}, {wall: []float64{50, 60, 70}, own: []float64{nan, nan, nan}}},
			{{wall: []float64{150, 200, 600}, own: []float64{nan, nan, nan}, cpu: []float64{300, 100, 400}}, {wall: []float64{25, 60, 140}, own: []float64{nan, nan, nan}}},
			{{wall: []float64{10, 20, 30}, own: []float64{22, 44, 66}}, nil},
		},
	}
	// Medians 200 and 200; per-round ratios 1.5, 1, 2: median 1.5 (the
	// ratio of the medians would be 1).
	var b strings.Builder
	if err := res.writeTable(&b, 0, wallClock); err != nil {
		t.Fatal(err)
	}
	want := "| program | start d6 bulk | start d6 every leaf made |\n" +
		"|---|---:|---:|\n" +
		"| **gambit** | 200 | 60.0 |\n" +
		"| peer | 200 (1.50×) | 60.0 (1.00×) |\n" +
		"| bulk-only | 20.0 (0.10×) | – |\n"
	if b.String() != want {
		t.Errorf("wall clock table:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := res.writeTable(&b, 0, ownTimer); err != nil {
		t.Fatal(err)
	}
	want = "| program | start d6 bulk | start d6 every leaf made |\n" +
		"|---|---:|---:|\n" +
		"| **gambit** | 220 | – |\n" +
		"| peer | – | – |\n" +
		"| bulk-only | 44.0 (0.20×) | – |\n"
	if b.String() != want {
		t.Errorf("own timer table:\n%s\nwant:\n%s", b.String(), want)
	}
	// CPU time: medians 200 and 300; ratios 1, 0.5, 4: median 1.
	b.Reset()
	if err := res.writeTable(&b, 0, cpuTime); err != nil {
		t.Fatal(err)
	}
	want = "| program | start d6 bulk | start d6 every leaf made |\n" +
		"|---|---:|---:|\n" +
		"| **gambit** | 200 | – |\n" +
		"| peer | 300 (1.00×) | – |\n" +
		"| bulk-only | – | – |\n"
	if b.String() != want {
		t.Errorf("CPU time table:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestFigure(t *testing.T) {
	for x, want := range map[float64]string{503.4: "503", 70.44: "70.4", 7.456: "7.46", 0.5: "0.50"} {
		if got := figure(x); got != want {
			t.Errorf("figure(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestCPUModel(t *testing.T) {
	info := "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9B14\nflags\t\t: fpu avx2 bmi2\n\nprocessor\t: 1\nmodel name\t: other\n"
	if got := cpuModel([]byte(info)); got != "AMD EPYC 9B14" {
		t.Errorf("cpuModel = %q, want %q", got, "AMD EPYC 9B14")
	}
	if got := cpuModel([]byte("processor : 0\n")); got != "" {
		t.Errorf("cpuModel without a model name = %q, want \"\"", got)
	}
}

func TestRatio(t *testing.T) {
	for q, want := range map[float64]string{1.5: "1.50", 0.1: "0.10", 0.0345678: "0.0346", 0.00123: "0.00123"} {
		if got := ratio(q); got != want {
			t.Errorf("ratio(%v) = %q, want %q", q, got, want)
		}
	}
}

// TestShortRuns checks that a cell with a run under -min-seconds is
// marked in the table and named in the warning lines, and that one with
// none, or no floor, is not.
func TestShortRuns(t *testing.T) {
	horde := target{name: "horde start", depth: 8, engine: &target{name: "horde start", depth: 7}}
	res := &results{
		programs: []string{"gambit", "fairy"},
		columns:  []column{{t: horde}},
		cells: [][]*cell{
			{{wall: []float64{500, 400, 450}, seconds: []float64{3.1, 0.8, 2.9}}},
			{{wall: []float64{20, 20, 20}, seconds: []float64{3.4, 3.5, 3.3}}},
		},
		minSeconds: 1,
	}
	want := []string{"gambit, horde start d8/7 bulk: 1 of 3 runs, the shortest 0.800 s"}
	if got := res.shortRuns(); !slices.Equal(got, want) {
		t.Errorf("shortRuns = %q, want %q", got, want)
	}
	var b strings.Builder
	if err := res.writeTable(&b, 0, wallClock); err != nil {
		t.Fatal(err)
	}
	table := "| program | horde start d8/7 bulk |\n" +
		"|---|---:|\n" +
		"| **gambit** | 450† |\n" +
		"| fairy | 20.0 (0.0444×) |\n"
	if b.String() != table {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), table)
	}
	res.minSeconds = 0
	if got := res.shortRuns(); len(got) != 0 {
		t.Errorf("shortRuns with no floor = %q, want none", got)
	}
}
