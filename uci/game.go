package uci

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// command returns the "position" command for the kept game.
func (g *gameState) command() string {
	var b strings.Builder
	b.WriteString("position ")
	b.WriteString(g.startCmd)
	if len(g.moves) > 0 {
		b.WriteString(" moves")
		for _, m := range g.moves {
			b.WriteString(" ")
			b.WriteString(m.UCI(g.start.Chess960()))
		}
	}
	return b.String()
}

// play adds m, legal in g.cur, to the game.
func (g *gameState) play(m core.Move) {
	g.cur.MakeMove(m)
	g.moves = append(g.moves, m)
}

// getGame returns a copy of the kept game, safe to change.
func (e *Engine) getGame() gameState {
	e.gameMu.Lock()
	defer e.gameMu.Unlock()
	g := e.game
	g.moves = slices.Clone(g.moves)
	return g
}

// setGame replaces the kept game; it needs e.opMu.
func (e *Engine) setGame(g gameState) {
	e.gameMu.Lock()
	e.game = g
	e.gameMu.Unlock()
}

// Position sets the position of the game the Engine keeps and sends it to
// the engine: fen ("" or "startpos" for the start position) and the moves
// played from it, in UCI notation, both checked with core. Castling may be
// given as e1g1 or as king takes rook; the engine gets the form it expects.
// For a Chess960 position UCI_Chess960 is switched on, and off again for a
// standard one. The position is of the variant UCI_Variant was last set to
// (with SetOption or by StartGame), standard chess until then: fen is read
// by core.ParseVariantFEN, and "startpos" is the variant's start; an
// error matching engine.ErrUnsupported when UCI_Variant names a variant
// core does not play. After a search abandoned by its context, Position
// waits for the engine's bestmove, at most Config.Timeout.
func (e *Engine) Position(fen string, moves ...string) error {
	ctx := context.Background()
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if e.variant == otherVariant {
		return e.c.Errorf("position", fmt.Errorf("%w: UCI_Variant is set to a variant gambit does not play", engine.ErrUnsupported))
	}
	g := newGameState(e.variant)
	if fen != "" && fen != "startpos" {
		p, err := core.ParseVariantFEN(e.variant, fen)
		if err != nil {
			return e.c.Errorf("position", err)
		}
		g.start, g.startCmd = p, "fen "+p.FEN()
	}
	g.cur = g.start
	for i, s := range moves {
		m, err := g.cur.ParseUCI(s)
		if err != nil {
			return e.c.Errorf("position", fmt.Errorf("move %d: %w", i+1, err))
		}
		g.play(m)
	}
	if err := e.syncPosition(ctx, "position", g.start, g.command(), true); err != nil {
		return err
	}
	e.setGame(g)
	return nil
}

// syncPosition makes the engine's position cmd, a position with the given
// start: UCI_Variant and UCI_Chess960 set to match, then the command when
// the engine does not have it yet (or always, with force). It needs
// e.opMu.
func (e *Engine) syncPosition(ctx context.Context, op string, start core.Position, cmd string, force bool) error {
	if err := e.idle(ctx, op); err != nil {
		return err
	}
	if err := e.syncVariant(op, start.Variant()); err != nil {
		return err
	}
	if want := start.Chess960(); want != e.chess960 {
		o, ok := findOption(e.options, "UCI_Chess960")
		switch {
		case ok && o.Type == TypeCheck:
			if err := e.c.Send(op, setOptionLine(o, fmt.Sprint(want))); err != nil {
				return err
			}
			e.chess960 = want
		case want:
			return e.c.Errorf(op, ErrNoChess960)
		}
	}
	if cmd == e.sentPos && !force {
		return nil
	}
	if err := e.c.Send(op, cmd); err != nil {
		return err
	}
	e.sentPos = cmd
	return nil
}

// syncVariant sets the engine's UCI_Variant to v when it was last set to
// another variant. It returns an error matching engine.ErrUnsupported when
// the engine's UCI_Variant option does not list v, or the engine has none
// and v is not standard chess. It needs e.opMu.
func (e *Engine) syncVariant(op string, v core.Variant) error {
	if v == e.variant {
		return nil
	}
	o, ok := findOption(e.options, "UCI_Variant")
	value, listed := "", false
	if ok && o.Type == TypeCombo {
		for _, name := range variantValues(v) {
			if checked, err := o.Check(name); err == nil {
				value, listed = checked, true
				break
			}
		}
	}
	if !listed {
		have := "no UCI_Variant option"
		if ok {
			have = "UCI_Variant " + strings.Join(o.Vars, ", ")
		}
		return e.c.Errorf(op, fmt.Errorf("%w: the engine does not play %v (%s)", engine.ErrUnsupported, v, have))
	}
	if err := e.c.Send(op, setOptionLine(o, value)); err != nil {
		return err
	}
	e.variant = v
	e.sentPos = "" // the engine's position is its variant's start now
	return nil
}

