package perft_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/perft"
)

// Fairy-Stockfish (Debian's fairy-stockfish, which scripts/test-deps.sh
// installs) is the oracle of the variants here: it has all those gambit
// plays but Atomic, which chessops alone checks (atomic_test.go). Its
// UCI_Variant names are gambit's Variant.String.

// fairy starts Fairy-Stockfish and stops it when the test ends.
func fairy(t *testing.T) *enginetest.Engine {
	t.Helper()
	e, err := enginetest.Launch(time.Minute, enginetest.Program(t, "fairy-stockfish"))
	require.NoError(t, err, "starting Fairy-Stockfish")
	t.Cleanup(e.Close)
	return e
}

// fairyDivide sets variant v and the position fen plus moves in
// Fairy-Stockfish, and returns its divide at depth.
func fairyDivide(e *enginetest.Engine, v core.Variant, fen string, moves []string, depth int) (map[string]uint64, uint64, error) {
	if err := e.Send("setoption name UCI_Variant value " + v.String()); err != nil {
		return nil, 0, err
	}
	if err := e.Sync(); err != nil {
		return nil, 0, err
	}
	if err := e.Position(fen, moves); err != nil {
		return nil, 0, err
	}
	return e.Divide(depth)
}

// compareFairy compares gambit's divide of p at depth with Fairy-Stockfish's
// of fen plus moves, move by move, and the bulk counts with the total.
func compareFairy(t *testing.T, e *enginetest.Engine, p core.Position, fen string, moves []string, depth int) {
	t.Helper()
	sf, total, err := fairyDivide(e, p.Variant(), fen, moves, depth)
	require.NoError(t, err)
	where := fmt.Sprintf("%v position fen %s moves %v (gambit FEN %s) depth %d", p.Variant(), fen, moves, p.FEN(), depth)
	assert.Equal(t, sf, divideMap(&p, depth), "divide of %s", where)
	assert.Equal(t, total, perft.Count(&p, depth), "count of %s", where)
	assert.Equal(t, total, perft.CountFull(&p, depth), "full count of %s", where)
}

// TestVariantStartFairyStockfish compares each variant's start position at
// depths 1 to 4.
func TestVariantStartFairyStockfish(t *testing.T) {
	e := fairy(t)
	for _, v := range []core.Variant{core.Crazyhouse, core.ThreeCheck, core.KingOfTheHill, core.Antichess, core.Horde, core.RacingKings} {
		p, err := core.VariantStartPosition(v)
		require.NoError(t, err)
		for d := 1; d <= 4; d++ {
			compareFairy(t, e, p, p.FEN(), nil, d)
		}
	}
}

