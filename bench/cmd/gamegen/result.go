package main

import (
	"math/rand/v2"

	"github.com/gambit-chess/gambit/core"
)

// materialValue is a piece's value for adjudication, in pawns.
var materialValue = [...]int{core.Pawn: 1, core.Knight: 3, core.Bishop: 3, core.Rook: 5, core.Queen: 9}

// materialBalance returns White's material less Black's, in pawns, the
// pieces in a Crazyhouse pocket included.
func materialBalance(p *core.Position) int {
	d := 0
	for pt := core.Pawn; pt <= core.Queen; pt++ {
		n := p.Pieces(core.White, pt).Count() - p.Pieces(core.Black, pt).Count()
		if p.Variant() == core.Crazyhouse {
			n += p.Pocket(core.White, pt) - p.Pocket(core.Black, pt)
		}
		d += n * materialValue[pt]
	}
	return d
}

// Adjudication of a game that reached its drawn length, as a resignation
// or a draw agreed there: a side ahead by adjudicateWin pawns or more
// wins; a side ahead by less wins with probability adjudicateEdge, else
// the game is drawn; with equal material the game is drawn with
// probability adjudicateDraw, else won by White or Black alike.
const (
	adjudicateWin  = 3
	adjudicateEdge = 0.5
	adjudicateDraw = 0.6
)

// decide sets the game's result: the rules' where they ended it, the side
// ahead's after a resignation, else the adjudication by material.
func (g *playout) decide(r *rand.Rand) {
	stm := g.pos.SideToMove()
	winner := func(c core.Color) string {
		if c == core.White {
			return "1-0"
		}
		return "0-1"
	}
	switch g.end {
	case endCheckmate, endVariantLoss:
		g.result = winner(stm.Other())
	case endVariantWin:
		g.result = winner(stm)
	case endStalemate, endMaterial, endRepetition, endFiftyMoves, endVariantDraw:
		g.result = "1/2-1/2"
	case endResignation:
		if materialBalance(&g.pos) > 0 {
			g.result = "1-0"
		} else {
			g.result = "0-1"
		}
	default:
		d := materialBalance(&g.pos)
		ahead := core.White
		if d < 0 {
			ahead, d = core.Black, -d
		}
		switch {
		case d >= adjudicateWin:
			g.result = winner(ahead)
		case d > 0 && r.Float64() < adjudicateEdge:
			g.result = winner(ahead)
		case d > 0:
			g.result = "1/2-1/2"
		case r.Float64() < adjudicateDraw:
			g.result = "1/2-1/2"
		default:
			g.result = winner(core.Color(r.IntN(2)))
		}
	}
}
