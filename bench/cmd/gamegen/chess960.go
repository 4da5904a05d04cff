package main

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// chess960Position returns Chess960 start position number n (0 to 959)
// in the standard numbering: n mod 4 places the light-squared bishop on
// b, d, f or h; the next factor of 4 the dark-squared one on a, c, e or g;
// the next factor of 6 the queen on one of the six squares left; the last
// number (0 to 9) the two knights on two of the five left, in the order
// of the ten pairs; rook, king and rook fill the last three from a to h.
// Number 518 is the standard position.
func chess960Position(n int) (core.Position, error) {
	if n < 0 || n >= 960 {
		return core.Position{}, fmt.Errorf("chess960 position %d: not in 0..959", n)
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'b'
	n /= 4
	rank[2*(n%4)] = 'b'
	n /= 4
	placeNth(&rank, n%6, 'q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	// The second knight's index counts the squares left after the first.
	placeNth(&rank, knights[1], 'n')
	placeNth(&rank, knights[0], 'n')
	placeNth(&rank, 0, 'r')
	placeNth(&rank, 0, 'k')
	placeNth(&rank, 0, 'r')
	black := string(rank[:])
	white := make([]byte, 8)
	for i, c := range rank {
		white[i] = c - 'a' + 'A'
	}
	fen := black + "/pppppppp/8/8/8/8/PPPPPPPP/" + string(white) + " w KQkq - 0 1"
	p, err := core.ParseFEN(fen)
	if err != nil {
		return core.Position{}, fmt.Errorf("chess960 position %s: %w", fen, err)
	}
	p.SetChess960(true)
	return p, nil
}

// placeNth puts piece on the k-th empty square (from a) of rank.
func placeNth(rank *[8]byte, k int, piece byte) {
	for i := range rank {
		if rank[i] != 0 {
			continue
		}
		if k == 0 {
			rank[i] = piece
			return
		}
		k--
	}
}
