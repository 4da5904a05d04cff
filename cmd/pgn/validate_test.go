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
