package perft_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/perft"
)

// A held-out style suite: random standard and Chess960 positions with
// Stockfish's counts, in the `FEN ;D1 n ;D2 n ...` format, written by
// TestOracleWriteSuite and checked against perft.Count by
// TestRandomOracleSuite. The counts come from Stockfish, never from gambit.
const (
	suitePath        = "../testdata/perft/random-oracle.epd"
	defaultSuiteN    = 400
	defaultSuiteSeed = 960518 // not the oracle's default, so the suite is held out from it
	suiteMaxDepth    = 6
	suiteBudget      = 2_000_000 // every count in the suite is below this
)

// suiteSeed returns -oracle.seed when it is given, else defaultSuiteSeed.
func suiteSeed() uint64 {
	seed := uint64(defaultSuiteSeed)
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "oracle.seed" {
			seed = *oracleSeed
		}
	})
	return seed
}

// engineCounts returns Stockfish's FEN of the end of game g, reached by
// Stockfish playing the moves itself, and its counts there at every depth
// whose count is below suiteBudget. The suite holds Stockfish's FEN rather
// than gambit's, so that reading it tests core.ParseFEN on another writer's
// output: Shredder-FEN castling for Chess960, and an en-passant square
// whenever an enemy pawn stands next to the pawn that advanced two squares.
func engineCounts(e *enginetest.Engine, g game) (string, []perft.Expect, error) {
	if err := e.SetChess960(g.chess960); err != nil {
		return "", nil, err
	}
	if err := e.Position(g.root, g.moves); err != nil {
		return "", nil, err
	}
	fen, err := e.FEN()
	if err != nil {
		return "", nil, err
	}
	if err := compareFENs(g.pos.FEN(), fen); err != nil {
		return "", nil, fmt.Errorf("%w after %s: %w", errMismatch, g.command(), err)
	}
	// Count on the FEN itself, as the suite states it.
	if err := e.Position(fen, nil); err != nil {
		return "", nil, err
	}
	var counts []perft.Expect
	var prev uint64
	for d := 1; d <= suiteMaxDepth; d++ {
		_, total, err := e.Divide(d)
		if err != nil {
			return "", nil, err
		}
		if total >= suiteBudget {
			break
		}
		counts = append(counts, perft.Expect{Depth: d, Nodes: total})
		next := total * total
		if prev > 0 {
			next = total * total / prev
		}
		// The estimate is rough, so try the next depth up to twice the
		// budget and keep it only if it comes in under.
		if total == 0 || next >= 2*suiteBudget {
			break
		}
		prev = total
	}
	return fen, counts, nil
}

// TestOracleWriteSuite writes the suite when GAMBIT_ORACLE_WRITE names the
// file (an absolute path, or one relative to the perft directory):
//
//	GAMBIT_ORACLE_WRITE=$PWD/testdata/perft/random-oracle.epd go test ./perft -run TestOracleWriteSuite
//
// -oracle.seed and -oracle.n (or GAMBIT_ORACLE_N) change the seed and the
// number of positions.
func TestOracleWriteSuite(t *testing.T) {
	path := os.Getenv("GAMBIT_ORACLE_WRITE")
	if path == "" {
		t.Skip("writes a suite only when GAMBIT_ORACLE_WRITE names the file")
	}
	e := enginetest.Start(t)
	seed, n := suiteSeed(), oracleCount(t, defaultSuiteN)
	r := newRand(seed)
	seen := make(map[string]bool)
	var lines []string
	var nodes uint64
	for len(lines) < n {
		g, err := randomGame(r, len(lines)%2 == 1)
		require.NoError(t, err)
		fen, counts, err := engineCounts(e, g)
		require.NoError(t, err, g.command())
		key := strings.Join(strings.Fields(fen)[:4], " ") // the position, counters aside
		if seen[key] {
			continue
		}
		seen[key] = true
		var b strings.Builder
		b.WriteString(fen)
		for _, c := range counts {
			fmt.Fprintf(&b, " ;D%d %d", c.Depth, c.Nodes)
			nodes += c.Nodes
		}
		lines = append(lines, b.String())
	}
	header := fmt.Sprintf(`# Random perft positions, a held-out style suite: %d positions, alternately
# standard and Chess960, each reached by up to %d random legal moves from the
# standard start or from a random Chess960 start (Scharnagl numbering), seed %d.
# The FENs and the counts are %s's, never gambit's: its FEN
# ("d") after playing the moves itself, Shredder-FEN castling for Chess960,
# and its "go perft" (with UCI_Chess960 on for the Chess960 games) at every
# depth up to %d whose count is below %d.
# Made by perft/oracle_test.go (the random moves are drawn from gambit's move
# list, so another version of gambit may draw other positions):
#   GAMBIT_ORACLE_WRITE=$PWD/testdata/perft/random-oracle.epd go test ./perft -run TestOracleWriteSuite -oracle.seed=%d -oracle.n=%d
`, n, oracleMaxPlies, seed, e.Name, suiteMaxDepth, suiteBudget, seed, n)
	require.NoError(t, os.WriteFile(path, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644))
	t.Logf("wrote %d positions, %d leaf nodes in all, to %s", n, nodes, path)
}

// TestRandomOracleSuite checks perft.Count against the Stockfish counts of
// the suite TestOracleWriteSuite wrote, read through core.ParseFEN as a
// held-out suite would be.
func TestRandomOracleSuite(t *testing.T) {
	cases, err := perft.ReadSuiteFile(suitePath)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(cases), defaultSuiteN, "positions in %s", suitePath)
	chess960 := 0
	for _, c := range cases {
		p, err := core.ParseFEN(c.FEN)
		require.NoError(t, err, "%s: %s", c.Name, c.FEN)
		require.NotEmpty(t, c.Counts, "%s: %s", c.Name, c.FEN)
		if p.Chess960() {
			chess960++
		}
		for _, want := range c.Counts {
			assert.Equal(t, want.Nodes, perft.Count(&p, want.Depth), "%s: %s depth %d", c.Name, c.FEN, want.Depth)
		}
	}
	// Chess960 games that lost their castling rights read back as standard
	// positions, so this undercounts them; it still proves they are there.
	assert.Greater(t, chess960, len(cases)/10, "positions read as Chess960")
}
