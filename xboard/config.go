package xboard

import (
	"io"
	"time"
)

// Defaults for the zero Config.
const (
	DefaultTimeout        = 10 * time.Second
	DefaultSearchTimeout  = time.Minute
	DefaultCloseGrace     = 2 * time.Second
	DefaultFeatureTimeout = 2 * time.Second
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

	// Nudge, if positive, makes the Engine write an empty line whenever an
	// answer it waits for (features, pong, a move) has not come for this
	// long. GNU Chess 6 needs it: it can leave the last of several
	// commands that arrive together unread until more input comes; Start
	// sets it to 250ms for a program named gnuchess*. Leave it zero for
	// other engines: Fairy-Max takes an empty line as "move now".
	Nudge time.Duration

	// OnLine, if set, is called with every line the engine prints, in
	// order, from the goroutine that reads them: it must return quickly.
	OnLine func(line string)
	// OnSend, if set, is called with every line sent to the engine.
	OnSend func(line string)

	// Stderr, if set, receives a copy of a local engine's standard error.
	Stderr io.Writer
	// Dir is the working directory of a local engine; "" means the
	// current one.
	Dir string
	// Env is the environment of a local engine; nil means this process's.
	Env []string
}

func (c *Config) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultTimeout
}

func (c *Config) featureTimeout() time.Duration {
	if c.FeatureTimeout > 0 {
		return c.FeatureTimeout
	}
	return DefaultFeatureTimeout
}

func (c *Config) closeGrace() time.Duration {
	if c.CloseGrace > 0 {
		return c.CloseGrace
	}
	return DefaultCloseGrace
}

func (c *Config) searchTimeout() time.Duration {
	switch {
	case c.SearchTimeout < 0:
		return 0
	case c.SearchTimeout == 0:
		return DefaultSearchTimeout
	}
	return c.SearchTimeout
}
