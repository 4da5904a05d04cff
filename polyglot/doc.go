// Package polyglot reads, probes, builds and merges Polyglot opening books,
// the .bin books that engines, match runners and GUIs ship.
//
// A book is a file of 16-byte entries sorted by position key: the key (8
// bytes), a move (2), a weight (2) and a learn field (4), all big-endian.
// gambit's Zobrist keys are Polyglot's, so core.Position.Hash is the key a
// book is searched for.
//
// Open maps a book file into memory (or reads it through an io.ReaderAt
// with NewReaderAt, or from a byte slice with NewBytes) and checks it once:
// a file whose length is not a multiple of 16, keys out of order or a move
// field no Polyglot writer produces is a *FormatError naming the offset.
// Book.Entries finds a position's entries by binary search (narrowed by an
// index of every 256th key, kept at opening) and returns them
// as legal core.Moves (castling, which Polyglot writes as king takes rook,
// "e1h1", is core's castling move; entries for moves that are not legal in
// the position are left out); it allocates nothing when the slice it
// appends to has room. Book.Pick chooses a move: the best, at random by
// weight with the caller's *rand.Rand, or uniformly, up to a maximum ply.
//
// A Builder makes a book from PGN games the way Polyglot's make-book does
// (the same defaults, filters, weights and order, byte for byte), in
// bounded memory: it counts entries in a table in memory and, past its
// memory limit, writes the table to a sorted run in a temporary file and
// merges the runs at the end. Batches let several goroutines read games for
// one Builder. Merge joins two books the way Polyglot's merge-book does
// (Debian's PolyGlot 2.0.4: moves of a position in both books combined,
// weights added).
//
// Chess960 is not part of the Polyglot format: Entries and Pick refuse a
// Chess960 position with ErrChess960, and a Builder leaves Chess960 games
// out. Nor are the variants (core.Position.Variant): ErrVariant, and
// variant games are left out the same way.
package polyglot
