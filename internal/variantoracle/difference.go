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

// KnownDifference names the one place lichess's rules (chessops's, and
// side a of d) and Fairy-Stockfish 11.1's (side b) are known to part, or
// returns "" when d is not it: in Racing Kings, lichess ends the game as
// soon as a king stands on the eighth rank, unless it is White's and
// Black can still reach the rank with the next move; Fairy-Stockfish 11.1
// gives the other side one more move in every case and ends the game
// only when the side to move has its king there. So where side a has no
// moves because chessops says the race is over, Fairy-Stockfish has some.
// ops tells whether the race is over at d.FEN.
func KnownDifference(ctx context.Context, ops *ChessOps, variant string, d *Difference) (string, error) {
	if d == nil || variant != "racingkings" || len(d.A) != 0 || len(d.B) == 0 {
		return "", nil
	}
	st, err := ops.Status(ctx, variant, d.FEN)
	if err != nil {
		return "", fmt.Errorf("variantoracle: is the race over at %s: %w", d.FEN, err)
	}
	if st.Reason != "variant" {
		return "", nil
	}
	return "known: the race is over (" + st.String() + ") and Fairy-Stockfish 11.1 plays on", nil
}
