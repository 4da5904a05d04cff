package engine

import (
	"context"

	"github.com/gambit-chess/gambit/core"
)

// Player is an engine playing a game, whatever protocol it speaks:
// *uci.Engine and *xboard.Engine implement it, and package game plays
// against any Player. A Player keeps the game it was told (the start
// position and the moves since) and checks every move the engine sends
// with core before returning it. Calls are not meant to overlap, except
// Close.
type Player interface {
	// Name returns the engine's name as it gave it.
	Name() string
	// StartGame starts a game from start, with moves (legal from start)
	// already played; the engine plays no side until Think. The start's
	// variant (core.Position.Variant) goes to the engine the protocol's
	// way (UCI_Variant, "variant NAME"); an engine that does not play it
	// gives an error matching ErrUnsupported.
	StartGame(ctx context.Context, start core.Position, moves []core.Move) error
	// Move tells the engine a move played in the game, usually the
	// opponent's, legal in the current position.
	Move(ctx context.Context, m core.Move) error
	// Think asks the engine for its move in the current position, the side
	// to move being the engine's, within limits (clocks, a fixed time, a
	// depth). info, if not nil, receives the engine's thinking as it
	// comes, from another goroutine, until Think returns. The move of the
	// Reply is played in the Player's game. ctx bounds the search.
	Think(ctx context.Context, limits Limits, info func(Info)) (Reply, error)
	// OfferDraw tells the engine its opponent offers a draw; the
	// engine's answer comes with its next Reply (Reply.Draw). It returns
	// an error matching ErrUnsupported where the protocol has no draw
	// offers (UCI).
	OfferDraw(ctx context.Context) error
	// GameOver tells the engine the game ended: result is "1-0", "0-1",
	// "1/2-1/2" or "*", reason a short text ("White resigns"). A
	// resignation of the engine's opponent is told this way.
	GameOver(ctx context.Context, result, reason string) error
	// Close ends the engine and waits for its process and goroutines.
	Close() error
}

// Reply is an engine's answer to Player.Think.
type Reply struct {
	// Move is the engine's move, legal and played in the Player's game;
	// core.NoMove when the engine resigned or claimed a result instead,
	// or has no legal move.
	Move core.Move
	// Ponder is the reply the engine expects, legal after Move, or
	// core.NoMove.
	Ponder core.Move
	// Draw is set when the engine offers a draw with its move, or
	// accepts one offered by OfferDraw.
	Draw bool
	// Resign is set when the engine resigned.
	Resign bool
	// Result and Reason hold a result the engine claimed ("1-0", "0-1",
	// "1/2-1/2") and why ("Black mates"); empty when it claimed none.
	Result, Reason string
}
