package match_test

import (
	"context"
	"fmt"

	"github.com/gambit-chess/gambit/match"
)

// An SPRT on pentanomial counts: the game pairs of a test of a change
// that should gain 0 to 2 normalized Elo.
func ExampleSPRT() {
	test := match.SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: match.Normalized}
	pairs := match.Pentanomial{LL: 365, LD: 16618, WL: 36029, DD: 200, WD: 16974, WW: 390}
	llr := test.LLR(pairs)
	lower, upper := test.Bounds()
	fmt.Printf("LLR %.2f (%.2f, %.2f): %v\n", llr, lower, upper, test.Decide(llr))
	// Output: LLR 2.25 (-2.94, 2.94): continue
}

// The Elo difference, its 95 % error and the likelihood of superiority
// of a result.
func ExampleWDL_Estimate() {
	e := match.WDL{Wins: 136, Draws: 111, Losses: 96}.Estimate()
	fmt.Printf("Elo %.1f +/- %.1f, LOS %.1f%%\n", e.Elo, e.Error, e.LOS*100)
	// Output: Elo 40.7 +/- 30.4, LOS 99.6%
}

// Run plays a match: here Stockfish searching 6 plies against itself
// searching 1 ply, two games from the start position with colours
// swapped, drawn at move 40 if not decided.
func ExampleRun() {
	sf := "/usr/games/stockfish"
	res, err := match.Run(context.Background(), match.Config{
		Engines: []match.EngineConfig{
			{Name: "depth 6", Cmd: sf, Proto: "uci", TC: match.TimeControl{Depth: 6}},
			{Name: "depth 1", Cmd: sf, Proto: "uci", TC: match.TimeControl{Depth: 1}},
		},
		Rounds:   1,
		Games:    2,
		Repeat:   true,
		MaxMoves: 40,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := res.Pairings[0]
	fmt.Printf("%s vs %s: %d games, %d pair\n", p.Name1, p.Name2, p.WDL.Games(), p.Pentanomial.Pairs())
	for _, g := range res.Games {
		fmt.Println(g.White, "-", g.Black, g.Termination != "")
	}
	// Output:
	// depth 6 vs depth 1: 2 games, 1 pair
	// depth 6 - depth 1 true
	// depth 1 - depth 6 true
}
