package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gambit-chess/gambit/engine"
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
	Proto   string   // "uci" (the default) or "xboard"
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
	goAt   atomic.Int64 // unix nanoseconds of the last "go" sent
	moveAt atomic.Int64 // unix nanoseconds of the last move read
}

// startPlayer starts the engine and sets its options.
func startPlayer(ctx context.Context, cfg EngineConfig) (*player, error) {
	pl := &player{cfg: cfg}
	onSend := func(line string) {
		if line == "go" || strings.HasPrefix(line, "go ") {
			pl.goAt.Store(time.Now().UnixNano())
		}
	}
	var p engine.Player
	switch cfg.Proto {
	case "", "uci":
		onLine := func(line string) {
			if strings.HasPrefix(line, "bestmove") {
				pl.moveAt.Store(time.Now().UnixNano())
			}
		}
		c := uci.Config{Timeout: cfg.Timeout, Dir: cfg.Dir, Env: cfg.Env, OnSend: onSend, OnLine: onLine, SearchTimeout: -1}
		e, err := c.Start(ctx, cfg.Cmd, cfg.Args...)
		if err != nil {
			return nil, err
		}
		p = e
	case "xboard", "cecp":
		onLine := func(line string) {
			if strings.HasPrefix(line, "move ") {
				pl.moveAt.Store(time.Now().UnixNano())
			}
		}
		c := xboard.Config{Timeout: cfg.Timeout, Dir: cfg.Dir, Env: cfg.Env, OnSend: onSend, OnLine: onLine, SearchTimeout: -1}
		e, err := c.Start(ctx, cfg.Cmd, cfg.Args...)
		if err != nil {
			return nil, err
		}
		p = e
	default:
		return nil, fmt.Errorf("match: engine %s: protocol %q: want uci or xboard", cfg.label(), cfg.Proto)
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
	pl.name = cfg.Name
	if pl.name == "" {
		pl.name = p.Name()
	}
	if pl.name == "" {
		pl.name = cfg.Cmd
	}
	return pl, nil
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
