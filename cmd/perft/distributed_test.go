package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/perft"
)

// runIn runs the command with stdin.
func runIn(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runIO(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// lines splits output into its lines.
func lines(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

func TestThreadsAndHash(t *testing.T) {
	for name, args := range map[string][]string{
		"one thread":         {"-threads", "1"},
		"three threads":      {"-threads", "3"},
		"hash":               {"-hash", "1"},
		"hash and 2 threads": {"-hash", "2", "-threads", "2"},
	} {
		t.Run(name, func(t *testing.T) {
			code, out, _ := runCmd(t, append([]string{"-fen", "kiwipete", "-depth", "3", "-divide"}, args...)...)
			require.Equal(t, 0, code)
			assert.Contains(t, out, "perft(3) = 97862\n")
			assert.Contains(t, out, "e1g1: 2059\n") // Stockfish 15.1, go perft 3
			assert.Equal(t, 48, strings.Count(out, ": "))

			dir := t.TempDir()
			suite := filepath.Join(dir, "s.epd")
			require.NoError(t, os.WriteFile(suite, []byte(
				"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603\n"+
					"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238 ;D5 674624\n"), 0o644))
			code, out, _ = runCmd(t, append([]string{"-epd", suite, "-max-nodes", "1000000"}, args...)...)
			assert.Equal(t, 0, code)
			assert.Contains(t, out, "8 passed, 0 failed, 1 skipped (over -max-nodes 1000000)\n")
		})
	}
	for name, args := range map[string][]string{
		"no threads":    {"-threads", "0"},
		"negative hash": {"-hash", "-1"},
		"huge hash":     {"-hash", "2000000"},
	} {
		code, _, stderr := runCmd(t, append([]string{"-fen", "startpos", "-depth", "1"}, args...)...)
		assert.Equal(t, 2, code, name)
		assert.NotEmpty(t, stderr, name)
	}
}

// TestSplitUnitMerge runs the three subcommands in turn, through their
// standard input and output, and in their other forms: units as
// arguments, results from files.
func TestSplitUnitMerge(t *testing.T) {
	code, units, stderr := runIn(t, "", "split", "-fen", "kiwipete", "-depth", "3", "-at", "1")
	require.Equal(t, 0, code, stderr)
	unitLines := lines(units)
	require.Len(t, unitLines, 48)
	var u perft.Unit
	require.NoError(t, json.Unmarshal([]byte(unitLines[0]), &u))
	assert.Equal(t, 3, u.RootDepth)
	assert.Equal(t, 2, u.Depth)
	assert.Equal(t, 48, u.Units)

	code, results, stderr := runIn(t, units, "unit", "-threads", "2", "-hash", "1")
	require.Equal(t, 0, code, stderr)
	resultLines := lines(results)
	require.Len(t, resultLines, 48)

	code, out, stderr := runIn(t, results, "merge")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "perft(3) = 97862\n")
	assert.Regexp(t, `(?m)^units=48 nodes=97862 time=[0-9.]+s nps=[0-9]+$`, out)

	// Units as arguments; results from two files, one with a blank line.
	code, first, stderr := runIn(t, "", append([]string{"unit"}, unitLines[:20]...)...)
	require.Equal(t, 0, code, stderr)
	code, rest, stderr := runIn(t, "", append([]string{"unit", "-threads", "1"}, unitLines[20:]...)...)
	require.Equal(t, 0, code, stderr)
	dir := t.TempDir()
	f1, f2 := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	require.NoError(t, os.WriteFile(f1, []byte(first+"\n"), 0o644))
	require.NoError(t, os.WriteFile(f2, []byte(rest), 0o644))
	code, out, stderr = runIn(t, "", "merge", "-json", f1, f2)
	require.Equal(t, 0, code, stderr)
	var total perft.Total
	require.NoError(t, json.Unmarshal([]byte(out), &total))
	assert.Equal(t, uint64(97862), total.Nodes)
	assert.Equal(t, 48, total.Units)
	assert.Equal(t, 3, total.Depth)
	assert.Equal(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", total.Root)
}

func TestMergeErrors(t *testing.T) {
	_, units, _ := runIn(t, "", "split", "-fen", "startpos", "-depth", "2", "-at", "1")
	_, results, _ := runIn(t, units, "unit")
	rs := lines(results)
	require.Len(t, rs, 20)
	_, foreign, _ := runIn(t, "", "split", "-fen", "kiwipete", "-depth", "2", "-at", "1")
	_, foreignResult, _ := runIn(t, lines(foreign)[0], "unit")
	r7, err := perft.ParseResult([]byte(rs[7]))
	require.NoError(t, err)
	r7.Nodes++
	conflicting := strings.TrimSuffix(string(r7.MarshalLine()), "\n")

	for _, tc := range []struct {
		name  string
		input []string
		msgs  []string
	}{
		{"missing", append(append([]string{}, rs[:3]...), rs[4:]...), []string{"1 of 20 units missing from perft(2)", "3 ("}},
		{"two counts", append(append([]string{}, rs...), conflicting), []string{"stdin line 21: unit 7", "duplicate work unit", "added twice, with 20 nodes and with 21"}},
		{"foreign", append(append([]string{}, rs...), foreignResult), []string{"stdin line 21", "work unit of another run", "r3k2r/"}},
		{"not json", append(append([]string{}, rs...), "{nope"), []string{"stdin line 21", "invalid work unit"}},
		{"nothing", nil, []string{"missing work unit: no results"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runIn(t, strings.Join(tc.input, "\n"), "merge")
			assert.Equal(t, 1, code)
			assert.Empty(t, out)
			for _, m := range tc.msgs {
				assert.Contains(t, stderr, m)
			}
		})
	}
	code, _, stderr := runIn(t, "", "merge", "/nonexistent/results.jsonl")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no such file")
}

func TestUnitErrors(t *testing.T) {
	_, units, _ := runIn(t, "", "split", "-fen", "startpos", "-depth", "3", "-at", "2")
	good := lines(units)[0]
	bad := strings.Replace(good, `"depth":1`, `"depth":2`, 1)
	require.NotEqual(t, good, bad)

	code, out, stderr := runIn(t, good+"\n"+bad+"\n\nnot json\n", "unit")
	assert.Equal(t, 1, code)
	assert.Len(t, lines(out), 1, "the good unit still runs")
	assert.Contains(t, stderr, "stdin line 2: unit 0")
	assert.Contains(t, stderr, "invalid work unit: depth 2")
	assert.Contains(t, stderr, "stdin line 4:")

	code, _, stderr = runIn(t, "", "unit", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "argument 1")
}

func TestSubcommandUsage(t *testing.T) {
	for name, args := range map[string][]string{
		"split without fen":   {"split", "-depth", "3", "-at", "1"},
		"split without at":    {"split", "-fen", "startpos", "-depth", "3"},
		"split at too deep":   {"split", "-fen", "startpos", "-depth", "3", "-at", "4"},
		"split without depth": {"split", "-fen", "startpos", "-at", "0"},
		"split bad fen":       {"split", "-fen", "8/8 w", "-depth", "3", "-at", "1"},
		"split stray arg":     {"split", "-fen", "startpos", "-depth", "3", "-at", "1", "x"},
		"unit bad flag":       {"unit", "-nope"},
		"unit no threads":     {"unit", "-threads", "0"},
		"merge bad flag":      {"merge", "-nope"},
	} {
		code, out, stderr := runIn(t, "", args...)
		assert.Equal(t, 2, code, name)
		assert.Empty(t, out, name)
		assert.NotEmpty(t, stderr, name)
	}
}

// TestPipeline builds the command and runs a real pipeline, the way a batch
// system would: split, units run by xargs four at a time in separate
// processes (so their result lines share one pipe), merge. Kiwipete's
// published perft(4) is 4085603.
func TestPipeline(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "perft")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	script := `set -eu
"$PERFT" split -fen kiwipete -depth 4 -at 2 > units.jsonl
xargs -d '\n' -n 50 -P 4 "$PERFT" unit -threads 1 < units.jsonl > results.jsonl
"$PERFT" merge results.jsonl
# A result lost on the way is named.
sed 1d results.jsonl | "$PERFT" merge 2>&1 >/dev/null | head -1 || true`
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PERFT="+bin)
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "perft(4) = 4085603\n")
	assert.Contains(t, string(out), "units=2039 nodes=4085603")
	assert.Contains(t, string(out), "1 of 2039 units missing from perft(4)")

	results, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
	require.NoError(t, err)
	assert.Len(t, lines(string(results)), 2039, "one whole line per unit")
}

// TestUnitIndex runs every unit of a units file by its index, as the tasks
// of a Slurm job array or a Kubernetes Indexed Job do, one process each,
// and merges their results out of order, with repeats (retried tasks) and
// one missing until it is run again.
func TestUnitIndex(t *testing.T) {
	code, units, stderr := runIn(t, "", "split", "-fen", "kiwipete", "-depth", "3", "-at", "1")
	require.Equal(t, 0, code, stderr)
	dir := t.TempDir()
	unitsFile := filepath.Join(dir, "units.jsonl")
	require.NoError(t, os.WriteFile(unitsFile, []byte(units), 0o644))

	results := make([]string, 48)
	for i := range results {
		code, out, stderr := runIn(t, "", "unit", "-threads", "1", "-units", unitsFile, "-index", strconv.Itoa(i))
		require.Equal(t, 0, code, stderr)
		r, err := perft.ParseResult([]byte(out))
		require.NoError(t, err)
		require.Equal(t, i, r.ID, "task %d ran its own unit", i)
		results[i] = strings.TrimSuffix(out, "\n")
	}
	// Out of order, two retried tasks, and task 30 lost.
	order := []int{47, 5, 12, 5, 0, 17, 3, 17}
	for i := range 48 {
		if i != 30 && !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	var mixed []string
	for _, i := range order {
		mixed = append(mixed, results[i])
	}
	code, out, stderr := runIn(t, strings.Join(mixed, "\n")+"\n", "merge")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "2 repeated results ignored")
	var u30 perft.Unit
	require.NoError(t, json.Unmarshal([]byte(lines(units)[30]), &u30))
	assert.Contains(t, stderr, u30.Path, "the missing unit is named")

	code, out, stderr = runIn(t, strings.Join(append(mixed, results[30]), "\n")+"\n", "merge")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "perft(3) = 97862\n")

	// Errors: an index past the end, -index without -units, a missing file.
	code, _, stderr = runIn(t, "", "unit", "-units", unitsFile, "-index", "48")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "has no unit 48 (48 lines)")
	code, _, _ = runIn(t, "", "unit", "-index", "3")
	assert.Equal(t, 2, code)
	code, _, _ = runIn(t, "", "unit", "-units", unitsFile)
	assert.Equal(t, 2, code)
	code, _, stderr = runIn(t, "", "unit", "-units", filepath.Join(dir, "none"), "-index", "0")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no such file")
}
