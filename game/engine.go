package game

import (
	"context"
	"fmt"
	"slices"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
	"github.com/gambit-chess/gambit/uci"
)

// engineLink is the UCI engine a game plays against.
type engineLink struct {
	e *uci.Engine
}

// StartEngine starts the UCI engine at path (with args) for the game to
// play against, replacing and closing any engine it had. ctx bounds the
// start and the handshake.
func (g *Game) StartEngine(ctx context.Context, path string, args ...string) error {
	e, err := uci.Start(ctx, path, args...)
	if err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return g.SetEngine(e)
}

// DialEngine connects to a UCI engine served over TCP at addr
// ("127.0.0.1:9010", see package uci) for the game to play against,
// replacing and closing any engine it had.
func (g *Game) DialEngine(ctx context.Context, addr string) error {
	e, err := uci.Dial(ctx, addr)
	if err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return g.SetEngine(e)
}

// SetEngine attaches e, an engine started or dialled with a uci.Config of
// the caller's, replacing and closing any engine the game had. The game
// owns e from then on: CloseEngine closes it. It returns the error of
// closing the previous engine.
func (g *Game) SetEngine(e *uci.Engine) error {
	err := g.CloseEngine()
	g.engine = &engineLink{e: e}
	return err
}

// Engine returns the attached engine, or nil.
func (g *Game) Engine() *uci.Engine {
	if g.engine == nil {
		return nil
	}
	return g.engine.e
}

// CloseEngine closes and detaches the engine, if any.
func (g *Game) CloseEngine() error {
	if g.engine == nil {
		return nil
	}
	e := g.engine.e
	g.engine = nil
	if err := e.Close(); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return nil
}

// EnginePlay lets the engine move in the current position, searching
// within limits, plays its move in the game and returns it. The engine
// sees the whole game (start position and moves), so it knows about
// repetitions. It returns an error matching ErrNoEngine without an engine,
// a *GameOverError when the game is decided, and the engine's error
// (a *uci.EngineError) when it fails, the game then unchanged.
func (g *Game) EnginePlay(ctx context.Context, limits uci.Limits) (uci.BestMove, error) {
	if err := g.engineReady("engine play"); err != nil {
		return uci.BestMove{}, err
	}
	return g.engineReply(ctx, limits)
}

// PlayAgainstEngine plays move (SAN or UCI notation, read as MoveSAN reads
// it), then lets the engine answer within limits and plays its reply too,
// which it returns. When move ends the game, the engine is not asked and
// the reply is core.NoMove. On error the game is left as it was: an
// illegal move gives a *san.MoveError, a failing engine its
// *uci.EngineError (and move is taken back).
func (g *Game) PlayAgainstEngine(ctx context.Context, move string, limits uci.Limits) (uci.BestMove, error) {
	if err := g.engineReady("move"); err != nil {
		return uci.BestMove{}, err
	}
	m, err := san.Parse(&g.pos, move)
	if err != nil {
		return uci.BestMove{}, err
	}
	g.play(m)
	if g.status != Ongoing {
		return uci.BestMove{Move: core.NoMove, UCI: "(none)"}, nil
	}
	bm, err := g.engineReply(ctx, limits)
	if err != nil {
		_ = g.Undo() // the move just played, on a game not decided by hand
	}
	return bm, err
}

// EngineHint asks the engine for its best move in the current position,
// within limits, and changes nothing: the game stays as it was. The engine
// sees the whole game. The errors are EnginePlay's.
func (g *Game) EngineHint(ctx context.Context, limits uci.Limits) (uci.BestMove, error) {
	if err := g.engineReady("ask for a hint"); err != nil {
		return uci.BestMove{}, err
	}
	if err := g.syncEngine(); err != nil {
		return uci.BestMove{}, err
	}
	s, err := g.engine.e.Go(ctx, limits)
	if err != nil {
		return uci.BestMove{}, fmt.Errorf("game: hint: %w", err)
	}
	bm, err := s.Wait()
	if err != nil {
		return bm, fmt.Errorf("game: hint: %w", err)
	}
	return bm, nil
}

// engineReady returns an error unless the game has an engine and goes on.
func (g *Game) engineReady(op string) error {
	if g.engine == nil {
		return fmt.Errorf("game: %s: %w", op, ErrNoEngine)
	}
	if g.status != Ongoing {
		return g.over(op)
	}
	return nil
}

// engineReply asks the engine for its move in the current position and
// plays it.
func (g *Game) engineReply(ctx context.Context, limits uci.Limits) (uci.BestMove, error) {
	if err := g.syncEngine(); err != nil {
		return uci.BestMove{}, err
	}
	// Play with no move of ours asks for the engine's move and adds it to
	// the game the Engine keeps, so both stay the same game.
	bm, err := g.engine.e.Play(ctx, "", limits)
	if err != nil {
		return bm, fmt.Errorf("game: engine play: %w", err)
	}
	if err := g.MakeMove(bm.Move); err != nil {
		// uci checked the move against the same position.
		return bm, fmt.Errorf("game: engine move %s: %w", bm.UCI, err)
	}
	return bm, nil
}

// syncEngine makes the game the Engine keeps this game, sending it the
// start position and the moves when they differ (after an Undo, a restore,
// or moves played without the engine).
func (g *Game) syncEngine() error {
	e := g.engine.e
	start, moves := e.Game()
	if start.FEN() == g.StartFEN() && slices.Equal(moves, g.Moves()) {
		return nil
	}
	fen := g.startFEN
	if fen == "" {
		fen = "startpos"
	}
	if err := e.Position(fen, g.movesUCI()...); err != nil {
		return fmt.Errorf("game: engine position: %w", err)
	}
	return nil
}
