package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureIterations is how many rounds the fixture's benchmark does an op
// at the base revision. A round is a fixed handful of instructions and the
// benchmark's own overhead a few dozen, so p% more rounds is p% more
// instructions per op, to within a thousandth of a percent.
const fixtureIterations = 100000

// fixtureLib is the fixture module's code under test doing rounds rounds of
// xorshift an op.
func fixtureLib(rounds int) string {
	return fmt.Sprintf(`package lib

// Rounds is how many rounds Work does an op.
const Rounds = %d

// Work runs n rounds of xorshift and returns the state. It is not inlined,
// so that its instructions are counted as its own (an inlined function's
// are its caller's).
//
//go:noinline
func Work(n int) uint64 {
	x := uint64(88172645463325252)
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}
`, rounds)
}

// fixtureRepo makes a throwaway repository holding a module whose
// benchmark calls lib.Work(lib.Rounds), with fixtureIterations rounds
// committed. The benchmark lives in benchdir/, untracked, as in gitRepo.
func fixtureRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/instrfixture\n\ngo 1.24\n")
	writeFile(t, filepath.Join(dir, "lib", "lib.go"), fixtureLib(fixtureIterations))
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "-c", "user.name=benchgate", "-c", "user.email=benchgate@example.com", "commit", "-q", "-m", "base")
	writeFile(t, filepath.Join(dir, "benchdir", "work_test.go"), `package benchdir

import (
	"testing"

	"example.com/instrfixture/lib"
)

var sink uint64

func BenchmarkWork(b *testing.B) {
	for b.Loop() {
		sink += lib.Work(lib.Rounds)
	}
}
`)
	return dir
}

// defaultInstrGate returns the instruction gate's default threshold.
func defaultInstrGate(t *testing.T) float64 {
	t.Helper()
	g, err := newGate(defaultInstrThreshold, 0.05, []string{"sec/op"})
	require.NoError(t, err)
	return g.threshold
}

// instrFixtureConfig is the instruction gate's configuration for the
// fixture: the command-line defaults but for the counted time and floor,
// a third of theirs to keep the test short. That makes the test harder,
// not easier: a run's count varies by some 20,000 to 50,000 instructions
// (up to 100,000 in gambit's larger binary, more in its allocation-heavy
// benchmarks), which is then divided by a third as many iterations.
func instrFixtureConfig() instrConfig {
	return instrConfig{valgrind: "valgrind", target: 33 * time.Millisecond, floor: 66_000_000, calib: 20 * time.Millisecond, jobs: 2, top: 10}
}

