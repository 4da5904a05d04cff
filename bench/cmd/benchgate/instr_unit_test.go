package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cachegrindSample is the shape of a cachegrind output file (events Ir
// only): a function under two files, as inlined code makes it.
const cachegrindSample = `desc: I1 cache:         32768 B, 64 B, 8-way associative
cmd: ./x.test -test.run ^$ -test.bench ^BenchmarkWork$ -test.benchtime 2x
events: Ir
fl=./lib/lib.go
fn=example.com/lib.Work
10 100
11 250
fn=runtime.mallocgc
5 7
fl=./other.go
fn=example.com/lib.Work
3 50
summary: 407
`

func TestReadCachegrind(t *testing.T) {
	c, err := readCachegrind(strings.NewReader(cachegrindSample))
	require.NoError(t, err)
	assert.Equal(t, uint64(407), c.total)
	assert.Equal(t, map[string]uint64{"example.com/lib.Work": 400, "runtime.mallocgc": 7}, c.fns)
}

func TestReadCachegrindErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no summary", "events: Ir\nfn=f\n1 2\n", "without a summary"},
		{"cost outside a function", "events: Ir\n1 2\nsummary: 2\n", "outside a function"},
		{"bad cost", "events: Ir\nfn=f\n1 x\nsummary: 2\n", "cost line"},
		{"bad summary", "events: Ir\nsummary: lots\n", "summary"},
		{"other events", "events: Dr Ir\nsummary: 1 2\n", "want Ir first"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readCachegrind(strings.NewReader(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// FuzzReadCachegrind feeds arbitrary text to the cachegrind reader: an
// error or counts, never a panic.
func FuzzReadCachegrind(f *testing.F) {
	f.Add(cachegrindSample)
	f.Add("events: Ir\nfn=f\n1\nsummary: 1\n")
	f.Add("fn=\n0 18446744073709551615\nsummary: 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := readCachegrind(strings.NewReader(text))
		if err == nil && c.fns == nil {
			t.Fatal("counts without a function map")
		}
	})
}

// TestBenchPattern checks that the pattern selects the benchmark named and
// none other, metacharacters in names included.
func TestBenchPattern(t *testing.T) {
	assert.Equal(t, "^BenchmarkPerft$/^gambit$/^start$/^d4$", benchPattern("Perft/gambit/start/d4"))
	p := benchPattern("Parse/a.b+c")
	// Each level is matched on its own, as the testing package does.
	levels := strings.Split(p, "/")
	require.Len(t, levels, 2)
	assert.Regexp(t, regexp.MustCompile(levels[1]), "a.b+c")
	assert.NotRegexp(t, regexp.MustCompile(levels[1]), "aXbbc")
	assert.NotRegexp(t, regexp.MustCompile(levels[0]), "BenchmarkParseFEN")
}

func TestIterations(t *testing.T) {
	tests := []struct {
		ns     float64
		target time.Duration
		n2     int
	}{
		{1000, 100 * time.Millisecond, 2 + 100000},
		{3e6, 100 * time.Millisecond, 2 + 34},
		{7e8, 100 * time.Millisecond, 2 + minIterations}, // an op longer than the target
		{0, 100 * time.Millisecond, 2 + minIterations},   // no figure
		{0.001, time.Second, 2 + 1e7},                    // capped
	}
	for _, tc := range tests {
		n1, n2 := iterations(tc.ns, tc.target)
		assert.Equal(t, 2, n1)
		assert.Equal(t, tc.n2, n2, "ns/op %g", tc.ns)
	}
}

// TestDifferenceAndGrowth checks the per-op arithmetic and the report of
// the functions that grew: set-up cancels, a function present in one run
// only counts from zero, and growth is ranked largest first.
func TestDifferenceAndGrowth(t *testing.T) {
	c1 := counts{total: 1000 + 2*100, fns: map[string]uint64{"setup": 1000, "work": 2 * 90, "gone": 2 * 10}}
	c2 := counts{total: 1000 + 12*100, fns: map[string]uint64{"setup": 1000, "work": 12 * 90, "gone": 12 * 10}}
	base := difference(c1, c2, 2, 12)
	assert.InDelta(t, 100, base.total, 1e-9)
	assert.InDelta(t, 0, base.fns["setup"], 1e-9)
	assert.InDelta(t, 90, base.fns["work"], 1e-9)

	h1 := counts{total: 1000 + 2*130, fns: map[string]uint64{"setup": 1000, "work": 2 * 100, "new": 2 * 30}}
	h2 := counts{total: 1000 + 12*130, fns: map[string]uint64{"setup": 1000, "work": 12 * 100, "new": 12 * 30}}
	head := difference(h1, h2, 2, 12)
	assert.InDelta(t, 130, head.total, 1e-9)

	g := growth(base, head, 10)
	require.Len(t, g, 2)
	assert.Equal(t, "new", g[0].Name)
	assert.InDelta(t, 30, g[0].Delta, 1e-9)
	assert.Equal(t, "work", g[1].Name)
	assert.InDelta(t, 10, g[1].Delta, 1e-9)
	assert.Len(t, growth(base, head, 1), 1)

	c := compareInstr([]measurement{{bench: instrBench{name: "W", n1: 2, n2: 12}, base: &base, head: &head}}, 0.5, 10)
	require.Len(t, c.regressions(), 1)
	assert.InDelta(t, 30, c.rows[0].Worse, 1e-9)
	c = compareInstr([]measurement{{bench: instrBench{name: "W", n1: 2, n2: 12}, base: &base}}, 0.5, 10)
	assert.Empty(t, c.regressions(), "a benchmark on one side only is not a regression")
}

func TestThousands(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 1234567.6: "1,234,568", -4321: "-4,321", -0.2: "0"} {
		assert.Equal(t, want, thousands(v), "%g", v)
	}
}

func TestCountEnv(t *testing.T) {
	godebugs := func(env []string) []string {
		var out []string
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "GODEBUG="); ok {
				out = append(out, v)
			}
		}
		return out
	}
	t.Run("merged with the user's", func(t *testing.T) {
		t.Setenv("GODEBUG", "madvdontneed=1,cpu.rdtscp=on")
		env := countEnv()
		assert.Contains(t, env, "GOMAXPROCS=1")
		assert.Contains(t, env, "GOGC=off")
		// The user's settings come first, so that ours win: Go applies a
		// GODEBUG's settings in order.
		assert.Equal(t, []string{"madvdontneed=1,cpu.rdtscp=on,asyncpreemptoff=1,memprofilerate=0,cpu.rdtscp=off"}, godebugs(env))
	})
	t.Run("alone", func(t *testing.T) {
		t.Setenv("GODEBUG", "")
		assert.Equal(t, []string{"asyncpreemptoff=1,memprofilerate=0,cpu.rdtscp=off"}, godebugs(countEnv()))
	})
}

