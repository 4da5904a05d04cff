package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// The tests here drive the real play binary in a real tmux terminal of
// 80x24, as a person uses it: keys in with send-keys, the screen read back
// with capture-pane.

var playBin string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("play-test", ".")
	playBin = filepath.Join(dir, "play")
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// stockfish is the engine the tests play against.
func stockfish() string {
	if p := os.Getenv("GAMBIT_STOCKFISH"); p != "" {
		return p
	}
	return "/usr/games/stockfish"
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
	tt.tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "play", "-c", tt.dir, strings.Join(cmd, " ")+" 2>stderr.txt; echo $? >status.txt")
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

// waitExit waits until play exits and requires its exit status to be 0.
// The shell that ran play writes the status to a file: tmux itself may be
// slow to mark the pane dead.
func (tt *tty) waitExit() {
	tt.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		status, err := os.ReadFile(filepath.Join(tt.dir, "status.txt"))
		if err == nil && len(status) > 0 {
			stderr, _ := os.ReadFile(filepath.Join(tt.dir, "stderr.txt"))
			require.Equal(tt.t, "0", strings.TrimSpace(string(status)), "play's exit status; its stderr:\n%s", stderr)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("play did not exit; the screen shows:\n%s", tt.screen())
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
	s := tt.waitFor(`(?m)^[1-8pnbrqkPNBRQK/]+ [wb] \S+ \S+ \d+ \d+\s*$`, 20*time.Second)
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
	tt.waitFor(`White >`, 20*time.Second)
	for _, m := range []string{"f3", "e5", "g4"} {
		tt.typeLine(m)
	}
	tt.typeLine("qh4") // a lower-case queen
	s := tt.waitFor(`Game over: 0-1, White is checkmated: Black wins`, 20*time.Second)
	requireFits(t, s)
	require.Contains(t, s, "2. g4 Qh4#")
	tt.typeLine("save fool.pgn")
	tt.waitFor(`Saved to fool.pgn`, 20*time.Second)

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
	tt.waitExit()
	// quit leaves the last screen: the board, the result, the file.
	s = tt.screen()
	require.Contains(t, s, "Game over: 0-1, White is checkmated: Black wins")
	require.Contains(t, s, "Saved to fool.pgn.")
	require.Contains(t, s, "2. g4 Qh4#")
}

func TestWrongMoveKeepsBoard(t *testing.T) {
	// Two white knights reach d2: Nd2 is ambiguous.
	tt := startTTY(t, true, "-human", "-fen", "'4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1'")
	before := board(tt.waitFor(`White >`, 20*time.Second))
	cases := []struct{ in, want string }{
		{"Nd2", `ambiguous move "Nd2": could be Nbd2, Nfd2`},
		{"Ke3x", `"Ke3x" is not a move or command`},
		{"Nd4", `illegal move "Nd4": no legal move fits it`},
		{"zz9", `"zz9" is not a move or command \(type help\)`},
	}
	for _, c := range cases {
		tt.typeLine(c.in)
		s := tt.waitFor(c.want, 20*time.Second)
		requireFits(t, s)
		require.Equal(t, before, board(s), "the board stays after %q", c.in)
		// One line says why: the line after the status line.
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "Move 1, White to move") {
				require.Regexp(t, c.want, lines[i+1])
				require.Empty(t, strings.TrimSpace(lines[i+2]), "one line only")
			}
		}
	}
	require.Equal(t, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", tt.fenOf())
}

func TestUndoAndFlip(t *testing.T) {
	tt := startTTY(t, true, "-human", "-ascii")
	s := tt.waitFor(`White >`, 20*time.Second)
	require.Contains(t, s, "    a b c d e f g h")
	tt.typeLine("e4")
	tt.typeLine("e5")
	tt.typeLine("Nf3")
	tt.waitFor(`2\. Nf3`, 20*time.Second)
	tt.typeLine("undo")
	tt.waitFor(`Took back 1 move`, 20*time.Second)
	require.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", tt.fenOf())
	tt.typeLine("flip")
	s = tt.waitFor(`(?m)^    h g f e d c b a`, 20*time.Second)
	lines := strings.Split(s, "\n")
	require.Regexp(t, `^1 \| R N B K Q B N R \|`, lines[1], "White's first rank on top, the h-file on the left")
	requireFits(t, s)
}