// TestInstructionGateSeesSmallRegressions is the instruction gate's proof
// on a fixture whose head does a known amount more work: 1%, 2%, 5% and 20%
// more instructions are flagged in every one of three comparisons each, at
// the default threshold, with the function doing the work at the top of the
// report; unchanged code is flagged in none of 20 comparisons. The
// wall-time gate (default threshold, five alternating runs a side) runs on
// the same binaries each time, and its figures are logged beside.
func TestInstructionGateSeesSmallRegressions(t *testing.T) {
	threshold := defaultInstrGate(t)
	repo := fixtureRepo(t)
	timeGate, err := newGate(defaultTimeThreshold, 0.05, []string{"sec/op"})
	require.NoError(t, err)
	ctx := context.Background()

	tests := []struct {
		name    string
		percent int // more rounds at the head
		repeats int
	}{
		{"unchanged", 0, 20},
		{"1% more", 1, 3},
		{"2% more", 2, 3},
		{"5% more", 5, 3},
		{"20% more", 20, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			writeFile(t, filepath.Join(repo, "lib", "lib.go"), fixtureLib(fixtureIterations*(100+tc.percent)/100))
			cfg := runConfig{base: "HEAD", bench: ".", benchtime: "10ms", count: minCount, pkgs: []string{"./benchdir"},
				headDirs: []string{"benchdir"}, dir: repo, log: io.Discard, buildFlags: []string{"-ldflags=-w"}}
			icfg := instrFixtureConfig()
			var worse, allowed []float64
			flagged, timeFlagged := 0, 0
			var timeWorse []float64
			err := withSides(ctx, cfg, func(sides [2]*side, tmp string) error {
				list, err := calibrate(ctx, sides[1], cfg, icfg)
				if err != nil {
					return err
				}
				require.Len(t, list, 1)
				for range tc.repeats {
					ms, err := countAll(ctx, icfg, sides, list, tmp, io.Discard)
					if err != nil {
						return err
					}
					c := compareInstr(ms, threshold, icfg.top)
					require.Len(t, c.rows, 1)
					r := c.rows[0]
					worse = append(worse, r.Worse)
					require.NotNil(t, r.Base)
					allowed = append(allowed, countAllowance(*r.Base, r.N2-r.N1, tc.percent))
					if r.Regression {
						flagged++
						require.NotEmpty(t, r.Functions)
						assert.Equal(t, "example.com/instrfixture/lib.Work", r.Functions[0].Name)
					}

					// The wall-time gate on the same binaries.
					for _, s := range sides {
						s.out.Reset()
					}
					if err := runRounds(ctx, cfg, sides); err != nil {
						return err
					}
					tcmp, err := compare(bytes.NewReader(sides[0].out.Bytes()), bytes.NewReader(sides[1].out.Bytes()), timeGate)
					if err != nil {
						return err
					}
					for _, r := range tcmp.rows {
						if r.unit == "sec/op" {
							timeWorse = append(timeWorse, r.worse)
						}
					}
					if len(tcmp.regressions()) > 0 {
						timeFlagged++
					}
				}
				return nil
			})
			require.NoError(t, err)

			t.Logf("instructions: %d of %d flagged at %g%%; measured change %s", flagged, tc.repeats, threshold, percents(worse))
			t.Logf("wall time:    %d of %d flagged at %s, p < 0.05; measured change %s", timeFlagged, tc.repeats, defaultTimeThreshold, percents(timeWorse))
			if tc.percent == 0 {
				assert.Zero(t, flagged, "unchanged code flagged")
			} else {
				assert.Equal(t, tc.repeats, flagged, "a %d%% regression missed", tc.percent)
			}
			for i, w := range worse {
				// The count itself is right: the change measured is the
				// change made, to within countAllowance.
				assert.InDelta(t, float64(tc.percent), w, allowed[i])
			}
		})
	}
}

