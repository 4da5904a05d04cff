package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// atomicMoves returns the legal moves of an atomic position as UCI, king
// takes rook for castling.
func atomicMoves(t *testing.T, fen string) []string {
	t.Helper()
	p, err := core.ParseVariantFEN(core.Atomic, fen)
	require.NoError(t, err, fen)
	var ml core.MoveList
	p.LegalMoves(&ml)
	require.Equal(t, ml.Len(), p.CountLegalMoves(), "counting and writing agree: %s", fen)
	names := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		names = append(names, m.UCI(true))
	}
	return names
}

// playAtomic makes the UCI move s, checks the FEN after it and that a
// position read from that FEN has the same hash, takes the move back and
// checks the position is as it was.
func playAtomic(t *testing.T, fen, s, after string) {
	t.Helper()
	p, err := core.ParseVariantFEN(core.Atomic, fen)
	require.NoError(t, err, fen)
	before, hash := p.FEN(), p.Hash()
	m, err := p.ParseUCI(s)
	require.NoError(t, err, "%s in %s", s, fen)
	n := p.CountLegalMovesAfter(m)
	u := p.MakeMove(m)
	assert.Equal(t, after, p.FEN(), "%s after %s", fen, s)
	assert.Equal(t, n, p.CountLegalMoves(), "CountLegalMovesAfter %s", s)
	q, err := core.ParseVariantFEN(core.Atomic, p.FEN())
	require.NoError(t, err, p.FEN())
	assert.Equal(t, q.Hash(), p.Hash(), "the hash made incrementally after %s", s)
	p.UnmakeMove(m, u)
	assert.Equal(t, before, p.FEN(), "unmade %s", s)
	assert.Equal(t, hash, p.Hash(), "hash unmade %s", s)
}

