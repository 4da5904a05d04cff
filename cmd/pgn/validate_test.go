package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// brokenFile returns 200 games, four of them broken, and the lines pgn
// validate must print for them, worked out from where they were put.
func brokenFile(name string) (text string, want []string) {
	var b strings.Builder
	line := 1
	for g := 1; g <= 200; g++ {
		fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
		if g == 123 {
			fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"
			want = append(want, fmt.Sprintf("%s:%d:1: game %d: invalid start position: core: invalid FEN %q: board: want 8 ranks separated by '/', have 7", name, line+1, g, fen))
		}
		fmt.Fprintf(&b, "[Event \"Game %d\"]\n[FEN \"%s\"]\n[Result \"*\"]\n\n", g, fen)
		move := "Nf3"
		switch g {
		case 7, 50, 199:
			move = "Ke3"
			want = append(want, fmt.Sprintf("%s:%d:13: game %d: san: illegal move \"Ke3\" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", name, line+4, g))
		}
		fmt.Fprintf(&b, "1. e4 e5 2. %s Nc6 *\n\n", move)
		line += 6
	}
	return b.String(), append(want, name+": 200 games, 4 broken")
}

func TestValidate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.pgn")
	text, want := brokenFile(path)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))

	var out bytes.Buffer
	e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: os.Stderr, workers: 3, chunk: 1024}
	assert.Equal(t, exitBroken, validate(e, []string{path}))
	assert.Equal(t, strings.Join(want, "\n")+"\n", out.String())

	// Through the command line, from standard input.
	status, stdout, _ := runProcess(t, []byte(text), "validate", "-j", "2")
	assert.Equal(t, exitBroken, status)
	_, wantStdin := brokenFile("<stdin>")
	assert.Equal(t, strings.Join(wantStdin, "\n")+"\n", stdout)

	// Good files: exit 0.
	status, stdout, _ = runCmd(t, nil, "validate", "../../testdata/pgn/twic1599_1000k.pgn", "../../testdata/pgn/cutechess-fischerrandom.pgn")
	assert.Equal(t, exitOK, status)
	assert.Equal(t, "../../testdata/pgn/twic1599_1000k.pgn: 1110 games, 0 broken\n../../testdata/pgn/cutechess-fischerrandom.pgn: 4 games, 0 broken\n", stdout)
}

// TestJSONErrors checks the errors field and the partial mainline of a
// broken game.
func TestJSONErrors(t *testing.T) {
	status, stdout, _ := runCmd(t, []byte("[Event \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"B\"]\n\n1. d4 1-0\n"), "json", "-")
	assert.Equal(t, exitBroken, status)
	games := parseJSONLines(t, stdout)
	require.Len(t, games, 2)
	assert.Equal(t, []string{"e4", "e5"}, games[0].SAN)
	assert.Equal(t, []string{"e2e4", "e7e5"}, games[0].UCI)
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", games[0].FinalFEN)
	assert.Equal(t, []string{`game 1, line 3, column 13: san: illegal move "Ke3" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`}, games[0].Errors)
	assert.Equal(t, "*", games[0].Result)
	assert.Empty(t, games[1].Errors)
	assert.Equal(t, "1-0", games[1].Result)
	assert.Equal(t, map[string]string{"Event": "B"}, games[1].Tags)
	assert.Equal(t, 2, games[1].Game)
}

// A Result tag the movetext's result contradicts, and a movetext without a
// result, are warnings (exit 0) that -strict makes errors (exit 1), each at
// the line of the game's Result tag (or its last tag), in game order among
// the errors, whatever the chunking.
func TestValidateResults(t *testing.T) {
	text := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n" + // game 1, tag on line 2
		"[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5\n\n" + // game 2, tag on line 7
		"[Event \"c\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n" + // game 3: broken (Ke3 illegal)
		"[Event \"d\"]\n\n1. d4 d5\n\n" + // game 4: no tag, no result; last tag on line 16
		"[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n" // game 5: good
	path := filepath.Join(t.TempDir(), "results.pgn")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	want := func(kind string) string {
		return path + ":2: game 1: " + kind + ": [Result \"1-0\"] but the movetext ends with 0-1\n" +
			path + ":7: game 2: " + kind + ": [Result \"1-0\"] but the movetext ends without a result\n" +
			path + ":14:13: game 3: san: illegal move \"Ke3\" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n" +
			path + ":16: game 4: " + kind + ": the movetext ends without a result, and there is no Result tag\n"
	}
	for _, chunk := range []int{16, 1 << 20} {
		var out bytes.Buffer
		e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: os.Stderr, workers: 2, chunk: chunk}
		assert.Equal(t, exitBroken, validate(e, []string{path}), "the broken game")
		assert.Equal(t, want("warning")+path+": 5 games, 1 broken, 3 with a result warning (-strict: an error)\n", out.String(), "chunk %d", chunk)
	}

	status, stdout, _ := runCmd(t, nil, "validate", "-strict", path)
	assert.Equal(t, exitBroken, status)
	assert.Equal(t, want("error")+path+": 5 games, 4 broken\n", stdout)

	// Warnings alone do not fail the file; -strict does.
	good := filepath.Join(t.TempDir(), "warned.pgn")
	require.NoError(t, os.WriteFile(good, []byte("[Result \"1-0\"]\n\n1. e4 e5 0-1\n"), 0o644))
	status, _, _ = runCmd(t, nil, "validate", good)
	assert.Equal(t, exitOK, status)
	status, _, _ = runCmd(t, nil, "validate", "-strict", good)
	assert.Equal(t, exitBroken, status)
}

// A binary file's bytes are escaped in every message, the malformed tag's
// name as the unexpected movetext byte: no byte of the output is outside
// printable ASCII.
func TestValidateEscapesBinaryBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "binary.pgn")
	text := "[Ev\x7f\x80nt \"x\n\n1. e4 *\n\n[Event \"y\"]\n\n1. e4 \x7f *\n\n[\x01\xfe]\n\n1. d4 *\n"
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	status, out, errOut := runCmd(t, nil, "validate", path)
	assert.Equal(t, exitBroken, status, errOut)
	assert.Contains(t, out, `: game 1: malformed tag pair: tag "Ev\x7f\x80nt": the value's closing quote is missing`+"\n")
	assert.Contains(t, out, `: game 2: invalid PGN syntax: unexpected '\x7f'`+"\n")
	assert.Contains(t, out, `: game 3: malformed tag pair: tag "\x01\xfe" has no quoted value`+"\n")
	for i, c := range []byte(out) {
		if c != '\n' && (c < ' ' || c > '~') {
			t.Fatalf("byte %d of the output is %#x: %q", i, c, out)
		}
	}
}
