package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// trainnet runs the command and returns its output.
func trainnet(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, run(args, &out))
	return out.String()
}

// material is White's material lead in centipawns.
func material(p *core.Position) int {
	v := map[core.PieceType]int{core.Pawn: 100, core.Knight: 300, core.Bishop: 300, core.Rook: 500, core.Queen: 900}
	s := 0
	for t, x := range v {
		s += x * (p.Pieces(core.White, t).Count() - p.Pieces(core.Black, t).Count())
	}
	return s
}

// syntheticFile writes n positions of random games, scored by material
// ("FEN;score;result", the result the material's sign) and returns its
// path and the positions.
func syntheticFile(t *testing.T, n int, seed uint64) (string, []core.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var b strings.Builder
	var ps []core.Position
	var ml core.MoveList
	for len(ps) < n {
		p := core.StartPosition()
		for range 10 + rng.IntN(120) {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(rng.IntN(ml.Len())))
		}
		m := material(&p)
		r := 0.5
		if m > 0 {
			r = 1
		} else if m < 0 {
			r = 0
		}
		fmt.Fprintf(&b, "%s;%d;%g\n", p.FEN(), m, r)
		ps = append(ps, p)
	}
	path := filepath.Join(t.TempDir(), "synthetic.txt")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path, ps
}

var epochLine = regexp.MustCompile(`(?m)^epoch (\d+): (?:loss ([0-9.]+), )?held out ([0-9.]+)$`)

// losses returns the training and held-out losses printed by epoch.
func losses(t *testing.T, out string) (train, held []float64) {
	t.Helper()
	for _, m := range epochLine.FindAllStringSubmatch(out, -1) {
		if m[2] != "" {
			v, err := strconv.ParseFloat(m[2], 64)
			require.NoError(t, err)
			train = append(train, v)
		}
		v, err := strconv.ParseFloat(m[3], 64)
		require.NoError(t, err)
		held = append(held, v)
	}
	return train, held
}

// Training on a synthetic set (material scores) lowers the loss on the
// positions trained on and on those held out, well below the untrained
// network's; the file written loads, evaluates as the network trained
// (the quantised network's loss printed is the file's), and the same data
// and flags give the same file byte for byte, whatever -j.
func TestTrainLowersLoss(t *testing.T) {
	path, _ := syntheticFile(t, 3000, 1)
	dir := t.TempDir()
	args := []string{"-hidden", "32", "-epochs", "16", "-batch", "256", "-lr", "0.003", "-holdout", "0.2", "-seed", "3"}
	out := trainnet(t, append(args, "-o", filepath.Join(dir, "a.gnn"), path)...)
	t.Log(out)
	train, held := losses(t, out)
	require.Len(t, train, 16)
	require.Len(t, held, 17)
	assert.Less(t, train[15], train[0]*0.3, "training loss falls")
	assert.Less(t, held[16], held[0]*0.4, "held-out loss falls")
	for i := 1; i < len(held); i++ {
		assert.Less(t, held[i], held[0], "epoch %d", i)
	}

	n, err := perspective.LoadFile(filepath.Join(dir, "a.gnn"))
	require.NoError(t, err)
	assert.Equal(t, 32, n.Hidden())
	assert.Contains(t, n.Description, "-hidden 32")
	assert.Contains(t, n.Description, "3000 positions")
	// The network learnt material: a queen up is a large lead for the
	// side that has it, whoever is to move.
	for _, c := range []struct {
		fen  string
		sign int
	}{
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -1},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", -1},
	} {
		p, err := core.ParseFEN(c.fen)
		require.NoError(t, err)
		assert.Greater(t, c.sign*n.Evaluate(&p), 300, c.fen)
	}

	b := trainnet(t, append(args, "-j", "3", "-o", filepath.Join(dir, "b.gnn"), path)...)
	assert.Equal(t, out, b, "-j 3 prints what -j 1 does")
	fa, err := os.ReadFile(filepath.Join(dir, "a.gnn"))
	require.NoError(t, err)
	fb, err := os.ReadFile(filepath.Join(dir, "b.gnn"))
	require.NoError(t, err)
	assert.Equal(t, fa, fb, "the same network with -j 3")
}

// The quantised network evaluates within a few centipawns of the float
// network it came from: on positions of random games, with QB 64 at most
// 25 centipawns apart and 5 on average (the rounding of the weights to
// 1/255 and 1/64, which the scale of 400 centipawns a unit magnifies,
// and the final division's truncation); with QB 1024 (-qb) closer still.
func TestQuantisedIsFloat(t *testing.T) {
	path, ps := syntheticFile(t, 2000, 4)
	o := options{hidden: 64, k: 400, lambda: 0.75, holdout: 0, seed: 5, files: []string{path}}
	d, err := load(&o)
	require.NoError(t, err)
	m := newModel(o.hidden, rand.New(rand.NewPCG(o.seed, 0)))
	tr := newTrainer(m, o.k, 2, 0.003)
	for e := range 4 {
		tr.epoch(&d.train, 256, rand.New(rand.NewPCG(6, uint64(e))))
	}
	gaps := func(qb int) (mean, worst, spread float64) {
		n, err := m.quantise("test", qb)
		require.NoError(t, err)
		ev := n.NewEvaluator()
		for i := range ps {
			f := m.evaluate(&ps[i])
			gap := math.Abs(f - float64(ev.Evaluate(&ps[i])))
			mean += gap
			worst = max(worst, gap)
			spread = max(spread, math.Abs(f))
		}
		mean /= float64(len(ps))
		t.Logf("QB %d: float and quantised: mean gap %.2f cp, largest %.2f cp, largest evaluation %.0f cp", qb, mean, worst, spread)
		return mean, worst, spread
	}
	mean, worst, spread := gaps(perspective.DefaultQB)
	assert.Greater(t, spread, 300.0, "the network is trained: its evaluations spread")
	assert.LessOrEqual(t, worst, 25.0)
	assert.LessOrEqual(t, mean, 5.0)
	fineMean, fineWorst, _ := gaps(1024)
	assert.Less(t, fineMean, mean)
	assert.LessOrEqual(t, fineWorst, worst)
}

