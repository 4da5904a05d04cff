package core

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The BMI2 kernel against the Go counter: the kernel must give every
// standard-chess position countWhite's and countBlack's count and cache
// the same checkers. These tests run the kernel where this CPU and build
// choose it (useKernel) and skip, saying why, elsewhere; the Go counter is
// tested by every other test of the package, and by the perft suites here
// on every machine.

// requireKernel skips t unless the kernel runs here.
func requireKernel(t testing.TB) {
	t.Helper()
	if !useKernel {
		t.Skip("the BMI2 kernel does not run here: amd64 with BMI1, BMI2, POPCNT and a fast PEXT (Intel, AMD Zen 3 on), built without core_purego, GODEBUG without cpu.bmi2=off")
	}
}

// countGo counts p's legal moves with the Go counter and returns the
// checkers it caches; p is left as it was.
func countGo(p *Position) (int, Bitboard) {
	q := *p
	if q.side()&1 == White {
		return q.countWhite(), q.checkers
	}
	return q.countBlack(), q.checkers
}

// countByKernel is countGo with the kernel.
func countByKernel(p *Position) (int, Bitboard) {
	q := *p
	kernelReady()
	return q.countKernel(), q.checkers
}

// requireSameCount requires the kernel and the Go counter to agree on p.
func requireSameCount(t testing.TB, p *Position, where string) {
	t.Helper()
	n, c := countGo(p)
	kn, kc := countByKernel(p)
	if n != kn || c != kc {
		require.Failf(t, "the kernel and the Go counter differ", "%s: %s: Go %d moves, checkers %#x; kernel %d, checkers %#x", where, p.FEN(), n, uint64(c), kn, uint64(kc))
	}
}

// requireSameCountAfter requires the kernel's count after m
// (countAfterKernel) to be the Go path's (countAfterGo), and the kernel to
// leave p as it was, every field.
func requireSameCountAfter(t testing.TB, p *Position, m Move, where string) {
	t.Helper()
	before := *p
	n := p.countAfterGo(m)
	require.True(t, *p == before, "%s: countAfterGo changed the position", where)
	kernelReady()
	kn := p.countAfterKernel(m)
	if n != kn {
		require.Failf(t, "the kernel and the Go path differ after a move", "%s: %s, after %s: Go %d moves, kernel %d", where, p.FEN(), m.UCI(p.chess960), n, kn)
	}
	require.True(t, *p == before, "%s: countAfterKernel changed the position", where)
}

// requireSameChildren requires the kernel's sum of the counts after each
// of moves (countChildrenKernel, one call) to be the Go path's sum of
// countAfterGo, and the kernel to leave p as it was.
func requireSameChildren(t testing.TB, p *Position, moves []Move, where string) {
	t.Helper()
	if len(moves) == 0 {
		return
	}
	before := *p
	n := 0
	for _, m := range moves {
		n += p.countAfterGo(m)
	}
	kernelReady()
	kn := p.countChildrenKernel(moves)
	if n != kn {
		require.Failf(t, "the kernel and the Go path differ on a node's children", "%s: %s, %d moves: Go %d, kernel %d", where, p.FEN(), len(moves), n, kn)
	}
	require.True(t, *p == before, "%s: countChildrenKernel changed the position", where)
}

// compareAfterEveryMove requires the two counters to agree on p and on
// the position after each of its legal moves, both made by MakeMove and
// made in the count (CountLegalMovesAfter's kernel and Go paths).
func compareAfterEveryMove(t testing.TB, p *Position, where string) {
	t.Helper()
	requireSameCount(t, p, where)
	var ml MoveList
	p.LegalMoves(&ml)
	requireSameChildren(t, p, ml.Moves(), where)
	if ml.Len() > 1 {
		requireSameChildren(t, p, ml.Moves()[1:], where)
		requireSameChildren(t, p, ml.Moves()[:1], where)
	}
	for _, m := range ml.Moves() {
		requireSameCountAfter(t, p, m, where)
		u := p.MakeMove(m)
		requireSameCount(t, p, where+" "+m.UCI(p.chess960))
		p.UnmakeMove(m, u)
	}
}

