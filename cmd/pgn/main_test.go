package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the command itself when the test binary is started with
// GAMBIT_PGN_RUN_MAIN set, so that the tests can run it as a process.
func TestMain(m *testing.M) {
	if os.Getenv("GAMBIT_PGN_RUN_MAIN") != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

// runCmd runs the command in-process and returns its exit status and
// output.
func runCmd(t testing.TB, stdin []byte, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, bytes.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

// runProcess runs the command as a process.
func runProcess(t testing.TB, stdin []byte, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GAMBIT_PGN_RUN_MAIN=1")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err)
	return 0, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	status, _, stderr := runCmd(t, nil)
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "pgn: no command: validate, json, stats, book, svg, index, explore or find\nrun 'pgn -h' for the usage\n", stderr)
	status, stdout, _ := runCmd(t, nil, "svg", "-h")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, stdout, "usage:\n  pgn validate")
	assert.Contains(t, stdout, "-fen string")
	status, _, stderr = runCmd(t, nil, "frobnicate")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, `unknown command "frobnicate"`)
	status, _, _ = runCmd(t, nil, "stats", "-j", "0")
	assert.Equal(t, exitFail, status)
	status, _, stderr = runCmd(t, nil, "validate", "/no/such/file.pgn")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "no such file")
	status, _, _ = runCmd(t, nil, "json", "a.pgn", "b.pgn")
	assert.Equal(t, exitFail, status)
}
