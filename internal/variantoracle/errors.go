package variantoracle

import "errors"

// Errors the oracles' calls wrap, for errors.Is.
var (
	// ErrUnsupported: the oracle does not have the variant asked for
	// (Fairy-Stockfish and atomic), or the name is not a variant's.
	ErrUnsupported = errors.New("variant not supported by this oracle")
	// ErrRejected: the oracle answered the request with an error, as for
	// a FEN it cannot read or a position its variant does not allow. The
	// process is still usable.
	ErrRejected = errors.New("the oracle rejected the request")
	// ErrExited: the oracle's process has exited or was killed; every
	// later call fails.
	ErrExited = errors.New("the oracle's process is gone")
	// ErrClosed: Close was called.
	ErrClosed = errors.New("the oracle is closed")
)
