//go:build unix

package enginetest

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// GUIOpponent is the Debian engine that the XBoard GUI tests have XBoard
// play against gambit's engines. XBoard sends `computer` to an engine
// whose opponent is an engine, so the opponent must survive that command
// (TestGUIOpponentSurvivesComputer checks it). Debian's Fairy-Max 5.0b
// does not: it dies of SIGSEGV on `computer` in about half of its runs, and
// XBoard never notices, so the game hangs. Fairy-Max stays where gambit's
// own XBoard client drives it, which never sends `computer`.
const GUIOpponent = "phalanx"

// RequireSurvivesComputer starts the XBoard engine argv[0] (with the rest
// of argv as its arguments) runs times, and each time opens a game as
// XBoard does when both players are engines: xboard, protover 2, new, a
// five-second clock, computer, go. It waits for the engine's first move,
// sends quit and waits for it to exit. It fails the test, naming the
// engine, when a run dies of a signal or never moves, with the engine's
// last lines.
func RequireSurvivesComputer(t *testing.T, runs int, argv ...string) {
	t.Helper()
	if err := SurvivesComputer(runs, argv...); err != nil {
		t.Fatal(err)
	}
}

// SurvivesComputer is RequireSurvivesComputer's check: nil, or an error
// naming the engine, the run and how it failed.
func SurvivesComputer(runs int, argv ...string) error {
	return survivesComputer(runs, 30*time.Second, argv)
}

// survivesComputer is SurvivesComputer with the time an engine has for
// its first move.
func survivesComputer(runs int, moveWithin time.Duration, argv []string) error {
	for i := 1; i <= runs; i++ {
		if err := computerRun(moveWithin, argv); err != nil {
			return fmt.Errorf("%s, run %d of %d: %w", strings.Join(argv, " "), i, runs, err)
		}
	}
	return nil
}

// computerRun is one run of RequireSurvivesComputer.
func computerRun(moveWithin time.Duration, argv []string) (err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting: %w", err)
	}
	lines := make(chan string, 256)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var last []string
	// wait reads lines until one satisfies ok, the engine's output ends,
	// or d passes; it reports which.
	wait := func(d time.Duration, ok func(string) bool) (found, open bool) {
		timer := time.NewTimer(d)
		defer timer.Stop()
		for {
			select {
			case l, more := <-lines:
				if !more {
					return false, false
				}
				last = append(last, l)
				if len(last) > 8 {
					last = last[1:]
				}
				if ok(l) {
					return true, true
				}
			case <-timer.C:
				return false, true
			}
		}
	}
	// exited reaps the engine (killing it after grace) and says how it
	// ended.
	exited := func(grace time.Duration) string {
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(grace):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
			return fmt.Sprintf("did not exit within %v of quit (killed)", grace)
		}
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			return fmt.Sprintf("died of %v", ws.Signal())
		}
		return ""
	}
	send := func(s string) { _, _ = io.WriteString(in, s) }

	send("xboard\nprotover 2\n")
	// Engines of protocol 2 end their features with done=1; XBoard waits
	// at most 2 s for it, here the time of a loaded machine.
	wait(10*time.Second, func(l string) bool { return strings.Contains(l, "done=1") })
	send("new\nlevel 0 0:05 0\npost\ncomputer\ntime 500\notim 500\ngo\n")
	moved, open := wait(moveWithin, func(l string) bool { return strings.HasPrefix(l, "move ") })
	send("quit\n")
	_ = in.Close()
	how := exited(10 * time.Second)
	switch {
	case how != "" && !moved:
		return fmt.Errorf("%s before its first move after `computer`; its last lines: %q", how, last)
	case how != "":
		return fmt.Errorf("%s after its first move; its last lines: %q", how, last)
	case !moved && !open:
		return fmt.Errorf("exited without a move after `computer`; its last lines: %q", last)
	case !moved:
		return fmt.Errorf("no move within %v of `go`; its last lines: %q", moveWithin, last)
	}
	return nil
}
