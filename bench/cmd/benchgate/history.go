package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// The history mode (-history FROM..TO) counts the instructions per op of
// every benchmark at each commit of a range, as the instruction gate counts
// one side: each commit is checked out in a worktree of its own and built
// once, the benchmarks are calibrated on the newest commit, and every
// commit counts the same iterations. It writes the figures as a Markdown
// table, as JSON, and as an SVG line chart (chart.go).

// historyCommit is one commit of the range.
type historyCommit struct {
	Hash    string `json:"hash"`
	Short   string `json:"short"`
	Subject string `json:"subject"`
}

// historyRow is one benchmark's instructions per op at each commit, nil
// where the commit's binary does not have it.
type historyRow struct {
	Pkg          string     `json:"pkg"`
	Name         string     `json:"name"`
	N1           int        `json:"n1"`
	N2           int        `json:"n2"`
	Instructions []*float64 `json:"instructions"`
}

// history is the outcome of the history mode.
type history struct {
	Metric  string          `json:"metric"`
	Commits []historyCommit `json:"commits"`
	Rows    []historyRow    `json:"benchmarks"`
}

// historyCommits returns the commits of rng, "FROM..TO": FROM, then the
// commits that `git rev-list --first-parent FROM..TO` lists, oldest first
// (a merge counts once, as the commit it made on TO's line). More than
// most commits after FROM is an error, so that a mistyped range does not
// start hours of counting.
func historyCommits(ctx context.Context, dir, rng string, most int) ([]historyCommit, error) {
	from, to, ok := strings.Cut(rng, "..")
	if !ok || from == "" || to == "" || strings.HasPrefix(to, ".") {
		return nil, fmt.Errorf("-history %q: want a range FROM..TO, such as v1.0..HEAD", rng)
	}
	first, err := gitOutput(ctx, dir, "log", "-1", "--format=%H%x00%h%x00%s", from+"^{commit}", "--")
	if err != nil {
		return nil, fmt.Errorf("-history %q: %s is not a commit: %w", rng, from, err)
	}
	if _, err := gitOutput(ctx, dir, "rev-parse", "--verify", "--quiet", to+"^{commit}"); err != nil {
		return nil, fmt.Errorf("-history %q: %s is not a commit: %w", rng, to, err)
	}
	rest, err := gitOutput(ctx, dir, "log", "--first-parent", "--reverse", "--format=%H%x00%h%x00%s", from+".."+to, "--")
	if err != nil {
		return nil, fmt.Errorf("-history %q: %w", rng, err)
	}
	lines := []string{first}
	if rest != "" {
		lines = append(lines, strings.Split(rest, "\n")...)
	}
	if len(lines) == 1 {
		return nil, fmt.Errorf("-history %q: no commit after %s on %s's first-parent line", rng, from, to)
	}
	if len(lines)-1 > most {
		return nil, fmt.Errorf("-history %q: %d commits after %s, more than -history-max %d", rng, len(lines)-1, from, most)
	}
	out := make([]historyCommit, len(lines))
	for i, l := range lines {
		f := strings.SplitN(l, "\x00", 3)
		if len(f) != 3 {
			return nil, fmt.Errorf("-history %q: unexpected git log line %q", rng, l)
		}
		out[i] = historyCommit{Hash: f[0], Short: f[1], Subject: f[2]}
	}
	return out, nil
}

