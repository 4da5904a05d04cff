//go:build unix

package enginetest

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// StartGroup starts cmd in a process group of its own and kills the group
// when the test ends (SIGTERM, then SIGKILL after 3 seconds).
func StartGroup(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start(), "starting %s", cmd.Path)
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
}

// StartXvfb runs a virtual X server (Debian's Xvfb, 1024x768) for the
// test and returns its display (":N").
func StartXvfb(t *testing.T) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	cmd := exec.Command(Program(t, "Xvfb"), "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	StartGroup(t, cmd)
	_ = w.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		require.NotEmpty(t, n, "Xvfb gave no display")
		return ":" + n
	case <-time.After(10 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	return ""
}