func TestTabCompletion(t *testing.T) {
	tt := startTTY(t, true, "-human")
	tt.waitFor(`White >`, 20*time.Second)
	tt.tmux("send-keys", "-t", "play", "-l", "N")
	tt.tmux("send-keys", "-t", "play", "Tab")
	tt.waitFor(`(?m)^Na3 Nc3 Nf3 Nh3\s*$`, 20*time.Second)
	tt.tmux("send-keys", "-t", "play", "-l", "f")
	tt.tmux("send-keys", "-t", "play", "Tab")
	tt.waitFor(`White > Nf3 $|White > Nf3\s*$`, 20*time.Second)
	tt.tmux("send-keys", "-t", "play", "Enter")
	tt.waitFor(`1\. Nf3`, 20*time.Second)
	// Commands complete too, and the history comes back with Up.
	tt.tmux("send-keys", "-t", "play", "-l", "fe")
	tt.tmux("send-keys", "-t", "play", "Tab")
	tt.tmux("send-keys", "-t", "play", "Enter")
	require.Equal(t, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", regexp.MustCompile(`(?m)^[1-8pnbrqkPNBRQK/]+ [wb] .*\d$`).FindString(tt.waitFor(`(?m)^rnbq`, 20*time.Second)))
	tt.tmux("send-keys", "-t", "play", "Up", "Up")
	tt.waitFor(`Black > Nf3\s*$`, 20*time.Second)
}

func TestClockRunsOut(t *testing.T) {
	tt := startTTY(t, true, "-human", "-tc", "3s+0")
	s := tt.waitFor(`0:0[0-3]\.\d ◀`, 20*time.Second)
	requireFits(t, s)
	tt.typeLine("e4") // White moves in time, then Black's time runs out
	s = tt.waitFor(`Game over: .* lost on time`, 15*time.Second)
	if strings.Contains(s, "1. e4") {
		require.Contains(t, s, "Game over: 1-0, Black lost on time: White wins")
	} else {
		// So loaded a machine that White's three seconds ran out first.
		require.Contains(t, s, "Game over: 0-1, White lost on time: Black wins")
	}
	require.Contains(t, s, "0:00.0")
	require.NotContains(t, s, "◀", "the clocks stopped")
	tt.typeLine("e5")
	tt.waitFor(`The game is over`, 20*time.Second)
}

// With no -engine, play plays gambit's own engine, built in: its reply
// is legal and its level is set through its Skill Level.
func TestAgainstBuiltinEngine(t *testing.T) {
	tt := startTTY(t, true, "-movetime", "200ms", "-level", "3")
	tt.waitFor(`White >`, 20*time.Second)
	tt.typeLine("d4")
	s := tt.waitFor(`gambit-engine plays (\S+)\.`, 60*time.Second)
	reply := regexp.MustCompile(`gambit-engine plays (\S+)\.`).FindStringSubmatch(s)[1]
	pos := core.StartPosition()
	pos.MakeMove(mustSAN(t, &pos, "d4"))
	m, err := san.Parse(&pos, reply)
	require.NoError(t, err, "the engine's move %q is legal", reply)
	pos.MakeMove(m)
	require.Equal(t, pos.FEN(), tt.fenOf())
}

func TestAgainstStockfish(t *testing.T) {
	tt := startTTY(t, true, "-engine", stockfish(), "-movetime", "200ms")
	tt.waitFor(`White >`, 20*time.Second)
	tt.typeLine("e4")
	s := tt.waitFor(`Stockfish \S+ plays (\S+)\.`, 60*time.Second)
	reply := regexp.MustCompile(`Stockfish \S+ plays (\S+)\.`).FindStringSubmatch(s)[1]
	pos := core.StartPosition()
	pos.MakeMove(mustSAN(t, &pos, "e4"))
	m, err := san.Parse(&pos, reply)
	require.NoError(t, err, "the engine's move %q is legal", reply)
	require.Equal(t, reply, san.Format(&pos, m))
	pos.MakeMove(m)
	require.Equal(t, pos.FEN(), tt.fenOf())

	tt.typeLine("hint")
	s = tt.waitFor(`Hint: (\S+)`, 60*time.Second)
	hint := regexp.MustCompile(`Hint: (\S+)`).FindStringSubmatch(s)[1]
	_, err = san.Parse(&pos, hint)
	require.NoError(t, err, "the hint %q is legal", hint)
	require.Equal(t, pos.FEN(), tt.fenOf(), "a hint changes nothing")

	tt.typeLine("undo") // the pair: the engine's reply and e4
	tt.waitFor(`Took back 2 move`, 20*time.Second)
	start := core.StartPosition()
	require.Equal(t, start.FEN(), tt.fenOf())
	tt.typeLine("draw")
	tt.waitFor(`takes no draw offers`, 20*time.Second)
	tt.typeLine("resign")
	tt.waitFor(`Game over: 0-1, White resigns: Black wins`, 20*time.Second)
	tt.typeLine("quit")
	tt.waitExit()
}

func TestEngineMates(t *testing.T) {
	// A back-rank mate in one for the engine, Black, after any quiet move
	// of White's a-pawn.
	tt := startTTY(t, false, "-engine", stockfish(), "-movetime", "300ms", "-fen", "'4r1k1/5ppp/8/8/8/8/P4PPP/6K1 w - - 0 1'")
	s := tt.waitFor(`White >`, 20*time.Second)
	require.Contains(t, tt.tmux("capture-pane", "-p", "-e", "-t", "play"), "\x1b[", "colours without NO_COLOR")
	requireFits(t, s)
	tt.typeLine("a3")
	s = tt.waitFor(`Game over`, 60*time.Second)
	require.Contains(t, s, "Game over: 0-1, White is checkmated: Black wins")
	reply := regexp.MustCompile(`Stockfish \S+ plays (\S+)\.`).FindStringSubmatch(s)[1]
	pos, err := core.ParseFEN("4r1k1/5ppp/8/8/8/8/P4PPP/6K1 w - - 0 1")
	require.NoError(t, err)
	pos.MakeMove(mustSAN(t, &pos, "a3"))
	m, err := san.Parse(&pos, reply)
	require.NoError(t, err, "the engine's move %q is legal", reply)
	pos.MakeMove(m)
	require.True(t, pos.IsCheckmate(), "%s mates", reply)
	// quit asks to save the game, and saves it.
	tt.typeLine("quit")
	tt.waitFor(`Save to file`, 20*time.Second)
	tt.typeLine("mate.pgn")
	tt.waitExit()
	s = tt.screen()
	require.Contains(t, s, "Game over: 0-1, White is checkmated: Black wins", "the result stays on the screen")
	require.Contains(t, s, "Saved to mate.pgn.")
	data, err := os.ReadFile(filepath.Join(tt.dir, "mate.pgn"))
	require.NoError(t, err)
	g, err := pgn.NewReader(strings.NewReader(string(data))).Next()
	require.NoError(t, err)
	require.Equal(t, "0-1", g.Result)
	final := g.FinalPosition()
	require.True(t, final.IsCheckmate())
}

func mustSAN(t *testing.T, pos *core.Position, s string) core.Move {
	t.Helper()
	m, err := san.Parse(pos, s)
	require.NoError(t, err)
	return m
}

func TestXBoardEngineDetected(t *testing.T) {
	// Fair-Max speaks XBoard only: play finds that out (-proto detect). Its
	// name is "Fairy-Max 5.0b" or its path, depending on when its myname
	// feature comes.
	tt := startTTY(t, true, "-engine", enginetest.Program(t, "fairymax"), "-movetime", "300ms", "-color", "black")
	s := tt.waitFor(` plays (\S+)\.`, 60*time.Second)
	reply := regexp.MustCompile(` plays (\S+)\.`).FindStringSubmatch(s)[1]
	pos := core.StartPosition()
	pos.MakeMove(mustSAN(t, &pos, reply))
	require.Contains(t, s, "Black: you")
	require.Regexp(t, `(?m)^1 \| `, strings.Split(s, "\n")[1], "Black's side: rank 1 on top")
	require.Equal(t, pos.FEN(), tt.fenOf())
	tt.tmux("send-keys", "-t", "play", "C-c")
	tt.waitFor(`Save to file`, 20*time.Second)
	tt.tmux("send-keys", "-t", "play", "C-c")
	tt.waitExit()
}

func TestEngineOverTCP(t *testing.T) {
	addr, kill := enginetest.ServeTCP(t, stockfish())
	defer kill()
	tt := startTTY(t, true, "-engine", "tcp:"+addr, "-proto", "uci", "-movetime", "200ms", "-tc", "1+0")
	tt.waitFor(`White >`, 20*time.Second)
	tt.typeLine("d4")
	s := tt.waitFor(`Stockfish \S+ plays (\S+)\.`, 60*time.Second)
	reply := regexp.MustCompile(`Stockfish \S+ plays (\S+)\.`).FindStringSubmatch(s)[1]
	pos := core.StartPosition()
	pos.MakeMove(mustSAN(t, &pos, "d4"))
	pos.MakeMove(mustSAN(t, &pos, reply))
	require.Equal(t, pos.FEN(), tt.fenOf())
	require.Regexp(t, `(?m)^.*0:5\d ◀`, tt.screen(), "White's clock runs below a minute")
}

func TestLineModeFromAPipe(t *testing.T) {
	cmd := exec.Command(playBin, "-human", "-ascii")
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("f3\ne5\ng4\nxx\nQh4\nquit\n\n")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NotContains(t, string(out), "\x1b", "no escapes without a terminal and with NO_COLOR")
	require.Contains(t, string(out), `"xx" is not a move or command`)
	require.Contains(t, string(out), "Game over: 0-1, White is checkmated: Black wins")
	require.Contains(t, string(out), "Save to file")
}

// Without NO_COLOR but with standard output a pipe, there is no escape
// code either: the output is text for a file or another program.
func TestNoEscapesWhenOutputIsNotATerminal(t *testing.T) {
	cmd := exec.Command(playBin, "-human")
	cmd.Env = slices.DeleteFunc(os.Environ(), func(v string) bool { return strings.HasPrefix(v, "NO_COLOR=") })
	cmd.Stdin = strings.NewReader("f3\ne5\ng4\nQh4\nquit\n\n")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NotContains(t, string(out), "\x1b")
	require.Contains(t, string(out), "♔", "Unicode figurines still")
	require.Contains(t, string(out), "Game over: 0-1, White is checkmated: Black wins")
}

// An error names the program once, then the cause.
func TestErrorSaysPlayOnce(t *testing.T) {
	cmd := exec.Command(playBin, "-human", "-fen", "x")
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.True(t, strings.HasPrefix(string(out), "play: start position: "), "%s", out)
	require.Equal(t, 1, strings.Count(string(out), "play:"), "%s", out)
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-color", "green"}, {"-tc", "x"}, {"-level", "21"}, {"-fen", "x", "-human"},
		{"-pgn", "/no/such/file.pgn", "-human"}, {"-engine", "/no/such/engine"}, {"-proto", "cecp", "-engine", "/bin/true"},
		{"-human", "extra"}, {"-book", "/no/such/book.bin", "-human"},
	} {
		cmd := exec.Command(playBin, args...)
		cmd.Stdin = strings.NewReader("")
		out, err := cmd.CombinedOutput()
		require.Error(t, err, "%v", args)
		require.Contains(t, string(out), "play", "%v: %s", args, out)
		require.NotContains(t, string(out), "panic", "%v", args)
	}
}

