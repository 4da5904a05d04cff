package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// WDL is a position's value from the side to move's point of view,
// counting the fifty-move rule: a cursed win is a win that the rule turns
// into a draw, a blessed loss a loss it saves.
type WDL int8

// The five WDL values, ordered from the side to move's worst to best.
const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

// String names the value as Fathom prints it: Loss, BlessedLoss, Draw,
// CursedWin, Win.
func (w WDL) String() string {
	switch w {
	case Loss:
		return "Loss"
	case BlessedLoss:
		return "BlessedLoss"
	case Draw:
		return "Draw"
	case CursedWin:
		return "CursedWin"
	case Win:
		return "Win"
	}
	return fmt.Sprintf("WDL(%d)", int8(w))
}

// Errors a probe returns, wrapped with what they concern; test them with
// errors.Is, and use errors.As with *TableError for the file.
var (
	// ErrCastling: Syzygy tables hold no position with castling rights.
	ErrCastling = errors.New("syzygy: position has castling rights")
	// ErrTooManyPieces: the position has more pieces than any table.
	ErrTooManyPieces = errors.New("syzygy: more pieces than the tables hold")
	// ErrInvalidPosition: a pawn stands on the first or last rank.
	ErrInvalidPosition = errors.New("syzygy: pawn on the first or last rank")
	// ErrMissingTable: the table of a material is not among the files.
	ErrMissingTable = errors.New("syzygy: table not found")
	// ErrCorrupt: a table file is truncated or does not follow the format.
	ErrCorrupt = errors.New("syzygy: corrupt table file")
	// ErrClosed: the Tablebase was closed.
	ErrClosed = errors.New("syzygy: tablebase closed")
)

// TableError is a failure to read one table: it names the material (e.g.
// KQvKR) and the file, and wraps ErrMissingTable, ErrCorrupt or the
// operating system's error.
type TableError struct {
	Material string
	File     string
	Err      error
}

// Error returns "syzygy: KQvKR (path): what went wrong".
func (e *TableError) Error() string {
	return fmt.Sprintf("syzygy: %s (%s): %v", e.Material, e.File, e.Err)
}

// Unwrap returns the cause.
func (e *TableError) Unwrap() error { return e.Err }

// wdlToDTZ is the DTZ of a position whose best move zeroes the fifty-move
// counter, by WDL value (index wdl+2).
var wdlToDTZ = [5]int{-1, -101, 0, 101, 1}

// check refuses the positions no table holds.
func (tb *Tablebase) check(p *core.Position) error {
	// Too many pieces first: no table would hold the position even without
	// its castling rights (the start position is not refused for castling).
	if n := p.Occupied().Count(); n > tb.maxPieces {
		return fmt.Errorf("%w: %d pieces, the largest table has %d", ErrTooManyPieces, n, tb.maxPieces)
	}
	if p.Castling() != 0 {
		return ErrCastling
	}
	if p.ByType(core.Pawn)&(core.Rank1|core.Rank8) != 0 {
		return ErrInvalidPosition
	}
	return nil
}

// ProbeWDL returns the WDL value of the position with the fifty-move
// counter at zero (the halfmove clock is not read): the value the tables
// store, after the captures and en-passant captures have been looked at,
// as Stockfish's and Fathom's probe_wdl. A position with castling rights
// or more pieces than the tables hold is refused (ErrCastling,
// ErrTooManyPieces); a missing or bad table gives a *TableError.
// ProbeWDL allocates nothing once the tables it reads are loaded, and any
// number of goroutines may probe at once.
func (tb *Tablebase) ProbeWDL(pos *core.Position) (WDL, error) {
	if err := tb.check(pos); err != nil {
		return 0, err
	}
	p := *pos
	v, _, err := tb.probeWDL(&p)
	return WDL(v), err
}

// ProbeDTZ returns the distance to zeroing in plies, signed from the side
// to move's point of view, as Fathom's and Stockfish's probe_dtz: positive
// when the side to move wins, negative when it loses, 0 for a draw. Beyond
// 100 in absolute value the result is cursed (a win the fifty-move rule
// draws) or blessed; the halfmove clock itself is not read, so a win
// counted n is a sure win only while n plus the halfmove clock stays
// under 100. The value can be one ply too large, as the tables allow (see
// Fathom); a checkmated side to move gets -1. Errors are those of
// ProbeWDL, and so are the allocation and concurrency guarantees.
func (tb *Tablebase) ProbeDTZ(pos *core.Position) (int, error) {
	if err := tb.check(pos); err != nil {
		return 0, err
	}
	p := *pos
	return tb.probeDTZ(&p)
}

