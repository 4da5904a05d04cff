package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// historyRepo makes the fixture repository with three more commits: 1 %
// more rounds, 10 % more rounds, and a change that touches no code.
func historyRepo(t *testing.T) string {
	t.Helper()
	repo := fixtureRepo(t)
	commit := func(msg string) {
		git(t, repo, "add", "lib")
		git(t, repo, "-c", "user.name=benchgate", "-c", "user.email=benchgate@example.com", "commit", "-q", "--allow-empty", "-m", msg)
	}
	writeFile(t, filepath.Join(repo, "lib", "lib.go"), fixtureLib(fixtureIterations*101/100))
	commit("one percent more")
	writeFile(t, filepath.Join(repo, "lib", "lib.go"), fixtureLib(fixtureIterations*110/100))
	commit("ten percent more")
	commit("a message only")
	return repo
}

// TestHistoryEndToEnd counts the fixture's benchmark at four commits: the
// figures move by the work each commit added, to within the gate's
// allowance, and the Markdown, JSON and SVG outputs say the same.
func TestHistoryEndToEnd(t *testing.T) {
	repo := historyRepo(t)
	t.Chdir(repo)
	out := t.TempDir()
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-metric", "instructions", "-history", "HEAD~3..HEAD", "-head-dir", "benchdir",
		"-json", filepath.Join(out, "h.json"), "-markdown", filepath.Join(out, "h.md"), "-svg", filepath.Join(out, "h.svg"), "./benchdir"},
		&stdout, &stderr)
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())

	data, err := os.ReadFile(filepath.Join(out, "h.json"))
	require.NoError(t, err)
	var h history
	require.NoError(t, json.Unmarshal(data, &h))
	require.Len(t, h.Commits, 4)
	assert.Equal(t, []string{"base", "one percent more", "ten percent more", "a message only"},
		[]string{h.Commits[0].Subject, h.Commits[1].Subject, h.Commits[2].Subject, h.Commits[3].Subject})
	require.Len(t, h.Rows, 1)
	r := h.Rows[0]
	assert.Equal(t, "Work", r.Name)
	require.Len(t, r.Instructions, 4)
	for i, v := range r.Instructions {
		require.NotNil(t, v, "commit %d", i)
	}
	base := *r.Instructions[0]
	for i, want := range []float64{0, 1, 10, 10} {
		got := 100 * (*r.Instructions[i] - base) / base
		allow := countAllowance(base, r.N2-r.N1, int(want))
		assert.InDelta(t, want, got, allow, "commit %d (%s): %+.3f%%", i, h.Commits[i].Subject, got)
	}

	md, err := os.ReadFile(filepath.Join(out, "h.md"))
	require.NoError(t, err)
	assert.Equal(t, stdout.String(), string(md))
	assert.Contains(t, string(md), "| `"+h.Commits[2].Short+"` ten percent more |")
	assert.Contains(t, string(md), "- Work (example.com/instrfixture/benchdir): ")

	svgData, err := os.ReadFile(filepath.Join(out, "h.svg"))
	require.NoError(t, err)
	assert.Equal(t, 4, strings.Count(string(svgData), "<circle "), "a dot a commit")
	for _, c := range h.Commits {
		assert.Contains(t, string(svgData), ">"+c.Short+"</text>")
	}
	assert.NotContains(t, git(t, repo, "worktree", "list"), "benchgate-", "the worktrees are removed")
}

func TestHistoryRefusals(t *testing.T) {
	repo := historyRepo(t)
	t.Chdir(repo)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"not a range", []string{"-metric", "instructions", "-history", "HEAD"}, `-history "HEAD": want a range FROM..TO`},
		{"three dots", []string{"-metric", "instructions", "-history", "HEAD~1...HEAD"}, "want a range FROM..TO"},
		{"unknown start", []string{"-metric", "instructions", "-history", "nosuch..HEAD"}, "nosuch is not a commit"},
		{"unknown end", []string{"-metric", "instructions", "-history", "HEAD~1..nosuch"}, "nosuch is not a commit"},
		{"empty", []string{"-metric", "instructions", "-history", "HEAD..HEAD"}, "no commit after HEAD"},
		{"too long", []string{"-metric", "instructions", "-history", "HEAD~3..HEAD", "-history-max", "2"}, "3 commits after HEAD~3, more than -history-max 2"},
		{"wall time", []string{"-history", "HEAD~1..HEAD"}, "-history counts instructions: give -metric instructions"},
		{"with a base", []string{"-metric", "instructions", "-history", "HEAD~1..HEAD", "-base", "HEAD"}, "-history and -base"},
		{"a chart without history", []string{"-metric", "instructions", "-base", "HEAD", "-svg", "x.svg"}, "-svg draws the chart of -history"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(context.Background(), append(tc.args, "./benchdir"), &stdout, &stderr)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr.String(), tc.want)
			assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), "one line: %s", stderr.String())
			assert.Empty(t, stdout.String())
		})
	}
}

