// Command randomengine is the smallest engine built on uci.Serve: it plays
// a random legal move, preferring a capture. The uci package's tests run it
// as a real process, driven by gambit's client against Stockfish.
package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

type engine struct{ rng *rand.Rand }

func (engine) ID() (string, string) { return "gambit random", "gambit tests" }
func (engine) Options() []uci.Option {
	return []uci.Option{{Name: "Seed", Type: uci.TypeSpin, Default: "1", Min: 0, Max: 1 << 31}}
}
func (engine) NewGame() {}

func (e *engine) SetOption(name, value string) error {
	var seed uint64
	if _, err := fmt.Sscan(value, &seed); err != nil {
		return err
	}
	e.rng = rand.New(rand.NewPCG(seed, seed))
	return nil
}

func (e *engine) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	var ml core.MoveList
	req.Position.LegalMoves(&ml)
	moves := ml.Moves()
	if len(req.SearchMoves) > 0 {
		moves = req.SearchMoves
	}
	if len(moves) == 0 {
		return core.NoMove, core.NoMove
	}
	var captures []core.Move
	for _, m := range moves {
		if m.IsCapture() {
			captures = append(captures, m)
		}
	}
	if len(captures) > 0 {
		moves = captures
	}
	best := moves[e.rng.IntN(len(moves))]
	info(uci.Info{Depth: 1, Nodes: int64(len(moves)), PV: []core.Move{best}, Score: &uci.Score{}})
	return best, core.NoMove
}

func main() {
	e := &engine{rng: rand.New(rand.NewPCG(1, 1))}
	if err := uci.Serve(context.Background(), e, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
