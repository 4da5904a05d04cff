//go:build unix

package xboard_test

import (
	"errors"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/pgn"
)

// xboardMatch has XBoard, under Xvfb, play one game between the first
// engine (fcp, with extra XBoard arguments) and Fairy-Max at 5 seconds a
// side. It returns the saved PGN and a screenshot taken during the game.
func xboardMatch(t *testing.T, fcp string, extra ...string) (string, image.Image) {
	t.Helper()
	display := enginetest.StartXvfb(t)
	dir := t.TempDir()
	pgnFile := filepath.Join(dir, "match.pgn")
	args := append([]string{
		"-fcp", fcp, "-scp", enginetest.Program(t, "fairymax"),
		"-matchGames", "1", "-tc", "0:05", "-inc", "0",
		"-saveGameFile", pgnFile, "-settingsFile", filepath.Join(dir, "xboard.settings"),
		"-saveSettingsOnExit", "false", "-debug", "-nameOfDebugFile", filepath.Join(dir, "xboard.debug"),
	}, extra...)
	cmd := exec.Command(enginetest.Program(t, "xboard"), args...)
	cmd.Dir = dir
	// polyglot lives in /usr/games, which XBoard finds through PATH.
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+dir, "PATH="+os.Getenv("PATH")+":/usr/games")
	enginetest.StartGroup(t, cmd)

	// The screenshot, a few seconds into the game.
	time.Sleep(3 * time.Second)
	shot := filepath.Join(dir, "xboard.png")
	imp := exec.Command(enginetest.Program(t, "import"), "-display", display, "-window", "root", shot)
	out, err := imp.CombinedOutput()
	require.NoError(t, err, "import: %s", out)
	f, err := os.Open(shot)
	require.NoError(t, err)
	img, err := png.Decode(f)
	_ = f.Close()
	require.NoError(t, err)
	if d := os.Getenv("GAMBIT_SCREENSHOTS"); d != "" {
		data, err := os.ReadFile(shot)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(d, "xboard-"+strings.ReplaceAll(t.Name(), "/", "-")+".png"), data, 0o644))
	}

	// The game ends within its clocks; XBoard writes the PGN then.
	deadline := time.Now().Add(40 * time.Second)
	for {
		data, _ := os.ReadFile(pgnFile)
		if strings.Contains(string(data), "[Result \"") && !strings.Contains(string(data), `[Result "*"]`) {
			time.Sleep(200 * time.Millisecond) // the movetext follows the tags
			data, _ = os.ReadFile(pgnFile)
			return string(data), img
		}
		if time.Now().After(deadline) {
			dbg, _ := os.ReadFile(filepath.Join(dir, "xboard.debug"))
			lines := strings.Split(string(dbg), "\n")
			t.Fatalf("no finished game in %s within 40s; XBoard's debug log ends:\n%s", pgnFile, strings.Join(lines[max(0, len(lines)-30):], "\n"))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// requireBoardDrawn checks the screenshot shows a chess board: a region of
// light and dark squares that alternate over 8x8 cells.
func requireBoardDrawn(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	lum := func(x, y int) float64 {
		r, g, bl, _ := img.At(x, y).RGBA()
		return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
	}
	// The board is the bounding box of the wooden (warm, bright) pixels.
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	wood := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if r > 150 && r > g && g > bl && r-bl > 40 {
				wood++
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	require.Greater(t, wood, b.Dx()*b.Dy()/20, "no board-coloured area on the screen")
	w, h := maxX-minX+1, maxY-minY+1
	require.InDelta(t, 1.0, float64(w)/float64(h), 0.2, "the board is square: %dx%d", w, h)
	// Each cell's corner (pieces stand in the middle): the even cells
	// are all lighter than the odd ones, or all darker.
	var even, odd []float64
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			x0, y0 := minX+c*w/8+w/80, minY+r*h/8+h/80
			sum := 0.0
			for dy := 0; dy < 3; dy++ {
				for dx := 0; dx < 3; dx++ {
					sum += lum(x0+dx, y0+dy)
				}
			}
			if (r+c)%2 == 0 {
				even = append(even, sum/9)
			} else {
				odd = append(odd, sum/9)
			}
		}
	}
	// A highlighted last move or an arrow may cover a corner or two.
	median := func(v []float64) float64 {
		v = slices.Clone(v)
		slices.Sort(v)
		return v[len(v)/2]
	}
	me, mo := median(even), median(odd)
	require.Greater(t, math.Abs(me-mo), 20.0, "light and dark squares differ: %.0f and %.0f", me, mo)
	mid, right := (me+mo)/2, 0
	for i := range even {
		if (even[i] > mid) == (me > mo) {
			right++
		}
		if (odd[i] > mid) == (mo > me) {
			right++
		}
	}
	assert.GreaterOrEqual(t, right, 60, "light and dark squares alternate over 8x8 cells")
}

// checkPGN reads the saved game back with package pgn and replays it.
func checkPGN(t *testing.T, text, white, black string) {
	t.Helper()
	r := pgn.NewReader(strings.NewReader(text))
	n := 0
	for {
		pg, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		n++
		assert.Equal(t, white, pg.Tags.Get("White"))
		assert.Equal(t, black, pg.Tags.Get("Black"))
		assert.Contains(t, []string{"1-0", "0-1", "1/2-1/2"}, pg.Result)
		g, err := game.FromPGNGame(pg)
		require.NoError(t, err)
		assert.Positive(t, g.Ply())
		t.Logf("%s - %s %s in %d plies", white, black, pg.Result, g.Ply())
	}
	assert.Equal(t, 1, n)
}

// XBoard itself plays the Go engine, served by xboard.Serve, against
// Fairy-Max.
func TestXBoardGUIServe(t *testing.T) {
	text, img := xboardMatch(t, goEngine+" -protocol xboard")
	checkPGN(t, text, "gambit goengine", "Fairy-Max 5.0b")
	requireBoardDrawn(t, img)
}

// XBoard plays the same Go engine served by uci.Serve, through Debian's
// polyglot adapter (-fUCI), against Fairy-Max.
func TestXBoardGUIPolyglot(t *testing.T) {
	enginetest.Program(t, "polyglot")
	text, img := xboardMatch(t, goEngine+" -protocol uci", "-fUCI")
	checkPGN(t, text, "gambit goengine", "Fairy-Max 5.0b")
	requireBoardDrawn(t, img)
}
