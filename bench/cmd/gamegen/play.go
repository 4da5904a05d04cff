package main

import (
	"math"
	"math/rand/v2"

	"github.com/gambit-chess/gambit/core"
)

// maxPlies bounds a game's length: the length distribution's tail is cut
// there.
const maxPlies = 400

// Game lengths: log-normal, median lengthMedian plies, so that about half
// of the games that no rule ends first are longer than 80 plies, one in
// six longer than 120 and about one in fifty longer than 200.
const (
	lengthMedian = 92
	lengthSigma  = 0.48
)

// ending says how a game ended.
type ending uint8

const (
	endLength      ending = iota // reached its drawn length: adjudicated
	endCheckmate                 // the side to move is mated
	endStalemate                 // the side to move has no move
	endMaterial                  // neither side can mate
	endRepetition                // the third occurrence of a position
	endFiftyMoves                // a hundred plies without capture or pawn move
	endVariantWin                // a variant's own rule: the side to move won
	endVariantLoss               // a variant's own rule: the side to move lost
	endVariantDraw               // a variant's own rule: drawn
	endResignation               // the side far behind in material resigned
)

// Resignation: in standard chess, from ply resignFrom on, a side behind
// by resignMargin pawns or more resigns after each move with probability
// resignChance (so most resign within a few moves of falling that far
// behind, and few games play a bare king out to mate).
const (
	resignFrom   = 20
	resignMargin = 10
	resignChance = 0.2
)

// playout is a game being played: its start, moves and ending.
type playout struct {
	start  core.Position
	moves  []core.Move
	end    ending
	result string
	pos    core.Position // the position after moves
	hist   core.History
	ml     core.MoveList
}

// drawLength returns a game length in plies from the log-normal
// distribution, at least least and at most maxPlies.
func drawLength(r *rand.Rand, least int) int {
	n := int(math.Round(lengthMedian * math.Exp(lengthSigma*r.NormFloat64())))
	return max(least, min(n, maxPlies))
}

// reset starts a playout from start.
func (g *playout) reset(start core.Position) {
	g.start = start
	g.pos = start
	g.moves = g.moves[:0]
	for g.hist.Len() > 0 {
		g.hist.Pop()
	}
	g.end, g.result = endLength, ""
}

// push plays m, a legal move of the current position.
func (g *playout) push(m core.Move) {
	g.hist.Push(&g.pos)
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
}

// over reports whether the rules end the game in the current position,
// recording the ending.
func (g *playout) over() bool {
	switch g.pos.Status() {
	case core.Checkmate:
		g.end = endCheckmate
	case core.Stalemate:
		g.end = endStalemate
	case core.InsufficientMaterial:
		g.end = endMaterial
	case core.VariantWin:
		g.end = endVariantWin
	case core.VariantLoss:
		g.end = endVariantLoss
	case core.VariantDraw:
		g.end = endVariantDraw
	default:
		switch {
		case g.hist.Repetitions(&g.pos) >= 2:
			g.end = endRepetition
		case g.pos.HalfmoveClock() >= 100:
			g.end = endFiftyMoves
		default:
			return false
		}
	}
	return true
}

// playTo continues the game by the policy until the rules end it or it
// has length plies.
func (g *playout) playTo(length int, r *rand.Rand) {
	for !g.over() {
		if len(g.moves) >= length {
			g.end = endLength
			return
		}
		if len(g.moves) >= resignFrom && g.pos.Variant() == core.Standard {
			if d := materialBalance(&g.pos); (d >= resignMargin || d <= -resignMargin) && r.Float64() < resignChance {
				g.end = endResignation
				return
			}
		}
		g.pos.LegalMoves(&g.ml)
		g.push(chooseMove(&g.pos, &g.ml, r))
	}
}
