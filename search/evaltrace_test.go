package search

import (
	"errors"
	"io"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// tracePositions returns the bench positions and every position of the
// first games of a file of real games.
func tracePositions(t *testing.T, games int) []core.Position {
	t.Helper()
	var ps []core.Position
	for _, fen := range BenchPositions {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	f, err := os.Open("../testdata/pgn/twic1599_1000k.pgn")
	require.NoError(t, err)
	defer f.Close()
	r := pgn.NewReader(f)
	var g pgn.Mainline
	for range games {
		err := r.NextMainline(&g)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		p := g.Start
		for _, m := range g.Moves {
			p.MakeMove(m)
			ps = append(ps, p)
		}
	}
	return ps
}

// linear returns White's score of the linear form t with the weights ws.
func linear(t *EvalTrace, ws []EvalWeight) float64 {
	var mg, eg float64
	for i, c := range t.Coef {
		mg += float64(c) * float64(ws[i].MG)
		eg += float64(c) * float64(ws[i].EG)
	}
	v := (mg*float64(t.Phase) + eg*float64(EvalMaxPhase-t.Phase)) / EvalMaxPhase
	if t.Drawish {
		v /= 8
	}
	return v
}

// The trace is the evaluation: its linear form with the weights gives
// Evaluate's value (less the rounding), in real games' positions.
func TestTraceEvaluateIsEvaluate(t *testing.T) {
	ws := EvalWeights()
	var tr EvalTrace
	ps := tracePositions(t, 40)
	require.Greater(t, len(ps), 2000)
	drawish := 0
	for i := range ps {
		p := &ps[i]
		v := TraceEvaluate(p, &tr)
		require.Equal(t, Evaluate(p), v, p.FEN())
		if p.SideToMove() == core.Black {
			v = -v
		}
		assert.Less(t, math.Abs(linear(&tr, ws)-float64(v)), 1.125, "%s: form %.2f, Evaluate %d", p.FEN(), linear(&tr, ws), v)
		assert.True(t, tr.Phase >= 0 && tr.Phase <= EvalMaxPhase)
		if tr.Drawish {
			drawish++
		}
	}
	// The drawish division, in a pawnless endgame a minor piece up.
	p, err := core.ParseFEN("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
	require.NoError(t, err)
	v := TraceEvaluate(&p, &tr)
	assert.True(t, tr.Drawish)
	assert.Less(t, math.Abs(linear(&tr, ws)-float64(v)), 1.125)
}

// A trace counts for White less for Black: the colour-flipped position
// has the opposite counts.
func TestTraceIsSymmetric(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13",
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		q, err := core.ParseFEN(flipFEN(fen))
		require.NoError(t, err)
		var tp, tq EvalTrace
		TraceEvaluate(&p, &tp)
		TraceEvaluate(&q, &tq)
		for i := range tp.Coef {
			if i == wTempo {
				continue // the side to move is White in both
			}
			assert.Equal(t, tp.Coef[i], -tq.Coef[i], "%s: %s", fen, EvalWeights()[i].Name)
		}
		assert.NotEqual(t, EvalTrace{}.Coef, tp.Coef, "a trace with no count")
	}
}

// flipFEN returns the FEN of a position with the colours swapped and the
// board flipped, the same side to move (castling and en passant dropped).
func flipFEN(fen string) string {
	p, _ := core.ParseFEN(fen)
	var b []byte
	for r := 0; r < 8; r++ { // rank 1 of p becomes rank 8 of the flip
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.PieceAt(core.NewSquare(f, r))
			if pc == core.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			c := pc.String()[0]
			if c >= 'a' {
				c -= 'a' - 'A'
			} else {
				c += 'a' - 'A'
			}
			b = append(b, c)
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if r < 7 {
			b = append(b, '/')
		}
	}
	return string(b) + " w - - 0 1"
}

// The weights have one name each, in groups that follow each other.
func TestEvalWeightsNames(t *testing.T) {
	ws := EvalWeights()
	require.Len(t, ws, NumEvalWeights)
	seen := map[string]bool{}
	groups := map[string]bool{}
	for i, w := range ws {
		assert.False(t, seen[w.Name], "%s twice", w.Name)
		seen[w.Name] = true
		if i == 0 || ws[i-1].Group != w.Group {
			assert.False(t, groups[w.Group], "group %s in two places", w.Group)
			groups[w.Group] = true
		}
	}
	assert.Equal(t, "material.pawn", ws[wMaterial].Name)
	assert.Equal(t, "pst.knight.e4", ws[pstIndex(core.Knight, core.NewSquare(4, 3))].Name)
	assert.Equal(t, "passed_pawn.rank6", ws[wPassed+5].Name)
	assert.Equal(t, "tempo", ws[wTempo].Name)
	assert.Equal(t, "mobility.queen.27", ws[wMobilityQueen+27].Name)
	assert.Equal(t, "king_attack.31", ws[NumEvalWeights-1].Name)
}

// Quiesce stands pat in a quiet position and takes a hanging piece.
func TestQuiesce(t *testing.T) {
	e := New()
	p := core.StartPosition()
	assert.Equal(t, Evaluate(&p), e.Quiesce(&p))
	p, err := core.ParseFEN("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
	require.NoError(t, err)
	assert.Greater(t, e.Quiesce(&p), Evaluate(&p)+500)
}

// Evaluate allocates nothing, and neither does a trace.
func TestEvaluateAllocatesNothing(t *testing.T) {
	p, err := core.ParseFEN(BenchPositions[1])
	require.NoError(t, err)
	var tr EvalTrace
	assert.Zero(t, testing.AllocsPerRun(100, func() { Evaluate(&p) }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { TraceEvaluate(&p, &tr) }))
}
