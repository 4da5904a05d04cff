package core

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHistoryAgainstReplay plays random games that shuffle pieces back and
// forth (so that positions repeat), with null moves now and then, and
// compares History with counting the positions seen since the last pawn
// move, capture or null move directly.
func TestHistoryAgainstReplay(t *testing.T) {
	r := rand.New(rand.NewPCG(invariantSeed, 6))
	var ml MoveList
	repeats, nulls, threefold := 0, 0, 0
	earlier := 0 // HasRepeated true of a position that is no repetition itself
	for game := range 400 {
		p := StartPosition()
		if game%2 == 1 {
			var err error
			p, err = ParseFEN(randomChess960FEN(r))
			require.NoError(t, err)
		}
		var h History
		// seen holds the keys since the last irreversible move or null
		// move, the current position last.
		seen := []uint64{p.RepetitionKey()}
		for ply := range 300 {
			if !p.InCheck() && r.IntN(20) == 0 {
				h.PushNull(&p)
				p.MakeNullMove()
				nulls++
				seen = []uint64{p.RepetitionKey()}
			} else {
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				// Prefer knight and king moves, which repeat positions.
				m := ml.At(r.IntN(ml.Len()))
				for range 6 {
					if pt := m.Piece(); pt == Knight || pt == King {
						break
					}
					m = ml.At(r.IntN(ml.Len()))
				}
				h.Push(&p)
				p.MakeMove(m)
				if m.IsCapture() || m.Piece() == Pawn {
					seen = seen[:0]
				}
				seen = append(seen, p.RepetitionKey())
			}
			want := 0
			key := p.RepetitionKey()
			for _, k := range seen[:len(seen)-1] {
				if k == key {
					want++
				}
			}
			require.Equal(t, want, h.Repetitions(&p), "game %d ply %d: %s", game, ply, p.FEN())
			require.Equal(t, want > 0, h.IsRepetition(&p), "game %d ply %d", game, ply)
			dup := false
			for i, k := range seen {
				if slices.Contains(seen[i+1:], k) {
					dup = true
				}
			}
			require.Equal(t, dup, h.HasRepeated(&p), "game %d ply %d: HasRepeated", game, ply)
			if dup && want == 0 {
				earlier++
			}
			if want > 0 {
				repeats++
			}
			if want >= 2 {
				threefold++
			}
			require.Equal(t, ply+1, h.Len())
		}
	}
	t.Logf("%d repetitions (%d threefold), %d null moves, %d earlier repetitions", repeats, threefold, nulls, earlier)
	require.Greater(t, earlier, 1000)
	require.Greater(t, repeats, 1000)
	require.Positive(t, threefold)
	require.Greater(t, nulls, 1000)
}

func TestHistoryPushPopCloneAllocs(t *testing.T) {
	p := StartPosition()
	var h History
	h.Grow(64)
	moves := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	require.Zero(t, testing.AllocsPerRun(100, func() {
		q := p
		for _, s := range moves {
			m, _ := q.ParseUCI(s)
			h.Push(&q)
			q.MakeMove(m)
		}
		if !h.IsRepetition(&q) || !h.HasRepeated(&q) {
			panic("the start position repeats after four knight moves")
		}
		for range moves {
			h.Pop()
		}
	}))
	require.Zero(t, h.Len())
	h.Pop() // an empty history stays empty
	require.Zero(t, h.Len())

	h.Push(&p)
	c := h.Clone(8)
	c.Pop()
	require.Equal(t, 1, h.Len(), "a clone shares nothing")
	require.Zero(t, c.Len())
}

// TestHistoryEnPassantKey checks the trap History exists to avoid: after
// d2d4 the black pawn on e4 stands beside the pawn, so Hash hashes the
// en-passant file, but exd3 is illegal (the pawn is pinned on the e-file),
// so RepetitionKey does not. Four moves later the same position stands
// again with no en-passant square: a repetition by the rules, which
// comparing Hash values misses.
func TestHistoryEnPassantKey(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/4p3/8/3P4/K3R3 w - - 0 1")
	require.NoError(t, err)
	var h History
	var first Position
	for i, s := range []string{"d2d4", "e8d8", "e1e2", "d8e8", "e2e1"} {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		h.Push(&p)
		p.MakeMove(m)
		if i == 0 {
			first = p
		}
	}
	require.Equal(t, first.RepetitionKey(), p.RepetitionKey())
	require.NotEqual(t, first.Hash(), p.Hash(), "Hash tells the two apart")
	require.True(t, h.IsRepetition(&p))
	require.Equal(t, 1, h.Repetitions(&p))
}
