//go:build unix

package enginetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// XBoardGame is one game that the XBoard GUI plays under a virtual X
// server between one of gambit's engines and GUIOpponent.
type XBoardGame struct {
	Display string // the X display XBoard draws on
	Dir     string // XBoard's working directory and HOME
	PGN     string // the file XBoard saves the game to
	Debug   string // XBoard's debug log: every line to and from the engines
	pid     int    // XBoard's process, leader of a group with its engines
}

// StartXBoardGame starts XBoard under its own Xvfb playing one game of 5
// seconds a side, the engine command line first (White) against
// GUIOpponent, with extra XBoard arguments (such as -fUCI). Moves are not
// animated: a screenshot shows the board at rest. XBoard, its engines and
// Xvfb are killed when the test ends.
func StartXBoardGame(t *testing.T, first string, extra ...string) *XBoardGame {
	t.Helper()
	g := &XBoardGame{Display: StartXvfb(t), Dir: t.TempDir()}
	g.PGN = filepath.Join(g.Dir, "game.pgn")
	g.Debug = filepath.Join(g.Dir, "xboard.debug")
	args := append([]string{
		"-fcp", first, "-scp", Program(t, GUIOpponent),
		"-matchGames", "1", "-tc", "0:05", "-inc", "0",
		"-animateMoving", "false",
		"-saveGameFile", g.PGN, "-settingsFile", filepath.Join(g.Dir, "xboard.settings"),
		"-saveSettingsOnExit", "false", "-debug", "-nameOfDebugFile", g.Debug,
	}, extra...)
	cmd := exec.Command(Program(t, "xboard"), args...)
	cmd.Dir = g.Dir
	// polyglot lives in /usr/games, which XBoard finds through PATH.
	cmd.Env = append(os.Environ(), "DISPLAY="+g.Display, "HOME="+g.Dir, "PATH="+os.Getenv("PATH")+":/usr/games")
	StartGroup(t, cmd)
	g.pid = cmd.Process.Pid
	return g
}

// Wait waits up to timeout for XBoard to save the game with its result
// and returns the PGN. Failing, it says what it waited for and what it saw
// last: the end of XBoard's debug log (the engines' last lines) and which
// of XBoard's processes still run, so a dead engine shows by its absence.
func (g *XBoardGame) Wait(t *testing.T, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		data, _ := os.ReadFile(g.PGN)
		if s := string(data); strings.Contains(s, `[Result "`) && !strings.Contains(s, `[Result "*"]`) {
			time.Sleep(300 * time.Millisecond) // the movetext follows the tags
			data, _ = os.ReadFile(g.PGN)
			return string(data)
		}
		if time.Now().After(deadline) {
			dbg, _ := os.ReadFile(g.Debug)
			lines := strings.Split(strings.TrimRight(string(dbg), "\n"), "\n")
			t.Fatalf("waited %v for XBoard to save a finished game to %s; it saved %d bytes.\n"+
				"XBoard's processes still running: %s\nXBoard's debug log ends:\n%s",
				timeout, g.PGN, len(data), strings.Join(groupProcesses(g.pid), "; "),
				strings.Join(lines[max(0, len(lines)-40):], "\n"))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// groupProcesses lists the processes of the process group pgid.
func groupProcesses(pgid int) []string {
	found, err := Processes(func(_, pgrp int) bool { return pgrp == pgid })
	if err != nil {
		return []string{err.Error()}
	}
	if len(found) == 0 {
		return []string{"none"}
	}
	return found
}