// percents formats measured changes as "min … max (n)".
func percents(v []float64) string {
	if len(v) == 0 {
		return "none"
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	return fmt.Sprintf("from %+.3f%% to %+.3f%% (%d comparisons)", lo, hi, len(v))
}

// TestRunInstructionsEndToEnd runs the command as make bench-compare
// METRIC=instructions does, on the fixture: 1% more work exits 1 and names
// the function, unchanged code exits 0; the JSON and Markdown reports say
// the same.
func TestRunInstructionsEndToEnd(t *testing.T) {
	tests := []struct {
		name    string
		percent int
		code    int
		verdict string
	}{
		{"1% more fails", 1, 1, "benchgate: FAIL"},
		{"unchanged passes", 0, 0, "benchgate: PASS"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := fixtureRepo(t)
			writeFile(t, filepath.Join(repo, "lib", "lib.go"), fixtureLib(fixtureIterations*(100+tc.percent)/100))
			t.Chdir(repo)
			out := t.TempDir()
			var stdout, stderr strings.Builder
			code := run(context.Background(), []string{"-metric", "instructions", "-base", "HEAD", "-count", "0",
				"-head-dir", "benchdir", "-json", filepath.Join(out, "r.json"), "-markdown", filepath.Join(out, "r.md"), "./benchdir"},
				&stdout, &stderr)
			require.Equal(t, tc.code, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
			assert.Contains(t, stdout.String(), tc.verdict)
			assert.Contains(t, stdout.String(), "Work ")

			data, err := os.ReadFile(filepath.Join(out, "r.json"))
			require.NoError(t, err)
			var rep jsonReport
			require.NoError(t, json.Unmarshal(data, &rep))
			assert.Equal(t, "instructions", rep.Metric)
			assert.Equal(t, tc.code == 0, rep.Pass)
			require.Len(t, rep.Instructions, 1)
			assert.Empty(t, rep.Time, "-count 0 skips the wall-time runs")
			md, err := os.ReadFile(filepath.Join(out, "r.md"))
			require.NoError(t, err)
			if tc.code == 1 {
				require.NotEmpty(t, rep.Instructions[0].Functions)
				assert.Equal(t, "example.com/instrfixture/lib.Work", rep.Instructions[0].Functions[0].Name)
				assert.Contains(t, stdout.String(), "example.com/instrfixture/lib.Work")
				assert.Contains(t, string(md), "**fails**")
				assert.Contains(t, string(md), "`example.com/instrfixture/lib.Work`")
			} else {
				assert.Contains(t, string(md), "passes")
			}
		})
	}
}

// runtimeNoise bounds how many instructions the Go runtime's own work puts
// between the counts of two sides (each two runs, N1 and N2) of code that is
// the same: the work driven by the clock rather than by the iterations
// (sysmon's wake-ups, with retake, netpoll, nanotime and their locks) and
// the page allocator's (pageAlloc.find). Measured beside four busy loops:
// six N1/N2 pairs of the fixture at 100x and 300x under cachegrind with
// countEnv's settings gave per-op counts up to 0.15 % apart, 360,000
// instructions over the 200 iterations; pageAlloc.find alone moved by
// 90,000 and sysmon's functions by 100,000. A loaded machine makes each run
// last longer and so wakes sysmon more often, which is why this showed only
// beside busy loops (a CI rehearsal measured -0.203 % for unchanged code).
const runtimeNoise = 400_000

// countAllowance is how far, in percentage points, a measured change may be
// from the percent made when per-op instructions a base op and n
// iterations were counted between N1 and N2: the runtime's noise spread
// over the counted instructions, at least 0.2 point (the accuracy on an
// idle machine is within 0.1), plus 1 % of the change (a 20 % change
// measured +19.75 % beside four busy loops, as that noise weighs on the
// head's larger count).
func countAllowance(base float64, n, percent int) float64 {
	noise := 100 * runtimeNoise / (base * float64(n))
	return max(0.2, noise) + 0.01*float64(percent)
}

// valgrindFixture adds to the fixture's benchmarks two that behave
// differently under Valgrind (which preloads its core into every client):
// BenchmarkIllegal executes UD2 there, an instruction no x86-64 decoder
// accepts, and dies of SIGILL as a counted process did on hosts that hide
// RDTSCP; BenchmarkEnv writes to $BENCHGATE_FIXTURE_OUT the GODEBUG it was
// given and whether the CPUID it sees (Valgrind's own) advertises RDTSCP.
func valgrindFixture(t *testing.T, repo string) {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skipf("the fixture's assembly is x86-64; this is %s", runtime.GOARCH)
	}
	writeFile(t, filepath.Join(repo, "benchdir", "asm_amd64.s"), `#include "textflag.h"

// func ud2()
TEXT ·ud2(SB), NOSPLIT, $0-0
	BYTE $0x0F; BYTE $0x0B
	RET

// func cpuid(leaf uint32) (ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-20
	MOVL leaf+0(FP), AX
	XORL CX, CX
	CPUID
	MOVL BX, ebx+8(FP)
	MOVL CX, ecx+12(FP)
	MOVL DX, edx+16(FP)
	RET
`)
	writeFile(t, filepath.Join(repo, "benchdir", "valgrind_test.go"), `package benchdir

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"example.com/instrfixture/lib"
)

func ud2()
func cpuid(leaf uint32) (ebx, ecx, edx uint32)

func underValgrind() bool { return strings.Contains(os.Getenv("LD_PRELOAD"), "vgpreload") }

func BenchmarkIllegal(b *testing.B) {
	if underValgrind() {
		ud2()
	}
	for b.Loop() {
		sink += lib.Work(100)
	}
}

func BenchmarkEnv(b *testing.B) {
	if underValgrind() {
		_, _, edx := cpuid(0x80000001)
		report := fmt.Sprintf("GODEBUG=%s\nrdtscp=%t\n", os.Getenv("GODEBUG"), edx&(1<<27) != 0)
		if err := os.WriteFile(os.Getenv("BENCHGATE_FIXTURE_OUT"), []byte(report), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		sink += lib.Work(lib.Rounds)
	}
}
`)
}

