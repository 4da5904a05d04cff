package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// root is the gambit repository's top, seen from this package's directory.
const root = "../../.."

func TestParseTargets(t *testing.T) {
	pub, err := loadPublished(root)
	if err != nil {
		t.Fatal(err)
	}
	// The published counts (chessprogramming wiki, Perft Results).
	ts, err := parseTargets("start:6, kiwipete:5,8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1:6,middlegame:3", pub)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		label string
		want  uint64
	}{{"start d6", 119060324}, {"kiwipete d5", 193690690}, {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 d6", 11030083}, {"middlegame d3", 89890}}
	if len(ts) != len(want) {
		t.Fatalf("got %d targets, want %d", len(ts), len(want))
	}
	for i, w := range want {
		if ts[i].label() != w.label || ts[i].want != w.want {
			t.Errorf("target %d: %s, %d; want %s, %d", i, ts[i].label(), ts[i].want, w.label, w.want)
		}
	}
	if ts, err := parseTargets("", pub); err != nil || len(ts) != 0 {
		t.Errorf("parseTargets(\"\"): %v, %v; want no target and no error (-variants may give them)", ts, err)
	}
	for _, bad := range []string{"start", "start:0", "start:x", "nowhere:3", "checks:9", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1:12"} {
		if _, err := parseTargets(bad, pub); err == nil {
			t.Errorf("parseTargets(%q): no error", bad)
		}
	}
}

func TestParseVariantTargets(t *testing.T) {
	ts, err := parseVariantTargets("horde:4, Racing Kings:5,3check:2", root)
	if err != nil {
		t.Fatal(err)
	}
	// Horde's and Racing Kings' counts are published (testdata/variants),
	// Three-check's start is not.
	want := []struct {
		label, variant string
		want           uint64
		known          bool
	}{{"horde start d4", "horde", 23310, true}, {"racingkings start d5", "racingkings", 9472927, true}, {"3check start d2", "3check", 0, false}}
	if len(ts) != len(want) {
		t.Fatalf("got %d targets, want %d", len(ts), len(want))
	}
	for i, w := range want {
		if ts[i].label() != w.label || ts[i].variant != w.variant || ts[i].want != w.want || ts[i].known != w.known || ts[i].engine != nil {
			t.Errorf("target %d: %+v; want %+v", i, ts[i], w)
		}
	}
	if ts[0].source != sourcePublished {
		t.Errorf("horde start d4: source %q, want %q", ts[0].source, sourcePublished)
	}

	// A depth of Fairy-Stockfish's own: horde's d8 and d7 are in
	// bench/testdata/variants (counted by both programs), 3check's d3 is
	// nowhere, its d2 neither; the same depth twice is one depth.
	ts, err = parseVariantTargets("horde:8/7,3check:3/2,racingkings:4/4", root)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 3 {
		t.Fatalf("got %d targets, want 3", len(ts))
	}
	h := ts[0]
	if h.label() != "horde start d8/7" || h.ownLabel() != "horde start d8" || h.want != 1507979266 || !h.known || h.source != sourceAgreed {
		t.Errorf("horde:8/7: %+v", h)
	}
	if e := h.forProgram(true); e.ownLabel() != "horde start d7" || e.want != 68441644 || !e.known || e.source != sourceAgreed || e.engine != nil {
		t.Errorf("horde:8/7, Fairy-Stockfish's depth: %+v", e)
	}
	if h.forProgram(false) != &h {
		t.Error("horde:8/7: a process program does not count depth 8")
	}
	if c := ts[1]; c.label() != "3check start d3/2" || c.known || c.engine.known || c.engine.depth != 2 {
		t.Errorf("3check:3/2: %+v, engine %+v", c, c.engine)
	}
	if r := ts[2]; r.label() != "racingkings start d4" || r.engine != nil || r.want != 296242 {
		t.Errorf("racingkings:4/4: %+v", r)
	}
	for _, bad := range []string{"horde", "horde:0", "shogi:3", "chess:3", "3check:x", "horde:8/0", "horde:8/x", "horde:/7", "horde:8/"} {
		if _, err := parseVariantTargets(bad, root); err == nil {
			t.Errorf("parseVariantTargets(%q): no error", bad)
		}
	}
}

// TestFairyRounds runs Debian's Fairy-Stockfish (make deps installs it)
// through two rounds of a variant with a published count and one
// without, and checks that a count other than the published one stops
// the run.
func TestFairyRounds(t *testing.T) {
	fsf := fairyProgram(enginetest.Program(t, "fairy-stockfish"), 30*time.Second)
	ts, err := parseVariantTargets("horde:3,3check:2", root)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{rounds: 2, targets: ts, modes: []bool{false, true}, seed: 1, timeout: time.Minute, minSeconds: 1}
	var stdout, stderr bytes.Buffer
	if err := runRounds(context.Background(), cfg, []program{fsf}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"| **Fairy-Stockfish (Debian, go perft)** | ", "| horde start d3 bulk | 3check start d2 bulk |", "every count checked against the published one or the first count of the run.",
		// Runs of milliseconds.
		"**Warning: runs shorter than 1 s**", "- Fairy-Stockfish (Debian, go perft), horde start d3 bulk: 2 of 2 runs, the shortest 0.0", "†"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the report:\n%s", want, out)
		}
	}
	if n := strings.Count(stderr.String(), "round "); n != 4 {
		t.Errorf("%d measurements logged, want 4 (two targets, bulk only, two rounds):\n%s", n, stderr.String())
	}
	if sf := stockfishProgram("stockfish", time.Minute); sf.counts(column{t: ts[0]}) {
		t.Error("Stockfish is given a variant to count")
	}

	ts[0].want++
	cfg.targets = ts[:1]
	err = runRounds(context.Background(), cfg, []program{fsf}, nil, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "published count is 1275") {
		t.Errorf("a wrong count: got error %v", err)
	}

	// Fairy-Stockfish at a depth of its own counts that depth, checked
	// against its count (horde's d3 is published); with -min-seconds 0
	// no run is too short.
	if ts, err = parseVariantTargets("horde:4/3", root); err != nil {
		t.Fatal(err)
	}
	ts[0].engine.want++
	cfg.targets, cfg.minSeconds = ts, 0
	stdout.Reset()
	stderr.Reset()
	err = runRounds(context.Background(), cfg, []program{fsf}, nil, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "horde start d3: counted 1274 leaves, the published count is 1275") {
		t.Errorf("a wrong count at Fairy-Stockfish's depth: got error %v", err)
	}
	ts[0].engine.want--
	stdout.Reset()
	if err := runRounds(context.Background(), cfg, []program{fsf}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out = stdout.String()
	for _, want := range []string{"| horde start d4/3 bulk |", "A column \"dA/B\""} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the report:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Warning") || strings.Contains(out, "†") {
		t.Errorf("a warning with -min-seconds 0:\n%s", out)
	}
}

func TestFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-rounds", "0"},
		{"-positions", "start"},
		{"-positions", "start:6/5"},
		{"-variants", "horde:8/0"},
		{"-min-seconds", "-1"},
		{"-min-seconds", "NaN"},
		{"-positions", ""},
		{"-variants", "shogi:3"},
		{"-modes", "bulk,some"},
		{"-goamd64", "v9"},
		{"-root", "/nonexistent"},
		{"extra"},
	} {
		var stdout, stderr bytes.Buffer
		args = append([]string{"-root", root}, args...)
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("natives %v: exit %d, want 2 (stderr %q)", args, code, stderr.String())
		} else if stderr.Len() == 0 {
			t.Errorf("natives %v: nothing on stderr", args)
		}
	}
}

// TestStockfishRounds runs Debian's Stockfish (make deps installs it)
// through two rounds, and checks that a count other than the published
// one stops the run.
func TestStockfishRounds(t *testing.T) {
	sf := stockfishProgram(enginetest.StockfishPath(t), 30*time.Second)
	start := target{name: "start", fen: namedFENs["start"], depth: 4, want: 197281, known: true, source: sourcePublished}
	raw := filepath.Join(t.TempDir(), "raw.tsv")
	cfg := config{rounds: 2, targets: []target{start}, modes: []bool{false, true}, seed: 1, raw: raw, timeout: time.Minute}
	var stdout, stderr bytes.Buffer
	if err := runRounds(context.Background(), cfg, []program{sf}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "| **Stockfish (Debian, go perft)** | ") || !strings.Contains(out, "| start d4 bulk | start d4 every leaf made |") {
		t.Errorf("no Stockfish row or no columns:\n%s", out)
	}
	if n := strings.Count(stderr.String(), "round "); n != 2 {
		t.Errorf("%d measurements logged, want 2 (bulk only, two rounds):\n%s", n, stderr.String())
	}
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "round\t") || !strings.Contains(lines[1], "\tstart d4\tbulk\t197281\t") {
		t.Errorf("raw file: want a header and two measurements of 197281 leaves, got:\n%s", b)
	}

	start.want++
	cfg.targets = []target{start}
	err = runRounds(context.Background(), cfg, []program{sf}, nil, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "published count is 197282") {
		t.Errorf("a wrong count: got error %v", err)
	}
}

