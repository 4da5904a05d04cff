package core

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVariantGenerators plays seeded random games of every variant and
// checks, in every position, what the generated copies of the variants
// (movegen_template.go's Racing Kings copies, pseudogen_template.go's)
// must agree on whatever the oracles say:
//
//   - the counting copies count what the writing copies write, and
//     CountLegalMovesAfter counts what MakeMove then LegalMoves gives;
//   - CaptureMoves and QuietMoves share no move and are LegalMoves
//     together, and QuiescenceMoves is CaptureMoves less the
//     under-promotions (a king's in Antichess);
//   - every move carries flagVariant;
//   - in Racing Kings, the moves are the standard legal moves of the same
//     board less those GivesCheck marks: the rule as lichess words it.
//
// The counts themselves are held to chessops and Fairy-Stockfish by the
// perft package's tests.
func TestVariantGenerators(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 7))
	var all, caps, quiets, qs, after, std MoveList
	positions, forced := 0, 0
	for _, v := range []Variant{ThreeCheck, KingOfTheHill, Antichess, Horde, RacingKings} {
		for range 10 {
			p, err := VariantStartPosition(v)
			require.NoError(t, err)
			var path []string
			for range 200 {
				positions++
				ctx := v.String() + " " + p.FEN() + " after " + strings.Join(path, " ")
				p.LegalMoves(&all)
				require.Equal(t, all.Len(), p.CountLegalMoves(), "count and list differ: %s", ctx)
				p.CaptureMoves(&caps)
				p.QuietMoves(&quiets)
				p.QuiescenceMoves(&qs)
				union := append(sorted(&caps), quiets.Moves()...)
				slices.Sort(union)
				require.Equal(t, sorted(&all), union, "CaptureMoves + QuietMoves != LegalMoves: %s", ctx)
				var want []Move
				for _, m := range caps.Moves() {
					if m.Promotion() == NoPieceType || m.Promotion() == Queen {
						want = append(want, m)
					}
				}
				slices.Sort(want)
				require.Equal(t, want, nilIfEmpty(sorted(&qs)), "QuiescenceMoves: %s", ctx)
				if v == Antichess && slices.ContainsFunc(all.Moves(), Move.IsCapture) {
					for _, m := range all.Moves() {
						require.True(t, m.IsCapture(), "%s beside a capture in Antichess: %s", p.UCI(m), ctx)
					}
					forced++
				}
				if v == RacingKings {
					s := p
					s.variant = Standard
					s.LegalMoves(&std)
					var rule []Move
					for _, m := range std.Moves() {
						if !s.GivesCheck(m) {
							rule = append(rule, m|flagVariant)
						}
					}
					slices.Sort(rule)
					if p.variantEnded() {
						rule = nil
					}
					require.Equal(t, rule, nilIfEmpty(sorted(&all)), "Racing Kings moves: %s", ctx)
				}
				for _, m := range all.Moves() {
					if m&flagVariant == 0 {
						require.Fail(t, "a move without flagVariant", "%s: %s", p.UCI(m), ctx)
					}
					before := p
					n := p.CountLegalMovesAfter(m)
					if p != before {
						require.Fail(t, "CountLegalMovesAfter changed the position", "%s: %s", p.UCI(m), ctx)
					}
					u := p.MakeMove(m)
					p.LegalMoves(&after)
					p.UnmakeMove(m, u)
					if after.Len() != n {
						require.Fail(t, "CountLegalMovesAfter differs from MakeMove and LegalMoves", "%s: %d, %d: %s", p.UCI(m), n, after.Len(), ctx)
					}
				}
				if all.Len() == 0 {
					break
				}
				m := all.At(r.IntN(all.Len()))
				path = append(path, p.UCI(m))
				p.MakeMove(m)
			}
		}
	}
	t.Logf("%d positions, %d with a forced capture in Antichess", positions, forced)
	require.Positive(t, forced, "Antichess's forced captures covered")
}

// nilIfEmpty returns s, or nil when it is empty, for comparisons with a
// slice built by append.
func nilIfEmpty(s []Move) []Move {
	if len(s) == 0 {
		return nil
	}
	return s
}
