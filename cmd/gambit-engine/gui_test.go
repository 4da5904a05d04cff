//go:build unix

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

// TestXBoardGUI has the XBoard GUI, under Xvfb, play a game of 5 seconds a
// side between gambit-engine and enginetest.GUIOpponent (Phalanx), with
// gambit-engine spoken to in XBoard's own protocol and in UCI through
// polyglot (-fUCI). The saved game must end with a result, replay legally
// and not be lost by an illegal move. XBoard does not call flags here (it
// would need -autoCallFlag): with XBoard, Xvfb and polyglot sharing two
// cores with the other tests, a 5-second game is lost on time by either
// side at random; time losses are checked where the clock is gambit's
// (make engine-clock and make engine-strength, through package
// match). Fairy-Max is no opponent here: XBoard sends it `computer`, on
// which Debian's Fairy-Max 5.0b dies about half the time, and XBoard then
// waits for its move for ever.
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
			text := enginetest.StartXBoardGame(t, tc.fcp, tc.extra...).Wait(t, 90*time.Second)
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

// gambit-engine survives XBoard's `computer` command, in its own protocol
// and in UCI behind polyglot, as the GUI test needs.
func TestSurvivesComputer(t *testing.T) {
	enginetest.RequireSurvivesComputer(t, 20, binary)
	enginetest.RequireSurvivesComputer(t, 20, enginetest.Program(t, "polyglot"), "-noini", "-ec", binary+" -protocol uci")
}
