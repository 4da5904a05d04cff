package syzygy

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// RootMove is a legal move of a probed root position with what the tables
// say of it, from the root side to move's point of view.
type RootMove struct {
	Move core.Move
	// DTZ counts plies to the next capture or pawn move from the root,
	// through this move: positive when the move wins, negative when it
	// loses, 0 when it draws; 1 for a mating move. Beyond 100 in absolute
	// value the fifty-move rule is in the way, as for ProbeDTZ.
	DTZ int
	// Rank orders the moves as Stockfish's root_probe and Fathom's
	// tb_probe_root_dtz do, the halfmove clock counted: 1000 for a win
	// that is sure under the fifty-move rule, 1000-(DTZ+clock) for a win
	// that reaches the limit, 0 for a draw, -1000 for a loss that comes
	// before the limit, and -1000+(-DTZ+clock) for one the limit may save.
	Rank int
}

// ProbeRoot ranks every legal move of pos by the tables, in the order
// of the move generator. The halfmove clock is read; hist, when given, is
// the line that led to pos (as a search keeps it, core.History), and when
// any position of that line since the last capture or pawn move, pos
// included, stands in it twice (core.History.HasRepeated, Stockfish's
// has_repeated in its root_probe), every win ranks below 1000, so that
// the engine presses the win instead of going round again. The errors are
// those of ProbeDTZ. Checkmate and stalemate give no moves and no error.
func (tb *Tablebase) ProbeRoot(pos *core.Position, hist *core.History) ([]RootMove, error) {
	if err := tb.check(pos); err != nil {
		return nil, err
	}
	p := *pos
	cnt50 := p.HalfmoveClock()
	repeated := hist != nil && hist.HasRepeated(&p)
	var ml core.MoveList
	p.LegalMoves(&ml)
	moves := make([]RootMove, 0, ml.Len())
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		var v int
		var err error
		if p.HalfmoveClock() == 0 {
			var w int
			w, _, err = tb.probeWDL(&p)
			v = wdlToDTZ[-w+2]
		} else {
			v, err = tb.probeDTZ(&p)
			v = -v
			switch {
			case v > 0:
				v++
			case v < 0:
				v--
			}
		}
		if err == nil && v == 2 && p.IsCheckmate() {
			v = 1
		}
		p.UnmakeMove(m, u)
		if err != nil {
			return nil, fmt.Errorf("syzygy: root move %s: %w", m.UCI(false), err)
		}
		r := 0
		switch {
		case v > 0:
			r = 1000
			if v+cnt50 > 99 || repeated {
				r = 1000 - (v + cnt50)
			}
		case v < 0:
			r = -1000
			if -v*2+cnt50 >= 100 {
				r = -1000 + (-v + cnt50)
			}
		}
		moves = append(moves, RootMove{Move: m, DTZ: v, Rank: r})
	}
	return moves, nil
}

// BestMove returns the move an engine holding the tables should play in
// pos: the best Rank, and among equals the quickest zeroing when winning,
// the slowest when losing (Fathom's tb_probe_root chooses the same way).
// ok is false, with no error, when pos has no legal move.
func (tb *Tablebase) BestMove(pos *core.Position, hist *core.History) (best RootMove, ok bool, err error) {
	moves, err := tb.ProbeRoot(pos, hist)
	if err != nil || len(moves) == 0 {
		return RootMove{}, false, err
	}
	best = moves[0]
	for _, m := range moves[1:] {
		switch {
		case m.Rank > best.Rank:
			best = m
		case m.Rank < best.Rank:
		case m.DTZ > 0 && m.DTZ < best.DTZ:
			best = m
		case m.DTZ < 0 && m.DTZ < best.DTZ:
			best = m
		}
	}
	return best, true, nil
}

// DTZToWDL is the WDL value of a position of a given DTZ (as ProbeDTZ
// returns it) when its halfmove clock is halfmove: a win or loss that
// comes after the hundredth ply is cursed or blessed (Fathom's
// dtz_to_wdl, which gives the WDL its command prints).
func DTZToWDL(dtz, halfmove int) WDL {
	switch {
	case dtz > 0:
		if dtz+halfmove <= 100 {
			return Win
		}
		return CursedWin
	case dtz < 0:
		if -dtz+halfmove <= 100 {
			return Loss
		}
		return BlessedLoss
	}
	return Draw
}
