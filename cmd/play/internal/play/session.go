package play

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/polyglot"
)

// Config says what game a Session plays.
type Config struct {
	// Player is the engine to play against; nil for two people at one
	// keyboard. The session owns it: Close closes it.
	Player engine.Player
	// Color is the side the person plays against the engine: "white",
	// "black" or "random" ("" is white).
	Color string
	// FEN is the start position; "" for the standard one (or a random
	// Chess960 one with Chess960).
	FEN string
	// PGN, if set, holds a game to go on with (its first game).
	PGN io.Reader
	// Chess960 starts from a random Chess960 position unless FEN is set.
	Chess960 bool
	// Variant is the variant of a new game (core.Standard, the zero
	// value, for chess): it starts from the variant's start position, or
	// from FEN read in the variant's forms, and the engine must play it.
	// A game from PGN has its own variant, from its Variant tag.
	Variant core.Variant
	// TimeControl sets the clocks; the zero value plays without.
	TimeControl TimeControl
	// Level is the engine's strength, 0 to 20: its UCI "Skill Level"
	// when it declares one, a search depth of Level+1 plies otherwise.
	// A negative Level leaves the engine at full strength.
	Level int
	// MoveTime is how long the engine thinks on a move without clocks;
	// zero means one second.
	MoveTime time.Duration
	// Book, if set, gives the engine its moves while it has one for the
	// position.
	Book *polyglot.Book
	// ASCII draws pieces as letters; NoColor draws without ANSI colours.
	ASCII, NoColor bool
	// Now is the clock's time source; nil means time.Now.
	Now func() time.Time
	// Rand chooses colours, Chess960 positions and book moves; nil means
	// a random seed.
	Rand *rand.Rand
}

// Session is a game in progress as a person plays it: it reads their
// lines (Handle), lets the engine move (StartThink, FinishThink), runs
// the clocks (Tick) and draws the screen (Lines). Its methods are called
// from one goroutine; only the function StartThink returns runs on
// another, and until FinishThink no other method touches the game.
type Session struct {
	cfg      Config
	g        *game.Game
	you      core.Color // the person's side against an engine
	flip     bool
	clock    *Clock
	msgs     []string
	thinking bool
	failed   bool // the engine failed: it moves no more
	dirty    bool // changed since it was last saved
	asking   bool // quit asked whether to save
	quit     bool
	offerBy  core.Color // a pending draw offer's side, with offered
	offered  bool
	engOffer bool // the engine offered a draw with its last move
	board    []string
	status   string
	name     string   // the engine's name
	rows     []string // the move list shown, kept while the engine thinks
}

