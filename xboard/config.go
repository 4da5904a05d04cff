package xboard

import (
	"io"
	"time"

	"github.com/gambit-chess/gambit/internal/engineproc"
)

// Config sets how an Engine is run and how long it may take. The zero
// Config is ready to use; Start, Dial and Connect use it.
type Config struct {
	// Timeout bounds every answer the engine owes (pong, a move after
	// "?", the end of features after done=0) and every write to it. Zero
	// means DefaultTimeout.
	Timeout time.Duration
	// FeatureTimeout is how long the handshake waits for feature lines
	// from an engine that did not send done=0: protocol 1 engines send
	// none. Zero means DefaultFeatureTimeout, the protocol's 2 seconds.
	// An engine that sends done=1 ends the wait at once, so only protocol
	// 1 engines pay it in full; but a protocol 2 engine that starts slowly
	// (GNU Chess on a loaded machine has taken longer than 2 s to send its
	// first feature line) is taken for a protocol 1 engine when the wait
	// ends first: give such engines a longer FeatureTimeout.
	FeatureTimeout time.Duration
	// SearchTimeout bounds a search with no clock of its own (a depth
	// only). Zero means DefaultSearchTimeout; negative means no bound.
	SearchTimeout time.Duration
	// CloseGrace is how long Close waits for the engine to quit before it
	// kills the process or drops the connection. Zero means
	// DefaultCloseGrace.
	CloseGrace time.Duration

	// OnLine, if set, is called with every line the engine prints, in
	// order, from the goroutine that reads them: it must return quickly.
	OnLine func(line string)
	// OnSend, if set, is called with every line sent to the engine.
	OnSend func(line string)

	// Nudge, if positive, makes the Engine write an empty line whenever an
	// answer it waits for (features, pong, a move) has not come for this
	// long. GNU Chess 6 needs it: it can leave the last of several
	// commands that arrive together unread until more input comes; Start
	// sets it to 250ms for a program named gnuchess*. Leave it zero for
	// other engines: Fairy-Max takes an empty line as "move now".
	Nudge time.Duration

	// Stderr, Dir and Env are for a local engine: Stderr, when set, gets
	// a copy of its standard error; Dir is its working directory ("" for
	// the current one); Env its environment (nil for this process's).
	Stderr io.Writer
	Dir    string
	Env    []string
}

// Defaults for the zero Config, all but DefaultFeatureTimeout the same
// for package uci's.
const (
	DefaultFeatureTimeout = 2 * time.Second
	DefaultTimeout        = engineproc.DefaultTimeout       // 10s
	DefaultSearchTimeout  = engineproc.DefaultSearchTimeout // a minute
	DefaultCloseGrace     = engineproc.DefaultCloseGrace    // 2s
)

func (c *Config) featureTimeout() time.Duration {
	if c.FeatureTimeout > 0 {
		return c.FeatureTimeout
	}
	return DefaultFeatureTimeout
}

// proc returns the part of c the engine client shares with package
// uci's.
func (c *Config) proc() engineproc.Config {
	return engineproc.Config{Timeout: c.Timeout, SearchTimeout: c.SearchTimeout, CloseGrace: c.CloseGrace,
		Nudge: c.Nudge, OnLine: c.OnLine, OnSend: c.OnSend, Stderr: c.Stderr, Dir: c.Dir, Env: c.Env}
}
