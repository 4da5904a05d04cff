package core

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	givesCheckSeed = 20260101
	// givesCheckGamePositions is how many positions the random games from
	// the standard and Chess960 starts must reach at least.
	givesCheckGamePositions = 300000
	givesCheckMaxPlies      = 200
)

// givesCheckTally counts the moves checked and what kind of check they
// gave, so that a change that loses the interesting cases shows up.
type givesCheckTally struct {
	positions, moves                     int
	checks, discovered, double           int
	castleChecks, epChecks, promoChecks  int
	underPromoChecks, epDiscoveredChecks int
}

// checkGivesCheck compares GivesCheck and CheckInfo.GivesCheck with making
// the move and asking InCheck, for every legal move of p.
func checkGivesCheck(t *testing.T, p *Position, ml *MoveList, tally *givesCheckTally) {
	t.Helper()
	p.LegalMoves(ml)
	ci := p.CheckInfo()
	before := *p
	for _, m := range ml.Moves() {
		got, gotCI := p.GivesCheck(m), ci.GivesCheck(p, m)
		if uncached(*p) != uncached(before) {
			t.Fatalf("GivesCheck(%s) changed the position %s", before.UCI(m), before.FEN())
		}
		u := p.MakeMove(m)
		checkers := p.Checkers()
		p.UnmakeMove(m, u)
		want := checkers != 0
		if got != want || gotCI != want {
			t.Fatalf("%s in %s: GivesCheck %v, CheckInfo.GivesCheck %v, make+InCheck %v",
				p.UCI(m), p.FEN(), got, gotCI, want)
		}
		if !want {
			continue
		}
		tally.checks++
		// The piece on the destination (the castling rook's for
		// castling) is not among the checkers: a discovered check.
		dest := m.To()
		if m.IsCastle() {
			_, dest = castleTargets(castleIndex(m, p.side()))
		}
		discovered := !checkers.Has(dest)
		if discovered {
			tally.discovered++
		}
		if checkers.More() {
			tally.double++
		}
		switch {
		case m.IsCastle():
			tally.castleChecks++
		case m.IsEnPassant():
			tally.epChecks++
			if discovered {
				tally.epDiscoveredChecks++
			}
		case m.IsPromotion():
			tally.promoChecks++
			if m.Promotion() != Queen {
				tally.underPromoChecks++
			}
		}
	}
	tally.positions++
	tally.moves += ml.Len()
}

// TestGivesCheckAgainstMakeMove proves GivesCheck on every legal move of
// every position of the published perft suites, of short random games from
// them (rich in castling, en passant and promotions), and of random games
// from the standard start and random Chess960 starts.
func TestGivesCheckAgainstMakeMove(t *testing.T) {
	r := rand.New(rand.NewPCG(givesCheckSeed, 2))
	var ml MoveList
	var suites, suiteGames, games givesCheckTally
	var suiteStarts []string
	for _, name := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		suiteStarts = append(suiteStarts, suiteFENs(t, filepath.Join("..", "testdata", "perft", name))...)
	}
	play := func(p *Position) bool {
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			return false
		}
		p.MakeMove(ml.At(r.IntN(ml.Len())))
		return true
	}
	for _, fen := range suiteStarts {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		checkGivesCheck(t, &p, &ml, &suites)
		for range suiteMaxPlies {
			if !play(&p) {
				break
			}
			checkGivesCheck(t, &p, &ml, &suiteGames)
		}
	}
	for i := 0; games.positions < givesCheckGamePositions; i++ {
		fen := StartFEN
		if i%2 == 1 {
			fen = randomChess960FEN(r)
		}
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		checkGivesCheck(t, &p, &ml, &games)
		for range givesCheckMaxPlies {
			if !play(&p) {
				break
			}
			checkGivesCheck(t, &p, &ml, &games)
		}
	}
	var all givesCheckTally
	for i, s := range []givesCheckTally{suites, suiteGames, games} {
		label := [...]string{"suite positions", "games from the suites", "games from standard and Chess960 starts"}[i]
		t.Logf("%s: %d positions, %d moves: %d checks (%d discovered, %d double), %d by castling, "+
			"%d by en passant (%d discovered), %d by promotion (%d under-promotions)",
			label, s.positions, s.moves, s.checks, s.discovered, s.double, s.castleChecks,
			s.epChecks, s.epDiscoveredChecks, s.promoChecks, s.underPromoChecks)
		all.positions += s.positions
		all.moves += s.moves
		all.discovered += s.discovered
		all.double += s.double
		all.castleChecks += s.castleChecks
		all.epChecks += s.epChecks
		all.epDiscoveredChecks += s.epDiscoveredChecks
		all.promoChecks += s.promoChecks
		all.underPromoChecks += s.underPromoChecks
	}
	t.Logf("in all %d positions and %d moves checked", all.positions, all.moves)
	require.Equal(t, len(suiteStarts), suites.positions, "every suite position")
	require.GreaterOrEqual(t, games.positions, 50000, "positions along random games")
	require.Positive(t, all.discovered, "discovered checks covered")
	require.Positive(t, all.double, "double checks covered")
	require.Positive(t, all.castleChecks, "castling checks covered")
	require.Positive(t, all.epChecks, "en passant checks covered")
	require.Positive(t, all.promoChecks, "promotion checks covered")
	require.Positive(t, all.underPromoChecks, "under-promotion checks covered")
}