// perftBoth counts perft(depth) of p, depth >= 1, with bulk counting at
// the last ply through the kernel (kernel) or the Go counter: at depth 1
// the count of p (countKernel), at depth 2 the counts after each move
// (countChildrenKernel, or countAfterGo's).
func perftBoth(p *Position, depth int, kernel bool) uint64 {
	if depth == 1 {
		if kernel {
			kernelReady()
			return uint64(p.countKernel())
		}
		n, _ := countGo(p)
		return uint64(n)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var n uint64
	if depth == 2 {
		if kernel && ml.Len() > 0 {
			kernelReady()
			return uint64(p.countChildrenKernel(ml.Moves()))
		}
		for _, m := range ml.Moves() {
			n += uint64(p.countAfterGo(m))
		}
		return n
	}
	for _, m := range ml.Moves() {
		u := p.MakeMove(m)
		n += perftBoth(p, depth-1, kernel)
		p.UnmakeMove(m, u)
	}
	return n
}

// suiteCase is one position of a perft suite and its published counts.
type suiteCase struct {
	fen    string
	counts []depthCount
}

// depthCount is a published perft(depth).
type depthCount struct {
	depth int
	nodes uint64
}

// parseCount reads a depth and a count, as "D4" and "43238" or "4" and
// "43238".
func parseCount(t testing.TB, depth, nodes, line string) depthCount {
	t.Helper()
	d, err := strconv.Atoi(strings.TrimPrefix(depth, "D"))
	require.NoError(t, err, line)
	n, err := strconv.ParseUint(nodes, 10, 64)
	require.NoError(t, err, line)
	return depthCount{d, n}
}

// readSuite reads a perft suite in either of its formats.
func readSuite(t testing.TB, path string) []suiteCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []suiteCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id "):
		case strings.HasPrefix(line, "epd "):
			cases = append(cases, suiteCase{fen: strings.TrimSpace(line[4:])})
		case strings.HasPrefix(line, "perft "):
			f := strings.Fields(line)
			require.Len(t, f, 3, line)
			c := &cases[len(cases)-1]
			c.counts = append(c.counts, parseCount(t, f[1], f[2], line))
		default:
			fields := strings.Split(line, ";")
			c := suiteCase{fen: strings.TrimSpace(fields[0])}
			for _, d := range fields[1:] {
				f := strings.Fields(d)
				require.Len(t, f, 2, line)
				c.counts = append(c.counts, parseCount(t, f[0], f[1], line))
			}
			cases = append(cases, c)
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, cases, path)
	return cases
}

// TestKernelPerftSuites counts the published perft suites with bulk
// counting through the kernel and through the Go counter, each to the
// published figure, to 200,000 nodes a count (the perft
// package's suites run deeper, through whichever counter runs here).
func TestKernelPerftSuites(t *testing.T) {
	const limit = 200_000
	for _, name := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		cases := readSuite(t, filepath.Join("..", "testdata", "perft", name))
		for _, kernel := range []bool{false, true} {
			if kernel && !useKernel {
				continue
			}
			checked := 0
			for _, c := range cases {
				p, err := ParseFEN(c.fen)
				require.NoError(t, err, c.fen)
				for _, want := range c.counts {
					if want.nodes > limit {
						continue
					}
					require.Equal(t, want.nodes, perftBoth(&p, want.depth, kernel), "%s: %s, depth %d, kernel %v", name, c.fen, want.depth, kernel)
					checked++
				}
			}
			t.Logf("%s, kernel %v: %d counts", name, kernel, checked)
		}
	}
	if !useKernel {
		t.Log("the kernel does not run here: only the Go counter was checked")
	}
}

// TestKernelRandomGames plays random games from the standard start, from
// random Chess960 starts and from the suites' positions, and requires the
// two counters to agree at every position and after every legal move.
func TestKernelRandomGames(t *testing.T) {
	requireKernel(t)
	r := rand.New(rand.NewPCG(39, 7))
	positions := 0
	for _, start := range invariantStarts(t, r) {
		p, err := ParseFEN(start.fen)
		require.NoError(t, err, start.fen)
		path := start.fen
		for range start.maxPlies {
			compareAfterEveryMove(t, &p, path)
			positions++
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.Moves()[r.IntN(ml.Len())]
			path += " " + m.UCI(p.chess960)
			p.MakeMove(m)
		}
	}
	t.Logf("%d positions and the positions after each of their moves", positions)
}

