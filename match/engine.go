package match

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/protodetect"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// EngineConfig is an engine of the tournament and how it plays.
type EngineConfig struct {
	Name    string   // the name in the PGN and the tables; the engine's own when empty
	Cmd     string   // the program
	Args    []string // its arguments
	Dir     string   // its working directory
	Env     []string // its environment; nil for this process's
	Proto   string   // "uci" or "xboard"; "" (or "auto") detects it: see DetectTimeout
	Options []Option // options set after the handshake, in order
	TC      TimeControl
	// Timeout bounds every answer the engine owes outside a search (the
	// handshake, readyok, a move after stop); 0 means 10 seconds.
	Timeout time.Duration
}

// Option is an engine option to set: a UCI "setoption", an XBoard
// "option" (feature option=) command.
type Option struct {
	Name, Value string
}

// label is the name the config gives, or the command.
func (c EngineConfig) label() string {
	if c.Name != "" {
		return c.Name
	}
	return c.Cmd
}

// player is a running engine with the times the runner reads off its
// protocol lines: when "go" was sent and when the move came.
type player struct {
	cfg    EngineConfig
	p      engine.Player
	name   string
	own    string       // the name the engine gives itself ("" for none)
	goAt   atomic.Int64 // unix nanoseconds of the last "go" sent
	moveAt atomic.Int64 // unix nanoseconds of the last move read
	proto  string       // the protocol it speaks: "uci" or "xboard"
	// variant is the variant of the match's games.
	variant core.Variant
}

// DetectTimeout is how long an engine whose EngineConfig names no
// protocol has to answer "uci" as a UCI engine before it is started again
// as an XBoard engine. An XBoard engine's answer to "uci" (an error, an
// illegal move, a feature line) ends the UCI attempt at once, and a UCI
// engine that has begun to answer has its full Timeout. A program that
// then sends no feature line either, within protodetect.FeatureTimeout
// (5 s), is refused (protodetect.ErrNoAnswer): name the protocol of a
// protocol 1 XBoard engine.
const DetectTimeout = 5 * time.Second

// variantFeatureTimeout is the XBoard FeatureTimeout of an engine in a
// variant match: Fairy-Stockfish sends its features, the variants among
// them, about 1.9 s after protover on an idle machine, so close to the
// protocol's 2 s that under load it would be taken for a protocol 1
// engine without variants. An engine that sends done=1 ends the wait
// at once.
const variantFeatureTimeout = 15 * time.Second

// startPlayer starts the engine and sets its options. With no protocol
// named, it tries UCI and then XBoard (see DetectTimeout); the player's
// proto says which one answered. In a game of variant v (not
// core.Standard), an engine that does not play v is refused: see
// checkVariant.
func startPlayer(ctx context.Context, cfg EngineConfig, v core.Variant) (*player, error) {
	pl := &player{cfg: cfg, variant: v}
	onSend := func(line string) {
		if line == "go" || strings.HasPrefix(line, "go ") {
			pl.goAt.Store(time.Now().UnixNano())
		}
	}
	var p engine.Player
	var err error
	switch cfg.Proto {
	case "uci":
		p, err = pl.startUCI(ctx, onSend, nil)
	case "xboard", "cecp":
		p, err = pl.startXBoard(ctx, onSend, 0)
	case "", "auto", "detect":
		p, err = pl.detect(ctx, onSend)
	default:
		return nil, fmt.Errorf("match: engine %s: protocol %q: want uci or xboard", cfg.label(), cfg.Proto)
	}
	if err != nil {
		return nil, err
	}
	pl.p = p
	type optionSetter interface {
		SetOption(ctx context.Context, name, value string) error
	}
	if s, ok := p.(optionSetter); ok {
		for _, o := range cfg.Options {
			if err := s.SetOption(ctx, o.Name, o.Value); err != nil {
				_ = p.Close()
				return nil, fmt.Errorf("match: engine %s: %w", cfg.label(), err)
			}
		}
	}
	pl.own = p.Name()
	pl.name = cfg.Name
	if pl.name == "" {
		pl.name = pl.own
	}
	if pl.name == "" {
		pl.name = cfg.Cmd
	}
	if err := checkVariant(ctx, p, v); err != nil {
		_ = p.Close()
		return nil, err
	}
	return pl, nil
}

