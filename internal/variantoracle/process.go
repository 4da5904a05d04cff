package variantoracle

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// maxLine bounds one line of an oracle's output.
const maxLine = 1 << 20

// closeGrace is how long Close waits for an oracle to exit on the end of
// its input before it kills it.
const closeGrace = 2 * time.Second

// process is a child program spoken to a line at a time: requests on its
// standard input, answers on its standard output. One request is in flight
// at a time (the oracles hold mu around each). Once it is unusable (it
// exited, a wait was cancelled, Close was called) every call returns the
// error that made it so.
type process struct {
	name  string // for errors: "chessops" or "fairy-stockfish"
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string   // the output, a line at a time; closed at its end
	quit  chan struct{} // closed by kill: the reader stops handing lines
	done  chan struct{} // closed when the process has exited
	tail  tail          // its last lines of standard error

	mu      sync.Mutex // one request at a time
	dead    error      // why the process is unusable; guarded by mu
	exitErr error      // how it exited; read after done is closed
	once    sync.Once  // closes quit
}

// startProcess starts path with args in dir and the goroutines that read
// its output and wait for its exit.
func startProcess(name, dir, path string, args ...string) (*process, error) {
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	p := &process{
		name:  name,
		cmd:   cmd,
		lines: make(chan string, 64),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	cmd.Stderr = &p.tail
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("variantoracle: %s: %w", name, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("variantoracle: %s: %w", name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("variantoracle: start %s (%s): %w", name, path, err)
	}
	p.stdin = stdin
	go p.read(stdout)
	return p, nil
}

// read hands the output to lines until it ends or quit is closed, then
// waits for the process (Wait must follow the last read of its output).
func (p *process) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	for sc.Scan() && p.hand(strings.TrimRight(sc.Text(), " \r")) {
	}
	if err := sc.Err(); err != nil {
		p.tail.add("stdout: " + err.Error())
		p.kill()
	}
	_, _ = io.Copy(io.Discard, stdout) // what is left after a kill, until the pipe closes
	close(p.lines)
	p.exitErr = p.cmd.Wait()
	close(p.done)
}

// hand gives line to the reader of lines, unless the process is killed.
func (p *process) hand(line string) bool {
	select {
	case p.lines <- line:
		return true
	case <-p.quit:
		return false
	}
}

// kill ends the process and stops the reader from handing it lines.
func (p *process) kill() {
	p.once.Do(func() { close(p.quit) })
	_ = p.cmd.Process.Kill()
}

// fail makes the process unusable with err, kills it and returns err.
// The caller holds mu.
func (p *process) fail(err error) error {
	if p.dead == nil {
		p.dead = err
	}
	p.kill()
	return p.dead
}

// send writes one request line. The caller holds mu.
func (p *process) send(line string) error {
	if p.dead != nil {
		return p.dead
	}
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return p.fail(p.exited(fmt.Errorf("writing %q: %w", line, err)))
	}
	return nil
}

// readLine returns the next line of output. A cancelled ctx kills the
// process, whose state is unknown from then on. The caller holds mu.
func (p *process) readLine(ctx context.Context) (string, error) {
	if p.dead != nil {
		return "", p.dead
	}
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", p.fail(p.exited(errors.New("its output ended")))
		}
		return line, nil
	case <-ctx.Done():
		return "", p.fail(fmt.Errorf("variantoracle: %s: gave up waiting for an answer (the process is killed): %w", p.name, context.Cause(ctx)))
	}
}

// exited builds the error of a process that has gone away: what happened,
// its exit status and its last lines of standard error.
func (p *process) exited(what error) error {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		p.kill()
		<-p.done
	}
	status := "killed"
	if p.exitErr != nil {
		status = p.exitErr.Error()
	} else if p.cmd.ProcessState != nil && p.cmd.ProcessState.Exited() {
		status = "exit status 0"
	}
	msg := fmt.Sprintf("variantoracle: %s died (%s): %v", p.name, status, what)
	if last := p.tail.lines(); len(last) > 0 {
		msg += "; its last words: " + strings.Join(last, " | ")
	}
	return fmt.Errorf("%s: %w", msg, ErrExited)
}

// close ends the process: it closes its input (both oracles exit at its
// end), waits up to closeGrace, and kills it after that. It returns when
// the process has exited; every call after it fails with ErrClosed. A
// request in flight fails as the process goes.
func (p *process) close() {
	_ = p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(closeGrace):
		p.kill()
		<-p.done
	}
	p.mu.Lock()
	p.dead = fmt.Errorf("variantoracle: %s: %w", p.name, ErrClosed)
	p.mu.Unlock()
}

// tail keeps the last lines written to it, for error messages: an oracle
// that dies usually says why on its standard error.
type tail struct {
	mu      sync.Mutex
	partial []byte
	last    []string
}

// tailLines is how many lines a tail keeps.
const tailLines = 8

// Write keeps p's complete lines.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.partial = append(t.partial, p...)
	for {
		i := strings.IndexByte(string(t.partial), '\n')
		if i < 0 {
			break
		}
		t.addLocked(string(t.partial[:i]))
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 4096 {
		t.addLocked(string(t.partial))
		t.partial = t.partial[:0]
	}
	return len(p), nil
}

// add keeps one line.
func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.addLocked(line)
}

func (t *tail) addLocked(line string) {
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if len(line) > 300 {
		line = line[:300] + "..."
	}
	t.last = append(t.last, line)
	if len(t.last) > tailLines {
		t.last = t.last[len(t.last)-tailLines:]
	}
}

// lines returns the kept lines and the unfinished one, oldest first.
func (t *tail) lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]string(nil), t.last...)
	if s := strings.TrimSpace(string(t.partial)); s != "" {
		out = append(out, s)
	}
	return out
}