// probeTable reads the value of p in its table of a kind. For DTZ, wdl is
// the position's WDL value and other is set when the table holds the
// other side to move only.
func (tb *Tablebase) probeTable(p *core.Position, kind int, wdl int) (v int, other bool, err error) {
	key := positionKey(p)
	if key == 0 && kind == kindWDL {
		return 0, false, nil // KvK
	}
	t := tb.tables[key]
	if t == nil {
		return 0, false, tb.missing(p, kind)
	}
	f, err := t.file(tb, kind)
	if err != nil {
		return 0, false, err
	}
	var flip, bside bool
	if !t.symmetric {
		flip = key != t.key
		bside = (p.SideToMove() == core.White) == flip
	} else {
		flip = p.SideToMove() != core.White
	}
	var sq [maxPieces]int
	var ei *encInfo
	var flags uint8
	file := 0
	if !t.hasPawns {
		if kind == kindDTZ {
			flags = f.dtzFlags[0]
			if (flags&dtzSideBlack != 0) != bside && !t.symmetric {
				return 0, true, nil
			}
			ei = &f.ei[0]
		} else {
			ei = &f.ei[4*b2i(bside)]
		}
		fill(p, ei, flip, 0, &sq, 0, t.num)
	} else {
		mirror := 0
		if flip {
			mirror = 0x38
		}
		first := &f.ei[0]
		n := fillGroup(p, first, flip, mirror, &sq, 0)
		// The leading pawn is the one first in flap order.
		for i := 1; i < n; i++ {
			if flap[sq[0]] > flap[sq[i]] {
				sq[0], sq[i] = sq[i], sq[0]
			}
		}
		file = fileToFile[sq[0]&7]
		if kind == kindDTZ {
			flags = f.dtzFlags[file]
			if (flags&dtzSideBlack != 0) != bside && !t.symmetric {
				return 0, true, nil
			}
			ei = &f.ei[file]
		} else {
			ei = &f.ei[file+4*b2i(bside)]
		}
		fill(p, ei, flip, mirror, &sq, n, t.num)
	}
	if ei.pairs == nil {
		return 0, false, &TableError{Material: t.name, File: t.paths[kind], Err: fmt.Errorf("%w: no sub-table for this side to move", ErrCorrupt)}
	}
	w, err := ei.pairs.decompress(encode(&sq, ei, t))
	if err != nil {
		return 0, false, &TableError{Material: t.name, File: t.paths[kind], Err: fmt.Errorf("%w: %w", ErrCorrupt, err)}
	}
	if kind == kindWDL {
		if w[0] > 4 {
			return 0, false, &TableError{Material: t.name, File: t.paths[kind], Err: fmt.Errorf("%w: WDL value %d", ErrCorrupt, int(w[0])-2)}
		}
		return int(w[0]) - 2, false, nil
	}
	v = int(w[0]) | int(w[1]&0x0f)<<8
	if flags&dtzMapped != 0 {
		m := [5]int{1, 3, 0, 2, 0}[wdl+2]
		start := f.dtzMap[file][m]
		if flags&dtzWide == 0 {
			if start+v >= len(f.data) {
				return 0, false, &TableError{Material: t.name, File: t.paths[kind], Err: fmt.Errorf("%w: DTZ map overrun", ErrCorrupt)}
			}
			v = int(f.data[start+v])
		} else {
			if start+2*v+2 > len(f.data) {
				return 0, false, &TableError{Material: t.name, File: t.paths[kind], Err: fmt.Errorf("%w: DTZ map overrun", ErrCorrupt)}
			}
			v = int(binary.LittleEndian.Uint16(f.data[start+2*v:]))
		}
	}
	plies := [5]uint8{dtzLossPlies, 0, 0, 0, dtzWinPlies}[wdl+2]
	if flags&plies == 0 || wdl&1 != 0 {
		v *= 2
	}
	return v, false, nil
}

// fillGroup writes into sq, from index i, the squares of the pieces of
// the kind ei names at i (all of that kind stand together), colours
// swapped when flip is set and every square XORed with mirror; it returns
// the index after them.
func fillGroup(p *core.Position, ei *encInfo, flip bool, mirror int, sq *[maxPieces]int, i int) int {
	pc := ei.pieces[i]
	c := core.Color(pc >> 3 & 1)
	if flip {
		c ^= 1
	}
	for bb := p.Pieces(c, core.PieceType(pc&7)); bb != 0 && i < maxPieces; {
		sq[i] = int(bb.PopFirst()) ^ mirror
		i++
	}
	return i
}

// fill fills the groups of ei from index i until n pieces are placed.
func fill(p *core.Position, ei *encInfo, flip bool, mirror int, sq *[maxPieces]int, i, n int) {
	for i < n {
		j := fillGroup(p, ei, flip, mirror, sq, i)
		if j == i {
			return // the header disagrees with the material
		}
		i = j
	}
}

// missing builds the error for a material that has no table.
func (tb *Tablebase) missing(p *core.Position, kind int) error {
	name := materialName(p)
	return &TableError{Material: name, File: name + suffixes[kind], Err: ErrMissingTable}
}