// The inputs from Black's perspective computed from White's are
// perspective.Feature's, and a position rebuilt from its inputs is the
// position (its pieces and side to move).
func TestFeatures(t *testing.T) {
	for sq := range core.Square(64) {
		for _, c := range []core.Color{core.White, core.Black} {
			for pt := core.Pawn; pt <= core.King; pt++ {
				pc := core.NewPiece(c, pt)
				assert.Equal(t, perspective.Feature(core.Black, sq, pc), blackFeature(perspective.Feature(core.White, sq, pc)))
			}
		}
	}
	_, ps := syntheticFile(t, 50, 7)
	p := newPositions()
	for i := range ps {
		p.add(&ps[i], 0.5)
	}
	for i := range ps {
		q, err := p.position(i)
		require.NoError(t, err)
		want, _, _ := strings.Cut(ps[i].FEN(), " ")
		got, _, _ := strings.Cut(q.FEN(), " ")
		assert.Equal(t, want, got)
		assert.Equal(t, ps[i].SideToMove(), q.SideToMove())
	}
}

// Lines of both forms give their targets; a bad line is an error naming
// the file and the line.
func TestLines(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	require.NoError(t, os.WriteFile(good, []byte(
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.6\n\n"+
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;400;0\n"), 0o644))
	o := options{k: 400, lambda: 0.75, seed: 1, files: []string{good}}
	d, err := load(&o)
	require.NoError(t, err)
	require.Equal(t, 2, d.train.len())
	assert.Equal(t, 1, d.results)
	assert.InDelta(t, 0.6, d.train.target[0], 1e-6)
	assert.InDelta(t, 0.75*(1/(1+math.Pow(10, -1))), d.train.target[1], 1e-6)
	assert.True(t, d.train.black[1])

	for _, c := range []struct{ line, want string }{
		{"not a fen;0.5", "bad.txt:2"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1.5", "expected score 1.5"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;x", "expected score"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;10;0.3", "result 0.3"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;NaN;1", "score"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", "got 1 fields"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1;1;1", "got 4 fields"},
	} {
		bad := filepath.Join(dir, "bad.txt")
		require.NoError(t, os.WriteFile(bad, []byte("8/8/8/8/8/8/8/K6k w - - 0 1;0.5\n"+c.line+"\n"), 0o644))
		var out bytes.Buffer
		err := run([]string{"-epochs", "0", bad}, &out)
		require.Error(t, err, c.line)
		assert.Contains(t, err.Error(), c.want)
		assert.Contains(t, err.Error(), "bad.txt:2")
	}
}

// Flags out of range are usage errors.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{}, {"-hidden", "0", "x"}, {"-epochs", "-1", "x"}, {"-batch", "0", "x"}, {"-lr", "0", "x"},
		{"-lambda", "2", "x"}, {"-k", "0", "x"}, {"-holdout", "0.6", "x"}, {"-j", "0", "x"}, {"-max", "-1", "x"}, {"-drop", "-1", "x"},
		{"-qb", "0", "x"}, {"-qb", "9000", "x"}, {"-hidden", "512", "-qb", "8192", "x"},
	} {
		var out bytes.Buffer
		err := run(args, &out)
		assert.Error(t, err, "%q", args)
	}
}

// -mirror doubles the positions trained on (not those held out) with
// their mirror images, whose inputs are the mirrored position's.
func TestMirror(t *testing.T) {
	path, ps := syntheticFile(t, 40, 8)
	o := options{k: 400, lambda: 0.75, seed: 1, mirror: true, files: []string{path}}
	d, err := load(&o)
	require.NoError(t, err)
	require.Equal(t, 2*len(ps), d.train.len())
	for i := range ps {
		q, err := d.train.position(2*i + 1)
		require.NoError(t, err)
		mirrored := ps[i].FEN()
		board, rest, _ := strings.Cut(mirrored, " ")
		ranks := strings.Split(board, "/")
		for r, rank := range ranks {
			var b []byte
			for _, c := range []byte(rank) {
				if c >= '1' && c <= '8' {
					b = append(b, bytes.Repeat([]byte{'1'}, int(c-'0'))...)
				} else {
					b = append(b, c)
				}
			}
			for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
				b[x], b[y] = b[y], b[x]
			}
			ranks[r] = string(b)
		}
		side, _, _ := strings.Cut(rest, " ")
		m, err := core.ParseFEN(strings.Join(ranks, "/") + " " + side + " - - 0 1")
		require.NoError(t, err)
		got, _, _ := strings.Cut(q.FEN(), " ")
		w, _, _ := strings.Cut(m.FEN(), " ")
		assert.Equal(t, w, got)
		assert.Equal(t, d.train.target[2*i], d.train.target[2*i+1])
		assert.Equal(t, d.train.black[2*i], d.train.black[2*i+1])
	}
}
