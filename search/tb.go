package search

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/syzygy"
)

// Syzygy tablebases, as Stockfish uses them (options SyzygyPath,
// SyzygyProbeDepth, SyzygyProbeLimit, Syzygy50MoveRule):
//
//   - At the root, when the position is in the tables, every move is
//     ranked by syzygy.Tablebase.ProbeRoot (WDL, then DTZ with the
//     halfmove clock and the line's repetitions) and only the moves of the
//     best rank are searched: a win is converted before the fifty-move
//     rule can draw it, a loss is dragged out as far as it goes. The
//     search below is then left to itself (the DTZ ranking decides what
//     matters) and reports the tables' score for the position. Without
//     DTZ files the moves are ranked by WDL alone, and a winning search
//     keeps probing below.
//   - In the search, a node reached by a capture or a pawn move (halfmove
//     clock 0), without castling rights, with at most SyzygyProbeLimit
//     pieces (and fewer than that, or at least SyzygyProbeDepth plies to
//     go) takes its WDL value from the tables: a proven win or loss scores
//     tbWin less the ply (a bound), a draw 0 (a cursed win or blessed loss
//     ±2 when the fifty-move rule counts), stored in the transposition
//     table. Each probe that answers is a "tbhit".
//
// A probe that fails (a table missing, a file that does not read) is
// ignored: the search goes on as without tables.

// Tablebase scores: a proven win scores tbWin-ply, above every
// evaluation and below every mate; scores beyond tbWinBound are wins
// the tables (or a mate) proved.
const (
	tbWin      = mateBound - 1
	tbWinBound = tbWin - maxPly
)

// Defaults of the Syzygy options.
const (
	// DefaultSyzygyProbeDepth is the least depth left at which the search
	// probes positions of exactly SyzygyProbeLimit pieces (fewer pieces
	// are probed at any depth).
	DefaultSyzygyProbeDepth = 1
	// DefaultSyzygyProbeLimit is the most pieces a probed position has
	// (the tables' own limit applies too).
	DefaultSyzygyProbeLimit = 7
)

// setSyzygyPath opens the tables in path (directories separated as in
// PATH: ':' on Unix, ';' on Windows, as Stockfish's SyzygyPath); "" or
// "<empty>" means none. The tables open before are closed, also when the
// new path fails: the engine then probes no table.
func (e *Engine) setSyzygyPath(path string) error {
	path = strings.TrimSpace(path)
	if e.tb != nil {
		err := e.tb.Close()
		e.tb, e.syzygyPath = nil, ""
		if err != nil {
			return fmt.Errorf("search: SyzygyPath: closing the tables open before: %w", err)
		}
	}
	if path == "" || path == "<empty>" {
		return nil
	}
	var dirs []string
	for _, d := range filepath.SplitList(path) {
		if d = strings.TrimSpace(d); d != "" {
			dirs = append(dirs, d)
		}
	}
	tb, err := syzygy.Open(dirs...)
	if err != nil {
		return fmt.Errorf("search: SyzygyPath %q: %w", path, err)
	}
	if tb.MaxPieces() == 0 {
		_ = tb.Close()
		return fmt.Errorf("search: SyzygyPath %q: no Syzygy WDL table (.rtbw) found", path)
	}
	e.tb, e.syzygyPath = tb, path
	return nil
}

// Tablebase returns the Syzygy tables SyzygyPath opened, nil when none.
// They belong to the engine: it closes them when the option changes and
// in Close.
func (e *Engine) Tablebase() *syzygy.Tablebase { return e.tb }

// tbSetup readies the worker's probing for a search: the piece limit is
// that of SyzygyProbeLimit and of the tables, 0 (no probe) without tables.
func (e *Engine) tbSetup() {
	w := e.w
	w.tb, w.tbCard, w.tbHits = e.tb, 0, 0
	w.tbDepth, w.tbRule50 = e.probeDepth, e.rule50
	if e.tb != nil {
		w.tbCard = min(e.probeLimit, e.tb.MaxPieces())
	}
}

