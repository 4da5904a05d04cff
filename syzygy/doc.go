// Package syzygy probes Syzygy endgame tablebases in pure Go (no cgo):
// the WDL value (win, cursed win, draw, blessed loss, loss) and the
// distance to zeroing (DTZ) of positions with few pieces, and the ranking
// of the root moves an engine needs to convert a tablebase win under the
// fifty-move rule.
//
// The results are those of Fathom (and Stockfish, whose prober Fathom
// follows): the package is tested against Debian's fathom command on every
// table in testdata/syzygy, position by position.
//
// Open a directory of .rtbw/.rtbz files once and probe from any number of
// goroutines; a probe allocates nothing once its tables are loaded.
// Positions with castling rights or more pieces than the tables hold are
// refused with ErrCastling and ErrTooManyPieces; a missing table or a
// corrupt file gives a *TableError naming the material and the file.
package syzygy
