// Package core is gambit's board: squares, bitboards, a packed 32-bit Move,
// a fixed-size MoveList, and Position with FEN, legal move generation,
// make/unmake, Zobrist hashing and what a search asks of a position. The
// other packages (perft, san, pgn, game, uci) are built on it, and so is a
// Go engine that embeds gambit as its move generator.
//
// # Squares and bitboards
//
// Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63:
// File is sq&7, Rank is sq>>3. A Bitboard has bit n set when square n is in
// it. Square.Flip mirrors top to bottom (a1 and a8 swap) and
// Square.Relative(c) flips for Black, so one piece-square table written from
// White's side serves both colours as table[sq.Relative(colour)].
//
// # Moves
//
// A Move packs everything making, unmaking and naming it needs into 32 bits
// (the layout is documented on Move): from, to, the moved and captured
// piece types, the promotion and flags for a double push, en passant and
// castling. The zero Move is NoMove. A Move belongs to the position it was
// generated in: IsLegal tells whether a move from elsewhere (a
// transposition table, a killer slot) is legal in this position.
//
// Castling is stored as king takes rook: To is the castling rook's square
// (h1 for White's short castling in standard chess), which names every
// Chess960 castling without ambiguity. Dest gives the king's destination
// (g1), which history and piece-square tables want.
//
// Move.String writes UCI coordinates, with standard castling as the king's
// move ("e1g1"): in standard chess it is exactly what Position.UCI writes
// and what a UCI engine prints in a PV. In a Chess960 game write moves with
// Position.UCI, which writes every castling as king takes rook, as
// UCI_Chess960 wants. ParseUCI reads both forms.
//
// # Generating moves
//
// LegalMoves writes every legal move into a caller's MoveList; moves come
// from check and pin masks, never by making a move and testing it. For a
// staged move picker, CaptureMoves (captures, en passant, every promotion)
// and QuietMoves (everything else, castling included) split LegalMoves in
// two; QuiescenceMoves is captures and queen promotions only. The list is
// the caller's to reorder (Swap, Set, PickBest). CountLegalMoves and
// HasLegalMoves count without writing. LegalMove and LegalMoveTo check one
// move without generating the rest.
//
// On amd64 CPUs with BMI2 and a fast PEXT (Intel since Haswell, AMD since
// Zen 3), CountLegalMoves, CountLegalMovesAfter, SumLegalMovesAfter and
// HasLegalMoves count standard-chess positions in assembly generated with
// avo (internal/kernelgen) that looks sliders up in PEXT tables, filled
// (878 KiB) on the first count, and makes the moves of the two After
// counts on a copy of the bitboards in its frame; elsewhere, and for
// variants, in Go. The counts
// are the same. Build with -tags core_purego, or run with
// GODEBUG=cpu.bmi2=off, to keep to Go.
//
// # What a search asks, and what it costs
//
//   - Checkers and InCheck: computed once after each move, by the first
//     of them or by a move generator (which finds the checkers anyway),
//     then read from the position.
//   - Pinned and AttackersTo: computed on each call (two magic lookups and
//     a few table reads).
//   - GivesCheck: whether a move checks, without making it (a few
//     nanoseconds; CheckInfo shares the work among the moves of one
//     position).
//   - SEE and SEEGreaterEqual: static exchange evaluation, exact for the
//     model their doc states, with the piece values of SEEValue.
//   - Hash: the Polyglot Zobrist key, updated by MakeMove; for
//     transposition tables and opening books.
//   - RepetitionKey and History: repetitions. RepetitionKey differs from
//     Hash only where an en-passant capture looks possible but is not
//     legal; History keeps the keys of the game and the search and answers
//     IsRepetition within the halfmove clock and up to the last null move.
//   - MakeNullMove: passes the turn; it counts a halfmove, like a move.
//
// # Allocation and concurrency
//
// Generating moves, MakeMove and UnmakeMove, the null move, the queries
// above and History's Push, Pop and IsRepetition (once grown) allocate
// nothing; FEN and text functions do. A Position is a plain value that
// copying duplicates, but it is not safe for concurrent use even by
// readers, because queries fill its checkers cache: give each goroutine
// its own copy.
package core
