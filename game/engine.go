package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/protodetect"
	"github.com/gambit-chess/gambit/san"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// Protocol is the protocol of an engine to start or dial.
type Protocol uint8

// The protocols.
const (
	// UCI is the Universal Chess Interface (package uci).
	UCI Protocol = iota
	// XBoard is the XBoard protocol, CECP (package xboard).
	XBoard
	// Detect tries UCI first, with a short timeout, and XBoard when the
	// engine does not answer "uci" with "uciok". A program that answers
	// neither (no UCI line within DetectTimeout, then no feature line
	// within 5 s, longer than XBoard's 2 s so that a slow start under
	// load is not taken for silence) is refused with an error that says
	// so: about 12 s for a silent program (with the 2 s Close grace of a
	// program that does not quit), or ctx's deadline if sooner. A protocol 1 XBoard engine, which sends no features, must
	// be started as XBoard.
	Detect
)

// DetectTimeout is how long Detect waits for a UCI answer (an id,
// option, info or uciok line) from an engine started as a UCI engine
// before it tries XBoard. Once one has come, the engine has the UCI
// handshake's full timeout; an XBoard engine's answer to "uci" (an error,
// an illegal move, a feature line) ends the UCI attempt at once.
const DetectTimeout = 5 * time.Second

// String returns "uci", "xboard" or "detect".
func (p Protocol) String() string {
	switch p {
	case UCI:
		return "uci"
	case XBoard:
		return "xboard"
	case Detect:
		return "detect"
	}
	return fmt.Sprintf("Protocol(%d)", uint8(p))
}

// engineLink is the engine a game plays against, and what it was told:
// the start position and the moves since, which the Player keeps too.
type engineLink struct {
	p        engine.Player
	synced   bool // the Player's game is start and moves
	start    string
	moves    []core.Move
	drawOffr bool // the engine's last reply came with a draw offer
}

// StartEngine starts the UCI engine at path (with args) for the game to
// play against, replacing and closing any engine it had. ctx bounds the
// start and the handshake. StartEngineProtocol starts an XBoard engine,
// or finds out which protocol an engine speaks.
func (g *Game) StartEngine(ctx context.Context, path string, args ...string) error {
	return g.StartEngineProtocol(ctx, UCI, path, args...)
}

// StartEngineProtocol starts the engine at path (with args) speaking
// proto for the game to play against, replacing and closing any engine it
// had; see StartPlayer.
func (g *Game) StartEngineProtocol(ctx context.Context, proto Protocol, path string, args ...string) error {
	p, err := StartPlayer(ctx, proto, path, args...)
	if err != nil {
		return err
	}
	return g.SetPlayer(p)
}

// StartPlayer starts the engine at path (with args) speaking proto, with
// the zero uci.Config or xboard.Config. With Detect the engine is first
// started as a UCI engine (see DetectTimeout) and, when that fails, again
// as an XBoard engine. ctx bounds the start and the handshake.
func StartPlayer(ctx context.Context, proto Protocol, path string, args ...string) (engine.Player, error) {
	return connectPlayer(ctx, proto,
		func(ctx context.Context, c uci.Config) (engine.Player, error) { return c.Start(ctx, path, args...) },
		func(ctx context.Context, c xboard.Config) (engine.Player, error) { return c.Start(ctx, path, args...) })
}

// DialPlayer connects to an engine speaking proto served over TCP at
// addr, as StartPlayer starts one.
func DialPlayer(ctx context.Context, proto Protocol, addr string) (engine.Player, error) {
	return connectPlayer(ctx, proto,
		func(ctx context.Context, c uci.Config) (engine.Player, error) { return c.Dial(ctx, addr) },
		func(ctx context.Context, c xboard.Config) (engine.Player, error) { return c.Dial(ctx, addr) })
}

// connectPlayer starts or dials an engine with the protocol's function,
// detecting the protocol when asked to.
func connectPlayer(ctx context.Context, proto Protocol,
	viaUCI func(context.Context, uci.Config) (engine.Player, error),
	viaXBoard func(context.Context, xboard.Config) (engine.Player, error)) (engine.Player, error) {
	var p engine.Player
	var err error
	switch proto {
	case UCI:
		p, err = viaUCI(ctx, uci.Config{})
	case XBoard:
		p, err = viaXBoard(ctx, xboard.Config{})
	case Detect:
		p, err = detectUCI(ctx, viaUCI)
		if err != nil && ctx.Err() == nil {
			var xerr error
			p, xerr = viaXBoard(ctx, xboard.Config{FeatureTimeout: protodetect.FeatureTimeout})
			if xe, ok := p.(*xboard.Engine); ok && xerr == nil {
				if xerr = protodetect.CheckXBoard(xe); xerr != nil {
					_ = p.Close()
				}
			}
			if xerr != nil {
				p, err = nil, fmt.Errorf("neither UCI (%w) nor XBoard (%w)", err, xerr)
			} else {
				err = nil
			}
		}
	default:
		err = fmt.Errorf("unknown protocol %v", proto)
	}
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return p, nil
}

