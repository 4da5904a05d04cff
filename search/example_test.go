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
	best, ponder := e.Search(context.Background(), engine.Request{Position: p, Start: p, Limits: engine.Limits{Depth: 10}},
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
	// 33
}

// With SyzygyPath set, a root the tables hold is searched over the moves
// that keep the best result under the fifty-move rule: here KRvK, mate
// 29 plies away (DTZ) with the halfmove clock at 70, so only the moves of
// a shortest path win; the score shown is the tables' win.
func ExampleEngine_Search_syzygy() {
	e := search.New()
	defer e.Close()
	if err := e.SetOption("SyzygyPath", "../testdata/syzygy"); err != nil {
		panic(err)
	}
	p, err := core.ParseFEN("8/8/8/4k3/8/8/8/KR6 w - - 70 1")
	if err != nil {
		panic(err)
	}
	var last engine.Info
	best, _ := e.Search(context.Background(), engine.Request{Position: p, Start: p, Limits: engine.Limits{Depth: 6}},
		func(i engine.Info) { last = i })
	dtz, _ := e.Tablebase().ProbeDTZ(&p)
	fmt.Println(best, last.Score, last.TBHits > 0, dtz)
	// Output:
	// b1e1 cp 30879 true 29
}
