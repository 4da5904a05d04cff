package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer is a bytes.Buffer safe to read while the command writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// processesRunning lists the processes whose command line starts with
// path.
func processesRunning(t *testing.T, path string) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || len(cmd) == 0 {
			continue
		}
		if strings.HasPrefix(string(cmd), path+"\x00") {
			out = append(out, e.Name()+" "+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
	}
	return out
}

// TestInterruptCommand sends SIGINT to a running match: it stops, prints
// the summary of the games played, exits with 130, and no engine process
// is left.
func TestInterruptCommand(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "match")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	// A copy of the fake engine under a name of this test's own, to find
	// its processes.
	fakeCopy := filepath.Join(dir, "fake-interrupt")
	data, err := os.ReadFile(fakePath)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(fakeCopy, data, 0o755))

	var stdout, stderr syncBuffer
	cmd := exec.Command(bin, "-engine", "cmd="+fakeCopy, "name=a", "-engine", "cmd="+fakeCopy, "name=b",
		"-each", "tc=60", "arg=-think", "arg=20ms", "-rounds", "1000", "-games", "2", "-repeat", "-concurrency", "2", "-maxmoves", "5")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(stdout.String(), "Finished game") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err = cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "stderr: %s", stderr.String())
	assert.Equal(t, exitInterrupted, exit.ExitCode())
	assert.Contains(t, stdout.String(), "Interrupted.")
	assert.Contains(t, stdout.String(), "Played ")
	assert.Contains(t, stdout.String(), "a vs b: W-D-L")
	time.Sleep(200 * time.Millisecond)
	assert.Empty(t, processesRunning(t, fakeCopy), "engine processes left behind")
}
