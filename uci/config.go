package uci

import (
	"io"
	"time"

	"github.com/gambit-chess/gambit/internal/engineproc"
)

// Defaults for the zero Config, the same for package xboard's.
const (
	DefaultTimeout       = engineproc.DefaultTimeout       // 10s
	DefaultSearchTimeout = engineproc.DefaultSearchTimeout // a minute
	DefaultCloseGrace    = engineproc.DefaultCloseGrace    // 2s
)

// Config sets how an Engine is run and how long it may take. The zero
// Config is ready to use; Start, Dial and Connect use it.
type Config struct {
	// Timeout bounds every answer the engine owes (uciok, readyok, bestmove
	// after stop) and every write to it. Zero means DefaultTimeout.
	Timeout time.Duration
	// SearchTimeout bounds a search with no time limit of its own (depth,
	// nodes or mate only): when it passes, the search is stopped and Wait
	// returns no move and an error matching ErrTimeout. Zero
	// means DefaultSearchTimeout; a negative value means no bound. Timed
	// searches (movetime, clocks) are bounded by their own time plus
	// Timeout; infinite and ponder searches run until Stop or PonderHit.
	SearchTimeout time.Duration
	// CloseGrace is how long Close waits for the engine to quit before it
	// kills the process or drops the connection. Zero means
	// DefaultCloseGrace.
	CloseGrace time.Duration

	// OnLine, if set, is called with every line the engine prints, in
	// order, from the goroutine that reads them: it must return quickly
	// and must not wait for the engine (it may call Send).
	OnLine func(line string)
	// OnSend, if set, is called with every line sent to the engine, before
	// it is written.
	OnSend func(line string)

	// Stderr, if set, receives a copy of a local engine's standard error.
	// The last stderr lines are also kept for error messages.
	Stderr io.Writer
	// Dir is the working directory of a local engine; "" means the
	// current one.
	Dir string
	// Env is the environment of a local engine; nil means this process's.
	Env []string
}

// proc returns the part of c the engine client shares with package
// xboard's.
func (c *Config) proc() engineproc.Config {
	return engineproc.Config{Timeout: c.Timeout, SearchTimeout: c.SearchTimeout, CloseGrace: c.CloseGrace,
		OnLine: c.OnLine, OnSend: c.OnSend, Stderr: c.Stderr, Dir: c.Dir, Env: c.Env}
}