// rdtscpDeath is what a counted process printed on a host whose CPU hides
// RDTSCP (an AMD EPYC under a hypervisor, Valgrind 3.19): the decoder's
// lines, Valgrind's message with the stack, then the Go runtime's own dump
// of the SIGILL, cut short here.
const rdtscpDeath = `==4242== Cachegrind, a cache and branch-prediction profiler
==4242== Command: ./bench.test -test.run ^$ -test.bench ^BenchmarkPerft$ -test.benchtime 2x
==4242== 
vex amd64->IR: unhandled instruction bytes: 0xF 0x1 0xF9 0x48 0xC1 0xE2 0x20 0x48 0x1 0xD0
vex amd64->IR:   REX=0 REX.W=0 REX.R=0 REX.X=0 REX.B=0
vex amd64->IR:   VEX=0 VEX.L=0 VEX.nVVVV=0x0 ESC=0F
vex amd64->IR:   PFX.66=0 PFX.F2=0 PFX.F3=0
==4242== valgrind: Unrecognised instruction at address 0x47a2c1.
==4242==    at 0x47A2C1: runtime.cputicks (asm_amd64.s:1261)
==4242==    by 0x45B0F1: runtime.sysmon (proc.go:6120)
==4242== Your program just tried to execute an instruction that Valgrind
==4242== did not recognise.  There are two possible reasons for this.
SIGILL: illegal instruction
PC=0x47a2c1 m=1 sigcode=2
instruction bytes: 0xf 0x1 0xf9 0x48 0xc1 0xe2 0x20 0x48 0x1 0xd0 0x48 0x89 0x44 0x24 0x8 0xc3

goroutine 0 gp=0xc000006380 m=1 mp=0xc000080008 [idle]:
runtime.cputicks()
`

