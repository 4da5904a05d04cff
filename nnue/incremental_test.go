package nnue_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/nnue"
)

// Accumulators followed through random games (half from Chess960 starts:
// castling of every kind, en passant, promotions, captures of every
// piece) are, at every ply and after every excursion of a few moves and
// null moves made and unmade, the ones computed from scratch, and so is
// the evaluation, and the final evaluation with any optimism.
func TestIncrementalIsScratch(t *testing.T) {
	net := network(t)
	inc, scratch := net.NewEvaluator(), net.NewEvaluator()
	rng := rand.New(rand.NewPCG(3, 3))
	starts := chess960Starts(t)
	var ml core.MoveList
	kinds := map[string]int{}
	check := func(p *core.Position, what string) {
		t.Helper()
		require.True(t, nnue.IncrementalIsScratch(inc, p), "%s: %s", what, p.FEN())
		require.Equal(t, scratch.Evaluate(p), inc.EvaluateIncremental(p), "%s: %s", what, p.FEN())
		opt := rng.IntN(401) - 200
		require.Equal(t, scratch.EvaluateFinal(p, opt), inc.EvaluateFinalIncremental(p, opt), "%s: optimism %d: %s", what, opt, p.FEN())
	}
	for game := range 40 {
		p := core.StartPosition()
		if game%2 == 1 {
			p = starts[rng.IntN(len(starts))]
		}
		require.NoError(t, inc.Reset(&p))
		check(&p, "reset")
		for ply := 0; ply < 250; ply++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			switch {
			case m.IsCastle():
				kinds["castle"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.IsPromotion():
				kinds["promotion"]++
			case m.IsCapture():
				kinds["capture"]++
			}
			p.MakeMove(m)
			inc.Push(&p, m)
			check(&p, p.UCI(m))
			if ply%10 == 5 {
				excursion(t, rng, &p, check, inc)
				check(&p, "after an excursion")
			}
		}
	}
	t.Logf("moves followed: %v", kinds)
	for _, k := range []string{"castle", "en passant", "promotion", "capture"} {
		assert.Positive(t, kinds[k], k)
	}
}

// excursion makes up to four random moves (a null move now and then when
// not in check), pushed to every evaluator and checked each, then unmakes
// and pops them.
func excursion(t *testing.T, rng *rand.Rand, p *core.Position, check func(*core.Position, string), evs ...*nnue.Evaluator) {
	t.Helper()
	var ml core.MoveList
	type step struct {
		m core.Move
		u core.Undo
	}
	var line []step
	for range 1 + rng.IntN(4) {
		if !p.InCheck() && rng.IntN(5) == 0 {
			u := p.MakeNullMove()
			for _, e := range evs {
				e.Push(p, core.NoMove)
			}
			line = append(line, step{core.NoMove, u})
			check(p, "null move")
			continue
		}
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		m := ml.At(rng.IntN(ml.Len()))
		u := p.MakeMove(m)
		for _, e := range evs {
			e.Push(p, m)
		}
		line = append(line, step{m, u})
		check(p, "excursion "+p.UCI(m))
	}
	for i := len(line) - 1; i >= 0; i-- {
		if line[i].m == core.NoMove {
			p.UnmakeNullMove(line[i].u)
		} else {
			p.UnmakeMove(line[i].m, line[i].u)
		}
		for _, e := range evs {
			e.Pop()
		}
	}
}

// Every legal move of the published perft suites' positions (castling
// both ways through every kind of obstacle, en passant with pins,
// promotions, in standard chess and in the first 300 Chess960 positions)
// pushed and popped gives the accumulators from scratch; and so does, in
// the standard positions, every castling, en passant capture and
// promotion of the replies.
func TestIncrementalEveryMoveOfThePerftSuites(t *testing.T) {
	net := network(t)
	inc, scratch := net.NewEvaluator(), net.NewEvaluator()
	ps := fentest.EPD(t, "../testdata/perft/standard.epd") // 128 positions
	ps = append(ps, chess960Starts(t)[:300]...)
	// En passant captures of each side, towards each wing, with the
	// capturing or the captured side's king near.
	for _, fen := range []string{
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
		"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
		"8/8/8/8/1k1Pp3/8/8/4K3 b - d3 0 1",
		"4k3/8/8/KPp5/8/8/8/8 w - c6 0 1",
		"7k/8/8/5pPK/8/8/8/8 w - f6 0 1",
		"8/8/8/8/pP6/8/8/K6k b - b3 0 1",
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err, fen)
		ps = append(ps, p)
	}
	var ml core.MoveList
	moves, castles, eps := 0, 0, 0
	for i := range ps {
		p := &ps[i]
		require.NoError(t, inc.Reset(p))
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			u := p.MakeMove(m)
			inc.Push(p, m)
			require.True(t, nnue.IncrementalIsScratch(inc, p), "%s after %s", p.FEN(), m)
			require.Equal(t, scratch.Evaluate(p), inc.EvaluateIncremental(p), "%s after %s", p.FEN(), m)
			if i < 128 {
				var replies core.MoveList
				p.LegalMoves(&replies)
				for _, r := range replies.Moves() {
					if !r.IsCastle() && !r.IsEnPassant() && !r.IsPromotion() {
						continue
					}
					ru := p.MakeMove(r)
					inc.Push(p, r)
					require.True(t, nnue.IncrementalIsScratch(inc, p), "%s after %s", p.FEN(), r)
					p.UnmakeMove(r, ru)
					inc.Pop()
					moves++
					if r.IsCastle() {
						castles++
					}
					if r.IsEnPassant() {
						eps++
					}
				}
			}
			p.UnmakeMove(m, u)
			inc.Pop()
			moves++
			if m.IsCastle() {
				castles++
			}
			if m.IsEnPassant() {
				eps++
			}
		}
		require.True(t, nnue.IncrementalIsScratch(inc, p), p.FEN())
	}
	t.Logf("%d positions, %d moves: %d castlings, %d en passant captures", len(ps), moves, castles, eps)
	assert.Greater(t, castles, 100)
	assert.Greater(t, eps, 5)
}

// Push, Pop and EvaluateIncremental before any Reset do nothing and
// evaluate to 0; a position the network cannot read is Reset's error.
func TestIncrementalBeforeReset(t *testing.T) {
	ev := network(t).NewEvaluator()
	p := core.StartPosition()
	m, err := p.ParseUCI("e2e4")
	require.NoError(t, err)
	p.MakeMove(m)
	ev.Push(&p, m)
	ev.Pop()
	ev.Pop()
	assert.Zero(t, ev.EvaluateIncremental(&p))
	h, err := core.ParseVariantFEN(core.Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1")
	require.NoError(t, err)
	assert.ErrorIs(t, ev.Reset(&h), nnue.ErrPosition)
}
