package engineproc

import (
	"bufio"
	"io"
	"os"
	"os/exec"
)

// Process is a started engine and our ends of its pipes.
type Process struct {
	Cmd    *exec.Cmd
	Stdin  *os.File // written to the engine
	Stdout *os.File // what the engine prints
	Stderr *os.File // the engine's standard error
}

// Start starts the program at path with args in dir (the current one when
// "") with env (this process's when nil). The pipes are *os.File pipes of
// our own rather than exec.Cmd's, so they can be closed under a blocked
// read or write and no copying goroutines are needed. The engine gets a
// process group of its own (on Unix), which Kill ends.
func Start(path string, args []string, dir string, env []string) (*Process, error) {
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		closeFiles(stdinR, stdinW)
		return nil, err
	}
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		closeFiles(stdinR, stdinW, stdoutR, stdoutW)
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW
	cmd.Dir, cmd.Env = dir, env
	newProcessGroup(cmd)
	err = cmd.Start()
	closeFiles(stdinR, stdoutW, stderrW) // the child's ends
	if err != nil {
		closeFiles(stdinW, stdoutR, stderrR)
		return nil, err
	}
	return &Process{Cmd: cmd, Stdin: stdinW, Stdout: stdoutR, Stderr: stderrR}, nil
}

// Close closes our ends of the pipes; the engine sees its input end.
func (p *Process) Close() { closeFiles(p.Stdin, p.Stdout, p.Stderr) }

// Kill kills a started engine and its process group.
func Kill(p *os.Process) { killProcess(p) }

// CopyStderr reads the engine's standard error until it ends, keeping each
// line in last (as "stderr: " and the line) and copying it to w when w is
// not nil. A line longer than maxLine stops the keeping, and the rest is
// drained, so that the engine never blocks writing to its stderr.
func CopyStderr(r io.Reader, last *LastLines, w io.Writer, maxLine int) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		last.Add("stderr: " + sc.Text())
		if w != nil {
			_, _ = w.Write(append(sc.Bytes(), '\n'))
		}
	}
	_, _ = io.Copy(io.Discard, r)
}

func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}
