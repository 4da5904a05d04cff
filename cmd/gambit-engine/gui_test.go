//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

// TestXBoardGUI has the XBoard GUI, under Xvfb, play a game of 5 seconds a
// side between gambit-engine and Fairy-Max, with gambit-engine spoken to in
// XBoard's own protocol and in UCI through polyglot (-fUCI). The saved game
// must end with a result, replay legally and not be lost by an illegal
// move. XBoard does not call flags here (it would need -autoCallFlag): on
// this shared, loaded machine XBoard, Xvfb and polyglot are starved of CPU
// and a 5-second game is lost on time by either side at random; time
// losses are checked where the clock is gambit's (TestBeatsStockfishSkill0
// and make engine-strength, through package match).
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
			display := enginetest.StartXvfb(t)
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
			enginetest.StartGroup(t, cmd)

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
