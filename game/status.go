package game

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// Status says whether a game goes on and, if not, how it ended.
type Status uint8

// The statuses. The first group ends a game by the rules alone; the fifty
// move rule and threefold repetition end it when claimed (or with the
// AutoDraw option); the next group is set by hand; VariantEnd, last so
// that the values before it stay what they were, ends a variant game by
// the rules alone.
const (
	Ongoing              Status = iota
	Checkmate                   // the side to move is mated
	Stalemate                   // the side to move has no legal move and is not in check
	InsufficientMaterial        // neither side can ever mate
	SeventyFiveMoveRule         // 75 moves each without capture or pawn move
	FivefoldRepetition          // the same position for the fifth time
	FiftyMoveRule               // 50 moves each without capture or pawn move, claimed
	ThreefoldRepetition         // the same position for the third time, claimed
	DrawByAgreement             // Draw: the players agreed, or a draw was declared
	Resignation                 // Resign: a player resigned
	Adjudication                // SetWinner: a winner declared (time forfeit, adjudication, ...)
	// VariantEnd: the variant's own rule ended the game (a king on the
	// hill, the third check, a king on the eighth rank, the horde taken,
	// an Antichess side without pieces or moves); the Result says who won
	// and Outcome's Reason which rule it was. lichess calls it the same.
	VariantEnd
	numStatuses
)

var statusNames = [numStatuses]string{
	"ongoing", "checkmate", "stalemate", "insufficient material",
	"seventy-five-move rule", "fivefold repetition", "fifty-move rule",
	"threefold repetition", "draw by agreement", "resignation", "adjudication",
	"variant end",
}

// String returns the status in words.
func (s Status) String() string {
	if s < numStatuses {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Result is the score of a game as PGN writes it.
type Result uint8

// The results.
const (
	Unfinished Result = iota // "*": the game goes on, or ended without a result
	WhiteWon                 // "1-0"
	BlackWon                 // "0-1"
	Drawn                    // "1/2-1/2"
)

// String returns the result in PGN notation: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch r {
	case WhiteWon:
		return "1-0"
	case BlackWon:
		return "0-1"
	case Drawn:
		return "1/2-1/2"
	}
	return "*"
}

// winFor returns the result of a win by c.
func winFor(c core.Color) Result {
	if c == core.White {
		return WhiteWon
	}
	return BlackWon
}

// Outcome is how a game stands: its status, its result and, for a decision
// by hand, the reason given.
type Outcome struct {
	Status Status
	Result Result
	// Reason is the reason given to Draw, SetWinner or Resign; for
	// VariantEnd, the variant's rule that ended the game ("king on the
	// hill", "third check", ...); "" otherwise.
	Reason string
}

// Winner returns the colour that won, and false for a draw or an
// unfinished game.
func (o Outcome) Winner() (core.Color, bool) {
	switch o.Result {
	case WhiteWon:
		return core.White, true
	case BlackWon:
		return core.Black, true
	}
	return core.White, false
}

// IsOver reports whether the game is decided.
func (o Outcome) IsOver() bool { return o.Status != Ongoing }

// String describes the outcome: "1-0 checkmate", "1/2-1/2 draw by
// agreement: repetition expected", "* ongoing".
func (o Outcome) String() string {
	s := o.Result.String() + " " + o.Status.String()
	if o.Reason != "" {
		s += ": " + o.Reason
	}
	return s
}

// Status returns how the game stands: Ongoing, or how it ended.
func (g *Game) Status() Status { return g.status }

// Outcome returns the game's status, result and reason.
func (g *Game) Outcome() Outcome {
	o := Outcome{Status: g.status, Result: g.result, Reason: g.reason}
	if g.status == VariantEnd && !g.manual {
		o.Reason = variantReason(&g.pos)
	}
	return o
}

// IsOver reports whether the game is decided.
func (g *Game) IsOver() bool { return g.status != Ongoing }

