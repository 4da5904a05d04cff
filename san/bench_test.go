package san_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// realMove is one move of a real game: the position before it, the move
// and its SAN as the game's file wrote it.
type realMove struct {
	pos  core.Position
	move core.Move
	san  string
}

// realMoves returns the moves of the first n games of the Lichess sample,
// the input of the benchmarks and the allocation tests.
func realMoves(tb testing.TB, n int) []realMove {
	tb.Helper()
	games := readPGN(tb, filepath.Join(pgnDir, "lichess_db_1000k.pgn"))
	var out []realMove
	for _, g := range games[:min(n, len(games))] {
		p := gameStart(tb, g)
		for _, tok := range g.Moves {
			m, err := san.Parse(&p, tok)
			require.NoError(tb, err)
			out = append(out, realMove{pos: p, move: m, san: stripAnnotation(tok)})
			p.MakeMove(m)
		}
	}
	require.NotEmpty(tb, out)
	return out
}

// formatSink keeps Format's result alive, so the benchmark counts the
// string's allocation as a caller sees it.
var formatSink string

func BenchmarkFormat(b *testing.B) {
	moves := realMoves(b, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		mv := &moves[i]
		formatSink = san.Format(&mv.pos, mv.move)
		if i++; i == len(moves) {
			i = 0
		}
	}
}

func BenchmarkParse(b *testing.B) {
	moves := realMoves(b, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		mv := &moves[i]
		if _, err := san.Parse(&mv.pos, mv.san); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(moves) {
			i = 0
		}
	}
}

func BenchmarkParseStrict(b *testing.B) {
	moves := realMoves(b, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		mv := &moves[i]
		if _, err := san.ParseStrict(&mv.pos, mv.san); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(moves) {
			i = 0
		}
	}
}

// TestAllocations holds the speed contract: Parse and ParseStrict allocate
// nothing when they succeed, Format only the string it returns, and
// AppendFormat into a large enough buffer nothing at all.
func TestAllocations(t *testing.T) {
	moves := realMoves(t, 20)
	buf := make([]byte, 0, 64)
	for _, mv := range moves {
		assert.Zero(t, testing.AllocsPerRun(5, func() { _, _ = san.Parse(&mv.pos, mv.san) }), "Parse(%q)", mv.san)
		assert.Zero(t, testing.AllocsPerRun(5, func() { _, _ = san.ParseStrict(&mv.pos, mv.san) }), "ParseStrict(%q)", mv.san)
		assert.LessOrEqual(t, testing.AllocsPerRun(5, func() { _ = san.Format(&mv.pos, mv.move) }), 1.0, "Format(%q)", mv.san)
		assert.Zero(t, testing.AllocsPerRun(5, func() { buf = san.AppendFormat(buf[:0], &mv.pos, mv.move, san.Long|san.Figurine) }),
			"AppendFormat(%q)", mv.san)
	}
}