// rankRoot ranks the root moves by the tables when pos is in them, keeps
// only those of the best rank, and turns the search's own probing off
// (the ranking holds what DTZ knows). It reports whether it did, and the
// score the tables give pos. Without the DTZ tables the moves are ranked
// by WDL alone (Stockfish's root_probe_wdl), and the search keeps probing
// when it wins, to find its way to the next zeroing move. When the
// tables cannot rank pos (more pieces, castling rights, a WDL table
// missing) nothing changes and the search probes as usual.
func (e *Engine) rankRoot(pos *core.Position, hist *core.History, rms []rootMove) ([]rootMove, int, bool) {
	w := e.w
	if w.tbCard == 0 || pos.Occupied().Count() > w.tbCard || pos.Castling() != 0 || !e.tb.HasTable(pos) {
		return rms, 0, false
	}
	ranked, err := e.tb.ProbeRoot(pos, hist)
	dtz := err == nil
	if !dtz {
		ranked, err = rankByWDL(e.tb, pos)
	}
	if err != nil || len(ranked) == 0 {
		return rms, 0, false
	}
	w.tbHits += int64(len(ranked))
	rank := func(m core.Move) (int, bool) {
		for _, r := range ranked {
			if r.Move == m {
				return r.Rank, true
			}
		}
		return 0, false
	}
	best := -1 << 30
	for _, rm := range rms {
		if r, ok := rank(rm.move); ok && r > best {
			best = r
		}
	}
	kept := rms[:0]
	for _, rm := range rms {
		if r, ok := rank(rm.move); ok && r == best {
			kept = append(kept, rm)
		}
	}
	if dtz {
		w.tbCard = 0
		return kept, rankScore(best, e.rule50), true
	}
	if best <= 0 {
		w.tbCard = 0
	}
	return kept, wdlRankScore(best, e.rule50), true
}

// WDL ranks of a root move by the value it leaves the opponent, on
// ProbeRoot's scale (Stockfish's WDL_to_rank).
var wdlRank = [5]int{-1000, -899, 0, 899, 1000}

// rankByWDL ranks the legal moves of pos by the WDL value they lead to,
// for tables without their DTZ files.
func rankByWDL(tb *syzygy.Tablebase, pos *core.Position) ([]syzygy.RootMove, error) {
	p := *pos
	var ml core.MoveList
	p.LegalMoves(&ml)
	moves := make([]syzygy.RootMove, 0, ml.Len())
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		wdl, err := tb.ProbeWDL(&p)
		p.UnmakeMove(m, u)
		if err != nil {
			return nil, err
		}
		moves = append(moves, syzygy.RootMove{Move: m, Rank: wdlRank[2-int(wdl)]})
	}
	return moves, nil
}

// wdlRankScore is the score of a root ranked by WDL alone (Stockfish's
// WDL_to_value): ±tbWin for a win or loss, ±2 for a cursed win or a
// blessed loss, which count as a win and a loss without the fifty-move
// rule.
func wdlRankScore(rank int, rule50 bool) int {
	switch {
	case rank == 1000 || (rank > 0 && !rule50):
		return tbWin
	case rank > 0:
		return 2
	case rank == 0:
		return 0
	case rank == -1000 || !rule50:
		return -tbWin
	}
	return -2
}

// rankScore is the score shown for a root of the given rank (Stockfish's
// tbScore): a sure win or loss scores ±tbWin; with the fifty-move rule a
// cursed win scores a few centipawns, more the nearer it is to a real win,
// a blessed loss as many below zero.
func rankScore(rank int, rule50 bool) int {
	bound := 1
	if rule50 {
		bound = 900 // ranks from 900 on are wins under the rule
	}
	switch {
	case rank >= bound:
		return tbWin
	case rank > 0:
		return max(3, rank-800) / 2
	case rank == 0:
		return 0
	case rank > -bound:
		return min(-3, rank+800) / 2
	}
	return -tbWin
}

// probeTB asks the tables about the node at ply (Stockfish's probe in
// search): ok when they answered, with the score and its bound.
func (w *worker) probeTB(depth, ply int) (score, bound int, ok bool) {
	p := &w.pos
	if p.HalfmoveClock() != 0 || p.Castling() != 0 {
		return 0, 0, false
	}
	n := p.Occupied().Count()
	if n > w.tbCard || (n == w.tbCard && depth < w.tbDepth) || !w.tb.HasTable(p) {
		return 0, 0, false
	}
	wdl, err := w.tb.ProbeWDL(p)
	if err != nil {
		return 0, 0, false
	}
	w.tbHits++
	draw := boolInt(w.tbRule50) // with the rule, cursed wins and blessed losses are draws
	switch v := int(wdl); {
	case v < -draw:
		return -tbWin + ply, boundUpper, true
	case v > draw:
		return tbWin - ply, boundLower, true
	default:
		return 2 * v * draw, boundExact, true
	}
}