// detectUCI tries UCI: the attempt ends when the engine has not answered
// as a UCI engine within DetectTimeout, and at once when it answers as an
// XBoard engine does.
func detectUCI(ctx context.Context, viaUCI func(context.Context, uci.Config) (engine.Player, error)) (engine.Player, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	silent := time.AfterFunc(DetectTimeout, func() {
		cancel(fmt.Errorf("no UCI answer to uci within %v", DetectTimeout))
	})
	defer silent.Stop()
	cfg := uci.Config{OnLine: func(line string) {
		switch {
		case uciAnswer(line):
			silent.Stop()
		case xboardAnswer(line):
			cancel(fmt.Errorf("answered uci with %q", line))
		}
	}}
	p, err := viaUCI(ctx, cfg)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%v: %w", context.Cause(ctx), err)
	}
	return p, err
}

// uciAnswer and xboardAnswer tell a UCI engine's answer to "uci" from an
// XBoard engine's.
var (
	uciAnswer    = protodetect.UCIAnswer
	xboardAnswer = protodetect.XBoardAnswer
)

// DialEngine connects to a UCI engine served over TCP at addr
// ("127.0.0.1:9010", see package uci) for the game to play against,
// replacing and closing any engine it had.
func (g *Game) DialEngine(ctx context.Context, addr string) error {
	return g.DialEngineProtocol(ctx, UCI, addr)
}

// DialEngineProtocol connects to an engine speaking proto (UCI, XBoard,
// or Detect to find out) served over TCP at addr, replacing and closing
// any engine the game had; see DialPlayer.
func (g *Game) DialEngineProtocol(ctx context.Context, proto Protocol, addr string) error {
	p, err := DialPlayer(ctx, proto, addr)
	if err != nil {
		return err
	}
	return g.SetPlayer(p)
}

// SetEngine attaches e, a UCI engine started or dialled with a uci.Config
// of the caller's, replacing and closing any engine the game had; see
// SetPlayer.
func (g *Game) SetEngine(e *uci.Engine) error { return g.SetPlayer(e) }

// SetPlayer attaches p, any engine.Player (a *uci.Engine, an
// *xboard.Engine), replacing and closing any engine the game had. The
// game owns p from then on: CloseEngine closes it. It returns the error of
// closing the previous engine.
func (g *Game) SetPlayer(p engine.Player) error {
	err := g.CloseEngine()
	g.engine = &engineLink{p: p}
	return err
}

// Engine returns the attached engine when it is a UCI engine, or nil; see
// Player for any engine.
func (g *Game) Engine() *uci.Engine {
	if g.engine == nil {
		return nil
	}
	e, _ := g.engine.p.(*uci.Engine)
	return e
}

// Player returns the attached engine, or nil.
func (g *Game) Player() engine.Player {
	if g.engine == nil {
		return nil
	}
	return g.engine.p
}

// CloseEngine closes and detaches the engine, if any.
func (g *Game) CloseEngine() error {
	if g.engine == nil {
		return nil
	}
	p := g.engine.p
	g.engine = nil
	if err := p.Close(); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return nil
}

// EnginePlay lets the engine move in the current position, searching
// within limits, plays its move in the game and returns it. The engine
// sees the whole game (start position and moves), so it knows about
// repetitions. An engine that resigns loses the game, and one that claims
// a draw the rules allow draws it; either returns a BestMove with
// core.NoMove. It returns an error matching ErrNoEngine without an
// engine, a *GameOverError when the game is decided, and the engine's
// error (a *uci.EngineError, an *xboard.EngineError) when it fails, the
// game then unchanged. A context that ends before the engine's move comes
// gives no move and ctx's error, within a few milliseconds of its deadline,
// and the game unchanged: a move never comes with an error.
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
// illegal move gives a *san.MoveError, a failing engine its error (and
// move is taken back).
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
		g.tellResult(ctx)
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
	if err := g.syncEngine(ctx); err != nil {
		return uci.BestMove{}, err
	}
	pos := g.pos
	if e, ok := g.engine.p.(*uci.Engine); ok {
		// UCI can search without playing.
		s, err := e.Go(ctx, limits)
		if err != nil {
			return uci.BestMove{}, fmt.Errorf("game: hint: %w", err)
		}
		bm, err := s.Wait()
		if err != nil {
			return bm, fmt.Errorf("game: hint: %w", err)
		}
		return bm, nil
	}
	// Other engines play the move they think of: their game is sent
	// again before the next search.
	g.engine.synced = false
	r, err := g.engine.p.Think(ctx, limits, nil)
	if err != nil {
		return uci.BestMove{}, fmt.Errorf("game: hint: %w", err)
	}
	return bestMove(pos, r), nil
}