// checkVariant starts a game of variant v on p, which sends it the
// variant (UCI_Variant, XBoard's "variant NAME"), so that an engine that
// does not list v (in its UCI_Variant option, its variants feature) is
// refused with the reason before any game: an error matching
// engine.ErrUnsupported. Every game starts the engine's game again.
func checkVariant(ctx context.Context, p engine.Player, v core.Variant) error {
	if v == core.Standard {
		return nil
	}
	start, err := core.VariantStartPosition(v)
	if err != nil {
		return err
	}
	if err := p.StartGame(ctx, start, nil); err != nil {
		return fmt.Errorf("does not play %v: %w", v, err)
	}
	return nil
}

// startUCI starts the engine as a UCI engine; seen, when not nil, sees
// every line it prints.
func (pl *player) startUCI(ctx context.Context, onSend, seen func(string)) (engine.Player, error) {
	onLine := func(line string) {
		if strings.HasPrefix(line, "bestmove") {
			pl.moveAt.Store(time.Now().UnixNano())
		}
		if seen != nil {
			seen(line)
		}
	}
	cfg := pl.cfg
	c := uci.Config{Timeout: cfg.Timeout, Dir: cfg.Dir, Env: cfg.Env, OnSend: onSend, OnLine: onLine, SearchTimeout: -1}
	e, err := c.Start(ctx, cfg.Cmd, cfg.Args...)
	if err != nil {
		return nil, err
	}
	pl.proto = "uci"
	return e, nil
}

// startXBoard starts the engine as an XBoard engine, waiting at least
// featureWait for its features (0: the protocol's 2 s).
func (pl *player) startXBoard(ctx context.Context, onSend func(string), featureWait time.Duration) (engine.Player, error) {
	onLine := func(line string) {
		if strings.HasPrefix(line, "move ") {
			pl.moveAt.Store(time.Now().UnixNano())
		}
	}
	cfg := pl.cfg
	c := xboard.Config{Timeout: cfg.Timeout, Dir: cfg.Dir, Env: cfg.Env, OnSend: onSend, OnLine: onLine, SearchTimeout: -1}
	c.FeatureTimeout = featureWait
	if pl.variant != core.Standard {
		c.FeatureTimeout = max(featureWait, variantFeatureTimeout)
	}
	e, err := c.Start(ctx, cfg.Cmd, cfg.Args...)
	if err != nil {
		return nil, err
	}
	pl.proto = "xboard"
	return e, nil
}

// detect starts the engine as a UCI engine and, when it does not answer
// as one (within DetectTimeout, or at once when it answers as an XBoard
// engine does), as an XBoard engine.
func (pl *player) detect(ctx context.Context, onSend func(string)) (engine.Player, error) {
	uciCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	silent := time.AfterFunc(DetectTimeout, func() {
		cancel(fmt.Errorf("no UCI answer to uci within %v", DetectTimeout))
	})
	defer silent.Stop()
	p, uerr := pl.startUCI(uciCtx, onSend, func(line string) {
		switch {
		case protodetect.UCIAnswer(line):
			silent.Stop()
		case protodetect.XBoardAnswer(line):
			cancel(fmt.Errorf("answered uci with %q", line))
		}
	})
	var perr *fs.PathError
	if uerr == nil || ctx.Err() != nil || errors.As(uerr, &perr) {
		return p, uerr // started, cancelled, or no program to start
	}
	if uciCtx.Err() != nil {
		uerr = fmt.Errorf("%v: %w", context.Cause(uciCtx), uerr)
	}
	p, xerr := pl.startXBoard(ctx, onSend, protodetect.FeatureTimeout)
	if xerr == nil {
		if xerr = protodetect.CheckXBoard(p.(*xboard.Engine)); xerr != nil {
			_ = p.Close()
		}
	}
	if xerr != nil {
		return nil, fmt.Errorf("neither UCI (%w) nor XBoard (%w)", uerr, xerr)
	}
	return p, nil
}

// close ends the engine.
func (pl *player) close() {
	if pl != nil && pl.p != nil {
		_ = pl.p.Close()
	}
}

// failure is why an engine failed in a game.
func failure(err error) string {
	switch {
	case errors.Is(err, uci.ErrExited), errors.Is(err, xboard.ErrExited):
		return "disconnects"
	case errors.Is(err, uci.ErrTimeout), errors.Is(err, xboard.ErrTimeout):
		return "'s connection stalls"
	case errors.Is(err, uci.ErrProtocol), errors.Is(err, xboard.ErrProtocol):
		return "makes an illegal move or breaks the protocol"
	}
	return "fails"
}
