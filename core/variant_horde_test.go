package core

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// twoPliesByMaking is perft(2) of p the long way: every legal move made,
// the legal moves after it generated and counted, the move taken back.
func twoPliesByMaking(p *Position) uint64 {
	var ml, after MoveList
	p.LegalMoves(&ml)
	var n uint64
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		p.LegalMoves(&after)
		n += uint64(after.Len())
		p.UnmakeMove(m, u)
	}
	return n
}

// TestCountTwoPliesHorde holds CountTwoPlies to perft(2) counted by
// making every move, in every position of seeded random Horde games and
// of a few set up for what Horde's shared counts test (hordeCountTwoPlies,
// hordeRepliesTwoPlies: White knights and sliders, Black castling with the
// horde near, en passant both ways, checks by a pawn), and in each
// position one ply below those. It also checks that the shared counts
// were the ones taken in most of the positions of their side to move, and
// that CountTwoPlies leaves the position as it was.
func TestCountTwoPliesHorde(t *testing.T) {
	var positions []Position
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
		"k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1",
		"r3k2r/pppp1ppp/8/4pP2/3N4/2N5/PPPPPPPP/PPPPPPPP w kq e6 0 1",
		"r3k2r/1P4P1/8/3pP3/8/8/PPPPPPPP/PPPPPPPP w kq d6 0 1",
		"rn2k2r/pp3ppp/2p5/3P1P2/1P2P3/P1N3P1/1PPPPPP1/PPPPPPPP w kq - 0 1",
		"4k3/3p1p2/2P1P3/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1",
		"rnbqkbnr/ppp1pppp/8/3p4/2P1P3/8/PPPPPPPP/PPPPPPPP w kq - 0 1",
		"4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 w - - 0 1",
		"4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
		"r3k2r/pppppppp/8/1P4P1/8/2N2B2/PPPPPPPP/PPPPPPPP b kq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3R4/1N6/PPPPPPPP/PPPPPPPP b kq - 0 1",
		"4k3/8/8/3Q4/2N5/8/P7/8 b - - 0 1",
		"4k3/8/8/8/8/8/3p4/2P1P3 b - - 0 1",
		"r3k2r/p1pp1ppp/8/1Pn1pP2/2N5/8/PPPPPPPP/PPPPPPPP b kq - 0 1",
	} {
		p, err := ParseVariantFEN(Horde, fen)
		require.NoError(t, err, fen)
		positions = append(positions, p)
	}
	r := rand.New(rand.NewPCG(41, 8))
	var ml MoveList
	for range 40 {
		p, err := VariantStartPosition(Horde)
		require.NoError(t, err)
		for range 120 {
			positions = append(positions, p)
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(r.IntN(ml.Len())))
		}
	}
	checked, shared, hordeToMove, replies, kingToMove := 0, 0, 0, 0, 0
	var scratch, children MoveList
	check := func(p *Position, ctx string) {
		checked++
		want := twoPliesByMaking(p)
		fen, hash := p.FEN(), p.Hash()
		q := *p
		switch {
		case p.side()&1 == White && p.byType[King]&p.byColor[White] == 0:
			hordeToMove++
			if _, ok := q.hordeCountTwoPlies(); ok {
				shared++
			}
		case p.side()&1 == Black && p.byType[King]&p.byColor[Black] != 0:
			kingToMove++
			if _, ok := q.hordeRepliesTwoPlies(&scratch); ok {
				replies++
			}
		}
		require.Equal(t, want, p.CountTwoPlies(&scratch), "perft(2) of %s (%s)", fen, ctx)
		require.Equal(t, fen, p.FEN(), "CountTwoPlies changed the position (%s)", ctx)
		require.Equal(t, hash, p.Hash(), "CountTwoPlies changed the hash of %s (%s)", fen, ctx)
	}
	for i := range positions {
		p := &positions[i]
		check(p, "a position of the list")
		p.LegalMoves(&children)
		for _, m := range children.Moves() {
			u := p.MakeMove(m)
			check(p, "after "+strings.TrimSpace(m.String()))
			p.UnmakeMove(m, u)
		}
	}
	t.Logf("%d positions, %d with the horde to move, %d of them counted shared; %d with the king to move, %d of them counted from the horde's count", checked, hordeToMove, shared, kingToMove, replies)
	require.Greater(t, shared, hordeToMove/2, "the shared count was taken in too few positions to test it")
	require.Greater(t, replies, kingToMove/2, "the horde's count changed move by move was taken in too few positions to test it")
}
