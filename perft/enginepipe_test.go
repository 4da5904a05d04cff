package perft_test

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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// The oracle talks to Stockfish through this small UCI pipe of its own
// rather than the uci package, so that a bug there cannot hide one here and
// the oracle depends on nothing but core and perft (internal/enginetest
// only finds the binary).

// engineTimeout bounds every wait for an answer, so that a hung or crashed
// engine fails the test instead of hanging it. Perft at the depths the
// oracle asks for takes milliseconds.
const engineTimeout = 30 * time.Second

// errEngineTimeout is returned when the engine does not answer in time.
var errEngineTimeout = errors.New("engine did not answer in time")

// engine is a running Stockfish process driven over its standard input and
// output.
type engine struct {
	name     string // from "id name"
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

// startEngine starts Stockfish, waits for uciok and readyok, and stops it
// when the test ends.
func startEngine(t testing.TB) *engine {
	t.Helper()
	path := enginetest.StockfishPath(t)
	e, err := launchEngine(engineTimeout, path)
	if err != nil {
		t.Fatalf("starting Stockfish: %v", err)
	}
	t.Cleanup(e.close)
	return e
}

// launchEngine starts the engine and waits, at most timeout for each
// answer, for uciok and readyok.
func launchEngine(timeout time.Duration, path string, args ...string) (*engine, error) {
	e := &engine{path: path, timeout: timeout, lines: make(chan string, 256), stderr: &lockedBuffer{}}
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
	if err := e.send("uci"); err != nil {
		e.close()
		return nil, err
	}
	for {
		line, err := e.readLine()
		if err != nil {
			e.close()
			return nil, fmt.Errorf("waiting for uciok: %w", err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			e.name = name
		}
		if line == "uciok" {
			break
		}
	}
	if err := e.sync(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// send writes one command line.
func (e *engine) send(cmd string) error {
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return fmt.Errorf("sending %q to %s: %w (stderr: %s)", cmd, e.path, err, e.stderr.String())
	}
	return nil
}

// readLine returns the next output line, or an error when the engine exits
// or stays silent for its timeout.
func (e *engine) readLine() (string, error) {
	timer := time.NewTimer(e.timeout)
	defer timer.Stop()
	select {
	case line, ok := <-e.lines:
		if !ok {
			return "", fmt.Errorf("%s exited (%v; stderr: %q)", e.path, e.wait(), e.stderr.String())
		}
		return line, nil
	case <-timer.C:
		return "", fmt.Errorf("%s: %w after %v", e.path, errEngineTimeout, e.timeout)
	}
}

// sync sends isready and waits for readyok.
func (e *engine) sync() error {
	if err := e.send("isready"); err != nil {
		return err
	}
	for {
		line, err := e.readLine()
		if err != nil {
			return fmt.Errorf("waiting for readyok: %w", err)
		}
		if line == "readyok" {
			return nil
		}
	}
}

// setChess960 switches UCI_Chess960, under which Stockfish reads X-FEN and
// Shredder-FEN castling and writes castling as king takes rook.
func (e *engine) setChess960(on bool) error {
	if e.chess960 == on {
		return nil
	}
	if err := e.send("setoption name UCI_Chess960 value " + strconv.FormatBool(on)); err != nil {
		return err
	}
	e.chess960 = on
	return e.sync()
}

// position sets the position: a FEN and the moves played from it.
// Stockfish silently stops at a move it finds illegal, so callers check the
// result with fen.
func (e *engine) position(fen string, moves []string) error {
	cmd := "position fen " + fen
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	return e.send(cmd)
}

// fen returns Stockfish's FEN of the current position (from the "d"
// command).
func (e *engine) fen() (string, error) {
	if err := e.send("d"); err != nil {
		return "", err
	}
	fen := ""
	for {
		line, err := e.readLine()
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

// divide runs "go perft depth" on the current position and returns the
// count below each root move and the total.
func (e *engine) divide(depth int) (map[string]uint64, uint64, error) {
	if err := e.send("go perft " + strconv.Itoa(depth)); err != nil {
		return nil, 0, err
	}
	moves := make(map[string]uint64)
	for {
		line, err := e.readLine()
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
func (e *engine) wait() error {
	e.waitOnce.Do(func() { e.waitErr = e.cmd.Wait() })
	return e.waitErr
}

// close asks the engine to quit and kills it if it does not within a
// second.
func (e *engine) close() {
	_ = e.send("quit")
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

// TestEnginePipeFailures checks that a silent, a hung and a vanished engine
// each fail fast with an error instead of hanging the test, with real
// programs standing in for a broken engine.
func TestEnginePipeFailures(t *testing.T) {
	tests := []struct {
		name    string
		path    string
		args    []string
		timeout time.Duration
		want    string // a regular expression the error matches
	}{
		{"echoes but never answers", "cat", nil, 200 * time.Millisecond, errEngineTimeout.Error()},
		{"reads nothing and never exits", "sleep", []string{"30"}, 200 * time.Millisecond, errEngineTimeout.Error()},
		// Whether the write of "uci" or the read of its answer notices
		// first is a race; the long timeout keeps a loaded machine from
		// turning the exit into a timeout.
		{"exits at once", "true", nil, 10 * time.Second, "exited|broken pipe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, err := exec.LookPath(tt.path)
			require.NoError(t, err)
			start := time.Now()
			e, err := launchEngine(tt.timeout, path, tt.args...)
			if e != nil {
				e.close()
			}
			require.Error(t, err)
			assert.Regexp(t, tt.want, err.Error())
			assert.Less(t, time.Since(start), tt.timeout+5*time.Second, "the failure took too long")
		})
	}
}
