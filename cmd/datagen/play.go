package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/search"
)

// config is how games are played and adjudicated.
type config struct {
	seed         uint64
	nodes        int64   // the node limit of each move's search
	hashMB       int     // each worker's table
	randomPlies  int     // random legal plies that open a game
	chess960     float64 // the fraction of games from a Chess960 start
	openingBound int     // the most |score| of an opening kept, in centipawns
	winScore     int     // |score| from which a run of winPlies plies wins
	winPlies     int
	drawScore    int // |score| up to which a run of drawPlies plies after drawAfter draws
	drawPlies    int
	drawAfter    int
	maxPlies     int // a game this long is a draw
}

// defaults are the flags' defaults.
var defaults = config{
	seed: 1, nodes: 5000, hashMB: 16, randomPlies: 8, chess960: 0.1, openingBound: 300,
	winScore: 1000, winPlies: 8, drawScore: 10, drawPlies: 16, drawAfter: 80, maxPlies: 400,
}

// maxOpeningTries bounds the draws of an opening for one game.
const maxOpeningTries = 1000

// errAborted is a game cut short by the context.
var errAborted = errors.New("game aborted")

// record is one position of a game: its FEN, the search's score from
// White's side, in centipawns, and its best move.
type record struct {
	fen   string
	score int
	best  core.Move
}

// game is one game's output: its kept positions and its result for
// White (1, 0.5 or 0), and why it ended.
type game struct {
	index    int
	kept     []record
	searched int // the positions searched, kept or not
	result   float64
	end      string
}

// lines writes the game's kept positions as "FEN;score;result" lines.
func (g *game) lines(sb *strings.Builder) {
	r := formatResult(g.result)
	for _, k := range g.kept {
		sb.WriteString(k.fen)
		sb.WriteByte(';')
		sb.WriteString(strconv.Itoa(k.score))
		sb.WriteByte(';')
		sb.WriteString(r)
		sb.WriteByte('\n')
	}
}

// formatResult writes a result for White as 1, 0.5 or 0.
func formatResult(r float64) string {
	switch r {
	case 1:
		return "1"
	case 0:
		return "0"
	}
	return "0.5"
}

// player plays games with one engine (one worker).
type player struct {
	cfg config
	eng *search.Engine
	ml  core.MoveList
}

func newPlayer(cfg config) *player {
	eng := search.New()
	eng.SetHash(cfg.hashMB)
	return &player{cfg: cfg, eng: eng}
}

func (pl *player) close() { pl.eng.Close() }

// result is one search's outcome: the move and the score for the side to
// move (cp, or a mate: mate > 0 when the side to move mates).
type result struct {
	best core.Move
	cp   int
	mate int
}

// search searches p, reached after the positions of hist, to the node
// limit.
func (pl *player) search(ctx context.Context, p *core.Position, hist *core.History) (result, error) {
	var last *engine.Score
	req := engine.Request{Position: *p, History: *hist, Limits: engine.Limits{Nodes: pl.cfg.nodes}}
	best, _ := pl.eng.Search(ctx, req, func(in engine.Info) {
		if in.Score != nil {
			s := *in.Score
			last = &s
		}
	})
	if ctx.Err() != nil {
		return result{}, errAborted
	}
	if best == core.NoMove || last == nil {
		return result{}, fmt.Errorf("the search of %s gave no move or no score", p.FEN())
	}
	if last.IsMate {
		return result{best: best, mate: last.Mate}, nil
	}
	return result{best: best, cp: last.CP}, nil
}

// opening draws the opening of a game with rng: the start position or,
// a fraction of the time, a Chess960 start, then random legal plies; it
// searches the position reached and keeps it when the game is not over
// and the score is within the bound.
func (pl *player) opening(ctx context.Context, rng *rand.Rand, hist *core.History) (core.Position, result, error) {
	for range maxOpeningTries {
		var p core.Position
		if rng.Float64() < pl.cfg.chess960 {
			var err error
			if p, err = core.ParseFEN(chess960FEN(rng)); err != nil {
				return p, result{}, fmt.Errorf("a Chess960 start: %w", err)
			}
		} else {
			p = core.StartPosition()
		}
		*hist = core.History{}
		ok := true
		for range pl.cfg.randomPlies {
			p.LegalMoves(&pl.ml)
			if pl.ml.Len() == 0 {
				ok = false
				break
			}
			m := pl.ml.At(rng.IntN(pl.ml.Len()))
			hist.Push(&p)
			p.MakeMove(m)
		}
		if over, _, _ := rulesEnd(&p, hist); !ok || over {
			continue
		}
		pl.eng.NewGame()
		r, err := pl.search(ctx, &p, hist)
		if err != nil {
			return p, r, err
		}
		if r.mate != 0 || abs(r.cp) > pl.cfg.openingBound {
			continue
		}
		return p, r, nil
	}
	return core.Position{}, result{}, fmt.Errorf("no opening within -opening-bound %d in %d tries", pl.cfg.openingBound, maxOpeningTries)
}

