package xboard

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/san"
)

var _ engine.Player = (*Engine)(nil)

// StartGame starts a game from start with moves (legal from start) already
// played: "new", "variant fischerandom" for a Chess960 start or "variant
// NAME" for a variant's ("3check", "kingofthehill", "antichess", "horde",
// "racingkings", "atomic", "crazyhouse": core's names, which the CECP
// spec and Fairy-Stockfish use; an error matching engine.ErrUnsupported
// when the engine does not list the variant, or for a variant with a
// Chess960 start), "force", the position with "setboard" or, for engines
// without it, edit mode, and the moves. The engine stays in force mode until Think.
// An engine that answers with "Illegal move" or "Error" gives an error
// matching ErrRejected.
func (e *Engine) StartGame(ctx context.Context, start core.Position, moves []core.Move) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "new"); err != nil {
		return err
	}
	return e.startGame(ctx, start, moves)
}

// startGame is StartGame with e.opMu held and the engine idle.
func (e *Engine) startGame(ctx context.Context, start core.Position, moves []core.Move) error {
	cur := start
	for i, m := range moves {
		if !cur.IsLegal(m) {
			return e.c.Errorf("new", fmt.Errorf("move %d: %w", i+1, &core.MoveError{Move: m.String(), FEN: cur.FEN(), Err: core.ErrIllegalMove}))
		}
		cur.MakeMove(m)
	}
	cmds := []string{"new"}
	if name := variantName(start); name != "normal" {
		if name == "" {
			return e.c.Errorf("new", fmt.Errorf("%w: no CECP variant is %v from a Chess960 start", engine.ErrUnsupported, start.Variant()))
		}
		if !e.features.HasVariant(name) {
			return e.c.Errorf("new", fmt.Errorf("%w: the engine does not list the %s variant", engine.ErrUnsupported, name))
		}
		cmds = append(cmds, "variant "+name)
	}
	cmds = append(cmds, "force", "post")
	if e.ponder {
		cmds = append(cmds, "hard")
	} else {
		cmds = append(cmds, "easy")
	}
	e.sentLevel, e.sentSt, e.sentSd = "", "", 0
	if start.Chess960() || start.FEN() != core.VariantStartFEN(start.Variant()) {
		if e.features.SetBoard {
			cmds = append(cmds, "setboard "+start.FEN())
		} else {
			if start.Chess960() {
				return e.c.Errorf("new", fmt.Errorf("%w: a Chess960 position needs setboard", engine.ErrUnsupported))
			}
			cmds = append(cmds, editCommands(start)...)
		}
	}
	pos := start
	for _, m := range moves {
		cmds = append(cmds, e.moveCommand(pos, m))
		pos.MakeMove(m)
	}
	e.start, e.moves, e.cur = start, append([]core.Move(nil), moves...), start
	for _, m := range moves {
		e.cur.MakeMove(m)
	}
	if err := e.sendAll("new", cmds...); err != nil {
		return err
	}
	return e.check(ctx, "new")
}

// variantName returns the CECP variant of start: "normal" for standard
// chess, "fischerandom" for Chess960, core's name for a variant
// ("3check", ...), and "" for a variant with a Chess960 start, which no
// name covers.
func variantName(start core.Position) string {
	switch v := start.Variant(); {
	case v != core.Standard && start.Chess960():
		return ""
	case v != core.Standard:
		return v.String()
	case start.Chess960():
		return "fischerandom"
	}
	return "normal"
}

// editCommands sets up p with edit mode, for engines without setboard.
// Edit mode cannot say who is to move: for Black, a dummy move a2a3 goes
// first, as XBoard does, and edit mode keeps the side to move. Castling
// rights follow from the kings and rooks on their squares.
func editCommands(p core.Position) []string {
	var cmds []string
	if p.SideToMove() == core.Black {
		cmds = append(cmds, "a2a3")
	}
	cmds = append(cmds, "edit", "#")
	for _, c := range []core.Color{core.White, core.Black} {
		if c == core.Black {
			cmds = append(cmds, "c")
		}
		for sq := core.Square(0); sq < 64; sq++ {
			pc := p.PieceAt(sq)
			if pc == core.NoPiece || pc.Color() != c {
				continue
			}
			cmds = append(cmds, strings.ToUpper(pc.Type().String())+sq.String())
		}
	}
	return append(cmds, ".")
}

// moveCommand is the command that plays m in pos: SAN for an engine with
// san=1, coordinates otherwise, after "usermove" when the engine asked.
func (e *Engine) moveCommand(pos core.Position, m core.Move) string {
	text := moveText(m, pos.Chess960())
	if e.features.SAN {
		text = san.Format(&pos, m)
	}
	if e.features.UserMove {
		return "usermove " + text
	}
	return text
}

