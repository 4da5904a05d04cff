// Package varianttest holds what the variant tests of gambit's packages
// share that is gambit's own (package variantoracle, the oracles' side,
// imports nothing of gambit).
package varianttest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/variantoracle"
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

// Games are chessops's random games of every variant core plays, for a
// test to hold gambit to: N games of up to Plies plies each, those of the
// i-th variant of Played from seed Seed+i.
type Games struct {
	Seed     uint32
	Plies, N int
}

// Run starts chessops and runs f as a subtest of t for each variant of
// Played, with its games.
func (g Games) Run(t *testing.T, f func(t *testing.T, v core.Variant, games []variantoracle.Game)) {
	t.Helper()
	ops := variantoracle.ChessOpsForTest(t)
	for i, v := range Played() {
		t.Run(v.String(), func(t *testing.T) {
			games, err := ops.SANGames(context.Background(), v.String(), g.Seed+uint32(i), g.Plies, g.N)
			if err != nil {
				t.Fatal(err)
			}
			f(t, v, games)
		})
	}
}