// play plays game number index from its own seed and returns it; the
// engine's table is cleared first, so that a game depends on nothing but
// the seed, its index and the configuration.
func (pl *player) play(ctx context.Context, index int) (*game, error) {
	rng := rand.New(rand.NewPCG(pl.cfg.seed, uint64(index)))
	var hist core.History
	p, r, err := pl.opening(ctx, rng, &hist)
	if err != nil {
		return nil, err
	}
	g := &game{index: index}
	return g, pl.playFrom(ctx, g, p, &hist, pl.cfg.randomPlies, &r)
}

// playFrom plays g on from p, its ply ply, reached after the positions of
// hist, to its end; first, when not nil, is the search of p already made.
func (pl *player) playFrom(ctx context.Context, g *game, p core.Position, hist *core.History, ply int, first *result) error {
	winRun, drawRun, winSide := 0, 0, 0
	for ; ; ply++ {
		var r result
		if first != nil {
			r, first = *first, nil
		} else {
			if over, res, why := rulesEnd(&p, hist); over {
				g.result, g.end = res, why
				return nil
			}
			if ply >= pl.cfg.maxPlies {
				g.result, g.end = 0.5, "ply cap"
				return nil
			}
			var err error
			if r, err = pl.search(ctx, &p, hist); err != nil {
				return err
			}
		}
		g.searched++
		white := 1 // the sign that turns the side to move's view into White's
		if p.SideToMove() == core.Black {
			white = -1
		}
		if r.mate != 0 {
			g.result, g.end = winner(sign(r.mate)*white), "mate score"
			return nil
		}
		cp := r.cp * white
		if !p.InCheck() && !r.best.IsCapture() && !r.best.IsPromotion() {
			g.kept = append(g.kept, record{p.FEN(), cp, r.best})
		}
		switch {
		case abs(cp) >= pl.cfg.winScore && sign(cp) == winSide:
			winRun++
		case abs(cp) >= pl.cfg.winScore:
			winRun, winSide = 1, sign(cp)
		default:
			winRun, winSide = 0, 0
		}
		if winRun >= pl.cfg.winPlies {
			g.result, g.end = winner(winSide), "won score"
			return nil
		}
		if ply >= pl.cfg.drawAfter && abs(cp) <= pl.cfg.drawScore {
			drawRun++
		} else {
			drawRun = 0
		}
		if drawRun >= pl.cfg.drawPlies {
			g.result, g.end = 0.5, "drawn score"
			return nil
		}
		hist.Push(&p)
		p.MakeMove(r.best)
	}
}

// rulesEnd reports whether the game is over by the rules at p, reached
// after the positions of hist, with its result for White and the reason.
func rulesEnd(p *core.Position, hist *core.History) (bool, float64, string) {
	switch p.Status() {
	case core.Checkmate:
		if p.SideToMove() == core.White {
			return true, 0, "checkmate"
		}
		return true, 1, "checkmate"
	case core.Stalemate:
		return true, 0.5, "stalemate"
	case core.InsufficientMaterial:
		return true, 0.5, "insufficient material"
	}
	if hist.Repetitions(p) >= 2 {
		return true, 0.5, "threefold repetition"
	}
	if p.HalfmoveClock() >= 100 {
		return true, 0.5, "fifty-move rule"
	}
	return false, 0, ""
}

// winner is the result for White of a win by the side of sign s (1 White,
// -1 Black).
func winner(s int) float64 {
	if s > 0 {
		return 1
	}
	return 0
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// chess960FEN draws one of the 960 start positions with rng and writes
// it as a Shredder-FEN (castling rights name the rooks' files).
func chess960FEN(rng *rand.Rand) string {
	var rank [8]byte
	rank[2*rng.IntN(4)] = 'B'   // a dark square: a, c, e or g
	rank[2*rng.IntN(4)+1] = 'B' // a light one: b, d, f or h
	empty := func() []int {
		var e []int
		for f, c := range rank {
			if c == 0 {
				e = append(e, f)
			}
		}
		return e
	}
	e := empty()
	rank[e[rng.IntN(len(e))]] = 'Q'
	for range 2 {
		e = empty()
		rank[e[rng.IntN(len(e))]] = 'N'
	}
	e = empty() // three squares: rook, king, rook
	rank[e[0]], rank[e[1]], rank[e[2]] = 'R', 'K', 'R'
	white := string(rank[:])
	castle := string([]byte{'A' + byte(e[2]), 'A' + byte(e[0])})
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castle + strings.ToLower(castle) + " - 0 1"
}
