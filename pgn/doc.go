// Package pgn reads and writes chess games in Portable Game Notation, the
// format of every chess database, streaming game by game in constant memory
// per game.
//
// A Reader returns each game as a *Game: its tags in file order, the start
// position (the FEN and SetUp tags, Variant "Chess960"), and the whole move
// tree (the mainline, nested variations to any depth, comments before and
// after moves, NAGs, null moves) with every move checked for legality.
// Real-world files are read as they are: a UTF-8 byte-order mark, CRLF line
// ends, ";" and "%" lines, escaped quotes in tags, empty lines anywhere,
// missing or mismatched results, move numbers in any form ("1.", "1...",
// "1.e4"), "0-0", and every notation san.Parse forgives. A broken game gives
// an *Error naming the game, line and column and what is wrong; the next call
// goes on with the next game, so no valid game is lost.
//
// Reader.Visit is the fast path: it calls a Visitor for each tag, move,
// comment, NAG and variation, with byte slices into the reader's buffer and
// nothing allocated per move, and lets the visitor skip a game's movetext or
// a variation it does not need. NextTags reads headers only; NextMainline
// checks every mainline move without building a tree. Reset points a
// Reader, its memory kept, at another input.
//
// Clock, EMT, ParseEval, ParseShapes and ParseComment read the commands that
// Lichess, ChessBase and engines embed in comments ([%clk 1:02:03],
// [%eval 0.25], [%cal Ge2e4]).
//
// A Writer writes games in PGN export format: the seven tag roster first,
// lines of at most 80 columns, move numbers again after variations and
// comments; reading what it writes gives the same game back.
//
// Variants are read and written as lichess exports them: the Variant tag
// ("Three-check", "King of the Hill", "Racing Kings", "Antichess",
// "Horde", "Atomic", "Crazyhouse"; VariantName gives each) sets the rules
// the FEN tag and every move are read under, and without a FEN tag the
// game starts from the variant's own start position. The Reader also
// takes core.ParseVariant's names ("3check", "kingofthehill", ...) and a
// few other programs' ("zh", "anti", "racing"); "Standard", "From
// Position" and the Chess960 names are standard chess. A Variant tag
// gambit does not know, or a variant core does not play yet, is an *Error
// matching ErrStart at the tag's line, and the reader goes on with the
// next game. The Writer writes the Variant tag for a variant start
// position, and SetUp and FEN only when the start is not the variant's
// own.
package pgn
