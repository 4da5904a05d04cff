// Package san reads and writes chess moves in Standard Algebraic Notation
// (SAN), the notation of PGN files and chess books: "Nf3", "exd5", "O-O",
// "e8=Q#".
//
// Format writes the canonical SAN of a legal move, with the minimal
// disambiguation among legal moves and the check or mate suffix; FormatStyle
// and AppendFormat also write long algebraic ("Ng1-f3") and figurine
// ("♘f3") forms. Parse reads what real files and people write, forgiving
// wrong suffixes, annotations, over-disambiguation, long algebraic and UCI
// coordinates; ParseStrict accepts only what Format writes. Errors are
// *MoveError values matching ErrSyntax, ErrIllegal or ErrAmbiguous with
// errors.Is.
//
// Castling is written O-O and O-O-O in standard chess and Chess960 alike.
// Format and Parse allocate nothing but the returned string.
package san
