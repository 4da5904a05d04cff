package main

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const scholarsMate = `[Event "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`

// wellFormed fails the test unless doc is well-formed XML.
func wellFormed(t *testing.T, doc string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err)
	}
}

func TestSVG(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.pgn")
	require.NoError(t, os.WriteFile(file, []byte(scholarsMate), 0o644))

	status, out, errOut := runCmd(t, nil, "svg", file)
	require.Equal(t, exitOK, status, errOut)
	wellFormed(t, out)
	require.True(t, strings.HasPrefix(out, "<svg "))
	require.Contains(t, out, `class="check"`, "the end: mate")
	require.Contains(t, out, `width="360"`)
	require.Equal(t, 16, strings.Count(out, "<text "))

	status, out, errOut = runCmd(t, nil, "svg", "-ply", "2", "-flip", "-size", "200", "-coords=false", file)
	require.Equal(t, exitOK, status, errOut)
	wellFormed(t, out)
	require.NotContains(t, out, `class="check"`)
	require.Contains(t, out, `width="200"`)
	require.Zero(t, strings.Count(out, "<text "))
	// e7-e5 from Black's side: e7 is in the fourth column from the left
	// and the seventh row from the top (45 units a square).
	require.Contains(t, out, `<rect class="lastmove" x="135" y="270"`)

	// -o, and gzip on standard input.
	outFile := filepath.Join(dir, "b.svg")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err := zw.Write([]byte(scholarsMate))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	status, out, errOut = runCmd(t, gz.Bytes(), "svg", "-ply", "0", "-o", outFile, "-")
	require.Equal(t, exitOK, status, errOut)
	require.Empty(t, out)
	b, err := os.ReadFile(outFile)
	require.NoError(t, err)
	wellFormed(t, string(b))
	require.Equal(t, 32, strings.Count(string(b), "<use "))
	require.NotContains(t, string(b), "lastmove")

	status, out, errOut = runCmd(t, nil, "svg", "-animate", "2s", file)
	require.Equal(t, exitOK, status, errOut)
	wellFormed(t, out)
	require.Equal(t, 8, strings.Count(out, `class="frame"`))
	require.Contains(t, out, `begin="14000ms" fill="freeze"`)

	status, _, errOut = runCmd(t, nil, "svg", "-ply", "8", file)
	require.Equal(t, exitFail, status)
	require.Equal(t, "pgn svg: "+file+": -ply 8: not in the file: game 1 has 7 plies\n", errOut)

	status, _, errOut = runCmd(t, nil, "svg", file, file)
	require.Equal(t, exitFail, status)
	require.Contains(t, errOut, "one FILE")

	status, _, errOut = runCmd(t, nil, "svg", filepath.Join(dir, "missing.pgn"))
	require.Equal(t, exitFail, status)
	require.Contains(t, errOut, "missing.pgn")

	status, _, errOut = runCmd(t, []byte("1. e4 Ke3 *\n"), "svg", "-")
	require.Equal(t, exitBroken, status)
	require.Contains(t, errOut, "pgn svg: <stdin>:")
}

// -game N draws the N-th game of the file; -fen a position without a file;
// values no board can be drawn with are refused, each with its reason.
func TestSVGGameFENAndBadValues(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "three.pgn")
	three := scholarsMate + "\n[Event \"2\"]\n[Result \"*\"]\n\n1. d4 *\n\n[Event \"3\"]\n[Result \"*\"]\n\n1. c4 e5 *\n"
	require.NoError(t, os.WriteFile(file, []byte(three), 0o644))

	// Game 2 ends after d2-d4: the last move is tinted on d2 and d4
	// (from White's side, the d-file is the fourth column, x = 135).
	status, out, errOut := runCmd(t, nil, "svg", "-game", "2", "-coords=false", file)
	require.Equal(t, exitOK, status, errOut)
	wellFormed(t, out)
	require.Contains(t, out, `<rect class="lastmove" x="135" y="270"`, "d2")
	require.Contains(t, out, `<rect class="lastmove" x="135" y="180"`, "d4")
	require.NotContains(t, out, `class="check"`)
	status, out, errOut = runCmd(t, nil, "svg", "-game", "3", "-ply", "1", "-coords=false", file)
	require.Equal(t, exitOK, status, errOut)
	require.Contains(t, out, `<rect class="lastmove" x="90" y="270"`, "c2 after 1. c4")

	// -fen: a position, no file.
	status, out, errOut = runCmd(t, nil, "svg", "-fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	require.Equal(t, exitOK, status, errOut)
	wellFormed(t, out)
	require.Equal(t, 3, strings.Count(out, "<use "))

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-ply", "-3", file}, "-ply -3"},
		{[]string{"-game", "0", file}, "-game 0"},
		{[]string{"-game", "-2", file}, "-game -2"},
		{[]string{"-size", "0", file}, "-size must be at least 1"},
		{[]string{"-animate", "-1s", file}, "-animate -1s"},
		{[]string{"-fen", "8/8 w"}, "FEN"},
		{[]string{"-fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", file}, "give no FILE"},
		{[]string{"-fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "-ply", "2"}, "-ply, -game and -animate are for games"},
	} {
		status, out, errOut := runCmd(t, nil, append([]string{"svg"}, c.args...)...)
		require.Equal(t, exitFail, status, "%q", c.args)
		require.Empty(t, out, "%q", c.args)
		require.Contains(t, errOut, c.want, "%q", c.args)
		require.True(t, strings.HasPrefix(errOut, "pgn svg: "), "%q: %s", c.args, errOut)
	}
	// A -game or a -ply the file does not have: the same status, 2, and
	// one line each.
	status, _, errOut = runCmd(t, nil, "svg", "-game", "4", file)
	require.Equal(t, exitFail, status)
	require.Equal(t, "pgn svg: "+file+": -game 4: not in the file: it has 3 game(s)\n", errOut)
	status, _, errOut = runCmd(t, nil, "svg", "-game", "2", "-ply", "3", file)
	require.Equal(t, exitFail, status)
	require.Equal(t, "pgn svg: "+file+": -ply 3: not in the file: game 2 has 1 plies\n", errOut)

	// -fen takes perft's names: startpos and kiwipete.
	status, out, errOut = runCmd(t, nil, "svg", "-fen", "startpos")
	require.Equal(t, exitOK, status, errOut)
	require.Equal(t, 32, strings.Count(out, "<use "))
	status, out, errOut = runCmd(t, nil, "svg", "-fen", "kiwipete")
	require.Equal(t, exitOK, status, errOut)
	require.Equal(t, 32, strings.Count(out, "<use "))
}
