package play

import (
	"slices"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// Complete returns what prefix may be completed to in position pos:
// the commands (for a prefix in lower case: "N" is a knight, "n" a knight
// or new) and the legal moves (in SAN, and in UCI when prefix starts like
// a square) that begin with it, moves compared with regard to case first,
// then without when nothing matches. The
// list is sorted and has no duplicates; a blank prefix completes to the
// legal moves only.
func Complete(pos *core.Position, prefix string) []string {
	var out []string
	lower := strings.ToLower(prefix)
	if prefix != "" && prefix == lower {
		for _, c := range Commands {
			if strings.HasPrefix(c, lower) {
				out = append(out, c)
			}
		}
	}
	var ml core.MoveList
	pos.LegalMoves(&ml)
	moves := make([]string, 0, ml.Len())
	var fold []string
	squareLike := len(prefix) >= 1 && prefix[0] >= 'a' && prefix[0] <= 'h' && (len(prefix) < 2 || prefix[1] >= '1' && prefix[1] <= '8')
	for _, m := range ml.Moves() {
		s := san.Format(pos, m)
		if strings.HasPrefix(s, prefix) {
			moves = append(moves, s)
		} else if strings.HasPrefix(strings.ToLower(s), lower) {
			fold = append(fold, s)
		}
		if squareLike && len(prefix) >= 2 {
			if u := pos.UCI(m); strings.HasPrefix(u, lower) {
				moves = append(moves, u)
			}
		}
	}
	if len(moves) == 0 {
		moves = fold
	}
	out = append(out, moves...)
	slices.Sort(out)
	return slices.Compact(out)
}

// CommonPrefix returns the longest prefix all of words share.
func CommonPrefix(words []string) string {
	if len(words) == 0 {
		return ""
	}
	p := words[0]
	for _, w := range words[1:] {
		n := 0
		for n < len(p) && n < len(w) && p[n] == w[n] {
			n++
		}
		p = p[:n]
	}
	return p
}
