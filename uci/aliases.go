package uci

import "github.com/gambit-chess/gambit/engine"

// The engine contract lives in package engine, shared with package xboard;
// these names keep every program written against uci working.
type (
	// Searcher is what an engine implements to be served by Serve; see
	// engine.Searcher. Serve calls NewGame on "ucinewgame" and declares
	// UCI_Chess960 itself when the engine does not.
	Searcher = engine.Searcher
	// SearchRequest is what Serve hands a Searcher for one "go"; see
	// engine.Request.
	SearchRequest = engine.Request
	// Limits are the parameters of a "go" command; see engine.Limits.
	// Zero fields are left out of the command; a Limits with nothing set
	// sends a bare "go", which most engines take as "search until stop".
	Limits = engine.Limits
	// Info is one "info" line of a search; see engine.Info.
	Info = engine.Info
	// Score is an engine's evaluation; see engine.Score.
	Score = engine.Score
	// Bound says whether a Score is exact or a bound; see engine.Bound.
	Bound = engine.Bound
	// WDL is a win/draw/loss estimate; see engine.WDL.
	WDL = engine.WDL
	// Option is an option an engine declares with an "option" line; see
	// engine.Option.
	Option = engine.Option
	// OptionType is the type an engine declares for an option.
	OptionType = engine.OptionType
	// OptionError reports a setoption the engine's declaration does not
	// allow; see engine.OptionError.
	OptionError = engine.OptionError
)

// The bounds of a Score.
const (
	Exact      = engine.Exact
	LowerBound = engine.LowerBound // the true score is at least this
	UpperBound = engine.UpperBound // the true score is at most this
)

// The option types of the UCI protocol.
const (
	TypeCheck  = engine.TypeCheck  // a boolean: "true" or "false"
	TypeSpin   = engine.TypeSpin   // an integer between Min and Max
	TypeCombo  = engine.TypeCombo  // one of Vars
	TypeButton = engine.TypeButton // no value: setting it triggers an action
	TypeString = engine.TypeString // any text
)

// Errors of options, shared with package engine.
var (
	// ErrUnknownOption means the engine did not declare the option.
	ErrUnknownOption = engine.ErrUnknownOption
	// ErrOptionValue means the value does not fit the option's declaration.
	ErrOptionValue = engine.ErrOptionValue
)

// findOption returns the declared option matching name; see
// engine.FindOption.
func findOption(opts []engine.Option, name string) (engine.Option, bool) {
	return engine.FindOption(opts, name)
}
