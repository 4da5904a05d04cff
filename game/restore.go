package game

import (
	"github.com/gambit-chess/gambit/core"
)

// record is a saved game as the binary and JSON forms hold it, before it is
// checked and replayed.
type record struct {
	startFEN string // "" for the variant's start position
	variant  core.Variant
	chess960 bool
	autoDraw bool
	decided  bool // status, result and reason were set by hand
	status   Status
	result   Result
	reason   string
	tags     []Tag
}

// record returns what g saves, without its moves.
func (g *Game) record() record {
	return record{
		startFEN: g.startFEN,
		variant:  g.pos.Variant(),
		chess960: g.pos.Chess960(),
		autoDraw: g.autoDraw,
		decided:  g.manual,
		status:   g.status,
		result:   g.result,
		reason:   g.reason,
		tags:     g.tags,
	}
}

// start returns the game at r's start position, before any move; strict
// requires the start FEN in the form FEN writes. The error is a message
// and a cause for the caller's *DataError.
func (r *record) start(strict bool) (*Game, string, error) {
	var opts []Option
	if r.autoDraw {
		opts = append(opts, AutoDraw())
	}
	if r.chess960 {
		opts = append(opts, Chess960())
	}
	if r.startFEN == "" {
		g, err := NewVariant(r.variant, opts...)
		if err != nil {
			return nil, "variant", err
		}
		return g, "", nil
	}
	p, err := core.ParseVariantFEN(r.variant, r.startFEN)
	if err != nil {
		return nil, "start position", err
	}
	if strict && p.FEN() != r.startFEN {
		// Written by FEN, so it reads back to itself; anything else was
		// not written by this package.
		return nil, "start position is not in the form FEN writes", nil
	}
	return newGame(p, opts), "", nil
}

// replayable reports whether the game may go on to another move while it
// is replayed, by every rule but checkmate and stalemate: the next move's
// legality check finds those. The repetition count is skipped while the
// clock is too short for a repetition that ends the game (fivefold needs
// 16 plies, threefold 8), which keeps a restore at a few dozen
// nanoseconds a move.
func (g *Game) replayable() bool {
	need := 16
	if g.autoDraw {
		need = 8
	}
	g.reps = 1
	if g.pos.HalfmoveClock() >= need {
		g.reps = uint8(min(g.countRepetitions(), 255))
	}
	return g.ruleStatusWith(true) == Ongoing
}

// finish checks r's outcome and tags against g, the replayed game, and
// sets them. It returns what is wrong, or "".
func (r *record) finish(g *Game) string {
	g.update()
	if !r.decided {
		if r.status != g.status || r.result != g.result || r.reason != "" {
			return "the outcome is not the one the rules give"
		}
	} else {
		if g.status != Ongoing {
			return "an outcome set by hand on a game the rules had ended"
		}
		switch r.status {
		case DrawByAgreement:
			if r.result != Drawn {
				return "a draw by agreement must be drawn"
			}
		case Resignation, Adjudication:
			if r.result != WhiteWon && r.result != BlackWon {
				return "a resignation or adjudication needs a winner"
			}
			if r.status == Resignation && r.reason != winnerOf(r.result).Other().String()+" resigns" {
				return "a resignation's reason must name the side that resigned"
			}
		case ThreefoldRepetition, FiftyMoveRule:
			if g.ClaimableDraw() != r.status && !(r.status == FiftyMoveRule && g.pos.HalfmoveClock() >= 100) {
				return "a claimed draw the rules do not allow"
			}
			if r.result != Drawn || r.reason != "" {
				return "a claimed draw must be drawn, without a reason"
			}
		default:
			return "unknown outcome set by hand"
		}
		g.decide(r.status, r.result, r.reason)
	}
	for _, t := range r.tags {
		if err := checkTag(t.Name, t.Value); err != nil || t.Value == "" {
			return "invalid tag " + t.Name
		}
		if _, dup := g.Tag(t.Name); dup {
			return "tag " + t.Name + " twice"
		}
		g.tags = append(g.tags, t)
	}
	return ""
}

// winnerOf returns the winning colour of a won result.
func winnerOf(r Result) core.Color {
	if r == BlackWon {
		return core.Black
	}
	return core.White
}
