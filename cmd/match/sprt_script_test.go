package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sprtScript runs scripts/sprt.sh (make sprt) with settings added to the
// environment and returns its exit status and output.
func sprtScript(t *testing.T, settings ...string) (int, string, string) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "..", "scripts", "sprt.sh"))
	require.NoError(t, err)
	cmd := exec.Command(script)
	cmd.Env = append(os.Environ(), settings...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err)
	return 0, out.String(), errOut.String()
}

// make sprt's script refuses what it cannot build, with status 3 and a
// sentence, and leaves no temporary directory behind.
func TestSPRTScriptErrors(t *testing.T) {
	root, err := exec.Command("git", "rev-list", "--max-parents=0", "HEAD").Output()
	require.NoError(t, err)
	first := strings.Fields(string(root))[0]
	out := t.TempDir()
	for _, tc := range []struct {
		settings []string
		want     string
	}{
		{[]string{"BASE="}, "sprt: BASE is not set: make sprt BASE=<commit>"},
		{[]string{"BASE=no-such-commit-e9f1"}, "sprt: BASE=no-such-commit-e9f1 is not a commit of this repository"},
		{[]string{"BASE=HEAD", "NEW=no-such-commit-e9f1"}, "sprt: NEW=no-such-commit-e9f1 is not a commit of this repository"},
		{[]string{"BASE=HEAD", "GAMES=x"}, "sprt: GAMES=x: want a whole number"},
		{[]string{"BASE=HEAD", "GAMES=0"}, "sprt: GAMES=0: want at least 1"},
		{[]string{"BASE=" + first}, "has no cmd/gambit-engine to build"},
	} {
		code, _, stderr := sprtScript(t, append(tc.settings, "OUT="+out)...)
		assert.Equal(t, 3, code, "%q: %s", tc.settings, stderr)
		assert.Contains(t, stderr, tc.want, "%q", tc.settings)
	}
	left, err := os.ReadDir(out)
	require.NoError(t, err)
	assert.Empty(t, left, "nothing left behind")
}

// A whole make sprt kept cheap: HEAD against itself at a node limit, the
// game cap (3, rounded up to two pairs) ending it. The same engine twice
// at a fixed node count plays each opening's two games alike with colours
// swapped, so wins and losses match and the SPRT cannot decide.
func TestSPRTScriptRun(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := sprtScript(t, "BASE=HEAD", "NEW=HEAD", "TC=nodes=3000", "GAMES=3", "CONCURRENCY=2", "OUT="+out)
	require.Equal(t, 2, code, "no decision: %s\n%s", stdout, stderr)
	m := regexp.MustCompile(`(?m)^sprt: head \([0-9a-f]+\) vs base \([0-9a-f]+\): 4 games, W-D-L (\d+)-(\d+)-(\d+), Elo \S+( \+/- \S+)?, LLR -?\d+\.\d\d \(-2\.94, 2\.94\), no decision$`).FindStringSubmatch(stdout)
	require.NotNil(t, m, "the result line: %s", stdout)
	assert.Equal(t, m[1], m[3], "wins and losses of mirrored games")
	n := 0
	for _, s := range m[1:4] {
		k, err := strconv.Atoi(s)
		require.NoError(t, err)
		n += k
	}
	assert.Equal(t, 4, n)

	var summary struct {
		Games []struct{ Result string }
		SPRT  struct{ Decision string }
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &summary))
	assert.Len(t, summary.Games, 4)
	assert.Equal(t, "continue", summary.SPRT.Decision)
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"base", "head", "match", "openings.pgn", "games.pgn", "summary.json", "match.log", "status"}, names,
		"the binaries and the run's files; no source tree left")
}
