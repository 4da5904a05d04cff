package variantoracle

import (
	"context"
	"fmt"
	"sort"
)

// DivideFunc is one side of a comparison of divides: an oracle's Divide
// for a variant, or the code under test.
type DivideFunc func(ctx context.Context, fen string, depth int) (Divide, error)

// Difference is where two sides' perft counts part: the position after
// Moves, at which their lists of legal moves differ.
type Difference struct {
	// Moves lead from the position compared to FEN.
	Moves []string
	// FEN is chessops's FEN of the position where the moves differ.
	FEN string
	// A and B are the two sides' divides of FEN at depth 1: their legal
	// moves there.
	A, B Divide
}

// String writes the line, the position and both sides' moves.
func (d *Difference) String() string {
	return fmt.Sprintf("after %v: %s\n%s", d.Moves, d.FEN, Compare("a", d.A, "b", d.B))
}

// FindDifference looks for where a and b disagree below fen in variant at
// depth: it follows a move whose counts differ, one depth less each time,
// until a position where the two lists of legal moves differ, and returns
// it; nil when the two divides of fen agree. ops plays the moves.
func FindDifference(ctx context.Context, ops *ChessOps, variant, fen string, depth int, a, b DivideFunc) (*Difference, error) {
	var moves []string
	for d := depth; d >= 1; d-- {
		da, err := a(ctx, fen, d)
		if err != nil {
			return nil, err
		}
		db, err := b(ctx, fen, d)
		if err != nil {
			return nil, err
		}
		if Compare("a", da, "b", db) == "" {
			if d == depth {
				return nil, nil
			}
			return nil, fmt.Errorf("variantoracle: the sides' counts differ after %v but not at %s depth %d", moves[:len(moves)-1], fen, d)
		}
		move := differingMove(da, db)
		if d == 1 || move == "" {
			if d > 1 {
				if da, err = a(ctx, fen, 1); err != nil {
					return nil, err
				}
				if db, err = b(ctx, fen, 1); err != nil {
					return nil, err
				}
			}
			return &Difference{Moves: moves, FEN: fen, A: da, B: db}, nil
		}
		moves = append(moves, move)
		if fen, err = ops.Play(ctx, variant, fen, move); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("variantoracle: FindDifference: depth %d is below 1", depth)
}

// differingMove returns the first move (in sorted order) both divides
// have with different counts, or "" when they differ only in which moves
// they have.
func differingMove(a, b Divide) string {
	moves := make([]string, 0, len(a))
	for m, n := range a {
		if nb, ok := b[m]; ok && nb != n {
			moves = append(moves, m)
		}
	}
	for m := range b {
		if _, ok := a[m]; !ok {
			return ""
		}
	}
	for m := range a {
		if _, ok := b[m]; !ok {
			return ""
		}
	}
	if len(moves) == 0 {
		return ""
	}
	sort.Strings(moves)
	return moves[0]
}
