package core

// History is the line of play that led to a position, kept as repetition
// keys so that a search can tell a repetition without replaying moves.
// Push the position before each move and Pop after taking the move back;
// IsRepetition then asks about the position reached.
//
// It holds RepetitionKey, not Hash: the two differ in positions where a
// pawn could be taken en passant only in appearance (Hash follows
// Polyglot and hashes the en-passant file whenever an enemy pawn stands
// beside the pawn that advanced two squares; RepetitionKey only when the
// capture is legal, as the rules of repetition want). A search that
// compares Hash values misses those repetitions. Use Hash for
// transposition tables and opening books, RepetitionKey and History for
// repetitions.
//
// Only the last HalfmoveClock positions can repeat the current one (a
// capture or a pawn move cannot be undone), and no position before a null
// move counts: PushNull marks one. The zero value is an empty history;
// Push allocates only when the history outgrows its capacity, so a search
// that reserves room (Grow) or reuses one allocates nothing.
type History struct {
	entries []historyEntry
}

// historyEntry is one position of the line and how it was left.
type historyEntry struct {
	key  uint64
	null bool // the move made from this position was a null move
}

// Push records p, the position a move is about to be made from.
func (h *History) Push(p *Position) {
	h.entries = append(h.entries, historyEntry{key: p.RepetitionKey()})
}

// PushNull records p before a null move (MakeNullMove): no position
// before it can be repeated by the positions after it.
func (h *History) PushNull(p *Position) {
	h.entries = append(h.entries, historyEntry{key: p.RepetitionKey(), null: true})
}

// Pop forgets the last position pushed; it does nothing on an empty
// history.
func (h *History) Pop() {
	if len(h.entries) > 0 {
		h.entries = h.entries[:len(h.entries)-1]
	}
}

// Len returns the number of positions recorded.
func (h *History) Len() int { return len(h.entries) }

// Grow makes room for n more positions, so that the next n pushes do not
// allocate.
func (h *History) Grow(n int) {
	if n > cap(h.entries)-len(h.entries) {
		e := make([]historyEntry, len(h.entries), len(h.entries)+n)
		copy(e, h.entries)
		h.entries = e
	}
}

// Clone returns a copy that shares nothing with h, with room for n more
// positions: what each search thread starts from.
func (h *History) Clone(n int) History {
	c := History{entries: make([]historyEntry, len(h.entries), len(h.entries)+n)}
	copy(c.entries, h.entries)
	return c
}

// IsRepetition reports whether p, the position reached after the last
// push, occurred before in the history: within its halfmove clock and
// after the last null move. One earlier occurrence is enough, which is
// how a search scores a repetition (as a draw) long before the threefold
// rule: the side that could avoid it once can avoid it again.
func (h *History) IsRepetition(p *Position) bool {
	return h.repetitions(p, true) > 0
}

// Repetitions returns how many times p occurred before in the history,
// with the same bounds as IsRepetition: 2 means p stands for the third
// time (threefold repetition), 4 the fifth (fivefold).
func (h *History) Repetitions(p *Position) int {
	return h.repetitions(p, false)
}

// HasRepeated reports whether any position of the line since the last
// capture or pawn move (and after the last null move), p included, stands
// in it twice: not only p, as IsRepetition asks, but any position between.
// It is Stockfish's Position::has_repeated, which its tablebase root
// probing reads: a line that has gone round once may go round again, so
// a win must be pressed. It compares every pair of the at most
// HalfmoveClock positions, and allocates nothing.
func (h *History) HasRepeated(p *Position) bool {
	e := h.entries
	n := min(p.halfmove(), len(e)) // positions 1..n back may repeat
	for i := 1; i <= n; i++ {
		if e[len(e)-i].null {
			n = i - 1
			break
		}
	}
	key := p.RepetitionKey()
	for i := 0; i+4 <= n; i++ {
		if i > 0 {
			key = e[len(e)-i].key
		}
		// The same side to move stands an even number of plies back, and
		// a position can come back no sooner than four plies later.
		for j := i + 4; j <= n; j += 2 {
			if e[len(e)-j].key == key {
				return true
			}
		}
	}
	return false
}

// repetitions counts the earlier occurrences of p, stopping at the first
// one when first is set.
func (h *History) repetitions(p *Position, first bool) int {
	key := p.RepetitionKey()
	e := h.entries
	n := 0
	// Positions with the same side to move stand an even number of plies
	// back; the entries between are read for null moves.
	for i := 1; i <= p.halfmove() && i <= len(e); i++ {
		en := &e[len(e)-i]
		if en.null {
			break
		}
		if i&1 == 0 && en.key == key {
			n++
			if first {
				break
			}
		}
	}
	return n
}
