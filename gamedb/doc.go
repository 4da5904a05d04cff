// Package gamedb indexes every position of every game of PGN collections
// and answers, in milliseconds whatever the number of games, where a
// position was played, what came next and how it scored: the opening
// explorer's question, and the database search of the games that reached
// a position through any move order.
//
// An index is a directory. Create starts one and Append adds games to it;
// both take games from PGN text (Builder.AddPGN) or in batches read by
// several goroutines (NewBatch, Batch.ReadGame, Builder.AddBatch, the way
// `pgn index` reads files in parallel), and Commit makes them part of the
// index in one step. Open opens an index, or several (the shards of one
// collection) as one, Merge makes one of several, Compact rewrites one as
// a single segment after many appends, and Verify checks every byte.
// Then:
//
//   - Explore: the moves played from a position, each with its games,
//     results, average rating and the date last played, the games that
//     ended there, and the highest-rated games (an Explorer);
//   - Find and Games: the games that reached a position, in order, each
//     with the ply at which it first did, by page or as an iterator;
//   - Scan: the games with a position of a Pattern (a material signature,
//     pieces on squares, the side to move), checked position by position;
//   - Game, Moves and PGN: a game by its number.
//
// Every query takes a Filter on the games' tags: players, event, rating,
// date, result and time control.
//
// What is indexed: every ply of every mainline, keyed by the position
// itself (the pieces, the side to move, the castling rights, and the
// en-passant square only when an en-passant capture is legal: core's
// Position.RepetitionKey), so transpositions meet. A position repeated
// within one game counts once for the game, and the explorer credits it
// with the move played at its first occurrence. A game of unknown result
// counts in a move's games and in none of its outcomes. Games from a FEN,
// Chess960 games and the lichess variants' games are indexed with the
// rest, each variant's positions apart from standard chess's. A broken
// game is left out with its error, and the reader goes on.
//
// How it is stored: an index is a manifest, which lists its segment
// files, and the segments, each written once and never changed. A segment
// holds its games (their tags and their moves, two bytes a ply), the
// postings of their positions (six bytes each: where the position's
// 64-bit key falls and 24 more of its bits, and the game) sorted by key,
// and the statistics of every position at least AggregateMin of its games
// reached, so that the explorer reads those of the popular positions and
// replays the games of the rare ones. A query checks each game it reports
// by replaying it, so the bits a posting leaves out never make a wrong
// answer. Appending writes new segments and then a new manifest, renamed
// over the old one: a reader sees the index before the append or after
// it, and a process killed during an append leaves the index as it was.
// Every 64 KB of a segment has a CRC-32C, checked the first time a query
// reads it: a damaged or truncated index is a CorruptError that names the
// file and the offset, never a wrong answer or a panic. docs/gamedb.md
// gives the layout and the figures behind it.
//
// Not kept: comments, variations and tags other than the seven tag
// roster, the ratings and the time control's class; a Game's Source and
// SourceGame say where its whole text is.
package gamedb
