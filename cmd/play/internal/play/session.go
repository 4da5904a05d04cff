package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/san"
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
	return s, nil
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
	case s.cfg.FEN != "":
		var opts []game.Option
		if s.cfg.Chess960 {
			opts = append(opts, game.Chess960())
		}
		g, err = game.FromFEN(s.cfg.FEN, opts...)
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

// Handle acts on a line the person typed: a move, a command, or the
// answer to quit's question. It must not be called while the engine
// thinks (it then only says so).
func (s *Session) Handle(ctx context.Context, line string) {
	if s.asking {
		s.answerSave(strings.TrimSpace(line))
		return
	}
	if s.thinking {
		s.say(s.name + " is thinking; wait for its move.")
		return
	}
	pos := s.g.Position()
	in, err := Parse(&pos, line)
	if s.g.IsOver() && in.Kind != Command && strings.TrimSpace(line) != "" {
		s.say("The game is over: type new, undo, save FILE or quit.")
		return
	}
	if err != nil {
		s.say(err.Error())
		return
	}
	switch in.Kind {
	case Empty:
		s.say()
	case Move:
		s.move(in)
	case Command:
		s.command(ctx, in)
	}
	s.refresh()
}

// move plays the person's move.
func (s *Session) move(in Input) {
	switch {
	case s.g.IsOver():
		s.say("The game is over: type new, undo, save FILE or quit.")
		return
	case s.cfg.Player != nil && s.g.SideToMove() != s.you:
		s.say("It is the engine's move.")
		return
	}
	side := s.g.SideToMove()
	if s.flagged() {
		return
	}
	if err := s.g.MakeMove(in.Move); err != nil {
		s.say(err.Error()) // cannot happen: Parse found it legal
		return
	}
	s.dirty = true
	s.pressClock()
	s.say()
	if s.offered && s.offerBy != side {
		s.offered = false // a move declines the other's offer
		s.say(capital(side.String()) + " declines the draw.")
	}
	s.engOffer = false
	s.announce()
}

// pressClock ends a move on the clock; the game's end stops it.
func (s *Session) pressClock() {
	if s.clock == nil {
		return
	}
	now := s.cfg.Now()
	s.clock.Press(now)
	if s.g.IsOver() {
		s.clock.Stop(now)
	}
}

// flagged ends the game when the side to move has no time left, and
// reports whether it did.
func (s *Session) flagged() bool {
	if s.clock == nil || s.g.IsOver() {
		return false
	}
	side := s.g.SideToMove()
	if s.clock.Left(side, s.cfg.Now()) > 0 {
		return false
	}
	s.timeLoss(side)
	return true
}

// timeLoss ends the game on side's time: a loss, or a draw when the other
// side has only its king.
func (s *Session) timeLoss(side core.Color) {
	s.clock.Stop(s.cfg.Now())
	pos := s.g.Position()
	other := side.Other()
	if pos.ByColor(other) == pos.Pieces(other, core.King) {
		_ = s.g.Draw(side.String() + " lost on time, but " + other.String() + " has only the king")
	} else {
		_ = s.g.SetWinner(other, "time forfeit")
	}
	s.dirty = true
	s.say()
	s.announce()
}

// Tick checks the clock of the side to move: a person who runs out of
// time loses then, without typing. It returns whether the screen changes
// (a clock is running).
func (s *Session) Tick() bool {
	if s.clock == nil {
		return false
	}
	if _, on := s.clock.Running(); !on {
		return false
	}
	if !s.thinking && s.flagged() {
		s.refresh()
	}
	return true
}

// EngineToMove reports whether the engine should move now.
func (s *Session) EngineToMove() bool {
	return s.cfg.Player != nil && !s.thinking && !s.failed && !s.asking && !s.quit &&
		!s.g.IsOver() && s.g.SideToMove() != s.you
}

// ThinkResult is what the engine's turn came to.
type ThinkResult struct {
	Move core.Move // the move played, or core.NoMove
	SAN  string
	Book bool // from the opening book
	Err  error
}

