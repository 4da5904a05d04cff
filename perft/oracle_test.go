package perft_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

// The oracle plays random games from the standard start and from random
// Chess960 starts, then compares perft.Count with Stockfish's `go perft` on
// where they end. On a mismatch it divides down to the one position and
// move where the two disagree, which is what the failure message is for.
//
//	go test ./perft -run TestOracle                       200 positions, seed 1
//	GAMBIT_ORACLE_N=5000 go test ./perft -run TestOracle  more positions
//	go test ./perft -run TestOracle -oracle.seed=7 -oracle.n=1000

var (
	oracleSeed = flag.Uint64("oracle.seed", 1, "seed of the oracle's random games")
	oracleN    = flag.Int("oracle.n", 0, "number of oracle positions (default $GAMBIT_ORACLE_N, else 200, or 400 when writing a suite)")
)

const (
	defaultOracleN = 200
	// oracleMaxPlies bounds the random games: long enough to reach
	// promotions and bare endgames, short enough that most games still
	// have castling rights to lose.
	oracleMaxPlies = 100
	// oracleMaxDepth and oracleBudget keep each comparison cheap: the
	// oracle goes one ply deeper only while the estimate of the next
	// count stays under the budget.
	oracleMaxDepth = 5
	oracleBudget   = 2_000_000
	// maxOracleFailures stops the run after that many mismatches: each
	// one is diagnosed in full, and more of them add only noise.
	maxOracleFailures = 3
)

// oracleCount returns how many positions to compare.
func oracleCount(t testing.TB, def int) int {
	t.Helper()
	if *oracleN > 0 {
		return *oracleN
	}
	if s := os.Getenv("GAMBIT_ORACLE_N"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "GAMBIT_ORACLE_N")
		require.Positive(t, n, "GAMBIT_ORACLE_N")
		return n
	}
	return def
}

