//go:build !unix

package xboard

import (
	"os"
	"os/exec"
)

func newProcessGroup(cmd *exec.Cmd) {}

func killProcess(p *os.Process) { _ = p.Kill() }
