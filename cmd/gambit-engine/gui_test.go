//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

// startGroup starts cmd in a process group of its own, killed when the
// test ends.
func startGroup(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start(), "starting %s", cmd.Path)
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
}

// startXvfb runs a virtual X server and returns its display.
func startXvfb(t *testing.T) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	cmd := exec.Command(enginetest.Program(t, "Xvfb"), "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	startGroup(t, cmd)
	_ = w.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		require.NotEmpty(t, n)
		return ":" + n
	case <-time.After(10 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// TestXBoardGUI has the XBoard GUI, under Xvfb, play a game of 5 seconds a
// side between gambit-engine and Fairy-Max, with gambit-engine spoken to in
// XBoard's own protocol and in UCI through polyglot (-fUCI). The saved game
// must end with a result, replay legally and not be lost by an illegal
// move. XBoard does not call flags here (it would need -autoCallFlag): on
// this shared, loaded machine XBoard, Xvfb and polyglot are starved of CPU
// and a 5-second game is lost on time by either side at random; time
// losses are checked where the clock is gambit's (TestBeatsStockfishSkill0
// and the match subcommand).
func TestXBoardGUI(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fcp   string
		extra []string
	}{
		{"xboard", binary, nil},
		{"uci via polyglot", binary + " -protocol uci", []string{"-fUCI"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			display := startXvfb(t)
			dir := t.TempDir()
			pgnFile := filepath.Join(dir, "game.pgn")
			args := append([]string{
				"-fcp", tc.fcp, "-scp", enginetest.Program(t, "fairymax"),
				"-matchGames", "1", "-tc", "0:05", "-inc", "0",
				"-saveGameFile", pgnFile, "-settingsFile", filepath.Join(dir, "xboard.settings"),
				"-saveSettingsOnExit", "false",
			}, tc.extra...)
			cmd := exec.Command(enginetest.Program(t, "xboard"), args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+dir, "PATH="+os.Getenv("PATH")+":/usr/games")
			startGroup(t, cmd)

			var text string
			deadline := time.Now().Add(90 * time.Second)
			for {
				data, _ := os.ReadFile(pgnFile)
				if s := string(data); strings.Contains(s, `[Result "`) && !strings.Contains(s, `[Result "*"]`) {
					time.Sleep(300 * time.Millisecond)
					data, _ = os.ReadFile(pgnFile)
					text = string(data)
					break
				}
				require.True(t, time.Now().Before(deadline), "no finished game within 90 s")
				time.Sleep(200 * time.Millisecond)
			}
			t.Log(text)
			assert.Contains(t, text, `[White "gambit-engine`)
			g, err := game.FromPGN(strings.NewReader(text))
			require.NoError(t, err, "the game replays")
			assert.Greater(t, g.Ply(), 10)
			lower := strings.ToLower(text)
			assert.NotContains(t, lower, "illegal")
		})
	}
}