// fairyStockfish is the engine the variant tests play against: Debian's,
// which plays every variant core does but Atomic (see ENGINES.md).
const fairyStockfish = "/usr/games/fairy-stockfish"

// A King of the Hill game against Fairy-Stockfish, told the variant by
// UCI_Variant: the engine, Black, walks its king to e5, the one square of
// the hill it reaches, which wins at once; in standard chess it queens
// its pawn instead (c2c1q, as Fairy-Stockfish plays there at 300 ms). The
// saved game has the Variant tag.
func TestVariantAgainstFairyStockfish(t *testing.T) {
	const fen = "8/8/5k2/8/8/8/2p5/7K w - - 0 1"
	tt := startTTY(t, true, "-engine", fairyStockfish, "-variant", "kingofthehill", "-movetime", "300ms", "-fen", "'"+fen+"'")
	s := tt.waitFor(`White >`, 20*time.Second)
	require.Contains(t, s, "King of the Hill", "the status line names the variant")
	requireFits(t, s)
	tt.typeLine("Kh2")
	s = tt.waitFor(`Game over`, 60*time.Second)
	require.Contains(t, s, "Game over: 0-1, Black wins: king on the hill")
	reply := regexp.MustCompile(` plays (\S+)\.`).FindStringSubmatch(s)
	require.NotNil(t, reply, "the engine's move is on the screen:\n%s", s)
	require.Regexp(t, `^Ke5#?$`, reply[1], "lichess's SAN marks a move that wins by the variant's rule with #")
	tt.typeLine("save hill.pgn")
	tt.waitFor(`Saved to hill.pgn`, 20*time.Second)
	tt.typeLine("quit")
	tt.waitExit()

	data, err := os.ReadFile(filepath.Join(tt.dir, "hill.pgn"))
	require.NoError(t, err)
	g, err := pgn.NewReader(strings.NewReader(string(data))).Next()
	require.NoError(t, err)
	require.Equal(t, "King of the Hill", g.Tags.Get("Variant"), "%s", data)
	require.Equal(t, "0-1", g.Result)
	require.Equal(t, core.KingOfTheHill, g.Start.Variant())
	final := g.FinalPosition()
	require.Equal(t, core.VariantLoss, final.Status(), "White, to move, has lost: %s", final.FEN())
}