// sampleHistory is a history of three benchmarks over five commits: one
// falling by 10 % then flat, one rising by 5 %, and one that the first
// two commits lack.
func sampleHistory() *history {
	f := func(v float64) *float64 { return &v }
	h := &history{Metric: "instructions"}
	for i := range 5 {
		h.Commits = append(h.Commits, historyCommit{Hash: strings.Repeat(fmt.Sprint(i), 40), Short: fmt.Sprintf("c%d00000", i), Subject: fmt.Sprintf("commit %d <&>", i)})
	}
	h.Rows = []historyRow{
		{Pkg: "example.com/p", Name: "Perft/start", N1: 2, N2: 10, Instructions: []*float64{f(1000), f(950), f(900), f(900), f(900)}},
		{Pkg: "example.com/p", Name: "Make|Unmake", N1: 2, N2: 10, Instructions: []*float64{f(200), f(200), f(205), f(210), f(210)}},
		{Pkg: "example.com/q", Name: "New", N1: 2, N2: 10, Instructions: []*float64{nil, nil, f(50), f(50), f(49)}},
	}
	return h
}

func TestHistoryMarkdown(t *testing.T) {
	var b strings.Builder
	writeHistoryMarkdown(&b, sampleHistory())
	md := b.String()
	assert.Contains(t, md, "| commit | Perft/start | Make\\|Unmake | New |\n|---|---:|---:|---:|\n")
	assert.Contains(t, md, "| `c000000` commit 0 <&> | 1,000 | 200 | - |\n")
	assert.Contains(t, md, "| `c200000` commit 2 <&> | 900 (-5.26%) | 205 (+2.50%) | 50 |\n")
	assert.Contains(t, md, "| `c400000` commit 4 <&> | 900 (+0.00%) | 210 (+0.00%) | 49 (-2.00%) |\n")
	assert.Contains(t, md, "- Perft/start (example.com/p): 1,000 -> 900, -10.00% from `c000000` to `c400000`\n")
	assert.Contains(t, md, "- New (example.com/q): 50 -> 49, -2.00% from `c200000` to `c400000`\n")
}

func TestChartAxis(t *testing.T) {
	c := newChart(sampleHistory())
	// Relative figures from 90 % to 105 %: steps of 2 %, from 90 to 106.
	assert.Equal(t, 2.0, c.step)
	assert.InDelta(t, 90, c.lo, 1e-9)
	assert.InDelta(t, 106, c.hi, 1e-9)
	assert.InDelta(t, c.top, c.y(c.hi), 1e-9)
	assert.InDelta(t, c.top+c.plot, c.y(c.lo), 1e-9)
	assert.InDelta(t, c.left, c.x(0), 1e-9)
	assert.InDelta(t, c.right, c.x(4), 1e-9)

	flat := sampleHistory()
	flat.Rows = flat.Rows[:1]
	for _, v := range flat.Rows[0].Instructions {
		*v = 1000
	}
	c = newChart(flat)
	assert.Less(t, c.lo, 100.0, "a flat history still has an axis around 100 %")
	assert.Greater(t, c.hi, 100.0)
}

// chromium is Debian's Chromium, which gambit's scripts/test-deps.sh
// installs.
const chromium = "/usr/bin/chromium"

// TestHistoryChartInChromium draws the sample history, renders the SVG in
// headless Chromium and checks its pixels: each benchmark's dots in its
// colour where the layout puts them, and the background white.
func TestHistoryChartInChromium(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("%s is missing: install Debian's chromium (gambit's make test does) (%v)", chromium, err)
	}
	h := sampleHistory()
	var svg bytes.Buffer
	require.NoError(t, writeHistorySVG(&svg, h))
	c := newChart(h)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "chart.svg"), svg.Bytes(), 0o644))
	page := `<!DOCTYPE html><html><body style="margin:0;background:#808080"><img src="chart.svg" style="position:absolute;left:0;top:0"></body></html>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "page.html"), []byte(page), 0o644))
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-quic", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--force-color-profile=srgb",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", int(c.width), int(c.height)), "file://"+filepath.Join(dir, "page.html"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "chromium: %s", out)
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)

	colour := func(x, y float64) [3]int {
		r, g, b, _ := img.At(int(x), int(y)).RGBA()
		return [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
	}
	hex := func(s string) [3]int {
		var r, g, b int
		_, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
		require.NoError(t, err)
		return [3]int{r, g, b}
	}
	near := func(a, b [3]int) bool {
		for i := range a {
			if d := a[i] - b[i]; d < -12 || d > 12 {
				return false
			}
		}
		return true
	}
	for k, r := range h.Rows {
		// Every line starts at 100 %, where the lines drawn after it may
		// cover its first dot: its other dots are checked.
		base, first := r.first()
		for i, v := range r.Instructions {
			if v == nil || i == first {
				continue
			}
			x, y := c.x(i), c.y(100**v/base)
			assert.True(t, near(hex(chartPalette[k]), colour(x, y)), "%s at commit %d: (%.0f,%.0f) is %v, want %s", r.Name, i, x, y, colour(x, y), chartPalette[k])
		}
	}
	white := [3]int{255, 255, 255}
	// Between the first two commits above every line, off the grid, and a
	// corner of the plot.
	mid := (c.x(0) + c.x(1)) / 2
	assert.True(t, near(white, colour(mid, c.y(103))), "above the lines: %v", colour(mid, c.y(103)))
	assert.True(t, near(white, colour(c.right-10, c.top+10)), "the plot's corner: %v", colour(c.right-10, c.top+10))
}