// TestCountedProcessDeath feeds the gate a counted process that dies under
// Valgrind of an instruction it cannot decode: the gate exits with 2 (could
// not measure), not 1 (a regression), and says why in one line, naming the
// function, without the process's hundreds of lines of dump.
func TestCountedProcessDeath(t *testing.T) {
	repo := fixtureRepo(t)
	valgrindFixture(t, repo)
	t.Chdir(repo)
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-metric", "instructions", "-base", "HEAD", "-count", "0",
		"-head-dir", "benchdir", "-bench", "Illegal", "./benchdir"}, &stdout, &stderr)
	require.Equal(t, 2, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	assert.NotContains(t, stdout.String(), "FAIL", "no verdict when nothing was measured")

	lines := strings.Split(stderr.String(), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "died") })
	require.GreaterOrEqual(t, i, 0, "stderr:\n%s", stderr.String())
	assert.Regexp(t, `^benchgate: (base|head): counting Illegal at \d+x: the counted process died: valgrind: Unrecognised instruction at address 0x[0-9a-f]+\. \(at example\.com/instrfixture/benchdir\.ud2\.abi0 \(in \S+\.test\)\) \(exit status 2\)$`, lines[i])
	require.Greater(t, len(lines), i+1)
	assert.Regexp(t, `^  to see all it printed: go test -c -o <pkg>\.test in the package, then GOMAXPROCS=1 GOGC=off GODEBUG=\S+ valgrind --tool=cachegrind --cache-sim=no <pkg>\.test -test\.run '\^\$' -test\.bench '\^BenchmarkIllegal\$' -test\.count 1 -test\.benchtime \d+x$`, lines[i+1])
	assert.Empty(t, strings.TrimSpace(strings.Join(lines[i+2:], "\n")), "nothing after the message")
	assert.NotContains(t, stderr.String(), "goroutine ", "the Go runtime's dump is not repeated")
	assert.Less(t, strings.Count(stderr.String(), "\n"), 20, "stderr:\n%s", stderr.String())
}

// TestCountedProcessHasNoRDTSCP runs a counted process under the real
// Valgrind and reads back what it saw: its GODEBUG ends with cpu.rdtscp=off
// (after the user's own settings), whatever CPUID Valgrind shows it. Hosts
// whose CPU hides RDTSCP, where Valgrind's CPUID still advertises it (so
// that Go's runtime would execute it and die), are the reason; on this
// host the test logs what Valgrind's CPUID says.
func TestCountedProcessHasNoRDTSCP(t *testing.T) {
	repo := fixtureRepo(t)
	valgrindFixture(t, repo)
	report := filepath.Join(t.TempDir(), "env.txt")
	t.Setenv("BENCHGATE_FIXTURE_OUT", report)
	t.Setenv("GODEBUG", "madvdontneed=1")
	t.Chdir(repo)
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-metric", "instructions", "-base", "HEAD", "-count", "0",
		"-head-dir", "benchdir", "-bench", "Env", "./benchdir"}, &stdout, &stderr)
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	data, err := os.ReadFile(report)
	require.NoError(t, err, "the benchmark did not run under valgrind")
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, "GODEBUG=madvdontneed=1,"+countGODEBUG, lines[0])
	assert.True(t, strings.HasSuffix(lines[0], ",cpu.rdtscp=off"))
	t.Logf("host: rdtscp in /proc/cpuinfo: %t; Valgrind's CPUID: %s", hostHasRDTSCP(), lines[1])
}

// hostHasRDTSCP reports whether /proc/cpuinfo lists the rdtscp flag.
func hostHasRDTSCP() bool {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	return slices.Contains(strings.Fields(string(data)), "rdtscp")
}
