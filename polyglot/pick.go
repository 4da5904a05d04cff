package polyglot

import (
	"errors"
	"math/rand/v2"

	"github.com/gambit-chess/gambit/core"
)

// Choice is how Pick chooses among a position's book moves.
type Choice uint8

const (
	// Best picks the entry of highest weight; of equal weights, the first
	// in the book.
	Best Choice = iota
	// Weighted picks an entry at random with probability proportional to
	// its weight; an entry of weight 0 is never picked.
	Weighted
	// Uniform picks an entry at random, every entry alike.
	Uniform
)

// PickOptions say how Pick chooses.
type PickOptions struct {
	Choice Choice
	// MaxPly, when positive, is the ply from which the book is no longer
	// used: a position at ply MaxPly or later gets no move. A position's
	// ply is counted from its move number and side to move (2 for the
	// start position after 1. e4 e5), so that a game from a FEN counts
	// its plies from move 1 too.
	MaxPly int
	// Rand is the random source of Weighted and Uniform: the same seed
	// gives the same picks.
	Rand *rand.Rand
}

// ErrNoRand is returned by Pick when a random choice has no Rand.
var ErrNoRand = errors.New("polyglot: a random choice needs PickOptions.Rand")

// Ply returns the ply of pos: 0 for White's first move, counted from the
// move number.
func Ply(pos *core.Position) int {
	ply := 2*(pos.FullmoveNumber()-1) + int(pos.SideToMove())
	return max(ply, 0)
}

// Pick chooses a book move for pos. ok is false when the book has no
// (legal) entry for pos, when pos is beyond opt.MaxPly, or when a
// Weighted choice finds only entries of weight 0. It allocates nothing
// for positions of up to core.MaxMoves entries.
func (b *Book) Pick(pos *core.Position, opt PickOptions) (e Entry, ok bool, err error) {
	if opt.Choice != Best && opt.Rand == nil {
		return Entry{}, false, ErrNoRand
	}
	if opt.MaxPly > 0 && Ply(pos) >= opt.MaxPly {
		return Entry{}, false, nil
	}
	var buf [core.MaxMoves]Entry
	es, err := b.Entries(pos, buf[:0])
	if err != nil || len(es) == 0 {
		return Entry{}, false, err
	}
	switch opt.Choice {
	case Best:
		best := 0
		for i, x := range es {
			if x.Weight > es[best].Weight {
				best = i
			}
		}
		return es[best], true, nil
	case Weighted:
		total := 0
		for _, x := range es {
			total += int(x.Weight)
		}
		if total == 0 {
			return Entry{}, false, nil
		}
		r := opt.Rand.IntN(total)
		for _, x := range es {
			if r < int(x.Weight) {
				return x, true, nil
			}
			r -= int(x.Weight)
		}
		return Entry{}, false, nil // not reached
	case Uniform:
		return es[opt.Rand.IntN(len(es))], true, nil
	}
	return Entry{}, false, errors.New("polyglot: unknown Choice")
}
