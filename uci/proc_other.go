//go:build !unix

package uci

import (
	"os"
	"os/exec"
)

func newProcessGroup(cmd *exec.Cmd) {}

func killProcess(p *os.Process) { _ = p.Kill() }
