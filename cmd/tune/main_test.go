package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/search"
)

const twic = "../../testdata/pgn/twic1599_1000k.pgn"

// tune runs the command and returns its output.
func tune(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, run(args, &out))
	return out.String()
}

// parseWeights reads back the values of evalWeights from Go source, as
// the compiler reads them.
func parseWeights(t *testing.T, src []byte) [][2]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "evalweights.go", src, parser.ParseComments)
	require.NoError(t, err)
	require.Equal(t, "search", f.Name.Name)
	var lit *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == 1 && vs.Names[0].Name == "evalWeights" {
			lit = vs.Values[0].(*ast.CompositeLit)
		}
		return lit == nil
	})
	require.NotNil(t, lit, "no evalWeights in the source")
	num := func(e ast.Expr) int {
		neg := false
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
			neg, e = true, u.X
		}
		v, err := strconv.Atoi(e.(*ast.BasicLit).Value)
		require.NoError(t, err)
		if neg {
			return -v
		}
		return v
	}
	var ws [][2]int
	for _, e := range lit.Elts {
		pair := e.(*ast.CompositeLit).Elts
		require.Len(t, pair, 2)
		ws = append(ws, [2]int{num(pair[0]), num(pair[1])})
	}
	return ws
}

// values returns the values of ws.
func values(ws []search.EvalWeight) [][2]int {
	v := make([][2]int, len(ws))
	for i, w := range ws {
		v[i] = [2]int{w.MG, w.EG}
	}
	return v
}

var lossLine = regexp.MustCompile(`(?m)^loss ([0-9.]+) -> ([0-9.]+), held out ([0-9.]+) -> ([0-9.]+)$`)

// On a sample of real games the loss falls, the output is the same from
// run to run, and the file written holds the weights in Go.
func TestTuneSample(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-games", "120", "-epochs", "150", "-rate", "2", "-holdout", "0.2", "-seed", "7", "-per-game", "30"}
	out := tune(t, append(args, "-o", filepath.Join(dir, "a.go"), twic)...)
	m := lossLine.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	f := func(s string) float64 { v, err := strconv.ParseFloat(s, 64); require.NoError(t, err); return v }
	before, after := f(m[1]), f(m[2])
	assert.Less(t, after, before*0.995, "the loss on the fitted positions falls")
	assert.Regexp(t, `positions [1-9][0-9]{2,} fitted, [1-9][0-9]+ held out`, out)
	k := regexp.MustCompile(`(?m)^K ([0-9.]+)$`).FindStringSubmatch(out)
	require.NotNil(t, k, out)
	assert.InDelta(t, 1.2, f(k[1]), 1.1, "K")

	out2 := tune(t, append(args, "-o", filepath.Join(dir, "b.go"), twic)...)
	assert.Equal(t, lossLine.FindString(out), lossLine.FindString(out2))
	a, err := os.ReadFile(filepath.Join(dir, "a.go"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, "b.go"))
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b), "the same games and flags write the same file")
	assert.Contains(t, string(a), "// tune -epochs 150 -games 120 -holdout 0.2 -per-game 30 -rate 2 -seed 7 "+twic+"\n")

	got := parseWeights(t, a)
	init := values(search.EvalWeights())
	require.Len(t, got, len(init))
	changed := 0
	for i := range got {
		if got[i] != init[i] {
			changed++
		}
	}
	assert.Greater(t, changed, 50, "weights the fit moved")
}

// -l2 pulls the weights back to their values: the fit moves them less,
// and -every reports the losses along the way.
func TestTuneL2(t *testing.T) {
	args := []string{"-games", "60", "-epochs", "60", "-rate", "2", "-every", "20", "-o", "-", twic}
	distance := func(out string) float64 {
		i := strings.Index(out, "// Code generated")
		require.GreaterOrEqual(t, i, 0, out)
		d := 0.0
		for j, v := range parseWeights(t, []byte(out[i:])) {
			w := search.EvalWeights()[j]
			d += float64((v[0]-w.MG)*(v[0]-w.MG) + (v[1]-w.EG)*(v[1]-w.EG))
		}
		return d
	}
	free := tune(t, args...)
	pulled := tune(t, append([]string{"-l2", "0.01"}, args...)...)
	assert.Less(t, distance(pulled), distance(free)/2)
	assert.Regexp(t, `(?m)^epoch 40: loss [0-9.]+, held out [0-9.]+$`, free)
}

// -epochs 0 writes the weights as they are.
func TestTuneZeroEpochs(t *testing.T) {
	out := tune(t, "-games", "30", "-holdout", "0.3", "-epochs", "0", "-o", "-", twic)
	i := strings.Index(out, "// Code generated")
	require.GreaterOrEqual(t, i, 0, out)
	assert.Equal(t, values(search.EvalWeights()), parseWeights(t, []byte(out[i:])))
	m := lossLine.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Equal(t, m[1], m[2])
}

