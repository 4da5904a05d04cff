package uci

import (
	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/quote"
)

// BestMove is how a search ends: the engine's move and the reply it expects,
// both checked for legality (Ponder in the position after Move).
type BestMove struct {
	Move      core.Move // NoMove when the position has no legal move
	Ponder    core.Move // NoMove when the engine suggested none
	UCI       string    // Move in UCI notation, as the engine reads it back; "(none)" for NoMove
	PonderUCI string    // Ponder in UCI notation; "" for none
}

// ParseBestMove reads a "bestmove <move> [ponder <move>]" line answering a
// search of pos. "(none)" and "0000" read as NoMove, which is accepted only
// when pos has no legal move. A ponder move after a best move that ends
// the game is left out. It returns a *ParseError whose Err is
// ErrSyntax or a *core.MoveError.
func ParseBestMove(line string, pos core.Position) (BestMove, error) {
	fail := func(msg string, err error) (BestMove, error) {
		return BestMove{}, parseError("bestmove", line, msg, err)
	}
	t := tokens{line: line}
	if w, _ := t.next(); w != "bestmove" {
		return fail(`does not start with "bestmove"`, ErrSyntax)
	}
	mv, ok := t.next()
	if !ok {
		return fail("no move", ErrSyntax)
	}
	var bm BestMove
	if mv == "(none)" || mv == "0000" {
		if pos.HasLegalMoves() {
			return fail("no move in a position with legal moves", core.ErrIllegalMove)
		}
		bm.UCI = "(none)"
	} else {
		m, err := pos.ParseUCI(mv)
		if err != nil {
			return fail("", err)
		}
		bm.Move, bm.UCI = m, pos.UCI(m)
	}
	switch w, ok := t.next(); {
	case !ok:
		return bm, nil
	case w != "ponder":
		return fail("unexpected "+quote.Short(w), ErrSyntax)
	}
	pm, ok := t.next()
	if !ok {
		return fail("no ponder move", ErrSyntax)
	}
	if _, extra := t.next(); extra {
		return fail("text after the ponder move", ErrSyntax)
	}
	// Engines print "ponder (none)" or nothing when they have no reply;
	// a ponder move after no best move makes no sense.
	if pm == "(none)" || pm == "0000" {
		return bm, nil
	}
	if bm.Move == core.NoMove {
		return fail("ponder move without a best move", ErrSyntax)
	}
	after := pos
	after.MakeMove(bm.Move)
	if !after.HasLegalMoves() {
		// The best move ends the game: there is no reply to ponder on,
		// whatever the engine names (Fairy-Stockfish names one after a
		// king reaches the eighth rank in Racing Kings, where lichess's
		// rules end the game at once when the other king cannot follow).
		return bm, nil
	}
	p, err := after.ParseUCI(pm)
	if err != nil {
		return fail("ponder", err)
	}
	bm.Ponder, bm.PonderUCI = p, after.UCI(p)
	return bm, nil
}

// String returns the bestmove line.
func (b BestMove) String() string {
	s := "bestmove " + b.UCI
	if b.UCI == "" {
		s = "bestmove (none)"
	}
	if b.PonderUCI != "" {
		s += " ponder " + b.PonderUCI
	}
	return s
}