func TestDeathCause(t *testing.T) {
	exit2 := &exec.ExitError{ProcessState: exitState(t, 2)}
	tests := []struct {
		name           string
		stdout, stderr string
		want           string
	}{
		{"an instruction valgrind cannot decode", "", rdtscpDeath,
			"vex amd64->IR: unhandled instruction bytes: 0xF 0x1 0xF9 0x48 0xC1 0xE2 0x20 0x48 0x1 0xD0 (at runtime.cputicks (asm_amd64.s:1261)) (exit status 2)"},
		{"valgrind's message without a decoder line", "",
			"==7== valgrind: Unrecognised instruction at address 0x52e9a0.\n==7==    at 0x52E9A0: example.com/ud.ud2.abi0 (ud_amd64.s:4)\nSIGILL: illegal instruction\n",
			"valgrind: Unrecognised instruction at address 0x52e9a0. (at example.com/ud.ud2.abi0 (ud_amd64.s:4)) (exit status 2)"},
		{"valgrind fails to start", "", "valgrind: failed to start tool 'cachegrind' for platform 'amd64-linux': No such file or directory\n",
			"valgrind: failed to start tool 'cachegrind' for platform 'amd64-linux': No such file or directory (exit status 2)"},
		{"a signal the runtime does not catch", "",
			"==9== \n==9== Process terminating with default action of signal 9 (SIGKILL)\n==9==    at 0x4711A3: runtime.futex (sys_linux_amd64.s:557)\n",
			"Process terminating with default action of signal 9 (SIGKILL) (at runtime.futex (sys_linux_amd64.s:557)) (exit status 2)"},
		{"a panic", "", "==3== Command: x\npanic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\n",
			"panic: runtime error: index out of range [3] with length 3 (exit status 2)"},
		{"a failing benchmark", "goos: linux\n--- FAIL: BenchmarkWork\n    work_test.go:12: no such file\nFAIL\n", "==3== Command: x\n==3== \n",
			"--- FAIL: BenchmarkWork: work_test.go:12: no such file (exit status 2)"},
		{"nothing said", "", "", "exit status 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := deathCause([]byte(tc.stdout), []byte(tc.stderr), exit2)
			assert.Equal(t, tc.want, got)
			assert.NotContains(t, got, "\n", "one line")
		})
	}
	long := "fatal error: " + strings.Repeat("x", 1000)
	assert.Len(t, deathCause(nil, []byte(long), exit2), 300+len("... (exit status 2)"))
}

// exitState returns the state of a process that exited with code.
func exitState(t *testing.T, code int) *os.ProcessState {
	t.Helper()
	cmd := exec.Command("sh", "-c", fmt.Sprintf("exit %d", code))
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	return ee.ProcessState
}

func TestSignedPercent(t *testing.T) {
	for v, want := range map[float64]string{0: "+0.00%", -0.004: "+0.00%", 0.004: "+0.00%", -0.005: "-0.01%", 1.234: "+1.23%", -12.5: "-12.50%", math.Copysign(0, -1): "+0.00%"} {
		assert.Equal(t, want, signedPercent(v), "%g", v)
	}
}