func TestAtomicExplosions(t *testing.T) {
	// Nxe5 explodes the knight, the pawn it takes and the pieces around
	// e5 but the pawns: the bishop on d6 and the queen on f4 go, the
	// pawn on f6 stays.
	playAtomic(t, "4k3/8/3b1p2/4p3/5q2/5N2/8/4K3 w - - 0 1", "f3e5", "4k3/8/5p2/8/8/8/8/4K3 b - - 0 1")
	// En passant explodes around the square the pawn lands on: the
	// pawn taken on d5 and the capturing pawn go, the knight on c7 and
	// the bishop on e7 with them; the king on e8 is two ranks away.
	playAtomic(t, "4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	// A promotion that captures explodes the new queen too, and the rook
	// it takes, its castling right.
	playAtomic(t, "rn2k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "b7a8q", "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	// A rook that explodes on its square takes its castling right: Bxg7
	// explodes the rook on h8, and Black keeps the long castling.
	playAtomic(t, "r3k2r/6n1/8/8/8/8/1B6/R3K2R w KQkq - 0 1", "b2g7", "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1")
	// Exploding the rook that moved from h1 takes White's short castling.
	playAtomic(t, "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "h1h8", "r3k3/8/8/8/8/8/8/R3K1N1 b Qq - 0 1")
}

func TestAtomicKingRules(t *testing.T) {
	// The king never captures: it would explode itself; nor may the
	// knight take the pawn that checks it, next to its own king.
	moves := atomicMoves(t, "4k3/8/8/8/8/4p3/3K4/5N2 w - - 0 1")
	assert.NotContains(t, moves, "d2e3", "a king capture")
	assert.NotContains(t, moves, "f1e3", "a capture next to our own king")
	assert.NotContains(t, moves, "f1g3", "the pawn still checks")
	assert.Contains(t, moves, "d2d3")

	// Kings that touch cannot check: the queen on e2 does not check the
	// king on e1, which may go only where it still touches the black king
	// or is not attacked: d1 touches d2, f1 and f2 are attacked.
	p, err := core.ParseVariantFEN(core.Atomic, "8/8/8/8/8/8/3kq3/4K3 w - - 0 1")
	require.NoError(t, err)
	assert.False(t, p.InCheck())
	assert.ElementsMatch(t, []string{"e1d1"}, atomicMoves(t, p.FEN()))

	// A king next to the other king walks along the rook's file: e4 and
	// e5 touch d5, e3 does not.
	moves = atomicMoves(t, "8/8/8/3k4/3K4/8/8/4r3 w - - 0 1")
	assert.Contains(t, moves, "d4e4")
	assert.Contains(t, moves, "d4e5")
	assert.NotContains(t, moves, "d4e3")

	// A capture that explodes the other king wins at once, even in check:
	// Rxg8 explodes the king on h8 while the rook on e7 still checks.
	p, err = core.ParseVariantFEN(core.Atomic, "6nk/4r3/8/8/8/8/8/4K1R1 w - - 0 1")
	require.NoError(t, err)
	assert.True(t, p.InCheck())
	m, err := p.ParseUCI("g1g8")
	require.NoError(t, err)
	assert.False(t, p.GivesCheck(m), "no king is left to check")
	p.MakeMove(m)
	assert.Equal(t, core.VariantLoss, p.Status(), "Black's king has exploded")
	assert.Zero(t, p.CountLegalMoves())
	assert.False(t, p.InCheck())

	// A capture that explodes our own blocker uncovers our king: Nxd3
	// takes the bishop on e2 away from the rook's file.
	moves = atomicMoves(t, "4k3/4r3/8/8/8/3p4/1N2B3/4K3 w - - 0 1")
	assert.NotContains(t, moves, "b2d3")
	assert.Contains(t, moves, "b2d1")
}

func TestAtomicCastling(t *testing.T) {
	// The rook on d8 attacks d1: no long castling. f1 and g1 touch the
	// king on f2, so they are safe: short castling is legal, and the
	// kings touching, White is not in check.
	moves := atomicMoves(t, "3r4/8/8/8/8/8/5k2/R3K2R w KQ - 0 1")
	assert.Contains(t, moves, "e1h1")
	assert.NotContains(t, moves, "e1a1")
	// The king's form of UCI reads as the castling move.
	p, err := core.ParseVariantFEN(core.Atomic, "3r4/8/8/8/8/8/5k2/R3K2R w KQ - 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("e1g1")
	require.NoError(t, err)
	assert.True(t, m.IsCastle())
	assert.True(t, p.IsLegal(m))
	_, err = p.ParseUCI("e1c1")
	assert.ErrorIs(t, err, core.ErrIllegalMove)
	playAtomic(t, p.FEN(), "e1g1", "3r4/8/8/8/8/8/5k2/R4RK1 b - - 1 1")
}

func TestAtomicStatus(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want core.Status
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", core.VariantLoss},
		{"8/8/8/8/8/8/3kq3/4K3 w - - 0 1", core.Ongoing},
		{"8/8/4k3/8/8/4K3/8/8 w - - 0 1", core.InsufficientMaterial},
		{"8/8/4k3/8/8/4K3/8/7N w - - 0 1", core.InsufficientMaterial},
		{"8/8/4k3/8/8/4K3/8/6NN w - - 0 1", core.InsufficientMaterial},
		{"8/8/4k3/8/8/4K3/8/5NNN w - - 0 1", core.Ongoing},
		{"8/8/4k3/8/8/4K3/8/7Q w - - 0 1", core.Ongoing},
		{"8/8/4kb2/8/8/4K3/8/7B w - - 0 1", core.InsufficientMaterial}, // bishops on squares of different colours never meet
		{"8/8/4k1b1/8/8/4K3/8/7B w - - 0 1", core.Ongoing},
	} {
		p, err := core.ParseVariantFEN(core.Atomic, tc.fen)
		require.NoError(t, err, tc.fen)
		assert.Equal(t, tc.want, p.Status(), tc.fen)
	}
}

func TestAtomicFENErrors(t *testing.T) {
	for _, bad := range []string{
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", // Black, not to move, has no king
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", // two white kings
		"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                        // Black, not to move, in check
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
	} {
		_, err := core.ParseVariantFEN(core.Atomic, bad)
		assert.ErrorIs(t, err, core.ErrInvalidFEN, bad)
	}
	// Kings that touch: the rook on e7 does not check the king on e8.
	p, err := core.ParseVariantFEN(core.Atomic, "4k3/3KR3/8/8/8/8/8/8 w - - 0 1")
	require.NoError(t, err)
	assert.False(t, p.InCheck())
}

// Pinned in Atomic: the pieces whose quiet move off the line would expose
// the king, as in standard chess, but none while the kings touch.
func TestAtomicPinned(t *testing.T) {
	// The bishop on e2 stands between its king and the rook on e7: pinned
	// as in standard chess, and it has no legal move.
	const fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"
	p, err := core.ParseVariantFEN(core.Atomic, fen)
	require.NoError(t, err)
	std, err := core.ParseFEN(fen)
	require.NoError(t, err)
	assert.Equal(t, core.E2.Bitboard(), p.Pinned())
	assert.Equal(t, std.Pinned(), p.Pinned())
	for _, m := range atomicMoves(t, fen) {
		assert.NotEqual(t, "e2", m[:2], "the pinned bishop moves: %s", m)
	}

	// The kings touch (e1, d2): no check is possible, so the knight on e4
	// in front of the rook on e8 is not pinned and leaves the file.
	p, err = core.ParseVariantFEN(core.Atomic, "4r3/8/8/8/4N3/8/3k4/4K3 w - - 0 1")
	require.NoError(t, err)
	assert.Zero(t, p.Pinned())
	assert.Contains(t, atomicMoves(t, p.FEN()), "e4c5")

	// A king that has exploded pins nothing.
	p, err = core.ParseVariantFEN(core.Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1")
	require.NoError(t, err)
	assert.Zero(t, p.Pinned())
}

// SEE and SEEGreaterEqual in Atomic answer by standard chess's rules, with
// no explosion: for every capture, what they answer for the same move on
// the same board in standard chess.
func TestAtomicSEEIsStandard(t *testing.T) {
	for _, fen := range []string{
		"4k3/8/3b1p2/4p3/5q2/5N2/8/4K3 w - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"rn2k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
	} {
		p, err := core.ParseVariantFEN(core.Atomic, fen)
		require.NoError(t, err)
		std, err := core.ParseFEN(fen)
		require.NoError(t, err)
		var ml core.MoveList
		p.LegalMoves(&ml)
		captures := 0
		for _, m := range ml.Moves() {
			if !m.IsCapture() {
				continue
			}
			captures++
			sm, err := std.ParseUCI(m.UCI(false))
			require.NoError(t, err, "%s %s", fen, m.UCI(false))
			see := std.SEE(sm)
			assert.Equal(t, see, p.SEE(m), "%s %s", fen, m.UCI(false))
			assert.True(t, p.SEEGreaterEqual(m, see), "%s %s", fen, m.UCI(false))
			assert.False(t, p.SEEGreaterEqual(m, see+1), "%s %s", fen, m.UCI(false))
		}
		assert.NotZero(t, captures, fen)
	}
	// Nxe5 wins a pawn and loses the knight to the recapture, though in
	// Atomic it explodes the bishop on d6 and the queen on f4 with them.
	p, err := core.ParseVariantFEN(core.Atomic, "4k3/8/3b1p2/4p3/5q2/5N2/8/4K3 w - - 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("f3e5")
	require.NoError(t, err)
	assert.Equal(t, core.SEEValue(core.Pawn)-core.SEEValue(core.Knight), p.SEE(m))
}