// runHistory checks out and builds every commit of rng, calibrates the
// benchmarks on the newest, and counts each at every commit.
func runHistory(ctx context.Context, cfg runConfig, icfg instrConfig, rng string, most int) (h *history, err error) {
	start := time.Now()
	top, err := gitOutput(ctx, cfg.dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("benchgate must run inside a git working tree: %w", err)
	}
	prefix, err := gitOutput(ctx, cfg.dir, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	commits, err := historyCommits(ctx, cfg.dir, rng, most)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "benchgate-")
	if err != nil {
		return nil, fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(cfg.log, "benchgate: %d commits from %s to %s, each in a temporary worktree under %s\n", len(commits), commits[0].Short, commits[len(commits)-1].Short, tmp)

	sides := make([]*side, len(commits))
	for i, c := range commits {
		s, remove, err := checkoutSide(ctx, cfg, top, prefix, c.Hash, c.Short, tmp)
		if err != nil {
			return nil, err
		}
		defer func() { err = errors.Join(err, remove()) }()
		if err := s.build(ctx, cfg, tmp); err != nil {
			return nil, err
		}
		sides[i] = s
	}
	list, err := calibrate(ctx, sides[len(sides)-1], cfg, icfg)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(cfg.log, "benchgate: counting instructions of %d benchmark(s) at %d commits, at two iteration counts each, %d at a time\n", len(list), len(commits), icfg.jobs)
	list, ops, err := countSides(ctx, icfg, sides, list, tmp, cfg.log)
	if err != nil {
		return nil, err
	}
	h = &history{Metric: "instructions", Commits: commits}
	for i, b := range list {
		r := historyRow{Pkg: b.pkg, Name: b.name, N1: b.n1, N2: b.n2, Instructions: make([]*float64, len(sides))}
		for s, p := range ops[i] {
			if p != nil {
				r.Instructions[s] = &p.total
			}
		}
		h.Rows = append(h.Rows, r)
	}
	fmt.Fprintf(cfg.log, "benchgate: done in %s\n", time.Since(start).Round(time.Second))
	return h, nil
}

// first returns the row's first figure and its commit's index, or -1.
func (r historyRow) first() (float64, int) {
	for i, v := range r.Instructions {
		if v != nil {
			return *v, i
		}
	}
	return 0, -1
}

// last returns the row's last figure and its commit's index, or -1.
func (r historyRow) last() (float64, int) {
	for i := len(r.Instructions) - 1; i >= 0; i-- {
		if v := r.Instructions[i]; v != nil {
			return *v, i
		}
	}
	return 0, -1
}

// change returns the row's change from its first figure to its last, in
// percent, and whether there are two figures to compare.
func (r historyRow) change() (float64, bool) {
	a, i := r.first()
	b, j := r.last()
	if i < 0 || j <= i || a == 0 {
		return 0, false
	}
	return 100 * (b - a) / a, true
}

// writeHistoryMarkdown writes the history as a Markdown table: a row a
// commit, a column a benchmark, each figure with its change from the
// commit before that has one; then each benchmark's change over the range.
func writeHistoryMarkdown(w io.Writer, h *history) {
	fmt.Fprintf(w, "Instructions per op at each commit (counted by valgrind; lower is better), %s to %s.\n\n", h.Commits[0].Short, h.Commits[len(h.Commits)-1].Short)
	fmt.Fprintf(w, "| commit |")
	for _, r := range h.Rows {
		fmt.Fprintf(w, " %s |", mdEscape(r.Name))
	}
	fmt.Fprintf(w, "\n|---|")
	for range h.Rows {
		fmt.Fprintf(w, "---:|")
	}
	fmt.Fprintln(w)
	for i, c := range h.Commits {
		fmt.Fprintf(w, "| `%s` %s |", c.Short, mdEscape(truncate(c.Subject, 60)))
		for _, r := range h.Rows {
			v := r.Instructions[i]
			if v == nil {
				fmt.Fprintf(w, " - |")
				continue
			}
			cell := thousands(*v)
			for j := i - 1; j >= 0; j-- {
				if p := r.Instructions[j]; p != nil {
					if *p != 0 {
						cell += " (" + signedPercent(100*(*v-*p) / *p) + ")"
					}
					break
				}
			}
			fmt.Fprintf(w, " %s |", cell)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	for _, r := range h.Rows {
		a, i := r.first()
		b, j := r.last()
		if d, ok := r.change(); ok {
			fmt.Fprintf(w, "- %s (%s): %s -> %s, %s from `%s` to `%s`\n", mdEscape(r.Name), r.Pkg, thousands(a), thousands(b), signedPercent(d), h.Commits[i].Short, h.Commits[j].Short)
		} else {
			fmt.Fprintf(w, "- %s (%s): counted at one commit only\n", mdEscape(r.Name), r.Pkg)
		}
	}
}

// writeHistoryJSON writes the history as indented JSON.
func writeHistoryJSON(w io.Writer, h *history) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(h)
}

// mdEscape escapes the characters that would break a Markdown table cell.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// truncate cuts s to at most n runes, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
