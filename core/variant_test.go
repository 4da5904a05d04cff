package core_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// playedVariants are the variants gambit plays.
var playedVariants = []core.Variant{core.Atomic, core.Crazyhouse, core.ThreeCheck, core.KingOfTheHill, core.Antichess, core.Horde, core.RacingKings}

func TestParseVariant(t *testing.T) {
	for name, want := range map[string]core.Variant{
		"chess": core.Standard, "Standard": core.Standard, "Chess960": core.Standard, "From Position": core.Standard,
		"atomic": core.Atomic, "Atomic": core.Atomic,
		"crazyhouse": core.Crazyhouse, "Crazyhouse": core.Crazyhouse,
		"3check": core.ThreeCheck, "Three-check": core.ThreeCheck, "threecheck": core.ThreeCheck,
		"kingofthehill": core.KingOfTheHill, "King of the Hill": core.KingOfTheHill,
		"antichess": core.Antichess, "Antichess": core.Antichess,
		"horde": core.Horde, "Horde": core.Horde,
		"racingkings": core.RacingKings, "Racing Kings": core.RacingKings, "racing_kings": core.RacingKings,
	} {
		got, err := core.ParseVariant(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	for v := core.Standard; v <= core.RacingKings; v++ {
		got, err := core.ParseVariant(v.String())
		require.NoError(t, err, v.String())
		assert.Equal(t, v, got, "String reads back")
	}
	for _, bad := range []string{"", "chess9600", "suicide", "atomic960", "3-check-x"} {
		_, err := core.ParseVariant(bad)
		require.Error(t, err, bad)
		assert.ErrorIs(t, err, core.ErrUnknownVariant, bad)
		var ve *core.VariantError
		require.True(t, errors.As(err, &ve), bad)
		assert.Equal(t, bad, ve.Name)
	}
	assert.Equal(t, "Variant(200)", core.Variant(200).String())
}

// TestVariantStartPerft checks the start positions against the counts
// both oracles give (docs/ENGINES.md: chessops and Fairy-Stockfish agree);
// perft's test asks the live Fairy-Stockfish for depth 4.
func TestVariantStartPerft(t *testing.T) {
	for _, tc := range []struct {
		v    core.Variant
		want []int
	}{
		{core.Atomic, []int{20, 400, 8902}},
		{core.Crazyhouse, []int{20, 400, 8902}},
		{core.ThreeCheck, []int{20, 400, 8902}},
		{core.KingOfTheHill, []int{20, 400, 8902}},
		{core.Antichess, []int{20, 400, 8067}},
		{core.Horde, []int{8, 128, 1274}},
		{core.RacingKings, []int{21, 421, 11264}},
	} {
		p, err := core.VariantStartPosition(tc.v)
		require.NoError(t, err, tc.v)
		assert.Equal(t, tc.v, p.Variant())
		for d, want := range tc.want {
			assert.Equal(t, want, perftCount(&p, d+1), "%v perft(%d)", tc.v, d+1)
		}
		assert.Equal(t, core.VariantStartFEN(tc.v), p.FEN(), "%v start FEN", tc.v)
	}
	_, err := core.VariantStartPosition(core.Variant(99))
	assert.ErrorIs(t, err, core.ErrUnknownVariant)
}

// perftCount counts by making every move, so that it checks MakeMove and
// UnmakeMove of the variants too.
func perftCount(p *core.Position, depth int) int {
	if depth == 0 {
		return 1
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	if depth == 1 {
		if n := p.CountLegalMoves(); n != ml.Len() {
			return -1 // counting and writing disagree: fails any comparison
		}
		return ml.Len()
	}
	n := 0
	for _, m := range ml.Moves() {
		before := p.Hash()
		u := p.MakeMove(m)
		n += perftCount(p, depth-1)
		p.UnmakeMove(m, u)
		if p.Hash() != before {
			return -1
		}
	}
	return n
}

func TestThreeCheckFEN(t *testing.T) {
	// lichess's remaining checks after the en-passant field, and the
	// checks given as a seventh field, read to the same position.
	remaining, err := core.ParseVariantFEN(core.ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1")
	require.NoError(t, err)
	given, err := core.ParseVariantFEN(core.ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2")
	require.NoError(t, err)
	assert.Equal(t, remaining.FEN(), given.FEN())
	assert.Equal(t, remaining.Hash(), given.Hash())
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1", remaining.FEN())
	fresh, err := core.ParseVariantFEN(core.ThreeCheck, core.StartFEN)
	require.NoError(t, err)
	assert.NotEqual(t, fresh.Hash(), remaining.Hash(), "the checks are in the hash")
	std := core.StartPosition()
	assert.NotEqual(t, std.Hash(), fresh.Hash(), "the variant is in the hash")

	for _, bad := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+1 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+x 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ++1+2",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+-1 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +0+0",
	} {
		_, err := core.ParseVariantFEN(core.ThreeCheck, bad)
		var fe *core.FENError
		require.True(t, errors.As(err, &fe), bad)
		assert.ErrorIs(t, err, core.ErrInvalidFEN, bad)
	}
}

// TestThreeCheckCounts plays checks and takes them back: the third check
// ends the game, and unmaking gives the count back.
func TestThreeCheckCounts(t *testing.T) {
	p, err := core.ParseVariantFEN(core.ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1")
	require.NoError(t, err)
	before, fen := p.Hash(), p.FEN()
	m, err := p.ParseUCI("a1a8")
	require.NoError(t, err)
	u := p.MakeMove(m)
	assert.Equal(t, "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1", p.FEN())
	assert.Equal(t, core.VariantLoss, p.Status(), "Black has had its third check")
	assert.Zero(t, p.CountLegalMoves(), "no move after the game ends")
	assert.False(t, p.HasLegalMoves())
	p.UnmakeMove(m, u)
	assert.Equal(t, fen, p.FEN())
	assert.Equal(t, before, p.Hash())
	assert.Equal(t, core.Ongoing, p.Status())
	assert.Zero(t, p.CountLegalMovesAfter(m))
	assert.Equal(t, fen, p.FEN(), "CountLegalMovesAfter leaves p as it was")
	assert.Equal(t, before, p.Hash())
}

// Castling written as the king's move ("e1g1") is the move LegalMoves
// writes in a variant too, so that MakeMove does the variant's work: here
// the rook gives Three-check's second check.
func TestVariantCastlingInKingForm(t *testing.T) {
	p, err := core.ParseVariantFEN(core.ThreeCheck, "5k2/8/8/8/8/8/8/4K2R w K - 2+3 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("e1g1")
	require.NoError(t, err)
	rook, err := p.ParseUCI("e1h1")
	require.NoError(t, err)
	assert.Equal(t, rook, m)
	var ml core.MoveList
	p.LegalMoves(&ml)
	assert.True(t, ml.Contains(m), "the move LegalMoves writes")
	assert.True(t, p.GivesCheck(m))
	p.MakeMove(m)
	assert.Equal(t, "5k2/8/8/8/8/8/8/5RK1 b - - 1+3 1 1", p.FEN(), "the check is counted")
}

func TestKingOfTheHill(t *testing.T) {
	p, err := core.ParseVariantFEN(core.KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("e3e4")
	require.NoError(t, err)
	assert.Zero(t, p.CountLegalMovesAfter(m), "the game ends on the hill")
	p.MakeMove(m)
	assert.Equal(t, core.VariantLoss, p.Status())
	var ml core.MoveList
	p.LegalMoves(&ml)
	assert.Zero(t, ml.Len())
	_, err = p.ParseUCI("e8d8")
	assert.ErrorIs(t, err, core.ErrIllegalMove, "no move once the game is over")
}

func TestRacingKings(t *testing.T) {
	p, err := core.VariantStartPosition(core.RacingKings)
	require.NoError(t, err)
	var ml core.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if m.Piece() != core.King {
			assert.False(t, p.GivesCheck(m), "%v gives check", m)
		}
	}
	// A rook move that would check the king on a3 is not a move.
	q, err := core.ParseVariantFEN(core.RacingKings, "8/8/8/8/8/k7/8/K6R w - - 0 1")
	require.NoError(t, err)
	_, err = q.ParseUCI("h1h3")
	assert.ErrorIs(t, err, core.ErrIllegalMove, "a rook move that checks")
	_, err = q.ParseUCI("h1h2")
	assert.NoError(t, err)

	// White reached the eighth rank; Black, to move, can reach it too.
	r, err := core.ParseVariantFEN(core.RacingKings, "4K3/6k1/8/8/8/8/8/8 b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, core.Ongoing, r.Status())
	m, err := r.ParseUCI("g7g8")
	require.NoError(t, err)
	r.MakeMove(m)
	assert.Equal(t, core.VariantDraw, r.Status())
	// Black cannot: White has won.
	s, err := core.ParseVariantFEN(core.RacingKings, "4K3/8/8/8/8/6k1/8/8 b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, core.VariantLoss, s.Status())
	assert.Zero(t, s.CountLegalMoves())

	for _, bad := range []string{
		"8/8/8/8/8/k7/8/K6P w - - 0 1",
		"8/8/8/8/8/k6R/8/K7 w - - 0 1",
		"8/8/8/8/8/k6R/8/K7 b - - 0 1",
	} {
		_, err := core.ParseVariantFEN(core.RacingKings, bad)
		assert.ErrorIs(t, err, core.ErrInvalidFEN, bad)
	}
}

func TestHorde(t *testing.T) {
	p, err := core.ParseVariantFEN(core.Horde, "4k3/8/8/8/8/8/8/P7 w - - 0 1")
	require.NoError(t, err)
	assert.Zero(t, p.Checkers())
	assert.False(t, p.InCheck())
	var ml core.MoveList
	p.LegalMoves(&ml)
	var names []string
	for _, m := range ml.Moves() {
		names = append(names, p.UCI(m))
	}
	assert.ElementsMatch(t, []string{"a1a2", "a1a3"}, names, "a first-rank pawn advances one or two squares")
	m, err := p.ParseUCI("a1a3")
	require.NoError(t, err)
	assert.False(t, m.IsDoublePush(), "no en-passant square after a step from the first rank")

	// Black takes the last white piece and wins.
	q, err := core.ParseVariantFEN(core.Horde, "8/8/8/8/8/8/1k6/P7 b - - 0 1")
	require.NoError(t, err)
	m, err = q.ParseUCI("b2a1")
	require.NoError(t, err)
	q.MakeMove(m)
	assert.Equal(t, core.VariantLoss, q.Status())
	assert.Zero(t, q.CountLegalMoves())

	for _, bad := range []string{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1", // two kings
		"8/8/8/8/8/8/8/P7 w - - 0 1",    // none
		"P3k3/8/8/8/8/8/8/8 w - - 0 1",  // a white pawn on its last rank
		"4k3/8/8/8/8/8/8/p7 w - - 0 1",  // a black pawn on its last rank
		"4k2p/8/8/8/8/8/8/P7 w - - 0 1", // or, having a king, on its first
	} {
		_, err := core.ParseVariantFEN(core.Horde, bad)
		assert.ErrorIs(t, err, core.ErrInvalidFEN, bad)
	}
}

func TestAntichess(t *testing.T) {
	// The capture is forced: of White's moves only exd5 is left.
	p, err := core.ParseVariantFEN(core.Antichess, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	require.NoError(t, err)
	assert.Equal(t, core.CastlingRights(0), p.Castling(), "no castling in Antichess")
	var ml core.MoveList
	p.LegalMoves(&ml)
	require.Equal(t, 1, ml.Len())
	assert.Equal(t, "e4d5", p.UCI(ml.At(0)))
	// A pawn promotes to a king too; a king may be taken.
	q, err := core.ParseVariantFEN(core.Antichess, "8/P7/8/8/8/8/8/k6K w - - 0 1")
	require.NoError(t, err)
	m, err := q.ParseUCI("a7a8k")
	require.NoError(t, err)
	assert.Equal(t, core.King, m.Promotion())
	assert.Equal(t, 5+3, q.CountLegalMoves(), "five promotions and three king moves")
	// A side with no piece left, or no move, has won.
	r, err := core.ParseVariantFEN(core.Antichess, "8/8/8/8/8/8/8/7K b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, core.VariantWin, r.Status())
	s, err := core.ParseVariantFEN(core.Antichess, "8/8/8/8/8/p7/P7/8 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, core.VariantWin, s.Status(), "stalemated")
}

// TestVariantFENRoundTrip writes each start position and the positions of
// a few moves after it, and reads them back.
func TestVariantFENRoundTrip(t *testing.T) {
	for _, v := range playedVariants {
		p, err := core.VariantStartPosition(v)
		require.NoError(t, err)
		var ml core.MoveList
		for range 12 {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(ml.Len() / 2))
			q, err := core.ParseVariantFEN(v, p.FEN())
			require.NoError(t, err, "%v %s", v, p.FEN())
			assert.Equal(t, p.FEN(), q.FEN())
			assert.Equal(t, p.Hash(), q.Hash(), "%v %s", v, p.FEN())
		}
	}
}

func TestVariantAllocs(t *testing.T) {
	// Each start position, and positions with captures and castling.
	fens := map[core.Variant][]string{
		core.Atomic: {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		// Horde's shared counts of perft(2) (CountTwoPlies), each side to move.
		core.Horde: {"rn2k2r/pp3ppp/2p5/3P1P2/1P2P3/P1N3P1/1PPPPPP1/PPPPPPPP w kq - 0 1", "r3k2r/p1pp1ppp/8/1Pn1pP2/2N5/8/PPPPPPPP/PPPPPPPP b kq - 0 1"},
	}
	for _, v := range playedVariants {
		fens[v] = append(fens[v], core.VariantStartFEN(v))
	}
	for v, list := range fens {
		for _, fen := range list {
			p, err := core.ParseVariantFEN(v, fen)
			require.NoError(t, err)
			assertNoAllocs(t, v, &p)
		}
	}
}

// assertNoAllocs generates, makes, counts, unmakes and checks (IsLegal)
// every move of p, counts perft(2) of p (CountTwoPlies), and fails when
// that allocates.
func assertNoAllocs(t *testing.T, v core.Variant, p *core.Position) {
	t.Helper()
	var ml, scratch core.MoveList
	allocs := testing.AllocsPerRun(50, func() {
		_ = p.CountTwoPlies(&scratch)
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			_ = p.CountLegalMoves()
			p.UnmakeMove(m, u)
			_ = p.CountLegalMovesAfter(m)
			_ = p.IsLegal(m)
		}
	})
	assert.Zero(t, allocs, "%v %s", v, p.FEN())
}

func TestParseVariantFENErrors(t *testing.T) {
	_, err := core.ParseVariantFEN(core.Variant(42), core.StartFEN)
	assert.ErrorIs(t, err, core.ErrUnknownVariant)
	p, err := core.ParseVariantFEN(core.Standard, core.StartFEN)
	require.NoError(t, err)
	assert.Equal(t, core.StartPosition(), p)
	_, err = core.ParseVariantFEN(core.Antichess, "8/8/8/8/8/8/8/8 w - - 0 1")
	assert.ErrorIs(t, err, core.ErrInvalidFEN, "empty board")
	// Antichess allows many kings, but not more material than promotions give.
	_, err = core.ParseVariantFEN(core.Antichess, "kkkkkkkk/kkkkkkkk/8/8/8/8/8/K7 w - - 0 1")
	assert.ErrorIs(t, err, core.ErrInvalidFEN)
}