// A variant an engine does not play is refused before the game starts,
// with the reason: gambit's own engine plays standard chess only, and
// Debian's Fairy-Stockfish has no Atomic.
func TestVariantRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "3check"}, "gambit's own engine plays standard chess only"},
		{[]string{"-variant", "atomic", "-engine", fairyStockfish}, "cannot play atomic"},
		{[]string{"-variant", "nonesuch", "-human"}, `unknown variant "nonesuch"`},
		{[]string{"-variant", "horde", "-960", "-human"}, "not with -960"},
	} {
		cmd := exec.Command(playBin, tc.args...)
		cmd.Stdin = strings.NewReader("")
		out, err := cmd.CombinedOutput()
		require.Error(t, err, "%v", tc.args)
		require.Contains(t, string(out), tc.want, "%v", tc.args)
		require.True(t, strings.HasPrefix(string(out), "play: "), "%v: %s", tc.args, out)
	}
}

// Two people play a Horde game from the variant's start, in line mode:
// the position after their moves is Horde's, and the status line names
// the variant.
func TestVariantHumanLineMode(t *testing.T) {
	cmd := exec.Command(playBin, "-human", "-ascii", "-variant", "horde")
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader("d5\ne6\nfen\nquit\n\n")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	pos, err := core.VariantStartPosition(core.Horde)
	require.NoError(t, err)
	for _, m := range []string{"d5", "e6"} {
		pos.MakeMove(mustSAN(t, &pos, m))
	}
	require.Contains(t, string(out), pos.FEN())
	require.Contains(t, string(out), "; Horde")
}