// TestRun builds gambit's cmd/perft with its PGO profile and runs it,
// Stockfish and, on a variant, Fairy-Stockfish through one round: the
// whole command, gambit's own output read.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/perft")
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-root", root, "-rounds", "1", "-positions", "start:3,kiwipete:2", "-variants", "horde:2,3check:3/2", "-goamd64", "v1", "-seed", "7"}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("natives %v: exit %d\n%s", args, code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"(seed 7)",
		"| program | start d3 bulk | kiwipete d2 bulk | horde start d2 bulk | 3check start d3/2 bulk | start d3 every leaf made | kiwipete d2 every leaf made | horde start d2 every leaf made | 3check start d3/2 every leaf made |",
		// 3check's d3 and d2 are published nowhere: each program counted
		// the other's depth once before the rounds.
		"one another program made before the rounds",
		// Every run here is of milliseconds.
		"**Warning: runs shorter than 1 s**",
		"- gambit (cmd/perft, PGO, GOAMD64=v1), 3check start d3/2 bulk: 1 of 1 runs, the shortest ",
		"| **gambit (cmd/perft, PGO, GOAMD64=v1)** |",
		"| Stockfish ",
		"| Fairy-Stockfish ",
		"Start-up of the programs run as processes",
		"logical CPUs, go1.",
		"load average",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the report:\n%s", want, out)
		}
	}
	for _, want := range []string{
		"3check start d3: no published or agreed count; Fairy-Stockfish",
		"3check start d2: no published or agreed count; gambit (cmd/perft, PGO, GOAMD64=v1) counts it once before the rounds, not timed",
		"3check start d2 bulk", // Fairy-Stockfish's measurement, at its depth
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("no %q on stderr:\n%s", want, stderr.String())
		}
	}
	// gambit's own timer is read: its row of the second table has figures,
	// Stockfish's has none.
	_, own, _ := strings.Cut(out, "own timer")
	own, cpu, _ := strings.Cut(own, "CPU time")
	// The CPU times are read too, Stockfish's from /proc: every row of the
	// third table has its figures (at these depths a 10 ms tick may round
	// Stockfish's to zero, so only gambit's are required).
	for _, line := range strings.Split(cpu, "\n") {
		if strings.HasPrefix(line, "| **gambit") && strings.Contains(line, "–") {
			t.Errorf("gambit's CPU time figures missing: %s", line)
		}
	}
	for _, line := range strings.Split(own, "\n") {
		if strings.HasPrefix(line, "| **gambit") && strings.Contains(line, "–") {
			t.Errorf("gambit's own figures missing: %s", line)
		}
		if strings.HasPrefix(line, "| Stockfish") && strings.Count(line, "–") != 8 {
			t.Errorf("Stockfish prints no time of its own, yet: %s", line)
		}
		if strings.HasPrefix(line, "| Fairy-Stockfish") && strings.Count(line, "–") != 8 {
			t.Errorf("Fairy-Stockfish prints no time of its own and counts no standard chess, yet: %s", line)
		}
	}
}

// TestVariantSpeedDepths checks make variant-speed's VARIANT_SPEED: every
// variant with a depth of Fairy-Stockfish's own, and both depths' counts
// known before the rounds (published, or in bench/testdata/variants), so
// that the target runs no untimed count of minutes before its rounds.
func TestVariantSpeedDepths(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	var spec string
	for _, line := range strings.Split(string(b), "\n") {
		if s, ok := strings.CutPrefix(line, "VARIANT_SPEED ?= "); ok {
			spec = s
		}
	}
	ts, err := parseVariantTargets(spec, root)
	if err != nil {
		t.Fatalf("VARIANT_SPEED %q: %v", spec, err)
	}
	if len(ts) != 6 {
		t.Errorf("VARIANT_SPEED %q: %d variants, want the six Fairy-Stockfish plays", spec, len(ts))
	}
	for _, x := range ts {
		if x.engine == nil {
			t.Errorf("%s: one depth for both programs", x.label())
			continue
		}
		for _, d := range []*target{&x, x.engine} {
			if !d.known {
				t.Errorf("%s: no published or agreed count", d.ownLabel())
			}
		}
	}
}
