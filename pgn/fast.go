package pgn

import (
	"github.com/gambit-chess/gambit/core"
)

// fastTokens reads the moves, move numbers and one-line comments at r
// that the fast path reads, each after a space or a line break, and stops
// before any other token, leaving it to the general path. It keeps the
// read index in a local, and stores it once it stops.
func (r *Reader) fastTokens(v Visitor) {
	s := &r.s
	buf, i := s.buf[:s.w], s.r
	// NextMainline's visitor, called without an interface: it keeps the
	// moves and drops the comments.
	ml, _ := v.(*mainlineVisitor)
	comments := ml == nil
	for {
		if i < len(buf) {
			switch buf[i] {
			case ' ':
				i++
			case '\n':
				i++
				s.newline(i)
			}
		}
		if len(buf)-i < window {
			break
		}
		w := (*[window]byte)(buf[i:])
		if c := w[0]; moveStart[c] {
			// A move, if scanMove reads it and it names one legal move;
			// else the general path reads it.
			g, end := scanMove(w, &r.sm)
			if end == 0 {
				break
			}
			// lookup's work, without its call for a piece or a pawn.
			var m core.Move
			if sm := &r.sm; sm.piece > core.Pawn && sm.promo == core.NoPieceType {
				var n int
				if m, n = r.pos.LegalMoveTo(sm.piece, sm.fromSquares(), sm.to); n != 1 {
					break
				}
			} else if sm.piece == core.Pawn && sm.fromRank < 0 {
				if m = r.pos.LegalPawnMoveTo(sm.pawnFile(), sm.to, sm.promo); m == core.NoMove {
					break
				}
			} else if mv, ok := lookup(&r.pos, sm); ok {
				m = mv // castling
			} else {
				break
			}
			i += end
			if ml != nil {
				ml.g.Moves = append(ml.g.Moves, m)
			} else {
				v.Move(&r.pos, m)
			}
			r.undo = r.pos.MakeMove(m)
			r.last, r.lastKind = m, lastMove
			if g < end {
				if n := glyphNAG(w[g:end]); n != 0 {
					v.NAG(n)
				}
			}
		} else if c-'1' < 9 {
			n := scanNumber(w)
			if n == 0 {
				break
			}
			i += n
		} else if c == '{' {
			// A comment on one line, closed in the buffer, read as the
			// general path's comment reads it.
			k := oneLineComment(buf, i+1)
			if k < 0 {
				break
			}
			if comments {
				v.Comment(r.commentText(buf[i+1 : k]))
			}
			i = k + 1
		} else {
			break
		}
	}
	s.r = i
}
