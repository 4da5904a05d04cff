// Package game is the game model above core: a chess game with its history,
// every rule that ends a game, undo, results set by hand, board rendering,
// and serialisation a server can store and restore. Package game/hub keeps
// many such games, keyed by ID, for a server that runs them concurrently.
//
// A Game starts with New or FromFEN and takes moves in UCI (Move), SAN
// (MoveSAN, forgiving) or as square indices (MoveIndex). After each move it
// knows its Status and Outcome: checkmate, stalemate, insufficient
// material, the seventy-five-move rule and fivefold repetition end a game
// by themselves; the fifty-move rule and threefold repetition make a draw
// claimable with ClaimDraw (or end the game at once with the AutoDraw
// option); Draw, Resign and SetWinner decide it by hand. Once the game is
// decided, moves and second decisions fail with a *GameOverError matching
// ErrGameOver that says what the result is.
//
// Repetitions are found through the Zobrist keys of the history, scanned
// back only as far as the last capture or pawn move, so long games cost no
// more than short ones. Two positions count as the same when the same side
// is to move with the same pieces, castling rights and en-passant capture,
// as FIDE's rule 9.2.3 asks.
//
// MarshalBinary writes a game in a compact, versioned form (two bytes a
// move) and UnmarshalBinary restores it exactly, checking every move, several
// times faster than replaying the moves as text; JSON is also supported.
// FromPGN and WritePGN read and write PGN through package pgn. Render draws
// the board for a terminal. A Game can play
// against any engine.Player: a UCI or an XBoard engine, a local process or
// one over TCP (StartEngine, StartEngineProtocol with UCI, XBoard or
// Detect, DialEngine, DialEngineProtocol, SetPlayer; then EnginePlay,
// PlayAgainstEngine, EngineHint, OfferEngineDraw). An engine that resigns
// loses the game; one that claims a draw the rules allow draws it.
// StartPlayer and DialPlayer start or dial an engine.Player, detecting its
// protocol, for programs that drive it themselves.
//
// Variants: NewVariant, FromVariantFEN and FromPosition start a game of a
// variant core plays (Three-check, King of the Hill, Racing Kings, Horde,
// Antichess, Atomic), by lichess's rules. A variant's own ending (a king
// on the hill, the third check, a king on the eighth rank after Black's
// answer, the horde all taken, an Antichess side without pieces or moves,
// a king exploded) ends the game as VariantEnd, with the Result and, as
// Outcome's Reason, the rule; insufficient material is the variant's, as
// lichess's chessops rules it (Three-check's bare kings, Atomic's
// material that cannot explode a king, Antichess's bishops that can never
// meet, never in King of the Hill, Racing Kings and Horde), and ends the
// game as in standard chess; HasInsufficientMaterial says it for one side
// (Horde's horde has a rule of its own), the rule a server follows for a
// loss on time. Repetition and the move-count rules apply as in standard
// chess. The binary, JSON and PGN forms keep the variant, and an
// engine gets it (UCI_Variant, XBoard's variant command).
//
// A Game is not safe for concurrent use; package game/hub serialises the
// calls on each game it holds.
package game