// Move tells the engine a move played in the game, legal in the current
// position; the engine is in force mode, so it does not answer it. An
// engine that answers "Illegal move" gives an error matching ErrRejected.
func (e *Engine) Move(ctx context.Context, m core.Move) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "move"); err != nil {
		return err
	}
	if !e.cur.IsLegal(m) {
		return e.c.Errorf("move", &core.MoveError{Move: m.String(), FEN: e.cur.FEN(), Err: core.ErrIllegalMove})
	}
	if err := e.c.Send("move", e.moveCommand(e.cur, m)); err != nil {
		return err
	}
	e.cur.MakeMove(m)
	e.moves = append(e.moves, m)
	if err := e.check(ctx, "move"); err != nil {
		return err
	}
	return nil
}

// Game returns the game the Engine keeps: its start position and the
// moves played since.
func (e *Engine) Game() (start core.Position, moves []core.Move) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	return e.start, append([]core.Move(nil), e.moves...)
}

// centis writes a duration as whole centiseconds, at least 1 for a
// positive one.
func centis(d time.Duration) string {
	n := d.Milliseconds() / 10
	if n <= 0 && d > 0 {
		n = 1
	}
	return strconv.FormatInt(n, 10)
}

// minSec writes a duration as XBoard's level base: minutes, or
// minutes:seconds.
func minSec(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s%60 == 0 {
		return strconv.FormatInt(s/60, 10)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// timeCommands are the commands that set the limits for a search by side.
func (e *Engine) timeCommands(l engine.Limits, side core.Color) []string {
	var cmds []string
	switch {
	case l.MoveTime > 0:
		st := strconv.FormatInt(int64(max(1, (l.MoveTime+time.Second/2)/time.Second)), 10)
		if st != e.sentSt {
			cmds = append(cmds, "st "+st)
			e.sentSt, e.sentLevel = st, ""
		}
	case l.HasClock(side):
		left, inc := l.Clock(side)
		level := "level " + strconv.Itoa(l.MovesToGo) + " " + minSec(left) + " " + strconv.FormatInt(int64(inc/time.Second), 10)
		if inc%time.Second != 0 {
			level = "level " + strconv.Itoa(l.MovesToGo) + " " + minSec(left) + " " + strconv.FormatFloat(inc.Seconds(), 'f', -1, 64)
		}
		// A level sets the control; sent once a game, when the
		// increment or the kind of control changes.
		key := strconv.FormatBool(l.MovesToGo > 0) + inc.String()
		if key != e.sentLevel {
			cmds = append(cmds, level)
			e.sentLevel, e.sentSt = key, ""
		}
		if e.features.Time {
			opp, _ := l.Clock(side.Other())
			cmds = append(cmds, "time "+centis(max(left, 0)), "otim "+centis(max(opp, 0)))
		}
	}
	if l.Depth > 0 && l.Depth != e.sentSd {
		cmds = append(cmds, "sd "+strconv.Itoa(l.Depth))
		e.sentSd = l.Depth
	}
	return cmds
}

// timeLimit bounds a search: its own time plus Timeout, SearchTimeout
// without one.
func (e *Engine) timeLimit(l engine.Limits, side core.Color) time.Duration {
	if l.MoveTime > 0 {
		return l.MoveTime + e.c.Config.AnswerTimeout()
	}
	if t, inc := l.Clock(side); t > 0 {
		return t + inc + e.c.Config.AnswerTimeout()
	}
	return e.c.Config.SearchBound()
}

// Think asks the engine for its move in the current position: the time
// control ("st" for a MoveTime, "level" then "time" and "otim" for
// clocks, "sd" for a depth; XBoard has no node or mate limits, and an
// infinite search is Analyze's) and "go".
// info receives the thinking output parsed into engine.Info, from the
// reading goroutine. When ctx ends or the search runs past its limits,
// Think sends "?" (move now) and returns at once with no move and the
// error (ctx's, or one matching ErrTimeout), the kept game unchanged; the
// engine's late move is dropped, and the next call that needs the engine
// idle waits for it (at most Config.Timeout, after which the engine is
// killed) and sends the kept game again. The engine's move is checked
// with core and played in the kept game, and "force" is sent at once so
// the engine does not think on. A
// resignation or a result claim ends the search without a move. Think does
// not ask an engine with no legal move.
func (e *Engine) Think(ctx context.Context, limits engine.Limits, info func(engine.Info)) (engine.Reply, error) {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "go"); err != nil {
		return engine.Reply{}, err
	}
	if !e.cur.HasLegalMoves() {
		return engine.Reply{}, nil
	}
	side := e.cur.SideToMove()
	cmds := append(e.timeCommands(limits, side), "go")
	s := &search{pos: e.cur, info: info, done: make(chan struct{})}
	if err := e.sendAll("go", cmds[:len(cmds)-1]...); err != nil {
		return engine.Reply{}, err
	}
	e.c.Mu.Lock()
	e.search = s
	e.c.Mu.Unlock()
	if err := e.c.Send("go", "go"); err != nil {
		e.c.Mu.Lock()
		if e.search == s {
			e.search = nil
		}
		e.c.Mu.Unlock()
		return engine.Reply{}, err
	}
	var limit <-chan time.Time
	if d := e.timeLimit(limits, side); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		limit = t.C
	}
	nudge, stopNudge := e.c.Nudger()
	defer stopNudge()
	var cause error
	for waiting := true; waiting; {
		select {
		case <-nudge:
			_ = e.c.Send("go", "")
		case <-s.done:
			waiting = false
		case <-ctx.Done():
			cause, waiting = ctx.Err(), false
		case <-limit:
			cause, waiting = fmt.Errorf("%w: the search ran past its limits", ErrTimeout), false
		}
	}
	if cause != nil {
		// A move that came with the deadline is dropped too (never both
		// a move and an error); the engine's game, which may have it, is
		// sent again before the next call.
		e.abandon(s)
		return engine.Reply{}, e.c.Errorf("go", cause)
	}
	if s.err != nil {
		return engine.Reply{}, s.err
	}
	r := s.reply
	if err := e.c.Send("go", "force"); err != nil {
		return engine.Reply{}, err
	}
	if r.Move != core.NoMove {
		e.cur.MakeMove(r.Move)
		e.moves = append(e.moves, r.Move)
	}
	e.c.Mu.Lock()
	r.Draw = r.Draw || e.drawOffer
	e.drawOffer = false
	e.c.Mu.Unlock()
	return r, nil
}

