package variantoracle

import (
	"fmt"
	"sort"
	"strings"
)

// Divide is a perft divided by the first move: each legal move (UCI as
// the oracle writes it: castling king takes rook, e1h1; drops N@f3) and
// the number of leaves below it.
type Divide map[string]int64

// Total returns the perft count: the sum over the moves.
func (d Divide) Total() int64 {
	var n int64
	for _, c := range d {
		n += c
	}
	return n
}

// Compare returns "" when a and b are the same divide, and otherwise both,
// side by side, a line a move with the moves that differ marked, under a
// header naming them aName and bName: what a test prints on a mismatch.
func Compare(aName string, a Divide, bName string, b Divide) string {
	moves := make([]string, 0, len(a)+len(b))
	for m := range a {
		moves = append(moves, m)
	}
	for m := range b {
		if _, ok := a[m]; !ok {
			moves = append(moves, m)
		}
	}
	sort.Strings(moves)
	var sb strings.Builder
	differ := 0
	fmt.Fprintf(&sb, "%-8s %12s %12s\n", "move", aName, bName)
	for _, m := range moves {
		ca, okA := a[m]
		cb, okB := b[m]
		mark := ""
		if ca != cb || okA != okB {
			mark = "  <-"
			differ++
		}
		fmt.Fprintf(&sb, "%-8s %12s %12s%s\n", m, count(ca, okA), count(cb, okB), mark)
	}
	if differ == 0 {
		return ""
	}
	fmt.Fprintf(&sb, "%-8s %12d %12d\n%d of %d moves differ\n", "total", a.Total(), b.Total(), differ, len(moves))
	return sb.String()
}

// count writes a divide's count, or "-" for a move it does not have.
func count(n int64, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprint(n)
}
