package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// measurement is one perft run of one program.
type measurement struct {
	nodes uint64
	wall  time.Duration // the measured part, by this command's clock
	own   time.Duration // the program's own timer; 0 when it prints none
	// cpu is the CPU time (user and system) of the measured part; 0 when
	// it cannot be read. On a busy machine it leaves out the time spent
	// waiting for a core.
	cpu time.Duration
}

// program is one perft program as natives runs it.
type program struct {
	name string // its row in the tables
	// bulk and full say which counting styles it has: the last ply's
	// moves counted (bulk) or every leaf move made.
	bulk, full bool
	// standard and variants say which targets it counts: standard
	// chess's, the variants' (-variants).
	standard, variants bool
	// process programs run as a process a measurement, start-up included.
	process bool
	// engine says it is a UCI engine ("go perft"), which counts a
	// target's engine depth where it has one (target.forProgram).
	engine bool
	run    func(ctx context.Context, t target, full bool) (measurement, error)
}

// counts reports whether p counts column c: its target and its style.
func (p program) counts(c column) bool {
	if c.t.variant == "" && !p.standard || c.t.variant != "" && !p.variants {
		return false
	}
	if c.full {
		return p.full
	}
	return p.bulk
}

// processProgram is a program run once a measurement as a process of its
// own: the wall clock runs from its start to its exit, so it includes the
// program's start-up (milliseconds; its own timer, where it prints one,
// does not). args builds the command line; parse reads the output. The
// process runs in dir, for programs that write files where they run.
func processProgram(name, path, dir string, bulk, full bool,
	args func(t target, full bool) []string,
	parse func(out []byte, depth int) (uint64, time.Duration, error)) program {
	return program{name: name, bulk: bulk, full: full, standard: true, process: true, run: func(ctx context.Context, t target, fullMode bool) (measurement, error) {
		cmd := exec.CommandContext(ctx, path, args(t, fullMode)...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		wall := time.Since(start)
		if err != nil {
			return measurement{}, fmt.Errorf("%s %s: %w (stderr: %q)", path, strings.Join(cmd.Args[1:], " "), err, shorten(stderr.Bytes()))
		}
		n, own, err := parse(stdout.Bytes(), t.depth)
		if err != nil {
			return measurement{}, fmt.Errorf("%s: %w", name, err)
		}
		cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		return measurement{nodes: n, wall: wall, own: own, cpu: cpu}, nil
	}}
}

// gambitArgs is cmd/perft's command line: one thread, JSON output.
func gambitArgs(t target, full bool) []string {
	a := []string{"-threads", "1", "-json", "-progress=false", "-fen", t.fen, "-depth", fmt.Sprint(t.depth)}
	if t.variant != "" {
		a = append(a, "-variant", t.variant)
	}
	if full {
		a = append(a, "-full")
	}
	return a
}

// buildGambit builds gambit's cmd/perft under root with its PGO profile
// (cmd/perft/default.pgo, which go build uses by default for a main
// package, as make perft's go run does) for the given GOAMD64 level, into
// dir. It then runs it once at depth 1: a binary built for a level the CPU
// lacks stops at start-up, and that is reported as errUnsupportedLevel.
func buildGambit(ctx context.Context, goCmd, root, dir, level string) (string, error) {
	bin := filepath.Join(dir, "perft-"+level)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-pgo=auto", "-o", bin, "./cmd/perft")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOAMD64="+level)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building cmd/perft with GOAMD64=%s: %w\n%s", level, err, out)
	}
	out, err := exec.CommandContext(ctx, bin, "-fen", "startpos", "-depth", "1", "-threads", "1", "-json", "-progress=false").CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "microarchitecture") {
			return "", fmt.Errorf("%w: %s", errUnsupportedLevel, strings.TrimSpace(string(out)))
		}
		return "", fmt.Errorf("running cmd/perft built with GOAMD64=%s: %w (%q)", level, err, shorten(out))
	}
	return bin, nil
}

// errUnsupportedLevel is returned by buildGambit when this CPU cannot run
// the GOAMD64 level asked for.
var errUnsupportedLevel = errors.New("this CPU cannot run that GOAMD64 level")

