package enginetest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// A small UCI pipe of its own rather than the uci package, so that the
// perft oracle depends on nothing but core and perft (a bug in uci cannot
// hide one there), and the bench module can time Stockfish's go perft.

// engineTimeout bounds every wait for an answer, so that a hung or crashed
// engine fails the test instead of hanging it. Perft at the depths the
// oracle asks for takes milliseconds, at the bench module's about a second.
const engineTimeout = 30 * time.Second

// ErrTimeout is returned when the engine does not answer in time.
var ErrTimeout = errors.New("engine did not answer in time")

// Engine is a running UCI engine process (Stockfish in the tests), driven
// over its standard input and output.
type Engine struct {
	Name     string // from "id name"
	path     string
	timeout  time.Duration // for each answer
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string // stdout, line by line; closed at EOF
	stderr   *lockedBuffer
	chess960 bool
	waitOnce sync.Once
	waitErr  error
}

// lockedBuffer collects the engine's standard error for failure messages.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Start starts Stockfish, waits for uciok and readyok, and stops it
// when the test ends.
func Start(t testing.TB) *Engine {
	t.Helper()
	path := StockfishPath(t)
	e, err := Launch(engineTimeout, path)
	if err != nil {
		t.Fatalf("starting Stockfish: %v", err)
	}
	t.Cleanup(e.Close)
	return e
}

// Launch starts the engine and waits, at most timeout for each
// answer, for uciok and readyok.
func Launch(timeout time.Duration, path string, args ...string) (*Engine, error) {
	e, err := Spawn(timeout, path, args...)
	if err != nil {
		return nil, err
	}
	if err := e.Send("uci"); err != nil {
		e.Close()
		return nil, err
	}
	for {
		line, err := e.ReadLine()
		if err != nil {
			e.Close()
			return nil, fmt.Errorf("waiting for uciok: %w", err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			e.Name = name
		}
		if line == "uciok" {
			break
		}
	}
	if err := e.Sync(); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Spawn starts the program with its standard input and output as pipes,
// sends it nothing and reads nothing: Send and ReadLine drive it in any
// protocol (ReadLine waits at most timeout for each line).
func Spawn(timeout time.Duration, path string, args ...string) (*Engine, error) {
	e := &Engine{path: path, timeout: timeout, lines: make(chan string, 256), stderr: &lockedBuffer{}}
	e.cmd = exec.Command(path, args...)
	e.cmd.Stderr = e.stderr
	var err error
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("stdin pipe: %w", err)
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("stdout pipe: %w", err)
	}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e, nil
}

// Expect reads lines until one starts with prefix and returns it with the
// lines before it; an error when the program exits or is silent for its
// timeout first.
func (e *Engine) Expect(prefix string) (string, []string, error) {
	var before []string
	for {
		line, err := e.ReadLine()
		if err != nil {
			return "", before, fmt.Errorf("waiting for %q after %q: %w", prefix, before, err)
		}
		if strings.HasPrefix(line, prefix) {
			return line, before, nil
		}
		before = append(before, line)
	}
}

// Pid returns the engine process's id: the bench module reads its CPU time.
func (e *Engine) Pid() int { return e.cmd.Process.Pid }

// Send writes one command line.
func (e *Engine) Send(cmd string) error {
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return fmt.Errorf("sending %q to %s: %w (stderr: %s)", cmd, e.path, err, e.stderr.String())
	}
	return nil
}

// ReadLine returns the next output line, or an error when the engine exits
// or stays silent for its timeout.
func (e *Engine) ReadLine() (string, error) {
	timer := time.NewTimer(e.timeout)
	defer timer.Stop()
	select {
	case line, ok := <-e.lines:
		if !ok {
			return "", fmt.Errorf("%s exited (%v; stderr: %q)", e.path, e.wait(), e.stderr.String())
		}
		return line, nil
	case <-timer.C:
		return "", fmt.Errorf("%s: %w after %v", e.path, ErrTimeout, e.timeout)
	}
}

// Sync sends isready and waits for readyok.
func (e *Engine) Sync() error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	for {
		line, err := e.ReadLine()
		if err != nil {
			return fmt.Errorf("waiting for readyok: %w", err)
		}
		if line == "readyok" {
			return nil
		}
	}
}

// SetChess960 switches UCI_Chess960, under which Stockfish reads X-FEN and
// Shredder-FEN castling and writes castling as king takes rook.
func (e *Engine) SetChess960(on bool) error {
	if e.chess960 == on {
		return nil
	}
	if err := e.Send("setoption name UCI_Chess960 value " + strconv.FormatBool(on)); err != nil {
		return err
	}
	e.chess960 = on
	return e.Sync()
}

// Position sets the position: a FEN and the moves played from it.
// Stockfish silently stops at a move it finds illegal, so callers check the
// result with fen.
func (e *Engine) Position(fen string, moves []string) error {
	cmd := "position fen " + fen
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	return e.Send(cmd)
}

// FEN returns Stockfish's FEN of the current position (from the "d"
// command).
func (e *Engine) FEN() (string, error) {
	if err := e.Send("d"); err != nil {
		return "", err
	}
	fen := ""
	for {
		line, err := e.ReadLine()
		if err != nil {
			return "", fmt.Errorf("reading the d command's output: %w", err)
		}
		if f, ok := strings.CutPrefix(line, "Fen: "); ok {
			fen = f
		}
		// "Checkers:" is the last line of the d command's output.
		if strings.HasPrefix(line, "Checkers:") {
			if fen == "" {
				return "", fmt.Errorf("the d command printed no Fen: line")
			}
			return fen, nil
		}
	}
}

// Divide runs "go perft depth" on the current position and returns the
// count below each root move and the total.
func (e *Engine) Divide(depth int) (map[string]uint64, uint64, error) {
	if err := e.Send("go perft " + strconv.Itoa(depth)); err != nil {
		return nil, 0, err
	}
	moves := make(map[string]uint64)
	for {
		line, err := e.ReadLine()
		if err != nil {
			return nil, 0, fmt.Errorf("go perft %d: %w", depth, err)
		}
		if rest, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			total, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				return nil, 0, fmt.Errorf("go perft %d: bad total %q: %w", depth, line, err)
			}
			return moves, total, nil
		}
		mv, count, ok := strings.Cut(line, ": ")
		if !ok || strings.HasPrefix(line, "info") {
			continue
		}
		n, err := strconv.ParseUint(strings.TrimSpace(count), 10, 64)
		if err != nil {
			return nil, 0, fmt.Errorf("go perft %d: bad line %q: %w", depth, line, err)
		}
		moves[mv] = n
	}
}

// wait reaps the process once.
func (e *Engine) wait() error {
	e.waitOnce.Do(func() { e.waitErr = e.cmd.Wait() })
	return e.waitErr
}

// Close asks the engine to quit and kills it if it does not within a
// second.
func (e *Engine) Close() {
	_ = e.Send("quit")
	_ = e.stdin.Close()
	done := make(chan struct{})
	go func() {
		// Drain stdout so the engine never blocks on a full pipe.
		for range e.lines {
		}
		_ = e.wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}