// New starts a session: the game (from Config.PGN, FEN, a Chess960 or
// the standard start) and the engine's level, which is set at once; the
// engine hears of the game when it is first asked to move.
func New(ctx context.Context, cfg Config) (*Session, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	s := &Session{cfg: cfg}
	if cfg.Player != nil {
		s.name = cfg.Player.Name()
	}
	if cfg.Player != nil && cfg.Level >= 0 {
		if err := s.setSkill(ctx); err != nil {
			return nil, err
		}
	}
	var pgnGame *game.Game
	if cfg.PGN != nil {
		g, err := game.FromPGN(cfg.PGN)
		if err != nil {
			return nil, fmt.Errorf("play: reading the game: %w", err)
		}
		pgnGame = g
	}
	if err := s.newGame(pgnGame); err != nil {
		return nil, err
	}
	if err := s.checkEngineVariant(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// checkEngineVariant tells the engine the game when it is a variant's, so
// that an engine that does not play the variant is refused at once
// rather than at its first move. It hears of the game again when it is
// first asked to move.
func (s *Session) checkEngineVariant(ctx context.Context) error {
	v := s.g.Variant()
	if s.cfg.Player == nil || v == core.Standard {
		return nil
	}
	if err := s.cfg.Player.StartGame(ctx, s.g.StartPosition(), s.g.Moves()); err != nil {
		return fmt.Errorf("play: the engine %s cannot play %s: %w", s.name, v, err)
	}
	return nil
}

// setSkill sets the engine's Skill Level option when it has one.
func (s *Session) setSkill(ctx context.Context) error {
	type optioner interface {
		Options() []engine.Option
		SetOption(ctx context.Context, name, value string) error
	}
	o, ok := s.cfg.Player.(optioner)
	if !ok {
		return nil
	}
	opt, ok := engine.FindOption(o.Options(), "Skill Level")
	if !ok || opt.Type != engine.TypeSpin {
		return nil
	}
	lvl := min(max(int64(s.cfg.Level), opt.Min), opt.Max)
	if err := o.SetOption(ctx, opt.Name, strconv.FormatInt(lvl, 10)); err != nil {
		return fmt.Errorf("play: setting the engine's level: %w", err)
	}
	s.cfg.Level = -1 // the option does it: no depth limit
	return nil
}

// newGame sets up a new game, or goes on with from.
func (s *Session) newGame(from *game.Game) error {
	var g *game.Game
	var err error
	switch {
	case from != nil:
		g = from
	case s.cfg.FEN != "" && s.cfg.Variant != core.Standard:
		g, err = game.FromVariantFEN(s.cfg.Variant, s.cfg.FEN)
	case s.cfg.FEN != "":
		var opts []game.Option
		if s.cfg.Chess960 {
			opts = append(opts, game.Chess960())
		}
		g, err = game.FromFEN(s.cfg.FEN, opts...)
	case s.cfg.Variant != core.Standard:
		g, err = game.NewVariant(s.cfg.Variant)
	case s.cfg.Chess960:
		fen, _ := Chess960FEN(s.cfg.Rand.IntN(960))
		g, err = game.FromFEN(fen, game.Chess960())
	default:
		g = game.New()
	}
	if err != nil {
		return fmt.Errorf("play: start position: %w", err)
	}
	switch s.cfg.Color {
	case "black":
		s.you = core.Black
	case "random":
		s.you = core.Color(s.cfg.Rand.IntN(2))
	default:
		s.you = core.White
	}
	if s.cfg.Player != nil {
		// The engine goes on with the new game; the old one is dropped
		// without closing it.
		_ = g.SetPlayer(s.cfg.Player)
	}
	if from == nil {
		s.setTags(g)
	}
	s.g = g
	s.flip = s.cfg.Player != nil && s.you == core.Black
	s.clock = nil
	if s.cfg.TimeControl.Base > 0 {
		s.clock = NewClock(s.cfg.TimeControl)
		if !g.IsOver() {
			s.clock.Start(g.SideToMove(), s.cfg.Now())
		}
	}
	s.dirty, s.offered, s.engOffer, s.failed = false, false, false, false
	s.refresh()
	return nil
}

// setTags names the players and the event of a new game.
func (s *Session) setTags(g *game.Game) {
	white, black := "White", "Black"
	if p := s.cfg.Player; p != nil {
		white, black = "Player", p.Name()
		if s.you == core.Black {
			white, black = black, white
		}
	}
	_ = g.SetTag("Event", "Casual game")
	_ = g.SetTag("Site", "gambit play")
	_ = g.SetTag("Date", s.cfg.Now().Format("2006.01.02"))
	_ = g.SetTag("White", white)
	_ = g.SetTag("Black", black)
	if s.cfg.TimeControl.Base > 0 {
		_ = g.SetTag("TimeControl", s.cfg.TimeControl.String())
	}
}

// Game returns the game being played.
func (s *Session) Game() *game.Game { return s.g }

// You returns the side the person plays against the engine.
func (s *Session) You() core.Color { return s.you }

// Quit reports whether the person asked to leave (and answered the
// question about saving).
func (s *Session) Quit() bool { return s.quit }

// Messages returns the lines the last action left for the person.
func (s *Session) Messages() []string { return s.msgs }

// Thinking reports whether the engine is thinking.
func (s *Session) Thinking() bool { return s.thinking }

// Close ends the engine, if any.
func (s *Session) Close() error {
	if err := s.g.CloseEngine(); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	return nil
}

// Position returns the position on the board.
func (s *Session) Position() core.Position { return s.g.Position() }

// Complete returns the completions of prefix in the current position.
func (s *Session) Complete(prefix string) []string {
	if s.thinking || s.asking {
		return nil
	}
	pos := s.g.Position()
	if s.g.IsOver() {
		var out []string
		for _, c := range Commands {
			if prefix != "" && strings.HasPrefix(c, strings.ToLower(prefix)) {
				out = append(out, c)
			}
		}
		return out
	}
	return Complete(&pos, prefix)
}

// Interrupt is Ctrl-C or Ctrl-D: quit, asking to save an unsaved game;
// a second one while asking leaves without saving.
func (s *Session) Interrupt(ctx context.Context) {
	if s.asking {
		s.asking, s.quit = false, true
		return
	}
	s.Handle(ctx, "quit")
}

// say replaces the messages.
func (s *Session) say(lines ...string) { s.msgs = lines }

// Prompt returns the text before the input line.
func (s *Session) Prompt() string {
	switch {
	case s.asking:
		return "Save to file (Enter: quit without saving, cancel: go on): "
	case s.thinking:
		return "(thinking) > "
	case s.g.IsOver():
		return "game over > "
	}
	return capital(s.g.SideToMove().String()) + " > "
}