// StartThink begins the engine's turn and returns the function that
// runs it, on another goroutine if the caller likes; its result goes to
// FinishThink. ctx, for the engine, gets the engine's time left on the
// clock plus a grace as its deadline.
func (s *Session) StartThink(ctx context.Context) func() ThinkResult {
	s.thinking = true
	s.status = s.name + " is thinking..."
	limits := engine.Limits{MoveTime: s.cfg.MoveTime}
	var cancel context.CancelFunc = func() {}
	if s.clock != nil {
		now := s.cfg.Now()
		inc := s.cfg.TimeControl.Inc
		limits = engine.Limits{
			WTime: max(s.clock.Left(core.White, now), time.Millisecond),
			BTime: max(s.clock.Left(core.Black, now), time.Millisecond),
			WInc:  inc, BInc: inc,
		}
		left := s.clock.Left(s.g.SideToMove(), now)
		ctx, cancel = context.WithTimeout(ctx, left+time.Second)
	}
	if s.cfg.Level >= 0 {
		limits.Depth = s.cfg.Level + 1
	}
	g, book, rng, chess960 := s.g, s.cfg.Book, s.cfg.Rand, s.cfg.Chess960
	return func() ThinkResult {
		defer cancel()
		pos := g.Position()
		if book != nil && !chess960 && !pos.Chess960() {
			if e, ok, err := book.Pick(&pos, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: rng}); err == nil && ok {
				if err := g.MakeMove(e.Move); err == nil {
					return ThinkResult{Move: e.Move, SAN: san.Format(&pos, e.Move), Book: true}
				}
			}
		}
		bm, err := g.EnginePlay(ctx, limits)
		if err != nil {
			return ThinkResult{Err: err}
		}
		r := ThinkResult{Move: bm.Move}
		if bm.Move != core.NoMove {
			r.SAN = san.Format(&pos, bm.Move)
		}
		return r
	}
}

// FinishThink takes the engine's turn's result: its move on the clock,
// a loss on time, its draw offer, or its failure.
func (s *Session) FinishThink(r ThinkResult) {
	s.thinking = false
	defer s.refresh()
	side := s.you.Other()
	name := s.name
	if s.clock != nil && s.clock.Left(side, s.cfg.Now()) <= 0 {
		if r.Err == nil && r.Move != core.NoMove && s.g.LastMove() == r.Move {
			_ = s.g.Undo() // played after its flag fell
		}
		s.timeLoss(side)
		return
	}
	if r.Err != nil {
		s.failed = true
		s.say("The engine failed: "+oneLine(r.Err.Error()), "Type save FILE to keep the game, or quit.")
		return
	}
	s.dirty = true
	if r.Move != core.NoMove {
		s.pressClock()
		how := ""
		if r.Book {
			how = " (book)"
		}
		s.say(name + " plays " + r.SAN + how + ".")
	} else if s.clock != nil {
		s.clock.Stop(s.cfg.Now())
	}
	if s.g.EngineOffersDraw() && !s.g.IsOver() {
		if s.offered && s.offerBy == s.you {
			_ = s.g.Draw("")
			s.offered = false
		} else {
			s.engOffer = true
			s.msgs = append(s.msgs, name+" offers a draw: type draw to accept, or move.")
		}
	}
	s.offered = false
	s.announce()
}

// announce adds the end of the game to the messages when it is over.
func (s *Session) announce() {
	if s.g.IsOver() {
		// The status line says how it ended.
		s.msgs = append(s.msgs, "Type save FILE to keep the game, new to play again, or quit.")
	}
}

