package perft_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/perft"
)

// The oracle plays random games from the standard start and from random
// Chess960 starts, and makes random placements (randompos_test.go), then
// compares perft.Divide with Stockfish's `go perft` where they end. On a
// mismatch it divides down to the one position and move where the two
// disagree, which is what the failure message is for.
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
func compareWithEngine(e *enginetest.Engine, g game) (oracleResult, error) {
	var res oracleResult
	if err := e.SetChess960(g.chess960); err != nil {
		return res, err
	}
	if err := e.Position(g.root, g.moves); err != nil {
		return res, err
	}
	sfFEN, err := e.FEN()
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
		sf, total, err := e.Divide(d)
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
// as an error matching errMismatch, or another error when Stockfish fails.
// Stockfish reaches each step by playing the moves itself from sfRoot, so
// its side of the comparison owes nothing to gambit's FEN writer.
func locate(e *enginetest.Engine, sfRoot string, sfMoves []string, p core.Position, chess960 bool, depth int) error {
	var b strings.Builder
	fmt.Fprintf(&b, " (chess960 %v)\n  Stockfish: position fen %s", chess960, sfRoot)
	// mismatch returns the report so far as an error matching errMismatch.
	mismatch := func() error { return fmt.Errorf("%w%s", errMismatch, b.String()) }
	if len(sfMoves) > 0 {
		fmt.Fprintf(&b, " moves %s", strings.Join(sfMoves, " "))
	}
	b.WriteString("\n  divide path:\n")
	moves := slices.Clone(sfMoves)
	for d := depth; d >= 1; d-- {
		if err := e.Position(sfRoot, moves); err != nil {
			return err
		}
		sfFEN, err := e.FEN()
		if err != nil {
			return err
		}
		if err := compareFENs(p.FEN(), sfFEN); err != nil {
			fmt.Fprintf(&b, "  the positions differ: %v\n", err)
			return mismatch()
		}
		sf, _, err := e.Divide(d)
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
			return mismatch()
		}
		if len(differ) == 0 {
			fmt.Fprintf(&b, "  at %s depth %d the divides agree: not reproduced\n", p.FEN(), d)
			return mismatch()
		}
		slices.Sort(differ)
		mv := differ[0]
		fmt.Fprintf(&b, "    %s  depth %d: %s gambit %d, Stockfish %d\n", p.FEN(), d, mv, gd[mv], sf[mv])
		m, err := p.ParseUCI(mv)
		if err != nil {
			fmt.Fprintf(&b, "  gambit cannot parse its own move %s: %v\n", mv, err)
			return mismatch()
		}
		p.MakeMove(m)
		moves = append(moves, mv)
	}
	b.WriteString("  reached depth 0 without a difference\n")
	return mismatch()
}

// TestOracle compares gambit with Stockfish on random positions.
func TestOracle(t *testing.T) {
	e := enginetest.Start(t)
	n := oracleCount(t, defaultOracleN)
	r := newRand(*oracleSeed)
	failures := 0
	var nodes uint64
	depths := make(map[int]int)
	kinds := make(map[string]int)
	for i := range n {
		// A third each: games from the standard start, games from Chess960
		// starts, random placements.
		var g game
		var err error
		switch i % 3 {
		case 0:
			g, err = randomGame(r, false)
			kinds["standard"]++
		case 1:
			g, err = randomGame(r, true)
			kinds["chess960"]++
		default:
			g, err = randomPlacement(r)
			kinds["placement"]++
		}
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
	}
	t.Logf("%s: %d positions %v, seed %d, %d leaf nodes at the deepest depths, positions by depth %v",
		e.Name, n, kinds, *oracleSeed, nodes, depths)
}

// TestOracleFindsMismatch proves the oracle can fail, and says where: it
// hands locate positions that differ from what Stockfish is given.
func TestOracleFindsMismatch(t *testing.T) {
	e := enginetest.Start(t)
	require.NoError(t, e.SetChess960(false))

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
