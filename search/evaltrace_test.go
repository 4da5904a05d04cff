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

// A trace counts for White less for Black: the colour-flipped position,
// the other side to move, has the opposite counts, and the opposite value.
func TestTraceIsSymmetric(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R w - - 0 13",
		"r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2N2B2/PPPQ1PPP/2KR3R b - - 0 13",
		"2r3k1/1P3pp1/4p2p/3n4/8/5NP1/5PKP/1R6 w - - 0 40", // passed pawns, threats
	} {
		p, err := core.ParseFEN(fen)
		require.NoError(t, err)
		q, err := core.ParseFEN(flipFEN(fen))
		require.NoError(t, err)
		var tp, tq EvalTrace
		vp, vq := TraceEvaluate(&p, &tp), TraceEvaluate(&q, &tq)
		assert.Equal(t, vp, vq, "%s: the side to move's value", fen)
		for i := range tp.Coef {
			assert.Equal(t, tp.Coef[i], -tq.Coef[i], "%s: %s", fen, EvalWeights()[i].Name)
		}
		assert.NotEqual(t, EvalTrace{}.Coef, tp.Coef, "a trace with no count")
	}
}

// flipFEN returns the FEN of a position with the colours swapped and the
// board flipped, the other side to move (castling and en passant
// dropped).
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
	return string(b) + " " + p.SideToMove().Other().String()[:1] + " - - 0 1"
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
	assert.Equal(t, "king_attack.31", ws[wKingAttack+kingAttackUnits-1].Name)
	assert.Equal(t, "threat_pawn.knight", ws[wThreatPawn].Name)
	assert.Equal(t, "threat_minor.queen", ws[wThreatMinor+1].Name)
	assert.Equal(t, "passed_rook_behind", ws[NumEvalWeights-1].Name)
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

// The threat and passed pawn terms count what they say, in positions
// built for each: White's counts less Black's, threats only for the side
// not to move.
func TestEvalTermCounts(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		want      map[int]int16
	}{
		{"a pawn forks knight and rook", "4k3/8/8/1n1r4/8/2P5/8/4K3 b - - 0 1",
			map[int]int16{wThreatPawn: 0, wThreatPawnPush: 2, wThreatPawn + int(core.Rook-core.Knight): 0}},
		{"pawn attacks", "4k3/8/8/1n1r4/2P5/8/8/4K3 b - - 0 1",
			map[int]int16{wThreatPawn: 1, wThreatPawn + int(core.Rook-core.Knight): 1, wHanging: 1, wThreatPawnPush: 0}},
		{"the side to move's threats do not count", "4k3/8/8/1n1r4/2P5/8/8/4K3 w - - 0 1",
			map[int]int16{wThreatPawn: 0, wHanging: 0}},
		{"a bishop on a rook and a queen, a rook on the queen", "3qk3/8/8/r7/8/2B5/8/3RK3 b - - 0 1",
			map[int]int16{wThreatMinor: 1, wThreatMinor + 1: 0, wThreatRookQueen: 1, wHanging: 0}},
		{"a knight on a defended queen", "4k3/4p3/3q4/8/2N5/8/8/4K3 b - - 0 1",
			map[int]int16{wThreatMinor + 1: 1, wHanging: 0}},
		{"passer on the sixth, path free, rook behind", "8/8/1P6/8/5k2/8/8/1R5K w - - 0 1",
			map[int]int16{wPassedPathFree: 5, wPassedRookBehind: 1, wPassedKingTheirs: 5 * 4, wPassedKingOurs: 5 * 5, wPassedSupported: 0}},
		{"passer on the fifth, blocked, supported by one on the fourth, its stop safe", "4k3/8/1n6/1P6/2P5/8/8/4K3 w - - 0 1",
			map[int]int16{wPassedBlocked: 3, wPassedSupported: 3, wPassedStopSafe: 1, wPassedKingTheirs: 3*3 + 3, wPassedKingOurs: 3*5 + 4, wPassedPathFree: 0}},
		{"Black's passer on its fifth, stop safe, path attacked", "4k3/8/8/8/1p6/8/8/2K5 b - - 0 1",
			map[int]int16{wPassedStopSafe: -3, wPassedKingTheirs: -3 * 2, wPassedKingOurs: -3 * 5, wPassedPathFree: 0}},
		{"a safe knight check adds to the king attack's units", "6k1/5ppp/8/3N3Q/8/3B4/8/6K1 b - - 0 1",
			map[int]int16{wKingAttack + 15: 1, wKingAttack + 12: 0}},
		{"not when they defend its square", "4r1k1/5ppp/8/3N3Q/8/3B4/8/6K1 b - - 0 1",
			map[int]int16{wKingAttack + 15: 0, wKingAttack + 12: 1}},
		{"without a queen, half the units", "6k1/5ppp/8/3N3R/8/3B4/8/6K1 b - - 0 1",
			map[int]int16{wKingAttack + 4: 1}},
		{"a passer on its third rank counts no extra", "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1",
			map[int]int16{wPassedPathFree: 0, wPassedKingTheirs: 0, wPassed + 2: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			var tr EvalTrace
			TraceEvaluate(&p, &tr)
			for w, n := range tc.want {
				assert.Equal(t, n, tr.Coef[w], EvalWeights()[w].Name)
			}
		})
	}
}
