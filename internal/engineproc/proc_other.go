//go:build !unix

package engineproc

import (
	"os"
	"os/exec"
)

// newProcessGroup does nothing where there are no process groups.
func newProcessGroup(cmd *exec.Cmd) {}

// killProcess kills the engine.
func killProcess(p *os.Process) { _ = p.Kill() }
