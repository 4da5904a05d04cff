package xboard_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/xboard"
)

// mateInOne is the smallest engine.Searcher: it plays a mate in one when
// there is one, else the first legal move.
type mateInOne struct{}

func (mateInOne) ID() (string, string)           { return "mate in one", "gambit" }
func (mateInOne) Options() []engine.Option       { return nil }
func (mateInOne) SetOption(string, string) error { return nil }
func (mateInOne) NewGame()                       {}
func (mateInOne) Search(ctx context.Context, req engine.Request, info func(engine.Info)) (core.Move, core.Move) {
	pos := req.Position
	var ml core.MoveList
	pos.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		q := pos
		q.MakeMove(m)
		if q.InCheck() && !q.HasLegalMoves() {
			info(engine.Info{Depth: 1, Score: &engine.Score{IsMate: true, Mate: 1}, Nodes: int64(ml.Len()), PV: []core.Move{m}})
			return m, core.NoMove
		}
	}
	return ml.At(0), core.NoMove
}

// Serve gives a Go engine the XBoard protocol; the same engine.Searcher
// is served over UCI by uci.Serve. Here a GUI's commands come from a
// string: a position and "go"; the engine's thinking output, its move and
// its claim of the mate come back, then the answer to ping. A real engine
// calls xboard.Serve(ctx, eng, os.Stdin, os.Stdout).
func ExampleServe() {
	gui := strings.Join([]string{
		"new",
		"force",
		"setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
		"go",
		"ping 1",
	}, "\n")
	if err := xboard.Serve(context.Background(), mateInOne{}, strings.NewReader(gui), os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 100001 0 17	a1a8
	// move a1a8
	// 1-0 {White mates}
	// pong 1
}

// Start runs an XBoard engine; the *Engine is an engine.Player, played
// like a UCI engine.
func ExampleStart() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	e, err := xboard.Start(ctx, "/usr/games/fairymax")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	fmt.Println(e.Name(), e.Features().SetBoard)
	if err := e.StartGame(ctx, core.StartPosition(), nil); err != nil {
		fmt.Println(err)
		return
	}
	r, err := e.Think(ctx, engine.Limits{WTime: time.Minute, BTime: time.Minute}, func(i engine.Info) {
		fmt.Println("depth", i.Depth, "score", i.Score, "pv", i.PV)
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("Fairy-Max plays", r.Move)
}
