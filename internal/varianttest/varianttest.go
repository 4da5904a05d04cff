// Package varianttest holds what the variant tests of gambit's packages
// share that is gambit's own (package variantoracle, the oracles' side,
// imports nothing of gambit).
package varianttest

import (
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Played returns the variants core plays, standard chess left out: each
// core.Variant whose start position core sets up. Tests that range over
// them take in a variant the day core comes to play it (Atomic,
// Crazyhouse).
func Played() []core.Variant {
	var vs []core.Variant
	for v := core.Standard + 1; core.VariantStartFEN(v) != ""; v++ {
		if _, err := core.VariantStartPosition(v); err == nil {
			vs = append(vs, v)
		}
	}
	return vs
}

// ChessOpsFEN returns fen, a FEN gambit wrote, as chessops 0.15.1 writes
// the same position: its toSetup caps the halfmove clock (the
// second-to-last field) at 150, where the seventy-five-move rule ends a
// game, while core counts on.
func ChessOpsFEN(fen string) string {
	fields := strings.Fields(fen)
	if n := len(fields); n >= 2 {
		if hm, err := strconv.Atoi(fields[n-2]); err == nil && hm > 150 {
			fields[n-2] = "150"
			return strings.Join(fields, " ")
		}
	}
	return fen
}