// The writer's source reads back as the values written, and for the
// weights compiled in it is search/evalweights.go byte for byte.
func TestSource(t *testing.T) {
	ws := search.EvalWeights()
	for i := range ws {
		ws[i].MG, ws[i].EG = i*7-1000, 500-i*3
	}
	src, err := source([]string{"a test"}, ws)
	require.NoError(t, err)
	assert.Equal(t, values(ws), parseWeights(t, src))

	file, err := os.ReadFile("../../search/evalweights.go")
	require.NoError(t, err)
	var header []string
	for _, line := range strings.Split(string(file), "\n")[2:] {
		if line == "" {
			break
		}
		header = append(header, strings.TrimPrefix(line, "// "))
	}
	src, err = source(header, search.EvalWeights())
	require.NoError(t, err)
	assert.Equal(t, string(file), string(src), "search/evalweights.go is not what cmd/tune writes for its weights")
}

// scored writes scored positions, cmd/label's lines, to a file: the
// positions after each of the first plies of a game, each scored by the
// material for White.
func scored(t *testing.T) (string, int) {
	t.Helper()
	var lines []string
	p := core.StartPosition()
	for _, uci := range strings.Fields("e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 c7c6 g1f3 c8f5 f1c4 e7e6 e1g1 g8f6 f1e1 f8b4 c1d2 b8d7 a2a3 b4c3 d2c3 a5c7") {
		m, err := p.ParseUCI(uci)
		require.NoError(t, err)
		p.MakeMove(m)
		r := 0.5
		if d := p.Pieces(core.White, core.Bishop).Count() - p.Pieces(core.Black, core.Bishop).Count(); d != 0 {
			r += 0.1 * float64(d)
		}
		lines = append(lines, fmt.Sprintf("%s;%.4f", p.FEN(), r))
	}
	path := filepath.Join(t.TempDir(), "scored.txt")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path, len(lines)
}

// -scores fits scored positions: every line is a position, -holdout sets
// lines apart, and the fit lowers the loss.
func TestTuneScores(t *testing.T) {
	path, n := scored(t)
	out := tune(t, "-scores", "-holdout", "0.2", "-epochs", "50", "-rate", "2", path)
	m := regexp.MustCompile(`(?m)^scored positions ([0-9]+) fitted, ([0-9]+) held out$`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	fitted, _ := strconv.Atoi(m[1])
	held, _ := strconv.Atoi(m[2])
	assert.Equal(t, n, fitted+held)
	assert.Positive(t, held)
	l := lossLine.FindStringSubmatch(out)
	require.NotNil(t, l, out)
	before, err := strconv.ParseFloat(l[1], 64)
	require.NoError(t, err)
	after, err := strconv.ParseFloat(l[2], 64)
	require.NoError(t, err)
	assert.Less(t, after, before, "the loss on the fitted positions falls")

	// The same lines through gzip give the same fit.
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, err = zw.Write(raw)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	gz := path + ".gz"
	require.NoError(t, os.WriteFile(gz, z.Bytes(), 0o644))
	assert.Equal(t, lossLine.FindString(out), lossLine.FindString(tune(t, "-scores", "-holdout", "0.2", "-epochs", "50", "-rate", "2", gz)))
	require.NoError(t, os.WriteFile(gz, raw, 0o644))
	assert.ErrorContains(t, run([]string{"-scores", gz}, &bytes.Buffer{}), "reading "+gz)
}

// A line that is not FEN;score is an error that names the file and line.
func TestTuneScoresErrors(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct{ body, want string }{
		"no score":    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", ":1: want a FEN, a semicolon and a score"},
		"bad FEN":     {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\nnot a fen;0.5\n", ":2: "},
		"score above": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1.5\n", `:1: score "1.5": want a number from 0 to 1`},
		"score text":  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;even\n", `:1: score "even"`},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".txt")
			require.NoError(t, os.WriteFile(path, []byte(tc.body), 0o644))
			err := run([]string{"-scores", path}, &bytes.Buffer{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), path+tc.want)
		})
	}
}

// Bad flags and inputs are errors that say what is wrong.
func TestTuneErrors(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.pgn")
	require.NoError(t, os.WriteFile(empty, []byte("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", nil, "no PGN file"},
		{"missing file", []string{"nonexistent.pgn"}, "nonexistent.pgn"},
		{"negative skip", []string{"-skip", "-1", twic}, "-skip -1"},
		{"holdout", []string{"-holdout", "1", twic}, "-holdout 1"},
		{"rate", []string{"-rate", "0", twic}, "-rate 0"},
		{"epochs", []string{"-epochs", "-3", twic}, "-epochs -3"},
		{"k", []string{"-k", "-1", twic}, "-k -1"},
		{"l2", []string{"-l2", "-0.5", twic}, "-l2 -0.5"},
		{"every", []string{"-every", "-2", twic}, "-every -2"},
		{"no result", []string{empty}, "no quiet position"},
		{"unknown flag", []string{"-nope", twic}, "nope"},
		{"bad output", []string{"-games", "5", "-epochs", "1", "-o", filepath.Join(t.TempDir(), "no", "such", "dir.go"), twic}, "writing the weights"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(tc.args, &bytes.Buffer{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