// materialName names a position's material as a table file does, White's
// pieces first: KQvKR.
func materialName(p *core.Position) string {
	var b strings.Builder
	for c := core.White; c <= core.Black; c++ {
		if c == core.Black {
			b.WriteByte('v')
		}
		for t := core.King; t >= core.Pawn; t-- {
			for n := p.Pieces(c, t).Count(); n > 0; n-- {
				b.WriteByte(pieceLetters[t])
			}
		}
	}
	return b.String()
}

// probeAB is the WDL value of p (without en passant) by alpha-beta over
// its captures, the tables giving the value when no capture is better.
func (tb *Tablebase) probeAB(p *core.Position, alpha, beta int) (int, error) {
	var ml core.MoveList
	p.CaptureMoves(&ml)
	for _, m := range ml.Moves() {
		if !m.IsCapture() {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeAB(p, -beta, -alpha)
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, err
		}
		v = -v
		if v > alpha {
			if v >= beta {
				return v, nil
			}
			alpha = v
		}
	}
	v, _, err := tb.probeTable(p, kindWDL, 0)
	if err != nil {
		return 0, err
	}
	return max(alpha, v), nil
}

// probeWDL returns the WDL value of p and a state: 2 when the value comes
// from a capture (or an en-passant capture is the only best move), so
// that DTZ need not read a table, 1 otherwise.
func (tb *Tablebase) probeWDL(p *core.Position) (int, int, error) {
	var ml core.MoveList
	p.CaptureMoves(&ml)
	bestCap, bestEP := -3, -3
	for _, m := range ml.Moves() {
		if !m.IsCapture() {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeAB(p, -2, -bestCap)
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, 0, err
		}
		v = -v
		if v > bestCap {
			if v == 2 {
				return 2, 2, nil
			}
			if !m.IsEnPassant() {
				bestCap = v
			} else if v > bestEP {
				bestEP = v
			}
		}
	}
	v, _, err := tb.probeTable(p, kindWDL, 0)
	if err != nil {
		return 0, 0, err
	}
	// max(v, bestCap) is the value without en passant; with it, bestEP
	// counts too, and alone when the position without en passant would be
	// stalemate.
	if bestEP > bestCap {
		if bestEP > v {
			return bestEP, 2, nil
		}
		bestCap = bestEP
	}
	if bestCap >= v {
		return bestCap, 1 + b2i(bestCap > 0), nil
	}
	if bestEP > -3 && v == 0 && !p.InCheck() {
		// Stalemate but for the en-passant capture?
		p.LegalMoves(&ml)
		only := true
		for _, m := range ml.Moves() {
			if !m.IsEnPassant() {
				only = false
				break
			}
		}
		if only {
			return bestEP, 2, nil
		}
	}
	return v, 1, nil
}

// probeDTZ is Fathom's probe_dtz.
func (tb *Tablebase) probeDTZ(p *core.Position) (int, error) {
	wdl, state, err := tb.probeWDL(p)
	if err != nil {
		return 0, err
	}
	if wdl == 0 {
		return 0, nil
	}
	if state == 2 {
		return wdlToDTZ[wdl+2], nil
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	if wdl > 0 {
		// A winning pawn move zeroes at once.
		for _, m := range ml.Moves() {
			if m.Piece() != core.Pawn || m.IsCapture() {
				continue
			}
			u := p.MakeMove(m)
			v, _, err := tb.probeWDL(p)
			p.UnmakeMove(m, u)
			if err != nil {
				return 0, err
			}
			if -v == wdl {
				return wdlToDTZ[wdl+2], nil
			}
		}
	}
	dtz, other, err := tb.probeTable(p, kindDTZ, wdl)
	if err != nil {
		return 0, err
	}
	if !other {
		if wdl > 0 {
			return wdlToDTZ[wdl+2] + dtz, nil
		}
		return wdlToDTZ[wdl+2] - dtz, nil
	}
	// The table holds the other side to move: one ply of search.
	best := wdlToDTZ[wdl+2]
	if wdl > 0 {
		best = int(^uint(0) >> 1)
	}
	for _, m := range ml.Moves() {
		if m.IsCapture() || m.Piece() == core.Pawn {
			continue
		}
		u := p.MakeMove(m)
		v, err := tb.probeDTZ(p)
		if err == nil && v == -1 && p.IsCheckmate() {
			v = -1
			best = 1
			p.UnmakeMove(m, u)
			continue
		}
		p.UnmakeMove(m, u)
		if err != nil {
			return 0, err
		}
		v = -v
		if wdl > 0 {
			if v > 0 && v+1 < best {
				best = v + 1
			}
		} else if v-1 < best {
			best = v - 1
		}
	}
	return best, nil
}
