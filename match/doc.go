// Package match plays engine matches and tournaments and tests their
// results, the work of cutechess-cli and fastchess as a Go API, so that a
// Go test or a CI job can run a sequential probability ratio test (SPRT)
// between two builds of an engine. Command cmd/match runs it from the
// command line.
//
// The statistics come first: WDL and Pentanomial count results (single
// games and game pairs, the two games of an opening with colours
// swapped), Estimate gives the logistic and normalized Elo difference,
// its 95 % error and the likelihood of superiority, and SPRT is the
// generalized SPRT of fishtest, OpenBench and fastchess on pentanomial
// results, with normalized or logistic Elo bounds.
//
// Run plays a match (two engines), a round robin or a gauntlet: engines
// speaking UCI or XBoard (any engine.Player), clocks kept by the runner,
// openings from EPD, PGN or Polyglot files, adjudication, PGN and EPD
// output, and an SPRT that stops the match as soon as it decides. An
// engine that crashes, hangs, plays an illegal move or loses the
// connection loses the game with the reason recorded; with Recover it is
// restarted for the next game. No engine process outlives Run.
//
// Config.Variant plays a variant by lichess's rules (Three-check,
// Antichess, ...): each engine is told it and one that does not play it
// is refused before any game; games start from the variant's start or
// its positions in the openings, end by its own rules too, and go to the
// PGN with the Variant tag.
package match
