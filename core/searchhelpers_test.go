package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStringMatchesUCI checks that Move.String writes what Position.UCI
// writes in standard chess, and in Chess960 for every move but a castling
// from the e-file with a corner rook, which String writes as the king's
// move; and that Dest is where the moved piece stands after the move.
func TestStringMatchesUCI(t *testing.T) {
	var ml MoveList
	castles, castles960 := 0, 0
	forEachGamePosition(t, invariantSeed+4, func(p *Position, path []string) {
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			uci := p.UCI(m)
			require.Equal(t, uci, m.UCI(p.Chess960()), "Move.UCI and Position.UCI: %s", where(p, path))
			standardCastle := m.IsCastle() && m.From().File() == 4 && (m.To().File() == 0 || m.To().File() == 7)
			if p.Chess960() && standardCastle {
				assert.Equal(t, m.From().String()+m.Dest().String(), m.String(), where(p, path))
				castles960++
			} else {
				require.Equal(t, uci, m.String(), where(p, path))
			}
			if m.IsCastle() {
				castles++
			}
			q := *p
			q.MakeMove(m)
			want := m.Piece()
			if m.IsPromotion() {
				want = m.Promotion()
			}
			require.Equal(t, NewPiece(p.SideToMove(), want), q.PieceAt(m.Dest()), "Dest of %s: %s", uci, where(p, path))
		}
	})
	require.Positive(t, castles)
	require.Positive(t, castles960)
}

// TestIsLegal checks IsLegal on every legal move of the random games'
// positions and on the moves of the position before, most of which are
// not legal any more.
func TestIsLegal(t *testing.T) {
	var ml, prev MoveList
	foreign, foreignLegal := 0, 0
	forEachGamePosition(t, invariantSeed+5, func(p *Position, path []string) {
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			require.True(t, p.IsLegal(m), "%s: %s", p.UCI(m), where(p, path))
		}
		for _, m := range prev.Moves() {
			foreign++
			if ml.Contains(m) {
				foreignLegal++
			}
			require.Equal(t, ml.Contains(m), p.IsLegal(m), "%s (%#x): %s", m, uint32(m), where(p, path))
		}
		prev = ml
	})
	start := StartPosition()
	require.False(t, start.IsLegal(NoMove))
	require.Greater(t, foreign-foreignLegal, 100000, "illegal moves covered")
	require.Positive(t, foreignLegal, "legal moves from elsewhere covered")
}

func TestSquareFlipMirrorRelative(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		assert.Equal(t, NewSquare(sq.File(), 7-sq.Rank()), sq.Flip(), "%v", sq)
		assert.Equal(t, NewSquare(7-sq.File(), sq.Rank()), sq.Mirror(), "%v", sq)
		assert.Equal(t, sq, sq.Relative(White))
		assert.Equal(t, sq.Flip(), sq.Relative(Black))
	}
	assert.Equal(t, E8, E1.Flip())
	assert.Equal(t, D1, E1.Mirror())
	assert.Equal(t, G8, G1.Relative(Black))
}

func TestMoveListReorder(t *testing.T) {
	p := StartPosition()
	var ml MoveList
	p.LegalMoves(&ml)
	var scores [MaxMoves]int32
	for i, m := range ml.Moves() {
		scores[i] = int32(m.To()) // any score: the destination square
	}
	orig := sorted(&ml)
	for i := range ml.Len() {
		best := ml.PickBest(i, scores[:])
		require.Equal(t, best, ml.At(i))
		require.Equal(t, int32(best.To()), scores[i], "scores follow their moves")
		if i > 0 {
			require.LessOrEqual(t, scores[i], scores[i-1], "picked in order of score")
		}
	}
	require.Equal(t, orig, sorted(&ml), "PickBest only reorders")

	a, b := ml.At(0), ml.At(1)
	ml.Swap(0, 1)
	require.Equal(t, []Move{b, a}, ml.Moves()[:2])
	ml.Set(0, a)
	require.Equal(t, a, ml.At(0))
	require.Panics(t, func() { ml.Set(ml.Len(), a) })
	require.Panics(t, func() { ml.Swap(0, ml.Len()) })
	require.Zero(t, testing.AllocsPerRun(100, func() {
		for i := range ml.Len() {
			ml.PickBest(i, scores[:])
		}
	}))
}
