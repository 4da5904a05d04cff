package uci

import (
	"context"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

var _ engine.Player = (*Engine)(nil)

// Name returns the engine's name from "id name", or its path or address
// when it gave none; with StartGame, Move, Think, OfferDraw and GameOver
// it makes *Engine an engine.Player.
func (e *Engine) Name() string {
	if e.id.Name != "" {
		return e.id.Name
	}
	return e.c.Name
}

// StartGame starts a game from start with moves (legal from start)
// already played: "ucinewgame", then the kept game is set to it and sent
// to the engine. It is engine.Player's way to call NewGame and Position.
// For a variant position UCI_Variant is set to the variant (an error
// matching engine.ErrUnsupported when the engine does not list it), and
// back to standard chess for a standard one.
func (e *Engine) StartGame(ctx context.Context, start core.Position, moves []core.Move) error {
	if err := e.NewGame(ctx); err != nil {
		return err
	}
	e.opMu.Lock()
	defer e.opMu.Unlock()
	g := gameState{startCmd: "startpos", start: start, cur: start}
	if start.Chess960() || start.FEN() != core.VariantStartFEN(start.Variant()) {
		g.startCmd = "fen " + start.FEN()
	}
	for i, m := range moves {
		if !g.cur.IsLegal(m) {
			return e.c.Errorf("position", fmt.Errorf("move %d: %w", i+1, &core.MoveError{Move: m.String(), FEN: g.cur.FEN(), Err: core.ErrIllegalMove}))
		}
		g.play(m)
	}
	if err := e.syncPosition(ctx, "position", g.start, g.command(), true); err != nil {
		return err
	}
	e.setGame(g)
	return nil
}

// Move plays m, legal in the current position, in the kept game; the
// engine gets the game with the next search, as UCI wants.
func (e *Engine) Move(ctx context.Context, m core.Move) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "move"); err != nil {
		return err
	}
	g := e.getGame()
	if !g.cur.IsLegal(m) {
		return e.c.Errorf("move", &core.MoveError{Move: m.String(), FEN: g.cur.FEN(), Err: core.ErrIllegalMove})
	}
	g.play(m)
	e.setGame(g)
	return nil
}

// Think asks the engine for its move in the kept game within limits,
// passes each info line to info (if not nil) as it comes, plays the move
// in the kept game and returns it with the ponder move. A position with
// no legal move gives an empty Reply without asking the engine.
func (e *Engine) Think(ctx context.Context, limits Limits, info func(Info)) (engine.Reply, error) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "go"); err != nil {
		return engine.Reply{}, err
	}
	g := e.getGame()
	if !g.cur.HasLegalMoves() {
		return engine.Reply{}, nil
	}
	if err := e.syncPosition(ctx, "go", g.start, g.command(), false); err != nil {
		return engine.Reply{}, err
	}
	s, err := e.goLocked(ctx, g.cur, limits)
	if err != nil {
		return engine.Reply{}, err
	}
	if info != nil {
		for i := range s.Info() {
			info(i)
		}
	}
	bm, err := s.Wait()
	if bm.Move != core.NoMove {
		g.play(bm.Move)
		e.setGame(g)
	}
	return engine.Reply{Move: bm.Move, Ponder: bm.Ponder}, err
}

// OfferDraw returns an error matching engine.ErrUnsupported: UCI has no
// draw offers.
func (e *Engine) OfferDraw(context.Context) error {
	return e.c.Errorf("draw", fmt.Errorf("%w: UCI has no draw offers", engine.ErrUnsupported))
}

// GameOver checks the result and does nothing else: UCI does not tell an
// engine how a game ended.
func (e *Engine) GameOver(_ context.Context, result, _ string) error {
	switch result {
	case "1-0", "0-1", "1/2-1/2", "*":
		return e.c.Alive("result")
	}
	return e.c.Errorf("result", fmt.Errorf("%w: result %q", ErrSyntax, result))
}
