package search_test

import (
	"context"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/search"
)

// The engine searches a position handed over as an engine.Request, the
// way uci.Serve and xboard.Serve call it: here WAC.001, a mate in two.
func ExampleEngine_Search() {
	p, err := core.ParseFEN("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	e := search.New()
	var last engine.Info
	best, ponder := e.Search(context.Background(), engine.Request{Position: p, Start: p, Limits: engine.Limits{Depth: 6}},
		func(i engine.Info) { last = i })
	fmt.Println(best, ponder, last.Score)
	// Output:
	// g3g6 f7g6 mate 2
}

// Evaluate is the static evaluation, from the side to move: the start
// position is even but for the tempo of the side to move.
func ExampleEvaluate() {
	p := core.StartPosition()
	fmt.Println(search.Evaluate(&p))
	// Output:
	// 10
}
