package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

		"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
	"github.com/stretchr/testify/require"
)

// The tests here drive the real play binary in a real tmux terminal of
// 80x24, as a person uses it: keys in with send-keys, the screen read back
// with capture-pane.

var playBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "play-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	playBin = filepath.Join(dir, "play")
	if out, err := exec.Command("go", "build", "-o", playBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building play: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// stockfish is the engine the tests play against.
func stockfish() string {
	if p := os.Getenv("GAMBIT_STOCKFISH"); p != "" {
		return p
	}
	return DefaultEngine
}

// tty is play running in a tmux session of its own server.
type tty struct {
	t      *testing.T
	socket string
	dir    string
}

// startTTY runs play with args in an 80x24 tmux window, NO_COLOR set when
// noColor, in a temporary directory.
func startTTY(t *testing.T, noColor bool, args ...string) *tty {
	t.Helper()
	tt := &tty{t: t, socket: fmt.Sprintf("gambit-play-%d-%s", os.Getpid(), t.Name()), dir: t.TempDir()}
	cmd := []string{"env", "-u", "NO_COLOR", "TERM=xterm-256color"}
	if noColor {
		cmd = append(cmd, "NO_COLOR=1")
	}
	cmd = append(cmd, playBin)
	cmd = append(cmd, args...)
	tt.tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "play", "-c", tt.dir, strings.Join(cmd, " "))
	tt.tmux("set-option", "-t", "play", "remain-on-exit", "on")
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tt.socket, "kill-server").Run() })
	return tt
}

func (tt *tty) tmux(args ...string) string {
	tt.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", tt.socket}, args...)...).CombinedOutput()
	require.NoError(tt.t, err, "tmux %v: %s", args, out)
	return string(out)
}

// screen returns what the terminal shows.
func (tt *tty) screen() string { return tt.tmux("capture-pane", "-p", "-t", "play") }

// typeLine types text and Enter.
func (tt *tty) typeLine(text string) {
	tt.t.Helper()
	tt.tmux("send-keys", "-t", "play", "-l", text)
	tt.tmux("send-keys", "-t", "play", "Enter")
}

// waitFor waits until the screen matches re and returns the screen.
func (tt *tty) waitFor(re string, timeout time.Duration) string {
	tt.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(timeout)
	var s string
	for time.Now().Before(deadline) {
		s = tt.screen()
		if rx.MatchString(s) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("the screen never matched %q within %v; it shows:\n%s", re, timeout, s)
	return ""
}

// board returns the board's lines of a screen: the first nine or eleven.
func board(screen string) string {
	lines := strings.Split(screen, "\n")
	var b []string
	for _, l := range lines {
		if strings.HasPrefix(l, "Move ") || strings.HasPrefix(l, "Game over") {
			break
		}
		if len(l) > 26 {
			l = l[:26] // the board without the side panel
		}
		b = append(b, l)
	}
	return strings.Join(b, "\n")
}

// fenOf types fen and returns the FEN the screen then shows.
func (tt *tty) fenOf() string {
	tt.t.Helper()
	tt.typeLine("fen")
	s := tt.waitFor(`(?m)^[1-8pnbrqkPNBRQK/]+ [wb] \S+ \S+ \d+ \d+\s*$`, 10*time.Second)
	return regexp.MustCompile(`(?m)^[1-8pnbrqkPNBRQK/]+ [wb] \S+ \S+ \d+ \d+`).FindString(s)
}

func requireFits(t *testing.T, screen string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	require.LessOrEqual(t, len(lines), 24)
	for _, l := range lines {
		require.LessOrEqual(t, len([]rune(l)), 80, "line %q", l)
	}
	require.Regexp(t, `^(  \+-+\+.*\n)?[18] `, lines[0]+"\n"+lines[1], "the board's top is on the first lines")
}

func TestFoolsMateAndSave(t *testing.T) {
	tt := startTTY(t, true, "-human")
	tt.waitFor(`White >`, 10*time.Second)
	for _, m := range []string{"f3", "e5", "g4"} {
		tt.typeLine(m)
	}
	tt.typeLine("qh4") // a lower-case queen
	s := tt.waitFor(`Game over: 0-1, White is checkmated: Black wins`, 10*time.Second)
	requireFits(t, s)
	require.Contains(t, s, "2. g4 Qh4#")
	tt.typeLine("save fool.pgn")
	tt.waitFor(`Saved to fool.pgn`, 10*time.Second)

	f, err := os.Open(filepath.Join(tt.dir, "fool.pgn"))
	require.NoError(t, err)
	defer f.Close()
	g, err := pgn.NewReader(f).Next()
	require.NoError(t, err)
	require.Equal(t, "0-1", g.Result)
	pos := g.Start
	var sans []string
	for _, m := range g.MainlineMoves() {
		sans = append(sans, san.Format(&pos, m))
		pos.MakeMove(m)
	}
	require.Equal(t, []string{"f3", "e5", "g4", "Qh4#"}, sans)
	require.True(t, pos.IsCheckmate())

	tt.typeLine("quit")
	tt.waitFor(`Pane is dead|\$ $`, 10*time.Second)
}
