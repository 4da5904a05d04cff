package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/san"
)

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