// Describe says how a game ended, in words: the result and its reason.
// toMove is the side to move at the end (the side mated, or the side that
// ran out of time).
func Describe(o game.Outcome, toMove core.Color) string {
	win := func() string {
		if c, ok := o.Winner(); ok {
			return capital(c.String()) + " wins"
		}
		return "draw"
	}
	res := o.Result.String() + ", "
	switch o.Status {
	case game.Checkmate:
		return res + capital(toMove.String()) + " is checkmated: " + win()
	case game.Stalemate:
		return res + capital(toMove.String()) + " is stalemated: draw"
	case game.InsufficientMaterial:
		return res + "draw by insufficient material"
	case game.SeventyFiveMoveRule:
		return res + "draw by the seventy-five-move rule"
	case game.FivefoldRepetition:
		return res + "draw by fivefold repetition"
	case game.FiftyMoveRule:
		return res + "draw by the fifty-move rule"
	case game.ThreefoldRepetition:
		return res + "draw by threefold repetition"
	case game.DrawByAgreement:
		if o.Reason != "" {
			return res + "draw: " + o.Reason
		}
		return res + "draw by agreement"
	case game.Resignation:
		c, _ := o.Winner()
		return res + capital(c.Other().String()) + " resigns: " + win()
	case game.Adjudication:
		c, _ := o.Winner()
		if o.Reason == "time forfeit" {
			return res + capital(c.Other().String()) + " lost on time: " + win()
		}
		return res + win() + ": " + o.Reason
	}
	return o.String()
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// command carries out a command.
func (s *Session) command(ctx context.Context, in Input) {
	switch in.Command {
	case "moves":
		pos := s.g.Position()
		var ml core.MoveList
		pos.LegalMoves(&ml)
		var list []string
		for _, m := range ml.Moves() {
			list = append(list, san.Format(&pos, m))
		}
		slices.Sort(list)
		if len(list) == 0 {
			s.say("No legal moves.")
			return
		}
		s.say(wrap(fmt.Sprintf("%d legal moves: %s", len(list), strings.Join(list, " ")), 80)...)
	case "undo":
		s.undo()
	case "hint":
		s.hint(ctx)
	case "flip":
		s.flip = !s.flip
		s.say()
	case "fen":
		s.say(s.g.FEN())
	case "pgn":
		s.say(strings.Split(strings.TrimRight(s.g.PGN(), "\n"), "\n")...)
	case "save":
		if in.Arg == "" {
			s.say("save needs a file name: save FILE")
			return
		}
		if err := s.save(in.Arg); err != nil {
			s.say(oneLine(err.Error()))
			return
		}
		s.say("Saved to " + in.Arg + ".")
	case "draw":
		s.draw(ctx)
	case "resign":
		if s.g.IsOver() {
			s.say("The game is over already.")
			return
		}
		side := s.g.SideToMove()
		if s.cfg.Player != nil {
			side = s.you
		}
		_ = s.g.Resign(side)
		if p := s.g.Player(); p != nil {
			o := s.g.Outcome()
			_ = p.GameOver(ctx, o.Result.String(), capital(side.String())+" resigns")
		}
		if s.clock != nil {
			s.clock.Stop(s.cfg.Now())
		}
		s.dirty = true
		s.say()
		s.announce()
	case "new":
		_ = s.newGame(nil)
		s.say("A new game.")
	case "help":
		s.say(helpText...)
	case "quit":
		if !s.dirty || s.g.Ply() == 0 {
			s.quit = true
			return
		}
		s.asking = true
		s.say("The game is not saved.")
	}
}

// helpText is what help shows.
var helpText = []string{
	"Moves: SAN (Nf3, nf3, exd6, O-O, 0-0, e8=Q) or UCI (g1f3); Tab completes.",
	"moves      the legal moves          undo     take back your last move",
	"hint       the engine's suggestion  flip     turn the board",
	"fen        the position's FEN       pgn      the game so far",
	"save FILE  write the game as PGN    draw     claim a draw, or offer one",
	"resign     give up                  new      start again",
	"help       this text                quit     leave (asks to save)",
}

// undo takes back the person's last move (and the engine's reply).
func (s *Session) undo() {
	n := 1
	if s.cfg.Player != nil {
		n = 2
		if s.g.SideToMove() != s.you {
			n = 1
		}
	}
	if s.g.Ply() < n {
		s.say("Nothing to undo.")
		return
	}
	g := s.g.Clone()
	for range n {
		if err := g.Undo(); err != nil {
			s.say("Cannot undo: " + oneLine(err.Error()))
			return
		}
	}
	if s.cfg.Player != nil && g.SideToMove() != s.you {
		s.say("Nothing to undo.")
		return
	}
	for range n {
		_ = s.g.Undo()
	}
	s.dirty = true
	s.offered, s.engOffer = false, false
	if s.clock != nil && !s.g.IsOver() {
		s.clock.Start(s.g.SideToMove(), s.cfg.Now())
	}
	s.say(fmt.Sprintf("Took back %d move(s).", n))
}

// hint asks the engine for a move; the game does not change.
func (s *Session) hint(ctx context.Context) {
	if s.cfg.Player == nil {
		s.say("hint needs an engine (not with -human).")
		return
	}
	if s.g.IsOver() || s.failed {
		s.say("No hint: the game is over.")
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	pos := s.g.Position()
	bm, err := s.g.EngineHint(ctx, engine.Limits{MoveTime: 500 * time.Millisecond})
	if err != nil {
		s.say("No hint: " + oneLine(err.Error()))
		return
	}
	if bm.Move == core.NoMove {
		s.say("No hint.")
		return
	}
	s.say("Hint: " + san.Format(&pos, bm.Move))
}

// draw claims a draw, accepts an offer or makes one.
func (s *Session) draw(ctx context.Context) {
	if s.g.IsOver() {
		s.say("The game is over already.")
		return
	}
	if s.g.ClaimableDraw() != game.Ongoing {
		if _, err := s.g.ClaimDraw(); err == nil {
			s.endByHand(ctx)
			return
		}
	}
	side := s.g.SideToMove()
	if s.cfg.Player == nil {
		if s.offered && s.offerBy != side {
			_ = s.g.Draw("")
			s.endByHand(ctx)
			return
		}
		s.offered, s.offerBy = true, side
		s.say(capital(side.String()) + " offers a draw; after " + side.String() + "'s move, " + side.Other().String() + " may type draw to accept it.")
		return
	}
	if s.engOffer {
		_ = s.g.Draw("")
		s.endByHand(ctx)
		return
	}
	if err := s.g.OfferEngineDraw(ctx); err != nil {
		if errors.Is(err, engine.ErrUnsupported) {
			s.say("No draw to claim, and " + s.name + " takes no draw offers (UCI has none).")
			return
		}
		s.say("Draw offer: " + oneLine(err.Error()))
		return
	}
	s.offered, s.offerBy = true, s.you
	s.say("You offer a draw; " + s.name + " answers with its move.")
}

// endByHand finishes a game the players decided.
func (s *Session) endByHand(ctx context.Context) {
	if p := s.g.Player(); p != nil {
		o := s.g.Outcome()
		_ = p.GameOver(ctx, o.Result.String(), o.Status.String())
	}
	if s.clock != nil {
		s.clock.Stop(s.cfg.Now())
	}
	s.dirty = true
	s.say()
	s.announce()
}

// save writes the game as PGN to name.
func (s *Session) save(name string) error {
	if err := os.WriteFile(name, []byte(s.g.PGN()), 0o644); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	s.dirty = false
	return nil
}

// answerSave takes the answer to "save before quitting?".
func (s *Session) answerSave(a string) {
	switch strings.ToLower(a) {
	case "", "n", "no":
		s.quit = true
		s.say("The game was not saved.")
	case "cancel", "c":
		s.asking = false
		s.say()
	default:
		if err := s.save(a); err != nil {
			s.say(oneLine(err.Error()), "Give another file name, Enter to quit without saving, or cancel.")
			return
		}
		s.quit = true
		s.say("Saved to " + a + ".")
	}
	if s.quit {
		s.asking = false
	}
}

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

// wrap breaks text into lines of at most width runes at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for w := range strings.FieldsSeq(text) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