// update recomputes the outcome the rules give the current position and
// history. A checkmate takes precedence over the move-count rules (FIDE
// 9.6.2); a game decided by hand stays decided.
func (g *Game) update() {
	g.reps = uint8(min(g.countRepetitions(), 255))
	if g.manual {
		return
	}
	g.status, g.result = g.ruleStatus(), Drawn
	switch g.status {
	case Ongoing:
		g.result = Unfinished
	case Checkmate:
		g.result = winFor(g.pos.SideToMove().Other())
	case VariantEnd:
		g.result = variantResult(&g.pos)
	}
}

// ruleStatus returns the status the rules give, without claims unless the
// game ends draws automatically.
func (g *Game) ruleStatus() Status { return g.ruleStatusWith(g.pos.HasLegalMoves()) }

// ruleStatusWith is ruleStatus for a caller that knows whether the side to
// move has a legal move; g.reps must be up to date.
func (g *Game) ruleStatusWith(hasMoves bool) Status {
	switch {
	case g.pos.Variant() != core.Standard && variantEnded(&g.pos):
		return VariantEnd
	case !hasMoves && g.pos.InCheck():
		return Checkmate
	case !hasMoves:
		return Stalemate
	case insufficientMaterial(&g.pos):
		return InsufficientMaterial
	}
	hm := g.pos.HalfmoveClock()
	switch {
	case g.reps >= 5:
		return FivefoldRepetition
	case hm >= 150:
		return SeventyFiveMoveRule
	case g.autoDraw && g.reps >= 3:
		return ThreefoldRepetition
	case g.autoDraw && hm >= 100:
		return FiftyMoveRule
	}
	return Ongoing
}

// ClaimableDraw returns the draw a player may claim now: ThreefoldRepetition
// when the current position has occurred three times, FiftyMoveRule when
// fifty moves by each side passed without a capture or pawn move, and
// Ongoing when neither holds or the game is over. Repetition wins when both
// hold.
func (g *Game) ClaimableDraw() Status {
	switch {
	case g.status != Ongoing:
		return Ongoing
	case g.reps >= 3:
		return ThreefoldRepetition
	case g.pos.HalfmoveClock() >= 100:
		return FiftyMoveRule
	}
	return Ongoing
}

// ClaimDraw ends the game in a draw by threefold repetition or the fifty
// move rule, when one holds now (see ClaimableDraw). Either player may
// claim, as on most servers. It returns the status of the draw, a
// *GameOverError when the game is already decided, and an error matching
// ErrNoDrawToClaim otherwise.
func (g *Game) ClaimDraw() (Status, error) {
	if g.status != Ongoing {
		return Ongoing, g.over("claim a draw")
	}
	s := g.ClaimableDraw()
	if s == Ongoing {
		return Ongoing, fmt.Errorf("game: %w: the position occurred %d times and the halfmove clock is %d",
			ErrNoDrawToClaim, g.reps, g.pos.HalfmoveClock())
	}
	g.decide(s, Drawn, "")
	return s, nil
}

// Draw ends the game in a draw by agreement, or a draw declared for the
// reason given (which may be empty). It returns a *GameOverError when the
// game is already decided.
func (g *Game) Draw(reason string) error {
	if g.status != Ongoing {
		return g.over("draw")
	}
	g.decide(DrawByAgreement, Drawn, reason)
	return nil
}

// Resign ends the game with c resigning: the other side wins. It returns a
// *GameOverError when the game is already decided.
func (g *Game) Resign(c core.Color) error {
	if g.status != Ongoing {
		return g.over("resign")
	}
	g.decide(Resignation, winFor(c.Other()), c.String()+" resigns")
	return nil
}

// SetWinner ends the game with c winning for the reason given, such as
// "time forfeit" or "adjudication". It returns a *GameOverError when the
// game is already decided.
func (g *Game) SetWinner(c core.Color, reason string) error {
	if g.status != Ongoing {
		return g.over("set the winner")
	}
	g.decide(Adjudication, winFor(c), reason)
	return nil
}

// decide sets the outcome by hand.
func (g *Game) decide(s Status, r Result, reason string) {
	g.status, g.result, g.reason, g.manual = s, r, reason, true
}

// over returns the error for op on a decided game.
func (g *Game) over(op string) error {
	return &GameOverError{Op: op, Outcome: g.Outcome()}
}
