package perft

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPublishedSuitesGoCounter runs TestPublishedSuites once more in a
// child process with GODEBUG=cpu.bmi2=off, to a million nodes a line:
// where core counts the last ply with its BMI2 kernel (amd64 with a fast
// PEXT), the suites then run through the Go counter too; elsewhere both
// runs take the Go counter. core's kernel tests compare the two position
// by position.
func TestPublishedSuitesGoCounter(t *testing.T) {
	if os.Getenv("GAMBIT_PERFT_GO_CHILD") != "" {
		t.Skip("the child runs TestPublishedSuites only")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPublishedSuites$", "-test.count=1", "-test.v")
	godebug := "cpu.bmi2=off"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), "GODEBUG="+godebug, "GAMBIT_PERFT_MAX_NODES=1000000", "GAMBIT_PERFT_GO_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestPublishedSuites", "%s", out)
}
