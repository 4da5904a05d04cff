package play

import (
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

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
	case game.VariantEnd:
		return res + win() + ": " + o.Reason
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