// variantPositions are hand-picked positions where the variants' rules
// bite, each with the depth to compare at.
var variantPositions = []struct {
	v     core.Variant
	fen   string
	depth int
	why   string
}{
	{core.KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", 4, "the king steps onto the hill: no move after"},
	{core.KingOfTheHill, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, "kiwipete"},
	{core.KingOfTheHill, "8/8/3k4/8/8/3K4/8/8 b - - 0 1", 4, "both kings a step from the hill"},
	{core.ThreeCheck, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+3 4 4", 3, "a third check ends the game"},
	{core.ThreeCheck, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2+1 4 4", 4, "the checks counted down in the tree"},
	{core.ThreeCheck, "4k3/8/8/8/8/8/8/R3K2R w KQ - 3+1 0 1", 4, "Black has one check left"},
	{core.Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 4, "start"},
	{core.Horde, "4k3/8/8/8/8/8/1p6/P1P5 w - - 0 1", 4, "first-rank pawns, one blocked on a2's diagonal"},
	{core.Horde, "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", 4, "a second-rank double step next to a black pawn"},
	{core.Horde, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", 4, "a first-rank double step past a black pawn: no en passant"},
	{core.Horde, "r3k2r/8/8/8/8/8/PPPPPPPP/PPPPPPPP b kq - 0 1", 3, "Black castles against the horde"},
	{core.Horde, "4k3/8/8/8/8/8/8/1Q5P b - - 0 1", 4, "the horde's last pieces"},
	{core.Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 4, "start"},
	{core.Antichess, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", 4, "a forced capture"},
	{core.Antichess, "8/P7/8/8/8/8/8/k6K w - - 0 1", 4, "promotion to a king"},
	{core.Antichess, "8/8/8/8/3pP3/8/8/8 b - e3 0 1", 4, "a forced en-passant capture"},
	{core.Antichess, "8/8/8/8/8/8/p7/1K6 w - - 0 1", 4, "the king takes and is taken"},
	{core.Antichess, "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", 4, "no check, and no castling"},
	{core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, "full pockets: 301 moves, more than 256"},
	{core.Crazyhouse, "r1bqk2r/pppp1ppp/4p3/4P3/3Pn3/2N5/PPP2PPP/R1BQK2R[NBnb] w KQkq - 0 1", 3, "a middlegame with minor pieces in both pockets"},
	{core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, "drops of both sides"},
	{core.Crazyhouse, "4k3/8/8/8/8/8/8/r3K3[NPn] w - - 0 1", 3, "a drop blocks the rook's check"},
	{core.Crazyhouse, "4k3/8/8/b7/8/8/2P5/4K3[NP] w - - 0 1", 3, "a pawn blocks, dropped or pushed"},
	{core.Crazyhouse, "4k3/8/8/8/8/8/2n5/4K3[QRBNP] w - - 0 1", 3, "a knight's check: no drop helps"},
	{core.Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", 4, "a promoted queen taken goes to the pocket as a pawn"},
	{core.Crazyhouse, "r3k2r/1N~6/8/8/8/8/6q~1/R3K2R[Pp] w KQkq - 0 1", 3, "promoted pieces, castling and drops"},
	{core.Crazyhouse, "7k/7p/4NN2/8/8/8/8/K7[P] w - - 0 1", 3, "a pawn's drop mates"},
	{core.Crazyhouse, "7k/6pp/8/8/8/8/8/K7[Qq] w - - 0 1", 3, "a queen's drop mates"},
	{core.Crazyhouse, "r1b2rk1/1pp1qp2/5n1p/1Bp5/4P3/5P2/PP3P1P/R2Q1RK1[NPPPBPpnbn] b - - 31 16", 2, "a drop mate four moves deep, pockets full"},
}

// TestCrazyhouseChessOps counts the hand-picked Crazyhouse positions of
// variantPositions, and Crazyhouse960 ones, which the Fairy-Stockfish test
// leaves out (it is not told Chess960 there), against chessops.
func TestCrazyhouseChessOps(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	type position struct {
		fen   string
		depth int
	}
	positions := []position{
		{"bqnb1rkr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BQNB1RKR[] w HFhf - 0 3", 4},
		{"bqnbr1kr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BQNBR1KR[Nn] w HEhe - 0 3", 3},
	}
	for _, tc := range variantPositions {
		if tc.v == core.Crazyhouse {
			positions = append(positions, position{tc.fen, tc.depth})
		}
	}
	for _, tc := range positions {
		want, err := ops.Perft(t.Context(), "crazyhouse", tc.fen, tc.depth)
		require.NoError(t, err, tc.fen)
		p, err := core.ParseVariantFEN(core.Crazyhouse, tc.fen)
		require.NoError(t, err, tc.fen)
		assert.Equal(t, uint64(want), perft.Count(&p, tc.depth), tc.fen)
		assert.Equal(t, uint64(want), perft.CountFull(&p, tc.depth), tc.fen)
	}
}

// racingKingsPositions are hand-picked Racing Kings positions, each
// counted by chessops (internal/variantoracle), lichess's rules. Fairy-
// Stockfish is no oracle there past the start position: once White's king
// stands on the eighth rank and Black's cannot follow, it still lets Black
// move (for lichess the game is over). core follows lichess.
var racingKingsPositions = []struct {
	fen   string
	depth int
	why   string
}{
	{"8/8/8/8/8/k7/8/K6R w - - 0 1", 4, "the rook may not check"},
	{"8/5K2/8/8/8/8/6k1/8 w - - 0 1", 4, "White reaches the eighth rank and Black cannot follow"},
	{"8/5K1k/8/8/8/8/8/8 w - - 0 1", 4, "both kings a step from the goal: Black may draw"},
	{"8/8/8/2K5/8/8/1r3k2/8 w - - 0 1", 4, "a rook against a king"},
	{"8/2r5/8/3R4/1q6/k5KQ/5n2/N3NBR1 w - - 5 30", 3, "king moves that uncover the queen's check are not moves"},
	{"4K3/6k1/8/8/8/8/8/8 b - - 0 1", 3, "every answer ends the game"},
}

func TestRacingKingsPositions(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	for _, tc := range racingKingsPositions {
		want, err := ops.Perft(t.Context(), core.RacingKings.String(), tc.fen, tc.depth)
		require.NoError(t, err, tc.fen)
		p, err := core.ParseVariantFEN(core.RacingKings, tc.fen)
		require.NoError(t, err, tc.fen)
		assert.Equal(t, uint64(want), perft.Count(&p, tc.depth), "%s (%s)", tc.fen, tc.why)
		assert.Equal(t, uint64(want), perft.CountFull(&p, tc.depth), "%s (%s)", tc.fen, tc.why)
	}
}

// TestVariantPositionsFairyStockfish compares the hand-picked positions.
func TestVariantPositionsFairyStockfish(t *testing.T) {
	e := fairy(t)
	for _, tc := range variantPositions {
		p, err := core.ParseVariantFEN(tc.v, tc.fen)
		require.NoError(t, err, "%v %s (%s)", tc.v, tc.fen, tc.why)
		compareFairy(t, e, p, tc.fen, nil, tc.depth)
	}
}

// TestVariantRandomGamesFairyStockfish plays seeded random games of every
// variant but Racing Kings (see racingKingsPositions) and compares the position every few plies at depth 3, which
// Fairy-Stockfish reaches by playing the same moves from the start itself;
// the position gambit reads back from its own FEN must count the same.
func TestVariantRandomGamesFairyStockfish(t *testing.T) {
	e := fairy(t)
	r := newRand(25)
	const games, plies, every = 6, 80, 8
	for _, v := range []core.Variant{core.Crazyhouse, core.ThreeCheck, core.KingOfTheHill, core.Antichess, core.Horde} {
		for range games {
			p, err := core.VariantStartPosition(v)
			require.NoError(t, err)
			root := p.FEN()
			var moves []string
			var ml core.MoveList
			for ply := 1; ply <= plies; ply++ {
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(r.IntN(ml.Len()))
				moves = append(moves, p.UCI(m))
				p.MakeMove(m)
				if ply%every == 0 || !p.HasLegalMoves() {
					compareFairy(t, e, p, root, moves, 3)
					q, err := core.ParseVariantFEN(v, p.FEN())
					require.NoError(t, err, "%v %s", v, p.FEN())
					assert.Equal(t, perft.Count(&p, 3), perft.Count(&q, 3), "%v read back from %s", v, p.FEN())
				}
			}
		}
	}
}