// gambitProgram is cmd/perft built for a GOAMD64 level.
func gambitProgram(bin, level, dir string) program {
	p := processProgram("gambit (cmd/perft, PGO, GOAMD64="+level+")", bin, dir, true, true, gambitArgs, parseGambit)
	p.variants = true
	return p
}

// qperftProgram is H.G. Muller's qperft: "qperft DEPTH FEN", bulk counting,
// no hashing by default. It counts every depth from 1 to DEPTH, so its wall
// clock includes the shallower depths (about a twentieth more at the
// usual depths); its own figure is the depth asked for alone.
func qperftProgram(path, dir string) program {
	return processProgram("qperft", path, dir, true, false,
		func(t target, _ bool) []string { return []string{fmt.Sprint(t.depth), t.fen} },
		parseQperft)
}

// mperftProgram is Richard Delorme's MPerft: "mperft -f FEN -d DEPTH",
// with -b for bulk counting; one thread and no hash table by default.
func mperftProgram(path, dir string) program {
	return processProgram("MPerft", path, dir, true, true,
		func(t target, full bool) []string {
			a := []string{"-f", t.fen, "-d", fmt.Sprint(t.depth)}
			if !full {
				a = append(a, "-b")
			}
			return a
		},
		parseMPerft)
}

// processCPU returns the CPU time (user and system) a running process has
// used so far, from Linux's /proc/PID/stat, in ticks of 10 ms (USER_HZ).
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	return parseProcStat(b)
}

// parseProcStat reads utime and stime, fields 14 and 15 of /proc/PID/stat;
// the second field, the command's name in brackets, may hold spaces and
// brackets, so the fields are counted from the last ")".
func parseProcStat(b []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc stat %q: no \")\"", shorten(b))
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (the state): utime is f[11], stime f[12].
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc stat %q: too few fields", shorten(b))
	}
	var ticks uint64
	for _, s := range f[11:13] {
		v, err := strconv.ParseUint(s, 10, 63)
		if err != nil {
			return 0, fmt.Errorf("/proc stat %q: %w", shorten(b), err)
		}
		ticks += v
	}
	const userHZ = 100
	return time.Duration(ticks) * (time.Second / userHZ), nil
}

// stockfishProgram is Stockfish's "go perft" (one thread: its perft is not
// parallel), which counts the last ply's legal moves without making them,
// as bulk counting does. A fresh engine is started for every measurement;
// its start-up and the position command are not timed: the wall clock runs
// from "go perft" to the "Nodes searched" line, and its CPU time is read
// from /proc then. It prints no time of its own.
func stockfishProgram(path string, timeout time.Duration) program {
	return goPerftProgram("Stockfish (Debian, go perft)", path, timeout, true, false)
}

// fairyProgram is Fairy-Stockfish's "go perft", as stockfishProgram, on
// the variants: the variant is set with UCI_Variant (its names are
// lichess's) before the position.
func fairyProgram(path string, timeout time.Duration) program {
	return goPerftProgram("Fairy-Stockfish (Debian, go perft)", path, timeout, false, true)
}

// goPerftProgram is a UCI engine's "go perft" (see stockfishProgram),
// counting standard chess's targets, the variants' or both.
func goPerftProgram(name, path string, timeout time.Duration, standard, variants bool) program {
	return program{name: name, bulk: true, standard: standard, variants: variants, engine: true, run: func(ctx context.Context, t target, _ bool) (measurement, error) {
		e, err := enginetest.Launch(timeout, path)
		if err != nil {
			return measurement{}, fmt.Errorf("starting %s: %w", path, err)
		}
		defer e.Close()
		if t.variant != "" {
			if err := e.Send("setoption name UCI_Variant value " + t.variant); err != nil {
				return measurement{}, err
			}
		}
		if err := e.Position(t.fen, nil); err != nil {
			return measurement{}, err
		}
		if err := e.Sync(); err != nil {
			return measurement{}, err
		}
		cpu0, cpuErr := processCPU(e.Pid())
		start := time.Now()
		_, n, err := e.Divide(t.depth)
		wall := time.Since(start)
		if err != nil {
			return measurement{}, fmt.Errorf("%s: %w", path, err)
		}
		cpu1, err := processCPU(e.Pid())
		m := measurement{nodes: n, wall: wall}
		if cpuErr == nil && err == nil {
			m.cpu = cpu1 - cpu0
		}
		return m, nil
	}}
}
