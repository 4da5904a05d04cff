// Command goengine is a small Go engine for the tests of package xboard:
// an alpha-beta search on material with iterative deepening, timed by
// engine.Limits.Budget. It is written once against engine.Searcher and
// served in either protocol by a flag:
//
//	goengine -protocol xboard   (the default)
//	goengine -protocol uci
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

type searcher struct {
	maxDepth int
}

func (s *searcher) ID() (string, string) { return "gambit goengine", "gambit tests" }

func (s *searcher) Options() []engine.Option {
	return []engine.Option{{Name: "MaxDepth", Type: engine.TypeSpin, Default: "4", Min: 1, Max: 64}}
}

func (s *searcher) SetOption(name, value string) error {
	n, err := strconv.Atoi(value)
	if err != nil {
		return err
	}
	s.maxDepth = n
	return nil
}

func (s *searcher) NewGame() {}

var values = [...]int{0, 100, 300, 310, 500, 900, 0}

func material(p *core.Position) int {
	score := 0
	for t := core.Pawn; t <= core.Queen; t++ {
		score += values[t] * (p.Pieces(core.White, t).Count() - p.Pieces(core.Black, t).Count())
	}
	if p.SideToMove() == core.Black {
		return -score
	}
	return score
}

type run struct {
	ctx      context.Context
	deadline time.Time
	nodes    int64
	hist     core.History
	stopped  bool
}

func (r *run) stop() bool {
	if r.stopped {
		return true
	}
	if r.nodes&1023 == 0 {
		if r.ctx.Err() != nil || (!r.deadline.IsZero() && time.Now().After(r.deadline)) {
			r.stopped = true
		}
	}
	return r.stopped
}

const mate = 30000

func (r *run) search(p *core.Position, depth, alpha, beta, ply int) int {
	r.nodes++
	if ply > 0 && r.hist.IsRepetition(p) {
		return 0
	}
	var ml core.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		if p.InCheck() {
			return -mate + ply
		}
		return 0
	}
	if depth <= 0 {
		return material(p)
	}
	for _, m := range ml.Moves() {
		if r.stop() {
			return alpha
		}
		r.hist.Push(p)
		u := p.MakeMove(m)
		v := -r.search(p, depth-1, -beta, -alpha, ply+1)
		p.UnmakeMove(m, u)
		r.hist.Pop()
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

func (s *searcher) Search(ctx context.Context, req engine.Request, info func(engine.Info)) (core.Move, core.Move) {
	start := time.Now()
	pos := req.Position
	var ml core.MoveList
	pos.LegalMoves(&ml)
	moves := ml.Moves()
	if len(req.SearchMoves) > 0 {
		moves = req.SearchMoves
	}
	if len(moves) == 0 {
		return core.NoMove, core.NoMove
	}
	budget := req.Limits.Budget(pos.SideToMove())
	r := &run{ctx: ctx, hist: req.History.Clone(64)}
	if budget.Hard > 0 {
		r.deadline = start.Add(budget.Hard)
	}
	maxDepth := s.maxDepth
	if req.Limits.Depth > 0 {
		maxDepth = req.Limits.Depth
	}
	if req.Limits.Infinite {
		maxDepth = 64
	}
	best := moves[0]
	for depth := 1; depth <= maxDepth; depth++ {
		alpha, iterBest := -mate-1, core.NoMove
		for _, m := range moves {
			r.hist.Push(&pos)
			u := pos.MakeMove(m)
			v := -r.search(&pos, depth-1, -mate-1, -alpha, 1)
			pos.UnmakeMove(m, u)
			r.hist.Pop()
			if r.stopped {
				break
			}
			if v > alpha {
				alpha, iterBest = v, m
			}
		}
		if r.stopped {
			break
		}
		best = iterBest
		el := time.Since(start)
		sc := engine.Score{CP: alpha}
		if alpha > mate-100 {
			sc = engine.Score{IsMate: true, Mate: (mate - alpha + 1) / 2}
		} else if alpha < -mate+100 {
			sc = engine.Score{IsMate: true, Mate: -(mate + alpha) / 2}
		}
		info(engine.Info{Depth: depth, Score: &sc, Nodes: r.nodes, Time: el, PV: []core.Move{best}})
		if budget.Soft > 0 && el > budget.Soft {
			break
		}
	}
	switch {
	case req.Limits.Infinite:
		<-ctx.Done()
	case req.Limits.Ponder:
		select {
		case <-ctx.Done():
		case <-req.PonderHit:
		}
	}
	return best, core.NoMove
}

func main() {
	protocol := flag.String("protocol", "xboard", "the protocol to speak: xboard or uci")
	flag.Parse()
	eng := &searcher{maxDepth: 4}
	var err error
	switch *protocol {
	case "xboard":
		err = xboard.Serve(context.Background(), eng, os.Stdin, os.Stdout)
	case "uci":
		err = uci.Serve(context.Background(), eng, os.Stdin, os.Stdout)
	default:
		err = fmt.Errorf("unknown protocol %q", *protocol)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "goengine:", err)
		os.Exit(1)
	}
}
