package cli_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/internal/enginetest"
)

var bin string

func TestMain(m *testing.M) {
	bin = enginetest.BuildPrograms("cli-commands-test", "../../cmd/...")
	code := m.Run()
	_ = os.RemoveAll(bin)
	os.Exit(code)
}

// runCommand runs a built command with no input and returns its exit
// status and output.
func runCommand(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, args[0]), args[1:]...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err, "%q", args)
	return 0, out.String(), errOut.String()
}

// commands are every command and subcommand under cmd/, as typed.
var commands = [][]string{
	{"perft"}, {"perft", "split"}, {"perft", "unit"}, {"perft", "merge"},
	{"pgn", "validate"}, {"pgn", "json"}, {"pgn", "stats"}, {"pgn", "book"}, {"pgn", "svg"},
	{"syzygy"}, {"magicfind"}, {"play"}, {"match"}, {"label"}, {"tune"}, {"datagen"}, {"trainnet"}, {"gambit-engine"},
}

// usageStatus is the exit status of a usage error: 2, but for match, whose
// 2 says "no decision" with -sprt.
func usageStatus(cmd []string) int {
	if cmd[0] == "match" {
		return 3
	}
	return cli.ExitUsage
}

// Every command's -h exits 0 with a synopsis on standard output (never
// Go's bare "Usage of ..."), and an unknown flag exits with the usage
// status and one line and the hint on standard error.
func TestEveryCommandsHelpAndBadFlag(t *testing.T) {
	dir := t.TempDir() // magicfind and the others write nothing there
	for _, cmd := range commands {
		prog := strings.Join(cmd, " ")
		t.Run(prog, func(t *testing.T) {
			for _, h := range []string{"-h", "-help"} {
				code, out, errOut := runCommand(t, dir, append(cmd, h)...)
				assert.Equal(t, 0, code, "%s %s: %s", prog, h, errOut)
				assert.Regexp(t, `^usage:(\n  | )`+cmd[0], out, "%s %s", prog, h)
				assert.NotContains(t, out, "Usage of")
				assert.Empty(t, errOut, "%s %s", prog, h)
			}
			code, out, errOut := runCommand(t, dir, append(cmd, "-no-such-flag")...)
			assert.Equal(t, usageStatus(cmd), code, "%s: %s", prog, errOut)
			assert.Empty(t, out)
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			require.Len(t, lines, 2, "%s: one line and the hint: %q", prog, errOut)
			assert.Regexp(t, `^`+prog+`: .*-no-such-flag`, lines[0])
			assert.Equal(t, "run '"+prog+" -h' for the usage", lines[1])
		})
	}
}

// A bad value is a usage error of the same shape: one line naming what is
// wrong, and the hint.
func TestBadValues(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-depth", "0"}, "perft: -depth 0: want at least 1"},
		{[]string{"perft", "-depth", "-1"}, "perft: -depth -1: want at least 1"},
		{[]string{"perft"}, "perft: give -depth N (and -fen FEN), or -epd FILE"},
		{[]string{"perft", "-fen", "startpos"}, "perft: give -depth N (and -fen FEN), or -epd FILE"},
		{[]string{"perft", "-fen", "not a fen", "-depth", "1"}, `perft: read -fen: core: invalid FEN "not a fen"`},
		{[]string{"perft", "split", "-fen", "kiwipete"}, "perft split: -fen, -depth and -at are needed"},
		{[]string{"perft", "unit", "-index", "3"}, "perft unit: -units and -index go together"},
		{[]string{"pgn"}, "pgn: no command: validate, json, stats, book, svg, index, explore or find"},
		{[]string{"pgn", "explore", "-from", "x"}, "pgn explore: -from"},
		{[]string{"pgn", "frobnicate"}, `pgn: unknown command "frobnicate"`},
		{[]string{"pgn", "stats", "-j", "0"}, "pgn stats: -j 0: want at least 1"},
		{[]string{"pgn", "svg", "-game", "0"}, "pgn svg: -game 0: the games are numbered from 1"},
		{[]string{"pgn", "svg", "-fen", "startpos", "-ply", "2"}, "pgn svg: -fen draws a position"},
		{[]string{"pgn", "book"}, "pgn book: -o BOOK is needed"},
		{[]string{"syzygy", "-path", "."}, "syzygy: no FEN given"},
		{[]string{"syzygy", "-path", ".", "8/8 w"}, "syzygy: core: invalid FEN"},
		{[]string{"magicfind", "-candidates", "0"}, "magicfind: -candidates 0: want at least 1"},
		{[]string{"play", "-color", "red"}, `play: -color "red": want white, black or random`},
		{[]string{"play", "-tc", "x"}, `play: time control "x"`},
		{[]string{"match", "-rounds", "x"}, `match: -rounds "x": want a number`},
		{[]string{"label", "-engine", "x"}, "label: an -engine and at least one PGN file are needed"},
		{[]string{"tune"}, "tune: no PGN file given"},
		{[]string{"datagen", "-j", "0"}, "datagen: -j 0: want at least 1"},
		{[]string{"datagen", "-chess960", "2"}, "datagen: -chess960 2: want a fraction from 0 to 1"},
		{[]string{"gambit-engine", "-protocol", "cecp"}, `gambit-engine: -protocol "cecp": want auto, uci or xboard`},
		{[]string{"gambit-engine", "bench", "x"}, `gambit-engine: bench: depth "x"`},
	} {
		code, out, errOut := runCommand(t, dir, c.args...)
		prog := c.want[:strings.Index(c.want, ":")]
		assert.Equal(t, usageStatus(c.args), code, "%q: %s", c.args, errOut)
		assert.Empty(t, out, "%q", c.args)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if assert.Len(t, lines, 2, "%q: %q", c.args, errOut) {
			assert.True(t, strings.HasPrefix(lines[0], c.want), "%q: %q", c.args, lines[0])
			assert.Equal(t, cli.Hint(prog), lines[1])
		}
	}
}

// The names startpos and kiwipete are positions wherever a FEN is taken.
func TestNamedPositions(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-fen", "kiwipete", "-depth", "1"}, "perft(1) = 48\n"},
		{[]string{"perft", "split", "-fen", "kiwipete", "-depth", "2", "-at", "1"}, `"units":48`},
		{[]string{"pgn", "svg", "-fen", "kiwipete"}, "<svg"},
		{[]string{"pgn", "svg", "-fen", "startpos"}, "<svg"},
	} {
		code, out, errOut := runCommand(t, dir, c.args...)
		assert.Equal(t, 0, code, "%q: %s", c.args, errOut)
		assert.Contains(t, out, c.want, "%q", c.args)
	}
	// syzygy reads the name, and then says why the tables cannot hold it.
	code, _, errOut := runCommand(t, dir, "syzygy", "-path", ".", "kiwipete")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "more pieces than the tables hold")
}
