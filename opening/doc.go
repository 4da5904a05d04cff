// Package opening names chess openings by position: the ECO code and name
// of lichess's chess-openings data set (CC0, embedded in the package; see
// data/SOURCES.md), about 3,800 lines such as
//
//	C65	Ruy Lopez: Berlin Defense	1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6
//
// Each line names the position its moves end in. Lookup finds a position's
// name by the position itself (pieces, side to move, castling rights, and
// the en-passant square only when an en-passant capture is legal: the key
// of core.Position.RepetitionKey), so a game that reaches a named position
// by another move order gets the name. Classify names a game as lichess
// advises: by the last position of the game that has a name.
//
// The table is built from the embedded data once, on first use (or by
// Load), which replays every line with package san (about 85 million
// instructions, counted with callgrind, and about 1 MB of memory kept);
// after that Lookup and Classify allocate nothing and are safe for
// concurrent use. A malformed line in the data is a *DataError from Load,
// found by the package's tests, never a panic.
//
// The data is standard chess from the standard start position: Lookup
// finds no name for a variant position (core.Position.Variant other than
// core.Standard) or a Chess960 one, and Classify none for a game played
// under those rules.
//
// When several lines of the data end in the same position, the first in
// file order (a.tsv to e.tsv, each from its first line) names it; the data
// sorts by ECO code and then name, so that is the lowest code, then the
// name first in alphabetical order. lichess's own check of the data
// refuses two lines with one position, so today every line names its own.
package opening
