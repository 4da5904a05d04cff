//go:build unix

package engineproc

import (
	"os"
	"os/exec"
	"syscall"
)

// newProcessGroup puts the engine in a process group of its own, so that
// killing it also kills whatever it started (a wrapper script's engine).
func newProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine and its process group.
func killProcess(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
