package main

import (
	"bytes"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const tables = "../../testdata/syzygy"

// sortedList splits a comma-separated move list, drops check marks and
// the DTZ in parentheses, and sorts it.
func sortedList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if i := strings.IndexByte(f, ' '); i >= 0 {
			f = f[:i]
		}
		f = strings.TrimRight(f, "+#")
		if f != "" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// The command's WDL, DTZ and move lists are fathom's.
func TestAgainstFathom(t *testing.T) {
	tag := regexp.MustCompile(`(?m)^\[(\w+) "(.*)"\]$`)
	for _, fen := range []string{
		"8/8/3k4/8/8/3K1B2/3N4/8 w - - 0 1",
		"8/8/3k4/8/8/3K1r2/3Q4/8 w - - 0 1",
		"8/5k2/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/8/8/8/2r5/R3K3 b - - 95 1",
		"8/8/8/8/1p6/8/1P6/k1K5 b - - 0 1",
	} {
		var out, errb bytes.Buffer
		require.Equal(t, 0, run([]string{"-path", tables, fen}, &out, &errb), errb.String())
		mine := map[string]string{}
		for _, line := range strings.Split(out.String(), "\n") {
			if k, v, ok := strings.Cut(line, ": "); ok {
				mine[k] = v
			} else if k, ok := strings.CutSuffix(line, ":"); ok {
				mine[k] = ""
			}
		}
		fo, err := exec.Command("/usr/games/fathom", "--path="+tables, fen).Output()
		require.NoError(t, err, fen)
		theirs := map[string]string{}
		for _, m := range tag.FindAllStringSubmatch(string(fo), -1) {
			theirs[m[1]] = m[2]
		}
		assert.Equal(t, theirs["WDL"], mine["WDL"], fen)
		assert.Equal(t, theirs["DTZ"], strings.TrimPrefix(mine["DTZ"], "-"), fen)
		assert.Equal(t, sortedList(theirs["WinningMoves"]), sortedList(mine["Winning"]), fen)
		assert.Equal(t, sortedList(theirs["DrawingMoves"]), sortedList(mine["Drawing"]), fen)
		assert.Equal(t, sortedList(theirs["LosingMoves"]), sortedList(mine["Losing"]), fen)
	}
}

func TestErrors(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, run(nil, &out, &errb))
	assert.Equal(t, "syzygy: no FEN given\nrun 'syzygy -h' for the usage\n", errb.String())
	errb.Reset()
	assert.Equal(t, 1, run([]string{"-path", tables, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"}, &out, &errb))
	assert.Contains(t, errb.String(), "castling")
	errb.Reset()
	assert.Equal(t, 1, run([]string{"-path", tables, "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"}, &out, &errb))
	assert.Contains(t, errb.String(), "KQQvK")
	errb.Reset()
	assert.Equal(t, 2, run([]string{"-path", tables, "not a fen"}, &out, &errb), "a usage error")
	assert.Contains(t, errb.String(), "FEN")
}

// The start position has castling rights, but what keeps it out of the
// tables is its 32 pieces: that is the reason given, once prefixed.
func TestTooManyPiecesBeforeCastling(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 1, run([]string{"-path", tables, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, &out, &errb))
	assert.Equal(t, "syzygy: more pieces than the tables hold: 32 pieces, the largest table has 4\n", errb.String())
}

// A FEN typed without quotes arrives as six arguments: the error says to
// quote it and shows the quoted command.
func TestUnquotedFEN(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, run([]string{"-path", tables, "8/8/3k4/8/8/3K1B2/3N4/8", "w", "-", "-", "0", "1"}, &out, &errb))
	assert.Contains(t, errb.String(), "quote it")
	assert.Contains(t, errb.String(), "syzygy -path DIR '8/8/3k4/8/8/3K1B2/3N4/8 w - - 0 1'")
}

// A list with no move in it is left out, not printed empty.
func TestNoEmptyMoveLists(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"-path", tables, "8/8/3k4/8/8/3K1B2/3N4/8 w - - 0 1"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), "\nWinning: ")
	assert.Contains(t, out.String(), "\nDrawing: ")
	assert.NotContains(t, out.String(), "Losing")
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		assert.NotRegexp(t, `:\s*$`, line)
	}
}
