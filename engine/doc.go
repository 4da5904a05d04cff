// Package engine is the protocol-neutral contract between gambit and chess
// engines, shared by the UCI (package uci) and XBoard/CECP (package
// xboard) implementations.
//
// Two interfaces meet here:
//
//   - Searcher is what a Go engine implements: its ID and options, a new
//     game, and a search of a Request (start position, moves, the game's
//     repetition keys, Limits) that stops when its context ends and
//     reports its progress as Info. uci.Serve and xboard.Serve both serve a
//     Searcher, so an engine written once speaks either protocol. A
//     Searcher that also implements VariantSearcher plays the chess
//     variants it lists, which both servers offer (UCI_Variant, the
//     variants feature); SearcherVariants is what they offer.
//   - Player is what drives an engine in a game: start a game from a
//     position, tell it the opponent's moves, ask for its move under
//     clocks while its thinking streams as Info, offer draws, tell it the
//     result, close it. *uci.Engine and *xboard.Engine implement it, and
//     package game plays against any Player.
//
// Limits.Budget turns clock limits into a soft and a hard time budget, the
// usual first step of an engine's time management.
//
// Text forms (Limits.String, Info.String, Option.String, Score.String)
// follow the UCI notation, the most compact one both protocols' users
// read.
package engine
