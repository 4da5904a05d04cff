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
//
// In a variant position (core.Position.Variant) the notation is lichess's,
// as its library chessops writes it: an Antichess pawn may promote to a
// king ("e8=K", which Parse reads there and nowhere else); '#' marks a move
// that decides the game, by mate or by the variant's own rule (a king
// reaching the hill, the third check, the last white piece taken in
// Horde, an Antichess side left with no piece or no move), and '+' a check
// that does not, so Antichess and the horde's moves never carry a '+' and
// Racing Kings has no marks but '#'.
// Format and Parse allocate nothing but the returned string.
package san
