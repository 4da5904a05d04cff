//go:build linux

package svg

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/stretchr/testify/require"
)

// chromium is Debian's Chromium, which scripts/test-deps.sh installs.
const chromium = "/usr/bin/chromium"

// px is the side of a board in the browser test, so a square is 40 pixels.
const px = 320

// TestBrowser renders boards in headless Chromium to one PNG and checks
// its pixels: the squares' colours, the kings on their squares from both
// sides, a straight and a knight's arrow along their paths, a filled
// square, the check, and an animation's first frame.
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("%s is missing: run scripts/test-deps.sh (%v)", chromium, err)
	}
	dir := t.TempDir()
	start := core.StartPosition()
	check, err := core.ParseFEN("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1")
	require.NoError(t, err)
	arrows := []Arrow{{From: core.A6, To: core.H6, Color: "#ff0000"}, {From: core.C3, To: core.D5, Color: "#0000ff"}}
	g := game.New()
	for _, m := range []string{"e4", "e5", "Qh5"} {
		require.NoError(t, g.MoveSAN(m))
	}
	// An hour a frame: the screenshot shows the first, and only it.
	anim, err := Animation(g, Options{Size: px}, time.Hour)
	require.NoError(t, err)
	boards := []struct {
		name string
		doc  []byte
	}{
		{"white.svg", Board(&start, Options{Size: px, Arrows: arrows})},
		{"black.svg", Board(&start, Options{Size: px, Flipped: true, Arrows: arrows})},
		{"check.svg", Board(&check, Options{Size: px, Fills: map[core.Square]string{core.A1: "#00ff00"}})},
		{"anim.svg", anim},
	}
	page := `<!DOCTYPE html><html><body style="margin:0;background:#808080">`
	for i, b := range boards {
		require.NoError(t, os.WriteFile(filepath.Join(dir, b.name), b.doc, 0o644))
		page += fmt.Sprintf(`<img src="%s" style="position:absolute;left:%dpx;top:%dpx">`, b.name, i%2*px, i/2*px)
	}
	page += `</body></html>`
	html := filepath.Join(dir, "page.html")
	require.NoError(t, os.WriteFile(html, []byte(page), 0o644))
	shot := filepath.Join(dir, "shot.png")

	// Generous on a loaded machine; the context kills the browser and its
	// children, which share its process group.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-quic", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--force-color-profile=srgb",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", 2*px, 2*px), "file://"+html)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "chromium: %s", out)
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 2*px, 2*px), img.Bounds())

	// at checks the colour at a point of a square of a board: (fx, fy) in
	// the square from its top left corner, 0 to 1.
	type rgb [3]int
	at := func(board int, s core.Square, flipped bool, fx, fy float64, want rgb, what string) {
		t.Helper()
		f, r := int(s&7), int(s>>3)
		if flipped {
			f, r = 7-f, 7-r
		}
		x := board%2*px + f*40 + int(fx*40)
		y := board/2*px + (7-r)*40 + int(fy*40)
		cr, cg, cb, _ := img.At(x, y).RGBA()
		got := rgb{int(cr >> 8), int(cg >> 8), int(cb >> 8)}
		for i := range got {
			if d := got[i] - want[i]; d < -8 || d > 8 {
				t.Errorf("board %d, %s at (%d,%d): %s: got %v, want %v", board, s, x, y, what, got, want)
				return
			}
		}
	}
	light, dark := rgb{0xf0, 0xd9, 0xb5}, rgb{0xb5, 0x88, 0x63}
	white, black := rgb{255, 255, 255}, rgb{0, 0, 0}
	red, blue := rgb{255, 0, 0}, rgb{0, 0, 255}
	for b, flipped := range []bool{false, true} {
		at(b, core.A3, flipped, 0.5, 0.5, dark, "a dark square")
		at(b, core.B3, flipped, 0.5, 0.5, light, "a light square")
		at(b, core.H4, flipped, 0.5, 0.5, dark, "a dark square")
		at(b, core.E1, flipped, 0.5, 0.62, white, "the white king")
		at(b, core.E1, flipped, 0.1, 0.1, dark, "the corner of e1")
		at(b, core.E8, flipped, 0.5, 0.62, black, "the black king")
		at(b, core.E8, flipped, 0.1, 0.1, light, "the corner of e8")
		at(b, core.D8, flipped, 0.5, 0.62, black, "the black queen")
		at(b, core.D1, flipped, 0.5, 0.62, white, "the white queen")
		for _, s := range []core.Square{core.B6, core.C6, core.D6, core.E6, core.F6, core.G6} {
			at(b, s, flipped, 0.5, 0.5, red, "the arrow a6-h6")
			at(b, s, flipped, 0.5, 0.1, squareColor(s, light, dark), "beside the arrow a6-h6")
		}
		// c3-d5: up the c-file to c5, then across to d5.
		at(b, core.C4, flipped, 0.5, 0.5, blue, "the knight's arrow c3-d5")
		at(b, core.C5, flipped, 0.5, 0.5, blue, "the knight's arrow c3-d5")
		at(b, core.D5, flipped, 0.5, 0.5, blue, "the knight's arrow c3-d5")
		at(b, core.D4, flipped, 0.5, 0.5, dark, "off the knight's arrow c3-d5")
		at(b, core.C4, flipped, 0.1, 0.5, light, "beside the knight's arrow c3-d5")
	}
	// The check: red at 0.8 over the light e8; the filled a1.
	at(2, core.E8, false, 0.1, 0.1, rgb{252, 43, 36}, "the checked king's square")
	at(2, core.E7, false, 0.1, 0.1, dark, "a square next to the check")
	at(2, core.A1, false, 0.5, 0.5, rgb{0, 255, 0}, "a filled square")
	at(2, core.B1, false, 0.5, 0.5, light, "a square not filled")
	// The animation's first frame: the start position, e2 not played.
	at(3, core.E2, false, 0.5, 0.62, white, "the animation's pawn on e2")
	at(3, core.E4, false, 0.5, 0.62, light, "the animation's empty e4")
	at(3, core.D1, false, 0.5, 0.62, white, "the animation's queen on d1")
	at(3, core.E2, false, 0.1, 0.1, light, "no last move in the first frame")
	// The pieces fill their squares: the rendered king and queen about
	// 90 % of a square's height and four fifths of its width, the pawn
	// four fifths of its height (the pixels that differ from the square's
	// colour, in a 40-pixel square).
	extent := func(board int, s core.Square, bg rgb) (w, h float64) {
		f, r := int(s&7), int(s>>3)
		x0, y0 := board%2*px+f*40, board/2*px+(7-r)*40
		minX, minY, maxX, maxY := 40, 40, -1, -1
		for y := range 40 {
			for x := range 40 {
				cr, cg, cb, _ := img.At(x0+x, y0+y).RGBA()
				c := rgb{int(cr >> 8), int(cg >> 8), int(cb >> 8)}
				for i := range c {
					if d := c[i] - bg[i]; d < -48 || d > 48 {
						minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
						break
					}
				}
			}
		}
		return float64(maxX-minX+1) / 40, float64(maxY-minY+1) / 40
	}
	for _, p := range []struct {
		s          core.Square
		bg         rgb
		minW, minH float64
		what       string
	}{
		{core.E1, dark, 0.78, 0.88, "the white king"},
		{core.E8, light, 0.78, 0.88, "the black king"},
		{core.D1, light, 0.78, 0.88, "the white queen"},
		{core.D8, dark, 0.78, 0.88, "the black queen"},
		{core.E2, light, 0.6, 0.78, "a white pawn"},
		{core.G8, light, 0.65, 0.85, "the black knight"},
	} {
		w, h := extent(0, p.s, p.bg)
		if w < p.minW || h < p.minH || h > 0.97 || w > 0.97 {
			t.Errorf("%s fills %.0f %% of its square's width and %.0f %% of its height, want at least %.0f %% and %.0f %% (and a margin)",
				p.what, w*100, h*100, p.minW*100, p.minH*100)
		}
	}
	// GAMBIT_SVG_SHOT=FILE keeps the screenshot, to look at.
	if keep := os.Getenv("GAMBIT_SVG_SHOT"); keep != "" {
		b, err := os.ReadFile(shot)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(keep, b, 0o644))
	}
}

func squareColor(s core.Square, light, dark [3]int) [3]int {
	if (int(s&7)+int(s>>3))%2 == 0 {
		return dark
	}
	return light
}