// kernelSeeds are positions that test one rule each: en passant that
// exposes the king along the rank (either pawn between the king and a
// rook), en passant out of a pawn's check (and, with a bishop behind the
// pawn taken, into the bishop's ray), double
// check, pins on every line, promotions capturing and not, and Chess960
// castling with a rook that shields the king's path.
var kernelSeeds = []string{
	"8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
	"8/8/8/r2pP2K/8/8/8/7k w - d6 0 2",
	"8/8/8/8/k2Pp2R/8/8/7K b - d3 0 1",
	"8/8/8/8/R2Pp2k/8/8/7K b - d3 0 1",
	"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
	"8/8/8/8/1k1Pp3/8/8/4K2B b - d3 0 1",
	"b6k/8/8/3pP3/4K3/8/8/8 w - d6 0 2",
	"7k/8/8/3pP3/4K3/8/8/8 w - d6 0 2",
	"4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1",
	"4k3/4r3/8/8/1b6/8/3N4/4K3 w - - 0 1",
	"4k3/8/8/8/1q6/8/3R4/R3K2r w Q - 0 1",
	"1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 w - - 0 1",
	"1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 b - - 0 1",
	"3k4/8/8/8/8/8/8/qR1K3R w HB - 0 1",
	"3k4/8/8/8/8/8/8/rR1K3R w HB - 0 1",
	"r2kr3/8/8/8/8/8/8/1RK1R3 w EB - 0 1",
	"1r2k1rr/8/8/8/8/8/8/1R2K1RR w Gg - 0 1",
}

// FuzzKernelCount compares the kernel with the Go counter position by
// position: the position of a FEN, and the positions after a walk of
// moves chosen by the bytes of path. The seed corpus (the suites'
// positions, the fuzz seeds of ParseFEN and kernelSeeds, each with a
// short walk) runs in plain `go test`; `go test -fuzz FuzzKernelCount
// ./core` explores further.
func FuzzKernelCount(f *testing.F) {
	for _, fen := range kernelSeeds {
		if _, err := ParseFEN(fen); err != nil {
			f.Fatalf("kernelSeeds: %v", err)
		}
	}
	for i, fen := range append(fuzzSeedFENs(f), kernelSeeds...) {
		f.Add(fen, []byte{byte(i), byte(i * 7), byte(i * 13)})
	}
	f.Fuzz(func(t *testing.T, fen string, path []byte) {
		requireKernel(t)
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		where := fen
		for _, c := range path {
			compareAfterEveryMove(t, &p, where)
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				return
			}
			m := ml.Moves()[int(c)%ml.Len()]
			where += " " + m.UCI(p.chess960)
			p.MakeMove(m)
		}
		compareAfterEveryMove(t, &p, where)
	})
}

// TestSumLegalMovesAfter requires SumLegalMovesAfter to be the sum of
// CountLegalMovesAfter over the moves given (all of a position's, a part,
// none), in standard positions and in variants, with the kernel or
// without, p left as it was and nothing allocated.
func TestSumLegalMovesAfter(t *testing.T) {
	type start struct {
		v   Variant
		fen string
	}
	starts := []start{
		{Standard, StartFEN},
		{Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{Standard, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
		{Standard, "1r2k3/P1P5/8/8/8/8/5p1p/4K1R1 w - - 0 1"},
		{Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
	}
	for _, s := range starts {
		p, err := ParseVariantFEN(s.v, s.fen)
		require.NoError(t, err, s.fen)
		var ml MoveList
		p.LegalMoves(&ml)
		require.NotZero(t, ml.Len(), s.fen)
		before := p
		for _, moves := range [][]Move{ml.Moves(), ml.Moves()[1:], ml.Moves()[:1], nil} {
			want := 0
			for _, m := range moves {
				want += p.CountLegalMovesAfter(m)
			}
			require.Equal(t, want, p.SumLegalMovesAfter(moves), "%s, %d moves", s.fen, len(moves))
			require.True(t, p == before, "%s: the position changed", s.fen)
		}
		if s.v == Standard {
			q := p
			require.Equal(t, perftBoth(&q, 2, false), uint64(p.SumLegalMovesAfter(ml.Moves())), "%s: perft(2)", s.fen)
		}
		require.Zero(t, testing.AllocsPerRun(20, func() { p.SumLegalMovesAfter(ml.Moves()) }), s.fen)
	}
}
