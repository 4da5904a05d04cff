package main

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -h prints the usage and exits 0, with no "flag: help requested".
func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help"} {
		out, err := exec.Command(binary, arg).CombinedOutput()
		require.NoError(t, err, "%s: %s", arg, out)
		assert.Contains(t, string(out), "usage: gambit-engine [-protocol auto|uci|xboard]")
		assert.Contains(t, string(out), "gambit-engine bench [depth [threads [evalfile]]]")
		assert.NotContains(t, string(out), "help requested")
	}
	out, err := exec.Command(binary, "-bogus").CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "gambit-engine: flag provided but not defined: -bogus")
}
