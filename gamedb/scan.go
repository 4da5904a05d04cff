package gamedb

import (
	"fmt"
	"iter"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Pattern is what a scan looks for in the positions of the games: every
// part given must hold in one position. Unlike a position, which is
// looked up, a pattern is checked in every position of every game that
// may have it.
type Pattern struct {
	// Material, when not zero, is the material the position holds,
	// kings aside (ParseMaterial reads "KRPvKR"); with EitherColour, or
	// the colours swapped.
	Material     Material
	EitherColour bool
	// Pieces, when not nil, are pieces that stand on their squares, the
	// rest of the board unspecified (ParsePieces reads them).
	Pieces *Pieces
	// SideToMove, when not nil, is the side to move.
	SideToMove *core.Color
}

// IsZero reports whether the pattern asks nothing: every position has it.
func (pt *Pattern) IsZero() bool {
	return pt.Material == 0 && pt.Pieces == nil && pt.SideToMove == nil
}

// Pieces are pieces on squares: for each colour and piece type, the
// squares they must stand on.
type Pieces [2][7]core.Bitboard

// ParsePieces reads pieces on squares as a FEN's first field writes a
// board, in which an empty square (a digit) leaves the square
// unspecified: "8/8/8/8/8/8/5PPP/6K1" asks for a king on g1 behind pawns
// on f2, g2 and h2, whatever else stands on the board (Scoutfish's
// sub-FEN). A full FEN may be given; its other fields are ignored.
func ParsePieces(s string) (*Pieces, error) {
	board, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return nil, fmt.Errorf("gamedb: pieces %q: want eight ranks separated by /", s)
	}
	var ps Pieces
	found := false
	for i, rank := range ranks {
		file := 0
		for _, r := range rank {
			if r >= '1' && r <= '8' {
				file += int(r - '0')
				continue
			}
			t := strings.IndexRune("pnbrqk", r|0x20)
			if t < 0 {
				return nil, fmt.Errorf("gamedb: pieces %q: %q is not a piece (PNBRQK, pnbrqk) or a count of squares", s, r)
			}
			if file > 7 {
				return nil, fmt.Errorf("gamedb: pieces %q: rank %d has more than 8 squares", s, 8-i)
			}
			c := core.White
			if r >= 'a' {
				c = core.Black
			}
			ps[c][core.Pawn+core.PieceType(t)] |= core.Square((7-i)*8 + file).Bitboard()
			file++
			found = true
		}
		if file != 8 {
			return nil, fmt.Errorf("gamedb: pieces %q: rank %d has %d squares, want 8", s, 8-i, file)
		}
	}
	if !found {
		return nil, fmt.Errorf("gamedb: pieces %q: no piece", s)
	}
	return &ps, nil
}

// match reports whether p's board holds the pieces.
func (ps *Pieces) match(p *core.Position) bool {
	for c := core.White; c <= core.Black; c++ {
		for t := core.Pawn; t <= core.King; t++ {
			if want := ps[c][t]; want != 0 && p.Pieces(c, t)&want != want {
				return false
			}
		}
	}
	return true
}

// matcher for a pattern.
func (pt *Pattern) match(p *core.Position) bool {
	if pt.SideToMove != nil && p.SideToMove() != *pt.SideToMove {
		return false
	}
	if pt.Material != 0 {
		m := MaterialOf(p)
		if m != pt.Material && !(pt.EitherColour && m == pt.Material.Flip()) {
			return false
		}
	}
	return pt.Pieces == nil || pt.Pieces.match(p)
}

// mayHave reports whether a game may have a position of the pattern,
// from its record alone: by the material it ended with, in the variants
// where material only falls by captures and rises only by promotions.
func (pt *Pattern) mayHave(g *gameRecord) bool {
	if pt.Material == 0 {
		return true
	}
	switch core.Variant(g.variant) {
	case core.Crazyhouse, core.Antichess:
		return true // drops put pieces back; Antichess promotes to kings
	}
	return mayReach(g.material, pt.Material) || pt.EitherColour && mayReach(g.material, pt.Material.Flip())
}

// Scan returns the games that pass f with a position of the pattern, in
// order, each with the ply of its first such position. Games whose
// material rules the pattern out are passed over unread.
func (db *DB) Scan(pt Pattern, f Filter) iter.Seq2[Hit, error] {
	return func(yield func(Hit, error) bool) {
		if pt.IsZero() {
			yield(Hit{}, fmt.Errorf("gamedb: Scan: an empty pattern (every position has it)"))
			return
		}
		var rec gameRecord
		var c cursor
		for _, s := range db.segs {
			m, err := f.compile(s)
			if err != nil {
				yield(Hit{}, err)
				return
			}
			for i := range s.h.games {
				if err := s.game(i, &rec); err != nil {
					yield(Hit{}, err)
					return
				}
				if !m.match(&rec) || !pt.mayHave(&rec) {
					continue
				}
				ply, err := pt.first(&c, s, i, &rec)
				if err == nil && ply < 0 {
					continue
				}
				var g Game
				if err == nil {
					g, err = s.gameOf(i, &rec)
				}
				if err != nil {
					yield(Hit{}, err)
					return
				}
				if !yield(Hit{g, ply}, nil) {
					return
				}
			}
		}
	}
}

// first returns the ply of the first position of game i that has the
// pattern, -1 if none has.
func (pt *Pattern) first(c *cursor, s *segment, i uint64, rec *gameRecord) (int, error) {
	if err := c.start(s, i, rec); err != nil {
		return 0, err
	}
	for {
		if pt.match(&c.p) {
			return c.ply, nil
		}
		m, end, err := c.next()
		if err != nil || end {
			return -1, err
		}
		c.play(m)
	}
}