// abandon leaves s, a search whose context or time ran out, to end in the
// background: "?" asks the engine to move now, and an engine that has not
// within Timeout is killed. The next call that needs the engine idle waits
// for it (see idle).
func (e *Engine) abandon(s *search) {
	e.c.Mu.Lock()
	e.resync = s
	e.c.Mu.Unlock()
	select {
	case <-s.done:
		return
	default:
	}
	_ = e.c.Send("go", "?")
	timeout := e.c.Config.AnswerTimeout()
	go func() {
		t := time.NewTimer(timeout)
		defer t.Stop()
		select {
		case <-s.done:
		case <-t.C:
			e.c.Fail(fmt.Errorf("%w: no move within %v of \"?\"", ErrTimeout, timeout))
		}
	}()
}

// MoveNow asks a thinking engine to move at once ("?"). It does nothing
// when no search runs.
func (e *Engine) MoveNow() error {
	e.c.Mu.Lock()
	s := e.search
	e.c.Mu.Unlock()
	if s == nil || s.analyze {
		return nil
	}
	return e.c.Send("move now", "?")
}

// OfferDraw offers the engine a draw ("draw"); its acceptance, an "offer
// draw" line, is reported as Reply.Draw by the next Think. It returns an
// error matching engine.ErrUnsupported for an engine with draw=0. An
// engine that answers "Error (unknown command): draw" although it did not
// say draw=0 (Fairy-Max) has declined.
func (e *Engine) OfferDraw(ctx context.Context) error {
	err := e.simple(ctx, "draw", e.features.Draw, "draw")
	if errors.Is(err, ErrRejected) {
		return nil
	}
	return err
}

// GameOver tells the engine the result ("result 1-0 {White mates}") and
// leaves it in force mode. An engine that does not know the command
// (Fairy-Max answers "Error (unknown command): result") is no failure.
func (e *Engine) GameOver(ctx context.Context, result, reason string) error {
	switch result {
	case "1-0", "0-1", "1/2-1/2", "*":
	default:
		return e.c.Errorf("result", fmt.Errorf("%w: result %q", ErrSyntax, result))
	}
	reason = strings.NewReplacer("{", "(", "}", ")", "\n", " ", "\r", " ").Replace(reason)
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if err := e.idle(ctx, "result"); err != nil {
		return err
	}
	if err := e.sendAll("result", "result "+result+" {"+reason+"}", "force"); err != nil {
		return err
	}
	if err := e.check(ctx, "result"); err != nil && !errors.Is(err, ErrRejected) {
		return err
	}
	return nil
}

// Analyze runs the engine's analyze mode on the current position until ctx
// ends, passing its thinking to info, then leaves it with "exit" and
// synchronises. It returns nil when ctx ended, as it is meant to, and an
// error matching engine.ErrUnsupported for an engine with analyze=0.
func (e *Engine) Analyze(ctx context.Context, info func(engine.Info)) error {
	e.opMu.Lock()
	defer e.opMu.Unlock()
	if !e.features.Analyze {
		return e.c.Errorf("analyze", engine.ErrUnsupported)
	}
	if err := e.idle(ctx, "analyze"); err != nil {
		return err
	}
	s := &search{pos: e.cur, analyze: true, info: info, done: make(chan struct{})}
	e.c.Mu.Lock()
	e.search = s
	e.c.Mu.Unlock()
	err := e.sendAll("analyze", "post", "analyze")
	if err == nil {
		select {
		case <-ctx.Done():
		case <-s.done: // the engine died
			return s.err
		}
		err = e.c.Send("analyze", "exit")
	}
	e.c.Mu.Lock()
	if e.search == s {
		e.search = nil
	}
	e.c.Mu.Unlock()
	if err != nil {
		return err
	}
	sync, cancel := context.WithTimeout(context.Background(), e.c.Config.AnswerTimeout())
	defer cancel()
	if err := e.Ping(sync); err != nil {
		return err
	}
	e.c.Mu.Lock()
	e.complaints = nil
	e.c.Mu.Unlock()
	return e.c.Send("analyze", "force")
}
