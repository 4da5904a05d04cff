//go:build unix

package xboard_test

import (
	"errors"
	"fmt"
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
// engine (fcp, with extra XBoard arguments) and enginetest.GUIOpponent
// (Phalanx) at 5 seconds a side. A screenshot taken during the game must
// show the board. It returns the saved PGN. Fairy-Max is no opponent here: XBoard sends it
// `computer`, on which Debian's Fairy-Max 5.0b dies about half the time.
func xboardMatch(t *testing.T, fcp string, extra ...string) string {
	t.Helper()
	xg := enginetest.StartXBoardGame(t, fcp, extra...)

	// Screenshots until one shows the board: XBoard's window comes up
	// after its engines have started, which took more than 3 s with the
	// machine's two cores busy, and a fixed wait then saw a black screen.
	var drawn error
	for deadline := time.Now().Add(60 * time.Second); ; {
		time.Sleep(time.Second)
		if drawn = boardDrawn(screenshot(t, xg)); drawn == nil || time.Now().After(deadline) {
			break
		}
	}
	require.NoError(t, drawn, "XBoard's screen within 60 s")

	// The game ends within its clocks; XBoard writes the PGN then.
	return xg.Wait(t, 90*time.Second)
}

// screenshot takes a picture of XBoard's display (and keeps a copy in
// $GAMBIT_SCREENSHOTS when set).
func screenshot(t *testing.T, xg *enginetest.XBoardGame) image.Image {
	t.Helper()
	shot := filepath.Join(xg.Dir, "xboard.png")
	imp := exec.Command(enginetest.Program(t, "import"), "-display", xg.Display, "-window", "root", shot)
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
	return img
}

// boardDrawn says whether the screenshot shows a chess board: a region of
// light and dark squares that alternate over 8x8 cells. It returns nil or
// what it did not find.
func boardDrawn(img image.Image) error {
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
	if wood <= b.Dx()*b.Dy()/20 {
		return fmt.Errorf("no board-coloured area on the screen: %d pixels of %d", wood, b.Dx()*b.Dy())
	}
	w, h := maxX-minX+1, maxY-minY+1
	if r := float64(w) / float64(h); r < 0.8 || r > 1.2 {
		return fmt.Errorf("the board is not square: %dx%d", w, h)
	}
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
	// A highlighted last move may cover a corner or two.
	median := func(v []float64) float64 {
		v = slices.Clone(v)
		slices.Sort(v)
		return v[len(v)/2]
	}
	me, mo := median(even), median(odd)
	if math.Abs(me-mo) <= 20 {
		return fmt.Errorf("light and dark squares do not differ: %.0f and %.0f", me, mo)
	}
	mid, right := (me+mo)/2, 0
	for i := range even {
		if (even[i] > mid) == (me > mo) {
			right++
		}
		if (odd[i] > mid) == (mo > me) {
			right++
		}
	}
	if right < 60 {
		return fmt.Errorf("light and dark squares alternate over %d of 64 cells, not 60", right)
	}
	return nil
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
// Phalanx.
func TestXBoardGUIServe(t *testing.T) {
	text := xboardMatch(t, goEngine+" -protocol xboard")
	checkPGN(t, text, "gambit goengine", "Phalanx XXV")
}

// XBoard plays the same Go engine served by uci.Serve, through Debian's
// polyglot adapter (-fUCI), against Phalanx.
func TestXBoardGUIPolyglot(t *testing.T) {
	enginetest.Program(t, "polyglot")
	text := xboardMatch(t, goEngine+" -protocol uci", "-fUCI")
	checkPGN(t, text, "gambit goengine", "Phalanx XXV")
}

// The Go engine survives XBoard's `computer` command, served by
// xboard.Serve and by uci.Serve behind polyglot, as the GUI tests need.
func TestSurvivesComputer(t *testing.T) {
	enginetest.RequireSurvivesComputer(t, 20, goEngine, "-protocol", "xboard")
	enginetest.RequireSurvivesComputer(t, 20, enginetest.Program(t, "polyglot"), "-noini", "-ec", goEngine+" -protocol uci")
}