// TestGivesCheckCases checks hand-made positions for each kind of check.
func TestGivesCheckCases(t *testing.T) {
	for _, c := range []struct {
		name, fen, move string
		want            bool
		checkers        int // the number of checkers after the move, when it checks
	}{
		{"en passant uncovers a rook along the rank",
			"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6", true, 1},
		{"en passant removes the captured pawn from a bishop's diagonal",
			"6k1/8/8/3pP3/8/1B6/8/4K3 w - d6 0 1", "e5d6", true, 1},
		{"en passant moves the capturing pawn off a bishop's diagonal",
			"7k/8/8/3pP3/8/8/1B6/4K3 w - d6 0 1", "e5d6", true, 1},
		{"en passant by black uncovers a rook along the rank",
			"8/8/8/8/K2Pp2r/8/8/7k b - d3 0 1", "e4d3", true, 1},
		{"en passant checks with the pawn",
			"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true, 1},
		{"O-O: the rook on f1 checks the king on f8",
			"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true, 1},
		{"O-O-O: the rook on d1 checks the king on d8",
			"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true, 1},
		{"O-O-O by black: the rook on d8 checks the king on d1",
			"r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "e8c8", true, 1},
		{"O-O without check",
			"6k1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", false, 0},
		{"Chess960 long castling from b1: the rook lands on d1",
			"3k4/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", true, 1},
		{"Chess960 castling, the king stays on g1, the rook lands on f1",
			"5k2/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", true, 1},
		{"Chess960 castling, the rook lands where the king stood",
			"5k2/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1", true, 1},
		{"Chess960 short castling from b1 with the rook on d1, no check",
			"2k5/8/8/8/8/8/8/1K1R4 w D - 0 1", "b1d1", false, 0},
		{"promotion to a queen checks along the rank",
			"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", true, 1},
		{"promotion to a bishop does not check",
			"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8b", false, 0},
		{"capturing promotion checks through the square the pawn left",
			"r7/1P6/2k5/8/8/8/8/4K3 w - - 0 1", "b7a8q", true, 1},
		{"capturing promotion to a bishop checks through the square the pawn left",
			"r7/1P6/2k5/8/8/8/8/4K3 w - - 0 1", "b7a8b", true, 1},
		{"capturing promotion to a rook does not check",
			"r7/1P6/2k5/8/8/8/8/4K3 w - - 0 1", "b7a8r", false, 0},
		{"under-promotion to a knight checks",
			"8/3P4/4k3/8/8/8/8/4K3 w - - 0 1", "d7d8n", true, 1},
		{"promotion to a queen does not check where the knight would",
			"8/3P4/4k3/8/8/8/8/4K3 w - - 0 1", "d7d8q", false, 0},
		{"promotion uncovers a rook along the seventh rank",
			"8/R2P3k/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", true, 1},
		{"promotion to a queen uncovers a rook and checks: double check",
			"8/R2Pk3/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", true, 2},
		{"double check: knight and rook",
			"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", "e4f6", true, 2},
		{"discovered check by a knight",
			"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", "e4c3", true, 1},
		{"discovered check by the king",
			"8/6k1/8/8/8/8/1K6/B7 w - - 0 1", "b2b3", true, 1},
		{"the king stays on the line: no discovered check",
			"7k/8/8/8/8/2K5/1B6/8 w - - 0 1", "c3d4", false, 0},
		{"a pawn push stays on the file: no discovered check",
			"4k3/8/8/8/4P3/8/8/K3R3 w - - 0 1", "e4e5", false, 0},
		{"a bishop blocks its own rook's file, moves off and checks diagonally",
			"4k3/8/8/8/4B3/8/8/K3R3 w - - 0 1", "e4c6", true, 2},
		{"a queen moves along a blocked line away from their king",
			"4k3/8/4p3/8/4Q3/8/8/K7 w - - 0 1", "e4e2", false, 0},
		{"a quiet move",
			StartFEN, "e2e4", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err)
			m, err := p.ParseUCI(c.move)
			require.NoError(t, err)
			var ml MoveList
			p.LegalMoves(&ml)
			require.True(t, ml.Contains(m), "%s is legal in %s", c.move, c.fen)
			ci := p.CheckInfo()
			require.Equal(t, c.want, p.GivesCheck(m), "GivesCheck(%s) in %s", c.move, c.fen)
			require.Equal(t, c.want, ci.GivesCheck(&p, m), "CheckInfo.GivesCheck(%s) in %s", c.move, c.fen)
			u := p.MakeMove(m)
			require.Equal(t, c.want, p.InCheck(), "make+InCheck of %s in %s", c.move, c.fen)
			require.Equal(t, c.checkers, p.Checkers().Count(), "checkers after %s in %s", c.move, c.fen)
			p.UnmakeMove(m, u)
		})
	}
}

// TestGivesCheckAllocatesNothing holds the promise of the benchmarks.
func TestGivesCheckAllocatesNothing(t *testing.T) {
	ps := givesCheckBenchPositions(t)
	var ml MoveList
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		for i := range ps {
			p := &ps[i]
			p.LegalMoves(&ml)
			ci := p.CheckInfo()
			for _, m := range ml.Moves() {
				if p.GivesCheck(m) {
					n++
				}
				if ci.GivesCheck(p, m) {
					n++
				}
			}
		}
	})
	require.Zero(t, allocs)
	require.Positive(t, n)
}

func ExamplePosition_GivesCheck() {
	// White's knight on e4 blocks the rook on e1: every knight move
	// uncovers a check, and Nf6 checks twice.
	p, err := ParseFEN("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var checks []string
	for _, m := range ml.Moves() {
		if p.GivesCheck(m) {
			checks = append(checks, p.UCI(m))
		}
	}
	fmt.Println(strings.Join(checks, " "))
	m, _ := p.ParseUCI("e1e2")
	fmt.Println(p.UCI(m), p.GivesCheck(m))
	// Output:
	// e4d2 e4f2 e4c3 e4g3 e4c5 e4g5 e4d6 e4f6
	// e1e2 false
}