// otherVariant is Engine.variant after SetOption set UCI_Variant to a
// value that names no variant core plays: Position refuses to read
// positions then, and StartGame sets UCI_Variant again.
const otherVariant core.Variant = 255

// variantValues returns the UCI_Variant values that name v, in the order
// to try them: core's name ("3check", "kingofthehill", ...), which
// Fairy-Stockfish and lichess use, and for standard chess also "standard"
// and "normal".
func variantValues(v core.Variant) []string {
	if v == core.Standard {
		return []string{"chess", "standard", "normal"}
	}
	return []string{v.String()}
}

// CurrentPosition returns the position of the kept game: the last one set
// by Position, NewGame or Play. It does not wait for a running search.
func (e *Engine) CurrentPosition() core.Position {
	e.gameMu.Lock()
	defer e.gameMu.Unlock()
	return e.game.cur
}

// Game returns the kept game: its start position and the moves played
// from it.
func (e *Engine) Game() (start core.Position, moves []core.Move) {
	g := e.getGame()
	return g.start, g.moves
}

// NewGame tells the engine a new game starts ("ucinewgame"), resets the
// kept game to the start position, and waits until the engine is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "ucinewgame"); err != nil {
		return err
	}
	if err := e.c.Send("ucinewgame", "ucinewgame"); err != nil {
		return err
	}
	e.setGame(newGameState(e.variant))
	return e.IsReady(ctx)
}

// idle returns an error unless the engine is alive and not searching. A
// search abandoned when its context ended is waited for first: the
// engine's answer to "stop", bounded by ctx and by Config.Timeout (after
// which the search's watch kills the engine).
func (e *Engine) idle(ctx context.Context, op string) error {
	e.c.Mu.Lock()
	s := e.search
	e.c.Mu.Unlock()
	if s != nil && s.isAbandoned() {
		select {
		case <-s.done:
		case <-e.c.Dead():
		case <-ctx.Done():
			return e.c.Errorf(op, ctx.Err())
		}
	}
	return e.c.Idle(op, func() bool { return e.search != nil })
}

// SetOption sets an option the engine declared, after checking the value
// against the declaration (see Option.Check), and waits until the engine is
// ready: some options, such as Hash, take the engine time to apply. A
// button takes the value "". An option the engine did not declare gives an
// *OptionError matching ErrUnknownOption.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "setoption"); err != nil {
		return err
	}
	o, ok := findOption(e.options, name)
	if !ok {
		return e.c.Errorf("setoption", &OptionError{Name: name, Value: value, Err: ErrUnknownOption})
	}
	v, err := o.Check(value)
	if err != nil {
		return e.c.Errorf("setoption", err)
	}
	if err := e.c.Send("setoption", setOptionLine(o, v)); err != nil {
		return err
	}
	switch {
	case strings.EqualFold(o.Name, "UCI_Chess960"):
		e.chess960 = v == "true"
	case strings.EqualFold(o.Name, "UCI_Variant"):
		// Position reads positions of this variant from now on.
		e.variant = otherVariant
		if variant, err := core.ParseVariant(v); err == nil {
			if _, err := core.VariantStartPosition(variant); err == nil {
				e.variant = variant
			}
		}
		e.sentPos = ""
	}
	return e.IsReady(ctx)
}

// BestMove asks the engine for its move in pos and changes nothing: the
// kept game stays as it was, and the next Go or Play sends it again. pos
// goes to the engine as a FEN, without the moves that led to it, so the
// engine cannot see repetitions; for that, use Position and Go.
func (e *Engine) BestMove(ctx context.Context, pos core.Position, limits Limits) (BestMove, error) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.syncPosition(ctx, "go", pos, "position fen "+pos.FEN(), false); err != nil {
		return BestMove{}, err
	}
	s, err := e.goLocked(ctx, pos, limits)
	if err != nil {
		return BestMove{}, err
	}
	return s.Wait()
}

// Play plays move (UCI notation; "" to let the engine move first) in the
// kept game, asks the engine for its reply within limits, plays the reply
// too and returns it. When move ends the game (the engine has no legal
// move), Play returns a BestMove with NoMove without asking the engine. On
// error the kept game is left as it was before the call.
func (e *Engine) Play(ctx context.Context, move string, limits Limits) (BestMove, error) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "play"); err != nil {
		return BestMove{}, err
	}
	g := e.getGame()
	if move != "" {
		m, err := g.cur.ParseUCI(move)
		if err != nil {
			return BestMove{}, e.c.Errorf("play", err)
		}
		g.play(m)
		if !g.cur.HasLegalMoves() {
			e.setGame(g)
			return BestMove{UCI: "(none)"}, nil
		}
	}
	if err := e.syncPosition(ctx, "play", g.start, g.command(), false); err != nil {
		return BestMove{}, err
	}
	s, err := e.goLocked(ctx, g.cur, limits)
	if err != nil {
		return BestMove{}, err
	}
	bm, err := s.Wait()
	if err != nil {
		return bm, err
	}
	if bm.Move != core.NoMove {
		g.play(bm.Move)
	}
	e.setGame(g)
	return bm, nil
}