// bestMove turns a Reply into the BestMove the game's methods return.
func bestMove(pos core.Position, r engine.Reply) uci.BestMove {
	if r.Move == core.NoMove {
		return uci.BestMove{UCI: "(none)"}
	}
	bm := uci.BestMove{Move: r.Move, UCI: pos.UCI(r.Move)}
	after := pos
	after.MakeMove(r.Move)
	if r.Ponder != core.NoMove && after.IsLegal(r.Ponder) {
		bm.Ponder, bm.PonderUCI = r.Ponder, after.UCI(r.Ponder)
	}
	return bm
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

// ErrEngineClaim means the engine claimed a result the rules do not give.
var ErrEngineClaim = errors.New("the engine claimed a result the rules do not give")

// engineReply asks the engine for its move in the current position and
// plays it, or takes its resignation or claim.
func (g *Game) engineReply(ctx context.Context, limits uci.Limits) (uci.BestMove, error) {
	if err := g.syncEngine(ctx); err != nil {
		return uci.BestMove{}, err
	}
	link := g.engine
	pos := g.pos
	side := pos.SideToMove()
	r, err := link.p.Think(ctx, limits, nil)
	if err != nil {
		// No move with an error, whatever a Player returned: the game
		// stays as it was, and the Player gets it again next time.
		link.synced = false
		return uci.BestMove{}, fmt.Errorf("game: engine play: %w", err)
	}
	if r.Move != core.NoMove {
		link.moves = append(link.moves, r.Move)
	}
	link.drawOffr = r.Draw
	switch {
	case r.Resign:
		if err := g.Resign(side); err != nil {
			return uci.BestMove{}, err
		}
		g.tellResult(ctx)
		return uci.BestMove{UCI: "(none)"}, nil
	case r.Result != "":
		if r.Result == "1/2-1/2" && g.ClaimableDraw() != Ongoing {
			if _, err := g.ClaimDraw(); err != nil {
				return uci.BestMove{}, err
			}
			g.tellResult(ctx)
			return uci.BestMove{UCI: "(none)"}, nil
		}
		return uci.BestMove{}, fmt.Errorf("game: engine play: %w: %s {%s}", ErrEngineClaim, r.Result, r.Reason)
	case r.Move == core.NoMove:
		return uci.BestMove{}, fmt.Errorf("game: engine play: no move from %s", link.p.Name())
	}
	if err := g.MakeMove(r.Move); err != nil {
		// The Player checked the move against the same position.
		link.synced = false
		return bestMove(pos, r), fmt.Errorf("game: engine move %s: %w", r.Move, err)
	}
	if g.status != Ongoing {
		g.tellResult(ctx)
	}
	return bestMove(pos, r), nil
}

// tellResult tells the engine how the game ended; an engine that cannot
// take it changes nothing.
func (g *Game) tellResult(ctx context.Context) {
	if g.engine == nil || g.status == Ongoing {
		return
	}
	o := g.Outcome()
	_ = g.engine.p.GameOver(ctx, o.Result.String(), o.Status.String())
}

// EngineOffersDraw reports whether the engine's last move came with a
// draw offer, or accepted one made with OfferEngineDraw; XBoard engines
// offer draws, UCI engines never do.
func (g *Game) EngineOffersDraw() bool {
	return g.engine != nil && g.engine.drawOffr
}

// OfferEngineDraw offers the engine a draw; its answer comes with its
// next move (EngineOffersDraw), after which Draw ends the game. It returns
// an error matching engine.ErrUnsupported for a UCI engine.
func (g *Game) OfferEngineDraw(ctx context.Context) error {
	if err := g.engineReady("offer a draw"); err != nil {
		return err
	}
	if err := g.engine.p.OfferDraw(ctx); err != nil {
		return fmt.Errorf("game: offer a draw: %w", err)
	}
	return nil
}

// syncEngine makes the Player's game this game: the moves played since
// it was told, when its game is a start of this one; else the start
// position and every move (after an Undo, a restore, a hint).
func (g *Game) syncEngine(ctx context.Context) error {
	link := g.engine
	moves := g.Moves()
	// The variant too: King of the Hill starts from chess's FEN.
	start := g.Variant().String() + " " + g.StartFEN()
	if link.synced && link.start == start && len(link.moves) <= len(moves) && slices.Equal(link.moves, moves[:len(link.moves)]) {
		for _, m := range moves[len(link.moves):] {
			if err := link.p.Move(ctx, m); err != nil {
				link.synced = false
				return fmt.Errorf("game: engine move: %w", err)
			}
			link.moves = append(link.moves, m)
		}
		return nil
	}
	link.synced = false
	if err := link.p.StartGame(ctx, g.StartPosition(), moves); err != nil {
		return fmt.Errorf("game: engine position: %w", err)
	}
	link.synced, link.start, link.moves = true, start, moves
	return nil
}