// newRand returns the oracle's generator for a seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// chess960BackRank returns white's back rank of Chess960 start position n
// (0 to 959) in Scharnagl's numbering, as FEN letters from the a-file.
func chess960BackRank(n int) string {
	var r [8]byte
	place := func(k int, pc byte) { // on the k-th empty square
		for i := range r {
			if r[i] == 0 {
				if k == 0 {
					r[i] = pc
					return
				}
				k--
			}
		}
	}
	r[2*(n%4)+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	r[2*(n%4)] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place(n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place(knights[1], 'N') // the later one first, so the earlier index still holds
	place(knights[0], 'N')
	place(0, 'R') // the rest are rook, king, rook in that order
	place(0, 'K')
	place(0, 'R')
	return string(r[:])
}

// chess960FEN returns the FEN of Chess960 start position n, castling
// written Shredder-style as the rooks' files.
func chess960FEN(n int) string {
	rank := chess960BackRank(n)
	var rooks []byte
	for i := 7; i >= 0; i-- {
		if rank[i] == 'R' {
			rooks = append(rooks, 'A'+byte(i))
		}
	}
	castling := string(rooks) + strings.ToLower(string(rooks))
	return strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w " + castling + " - 0 1"
}

// game is a random game: where it started, the moves played (in the UCI
// form Stockfish reads in the game's mode) and where it ended.
type game struct {
	root     string
	chess960 bool
	moves    []string
	pos      core.Position
}

func (g *game) command() string {
	s := "position fen " + g.root
	if len(g.moves) > 0 {
		s += " moves " + strings.Join(g.moves, " ")
	}
	return s
}

// randomGame plays random legal moves from the standard start or a random
// Chess960 start, up to a random ply or until there is no legal move.
func randomGame(r *rand.Rand, chess960 bool) (game, error) {
	g := game{root: core.StartFEN, chess960: chess960}
	if chess960 {
		g.root = chess960FEN(r.IntN(960))
	}
	var err error
	if g.pos, err = core.ParseFEN(g.root); err != nil {
		return g, fmt.Errorf("start position: %w", err)
	}
	// Under UCI_Chess960 Stockfish reads and writes castling as king takes
	// rook, also from starts that look standard, so gambit names moves
	// the same way.
	g.pos.SetChess960(chess960)
	plies := r.IntN(oracleMaxPlies + 1)
	var ml core.MoveList
	for range plies {
		g.pos.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		m := ml.At(r.IntN(ml.Len()))
		g.moves = append(g.moves, g.pos.UCI(m))
		g.pos.MakeMove(m)
	}
	return g, nil
}

// divideMap returns gambit's divide by move name.
func divideMap(p *core.Position, depth int) map[string]uint64 {
	out := make(map[string]uint64)
	for _, mc := range perft.Divide(p, depth) {
		out[mc.UCI] = mc.Nodes
	}
	return out
}

// sameDivide reports whether two divides agree move for move.
func sameDivide(a, b map[string]uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// errMismatch marks a disagreement with Stockfish, as opposed to a failure
// to talk to it.
var errMismatch = errors.New("gambit and Stockfish disagree")

// oracleResult sums up one comparison.
type oracleResult struct {
	depth int
	nodes uint64
}

// compareWithEngine checks one game's final position against Stockfish:
// the FEN gambit writes against the FEN Stockfish reaches by playing the
// same moves, then the divide at every depth up to the budget, both for the
// position gambit reached by making the moves and for the one it reads back
// from its own FEN.
func compareWithEngine(e *engine, g game) (oracleResult, error) {
	var res oracleResult
	if err := e.setChess960(g.chess960); err != nil {
		return res, err
	}
	if err := e.position(g.root, g.moves); err != nil {
		return res, err
	}
	sfFEN, err := e.fen()
	if err != nil {
		return res, err
	}
	fen := g.pos.FEN()
	if err := compareFENs(fen, sfFEN); err != nil {
		return res, fmt.Errorf("%w after %s (chess960 %v): %w", errMismatch, g.command(), g.chess960, err)
	}
	reread, err := core.ParseFEN(fen)
	if err != nil {
		return res, fmt.Errorf("%w: gambit cannot read its own FEN %q: %w", errMismatch, fen, err)
	}
	reread.SetChess960(g.chess960)

	var prev uint64
	for d := 1; ; d++ {
		sf, total, err := e.divide(d)
		if err != nil {
			return res, err
		}
		pos := g.pos
		if !sameDivide(divideMap(&pos, d), sf) {
			return res, locate(e, g.root, g.moves, g.pos, g.chess960, d)
		}
		if n := perft.Count(&reread, d); n != total {
			return res, fmt.Errorf("%w: the position read back from gambit's FEN %q counts %d at depth %d, Stockfish %d; dividing from that FEN:\n%w",
				errMismatch, fen, n, d, total, locate(e, fen, nil, reread, g.chess960, d))
		}
		res.depth, res.nodes = d, total
		next := total * total // a branching estimate from the counts so far
		if prev > 0 {
			next = total * total / prev
		}
		if total == 0 || d >= oracleMaxDepth || next > oracleBudget {
			return res, nil
		}
		prev = total
	}
}

// locate divides down from a position where gambit and Stockfish disagree
// at depth, following the first move whose counts differ, until it reaches
// the position where the two generate different moves. It returns the path
// as an error (nil only if the disagreement cannot be reproduced).
// Stockfish reaches each step by playing the moves itself from sfRoot, so
// its side of the comparison owes nothing to gambit's FEN writer.
func locate(e *engine, sfRoot string, sfMoves []string, p core.Position, chess960 bool, depth int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%v (chess960 %v)\n  Stockfish: position fen %s", errMismatch, chess960, sfRoot)
	if len(sfMoves) > 0 {
		fmt.Fprintf(&b, " moves %s", strings.Join(sfMoves, " "))
	}
	b.WriteString("\n  divide path:\n")
	moves := slices.Clone(sfMoves)
	for d := depth; d >= 1; d-- {
		if err := e.position(sfRoot, moves); err != nil {
			return err
		}
		sfFEN, err := e.fen()
		if err != nil {
			return err
		}
		if err := compareFENs(p.FEN(), sfFEN); err != nil {
			fmt.Fprintf(&b, "  the positions differ: %v\n", err)
			return errors.New(b.String())
		}
		sf, _, err := e.divide(d)
		if err != nil {
			return err
		}
		gd := divideMap(&p, d)
		var extra, missing, differ []string
		for mv := range gd {
			if _, ok := sf[mv]; !ok {
				extra = append(extra, mv)
			} else if sf[mv] != gd[mv] {
				differ = append(differ, mv)
			}
		}
		for mv := range sf {
			if _, ok := gd[mv]; !ok {
				missing = append(missing, mv)
			}
		}
		if len(extra)+len(missing) > 0 {
			slices.Sort(extra)
			slices.Sort(missing)
			fmt.Fprintf(&b, "  at %s\n", p.FEN())
			if len(extra) > 0 {
				fmt.Fprintf(&b, "    gambit generates moves Stockfish does not: %s\n", strings.Join(extra, " "))
			}
			if len(missing) > 0 {
				fmt.Fprintf(&b, "    Stockfish generates moves gambit does not: %s\n", strings.Join(missing, " "))
			}
			return errors.New(b.String())
		}
		if len(differ) == 0 {
			fmt.Fprintf(&b, "  at %s depth %d the divides agree: not reproduced\n", p.FEN(), d)
			return errors.New(b.String())
		}
		slices.Sort(differ)
		mv := differ[0]
		fmt.Fprintf(&b, "    %s  depth %d: %s gambit %d, Stockfish %d\n", p.FEN(), d, mv, gd[mv], sf[mv])
		m, err := p.ParseUCI(mv)
		if err != nil {
			fmt.Fprintf(&b, "  gambit cannot parse its own move %s: %v\n", mv, err)
			return errors.New(b.String())
		}
		p.MakeMove(m)
		moves = append(moves, mv)
	}
	b.WriteString("  reached depth 0 without a difference\n")
	return errors.New(b.String())
}

// TestOracle compares gambit with Stockfish on random positions.
func TestOracle(t *testing.T) {
	e := startEngine(t)
	n := oracleCount(t, defaultOracleN)
	r := newRand(*oracleSeed)
	failures := 0
	var nodes uint64
	depths := make(map[int]int)
	chess960 := 0
	for i := range n {
		g, err := randomGame(r, i%2 == 1)
		require.NoError(t, err)
		res, err := compareWithEngine(e, g)
		if err != nil && !errors.Is(err, errMismatch) {
			t.Fatalf("position %d (%s): %v", i, g.command(), err)
		}
		if err != nil {
			t.Errorf("position %d of seed %d:\n%v", i, *oracleSeed, err)
			if failures++; failures >= maxOracleFailures {
				t.Fatalf("stopping after %d mismatches", failures)
			}
			continue
		}
		nodes += res.nodes
		depths[res.depth]++
		if g.chess960 {
			chess960++
		}
	}
	t.Logf("%s: %d positions (%d Chess960), seed %d, %d leaf nodes at the deepest depths, positions by depth %v",
		e.name, n, chess960, *oracleSeed, nodes, depths)
}

// TestOracleFindsMismatch proves the oracle can fail, and says where: it
// hands locate positions that differ from what Stockfish is given.
func TestOracleFindsMismatch(t *testing.T) {
	e := startEngine(t)
	require.NoError(t, e.setChess960(false))

	// The start position without the b1 knight: the boards differ.
	p, err := core.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1")
	require.NoError(t, err)
	err = locate(e, core.StartFEN, nil, p, false, 3)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the positions differ")
	assert.Contains(t, err.Error(), "board:")

	// The same board, Stockfish with a legal en-passant capture and
	// gambit without: the FENs agree (an en-passant square only Stockfish
	// writes is allowed), the divides do not.
	withEP := "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
	q, err := core.ParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2")
	require.NoError(t, err)
	err = locate(e, withEP, nil, q, false, 3)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Stockfish generates moves gambit does not: e5d6")
	t.Logf("what a mismatch report looks like:\n%v", err)

	// And when nothing differs it passes, at the depth the budget allows:
	// the start position's perft is 20, 400, 8902, 197281, 4865609, and
	// the estimate of depth 5 is over the budget.
	res, err := compareWithEngine(e, game{root: core.StartFEN, pos: core.StartPosition()})
	require.NoError(t, err)
	assert.Equal(t, 4, res.depth)
	assert.Equal(t, uint64(197281), res.nodes)
}

// TestChess960BackRanks checks the start position generator against what is
// known of Chess960: 960 distinct ranks, bishops on opposite colours, the
// king between the rooks, and Scharnagl's numbers 0 (BBQNNRKR) and 518 (the
// standard start).
func TestChess960BackRanks(t *testing.T) {
	seen := make(map[string]bool)
	for n := range 960 {
		rank := chess960BackRank(n)
		require.Len(t, rank, 8)
		assert.False(t, seen[rank], "%d: %s repeats", n, rank)
		seen[rank] = true
		for pc, count := range map[byte]int{'K': 1, 'Q': 1, 'R': 2, 'B': 2, 'N': 2} {
			assert.Equal(t, count, strings.Count(rank, string(pc)), "%d: %s", n, rank)
		}
		b1, b2 := strings.IndexByte(rank, 'B'), strings.LastIndexByte(rank, 'B')
		assert.NotEqual(t, b1%2, b2%2, "%d: %s bishops on one colour", n, rank)
		r1, k, r2 := strings.IndexByte(rank, 'R'), strings.IndexByte(rank, 'K'), strings.LastIndexByte(rank, 'R')
		assert.True(t, r1 < k && k < r2, "%d: %s king not between the rooks", n, rank)
		_, err := core.ParseFEN(chess960FEN(n))
		assert.NoError(t, err, "%d: %s", n, chess960FEN(n))
	}
	assert.Equal(t, "BBQNNRKR", chess960BackRank(0))
	assert.Equal(t, "RNBQKBNR", chess960BackRank(518))
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", chess960FEN(518))
}
