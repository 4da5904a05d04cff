// Package perft counts the leaf nodes of the legal move tree of a position
// to a fixed depth, the standard way to prove a move generator correct and
// to measure its speed.
//
// # Counting
//
// Count counts on the calling goroutine, with bulk counting at the last ply
// and no allocation; Divide gives the count below each root move.
//
// CountParallel and Counter spread the count over goroutines: the positions
// a few plies below the root (enough for about 64 per goroutine) become
// jobs, handed out one at a time from an atomic index, each counted on the
// goroutine's own copy of the position. The counts are exactly Count's
// whatever the number of goroutines; only the time changes.
//
// # Hashing
//
// A Table, set on a Counter, keeps subtree counts by Zobrist key
// (Position.Hash, mixed with the rook squares of the root's castling
// rights, which the Polyglot key leaves out) so that transpositions are
// counted once. An entry is used only when its full 64-bit key and its depth
// match, and a sequence number per bucket keeps goroutines from reading
// half-written entries, so a count is never taken from another position or
// depth. The table is allocated once by NewTable; counting with it allocates
// nothing. It pays from about depth 5, and more the deeper the count: the
// share of transpositions grows with depth.
//
// # Work units
//
// Split cuts a count at a ply into work units, one per position there, each
// written as a JSON line carrying its root FEN and depth, the split ply, its
// id, the moves from the root and its own FEN; Unit.Run checks a unit
// against its root and counts it; a Merger adds the results up, checking
// that they belong to one run and that every unit is there once, and names
// the units that are missing, repeated or foreign. The perft command's
// split, unit and merge subcommands wrap them, so that any batch system can
// run a perft too big for one machine.
//
// # Suites
//
// ReadSuite and ReadSuiteFile read perft suites: EPD lines with ";D1 n"
// fields, or "id / epd / perft D N" blocks.
package perft
