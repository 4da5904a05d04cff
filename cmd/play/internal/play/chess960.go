package play

import (
	"fmt"
	"strings"
)

// knightPlaces lists, for the last step of Scharnagl's numbering, the two
// squares the knights take among the five left after bishops and queen.
var knightPlaces = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960FEN returns the start position of Chess960 number n (0 to 959,
// Scharnagl's numbering: 518 is the standard position) as a Shredder-FEN,
// castling rights naming the rooks' files.
func Chess960FEN(n int) (string, error) {
	if n < 0 || n > 959 {
		return "", fmt.Errorf("chess960 position %d: want 0 to 959", n)
	}
	var rank [8]byte
	rank[n%4*2+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	rank[n%4*2] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place := func(i int, p byte) { // the i-th empty square
		for f := range rank {
			if rank[f] == 0 {
				if i == 0 {
					rank[f] = p
					return
				}
				i--
			}
		}
	}
	place(n%6, 'Q')
	n /= 6
	kn := knightPlaces[n]
	place(kn[1], 'N') // the later one first, so the earlier index stays
	place(kn[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	var rooks []byte
	for f := range rank {
		if rank[f] == 'R' {
			rooks = append(rooks, byte('A'+f))
		}
	}
	white := string(rank[:])
	castle := string([]byte{rooks[1], rooks[0]}) + strings.ToLower(string([]byte{rooks[1], rooks[0]}))
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castle + " - 0 1", nil
}
