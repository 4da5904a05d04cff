package engine

import (
	"context"

	"github.com/gambit-chess/gambit/core"
)

// Searcher is what a Go engine implements to be served by uci.Serve or
// xboard.Serve: the server does the protocol, the position and the timing
// of the answer; the Searcher only searches. A server never calls its
// methods concurrently: ID and Options once at the start, SetOption and
// NewGame only while no search runs.
type Searcher interface {
	// ID returns the engine's name and author.
	ID() (name, author string)
	// Options returns the options to declare. The server checks values
	// against them before calling SetOption. Chess960 is the server's
	// business (core handles it): UCI declares UCI_Chess960 when the
	// engine does not, XBoard lists the fischerandom variant.
	Options() []Option
	// SetOption sets a declared option to a value checked by
	// Option.Check, with the name as declared. An error is reported to
	// the GUI.
	SetOption(name, value string) error
	// NewGame is called when a new game starts, never during a search.
	NewGame()
	// Search searches req.Position and returns the best move and,
	// optionally, the expected reply (core.NoMove for none). It must
	// return soon after ctx is done, which happens when the GUI stops the
	// search or quits; req.Limits say when to stop otherwise
	// (Limits.Budget turns clocks into a time budget). info reports
	// progress and may be called from any goroutine until Search returns.
	// The server checks the moves are legal (an illegal best move is
	// reported and replaced by a legal one).
	Search(ctx context.Context, req Request, info func(Info)) (best, ponder core.Move)
}

// Request is what a server hands a Searcher for one search.
type Request struct {
	Position core.Position // the position to search: Start with Moves played
	Start    core.Position // the game's start position, before Moves
	Moves    []core.Move   // the moves played from Start, legal
	// History holds the positions before Position: Start and each one
	// reached by Moves but the last, as repetition keys. A search that
	// pushes onto a copy of it (History.Clone) detects repetitions of
	// the game's positions without replaying Moves.
	History     core.History
	Limits      Limits      // when to stop
	SearchMoves []core.Move // Limits.SearchMoves as legal moves of Position; empty for all
	// PonderHit is closed when the opponent plays the expected move
	// during a ponder search: from then on the search is timed by
	// Limits' clocks.
	PonderHit <-chan struct{}
	Debug     bool // the GUI asked for debug output
}

// Notifier is an optional interface of a Searcher that has lines of its
// own to show the GUI outside a search, such as which evaluation it uses.
// uci.Serve writes each line as an "info string", xboard.Serve as a "#"
// comment: those of Notes(false) after a setoption (XBoard: option,
// cores, egtpath) the Searcher accepted, and those of Notes(true) before
// "readyok" (UCI isready) or "pong" (XBoard ping, outside a search).
type Notifier interface {
	// Notes returns the lines to show now: with ready false, what the
	// last SetOption has to say (usually nothing); with ready true, the
	// Searcher's standing state as well.
	Notes(ready bool) []string
}
