package match

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/uci"
)

// Terminations, as the PGN Termination tag writes them.
const (
	TermNormal       = "normal"           // by the rules: mate, stalemate, a draw rule
	TermAdjudication = "adjudication"     // -draw, -resign, -maxmoves
	TermTimeForfeit  = "time forfeit"     // an engine ran out of time
	TermIllegal      = "rules infraction" // an illegal move or a broken protocol
	TermAbandoned    = "abandoned"        // an engine crashed, hung or disconnected
	TermResign       = "resignation"      // an engine resigned
	TermInterrupted  = "unterminated"     // the run was stopped mid-game
)

// MoveRecord is one move of a game: what the engine said about it and
// how long it took. Opening moves have Book set and nothing else.
type MoveRecord struct {
	Move  core.Move     `json:"-"`
	UCI   string        `json:"move"`
	Book  bool          `json:"book,omitempty"`
	Score *engine.Score `json:"score,omitempty"`
	Depth int           `json:"depth,omitempty"`
	Time  time.Duration `json:"time,omitempty"`
}

// GameRecord is a finished game.
type GameRecord struct {
	Round       int    `json:"round"` // from 1
	Game        int    `json:"game"`  // the game of the round, from 1
	White       string `json:"white"`
	Black       string `json:"black"`
	WhiteEngine int    `json:"white_engine"` // index in Config.Engines
	BlackEngine int    `json:"black_engine"`
	StartFEN    string `json:"start_fen"`
	FinalFEN    string `json:"final_fen"`
	Result      string `json:"result"` // "1-0", "0-1", "1/2-1/2"; "*" for an interrupted game
	Reason      string `json:"reason"` // "White mates", "Black loses on time", ...
	Termination string `json:"termination"`
	// Loser is the engine index of the side that lost by forfeit (time, a
	// crash, an illegal move), -1 otherwise. A side that runs out of time
	// when the other cannot win (HasInsufficientMaterial of package game)
	// draws the game, and is still its Loser: it forfeited on time.
	Loser     int             `json:"-"`
	Moves     []MoveRecord    `json:"moves"`
	Started   time.Time       `json:"started"`
	Duration  time.Duration   `json:"duration"`
	Overheads []time.Duration `json:"-"`
	// For a loss on time: the time the runner measured from "go" to the
	// move (or to giving up), the time the engine had (margin included),
	// and the search time the engine itself last reported (0 if none),
	// which tells an engine that overstepped from a slow runner.
	ForfeitElapsed    time.Duration `json:"forfeit_elapsed,omitempty"`
	ForfeitAllowed    time.Duration `json:"forfeit_allowed,omitempty"`
	ForfeitEngineTime time.Duration `json:"forfeit_engine_time,omitempty"`
	// ClockLeft is each side's clock, White's then Black's, when the game
	// ended: 0 for a side that lost on time or plays without a clock, and
	// for a control of several periods (40/60), once the side has passed
	// a control, the time it had left at the last one (before the next
	// period's time was added). Nil when neither side plays on a clock.
	ClockLeft []time.Duration `json:"clock_left,omitempty"`
	pgn       *game.Game
}

// points returns the points of engine idx in the game.
func (g *GameRecord) points(idx int) float64 {
	switch g.Result {
	case "1/2-1/2":
		return 0.5
	case "1-0":
		if idx == g.WhiteEngine {
			return 1
		}
	case "0-1":
		if idx == g.BlackEngine {
			return 1
		}
	}
	return 0
}

// gameSettings are the parts of Config a game needs.
type gameSettings struct {
	draw     *DrawRule
	resign   *ResignRule
	maxMoves int
	// hang bounds a move without a time limit (depth, nodes).
	hang time.Duration
}

var colorName = [2]string{"White", "Black"}

// playGame plays one game between the players (indexed by core.Color)
// from the opening. It returns the record and, per side, the error that
// made that engine fail (nil when it played normally or lost on time).
func playGame(ctx context.Context, pl [2]*player, idx [2]int, op Opening, s gameSettings) (*GameRecord, [2]error) {
	var failed [2]error
	rec := &GameRecord{
		White: pl[core.White].name, Black: pl[core.Black].name,
		WhiteEngine: idx[core.White], BlackEngine: idx[core.Black],
		StartFEN: op.FEN(), Loser: -1, Started: time.Now(),
	}
	defer func() { rec.Duration = time.Since(rec.Started) }()
	var opts []game.Option
	opts = append(opts, game.AutoDraw())
	if op.Start.Chess960() {
		opts = append(opts, game.Chess960())
	}
	g, err := game.FromPosition(op.Start, opts...)
	if err != nil {
		// The openings were checked when read.
		panic(fmt.Sprintf("match: opening %q: %v", op.FEN(), err))
	}
	rec.pgn = g
	chess960 := op.Start.Chess960()
	for _, m := range op.Moves {
		if err := g.MakeMove(m); err != nil {
			break
		}
		rec.Moves = append(rec.Moves, MoveRecord{Move: m, UCI: m.UCI(chess960), Book: true})
	}
	moves := g.Moves()
	tcs := [2]TimeControl{pl[core.White].cfg.TC, pl[core.Black].cfg.TC}
	var clocks [2]clock
	for c := range clocks {
		clocks[c].left = tcs[c].Base
	}
	forfeit := func(side core.Color, term, why string, err error) {
		failed[side] = err
		rec.Loser = idx[side]
		rec.Termination = term
		if strings.HasPrefix(why, "'") {
			rec.Reason = colorName[side] + why
		} else {
			rec.Reason = colorName[side] + " " + why
		}
		_ = g.SetWinner(1-side, rec.Reason)
	}
	finish := func() *GameRecord {
		o := g.Outcome()
		rec.Result = o.Result.String()
		if rec.Termination == "" {
			rec.Termination = TermNormal
			rec.Reason = describe(g)
		}
		pos := g.Position()
		rec.FinalFEN = pos.FEN()
		if tcs[core.White].HasClock() || tcs[core.Black].HasClock() {
			rec.ClockLeft = make([]time.Duration, 2)
			for c, tc := range tcs {
				flagged := rec.Termination == TermTimeForfeit && rec.Loser == idx[c]
				if tc.HasClock() && !flagged {
					rec.ClockLeft[c] = clocks[c].end()
				}
			}
		}
		for _, c := range []core.Color{core.White, core.Black} {
			// XBoard engines are not told the result: Fairy-Max answers
			// "result" with an error that arrives late and fails the
			// next game's "new"; "new" ends a game for every engine.
			if _, isUCI := pl[c].p.(*uci.Engine); isUCI && failed[c] == nil && ctx.Err() == nil {
				gctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_ = pl[c].p.GameOver(gctx, rec.Result, rec.Reason)
				cancel()
			}
		}
		return rec
	}
	for _, c := range []core.Color{core.White, core.Black} {
		if err := startGame(ctx, pl[c].p, op.Start, moves); err != nil {
			if ctx.Err() != nil {
				return interrupted(rec, g), failed
			}
			forfeit(c, TermAbandoned, "fails to start the game", err)
			return finish(), failed
		}
	}
	adj := adjudicator{draw: s.draw, resign: s.resign}
	var lastMoveAt int64 // when the previous engine move was read
	for !g.IsOver() {
		side := g.SideToMove()
		mover, other := pl[side], pl[1-side]
		tc := tcs[side]
		lim := limits(side, tcs, clocks)
		allow := allowed(tc, clocks[side])
		bound := allow + 10*time.Millisecond
		if allow == 0 {
			bound = s.hang
		}
		var mu sync.Mutex
		var last engine.Info
		onInfo := func(i engine.Info) {
			mu.Lock()
			defer mu.Unlock()
			if i.Score != nil {
				last.Score = i.Score
			}
			if i.Depth > 0 {
				last.Depth = i.Depth
			}
			if i.Time > 0 {
				last.Time = i.Time
			}
		}
		tctx, cancel := context.WithTimeout(ctx, bound)
		start := time.Now()
		reply, err := mover.p.Think(tctx, lim, onInfo)
		end := time.Now()
		expired := tctx.Err() != nil
		cancel()
		if ctx.Err() != nil {
			return interrupted(rec, g), failed
		}
		elapsed := end.Sub(start)
		goAt, moveAt := mover.goAt.Load(), mover.moveAt.Load()
		if goAt >= start.UnixNano() {
			if lastMoveAt > 0 {
				rec.Overheads = append(rec.Overheads, time.Duration(goAt-lastMoveAt))
			}
			if moveAt >= goAt && err == nil {
				elapsed = time.Duration(moveAt - goAt)
			} else {
				elapsed = end.Sub(time.Unix(0, goAt))
			}
		}
		if moveAt > 0 {
			lastMoveAt = moveAt
		} else {
			lastMoveAt = end.UnixNano()
		}
		if (allow > 0 && elapsed > allow) || (expired && allow > 0) {
			mu.Lock()
			rec.ForfeitEngineTime = last.Time
			mu.Unlock()
			rec.ForfeitElapsed, rec.ForfeitAllowed = elapsed, allow
			if g.HasInsufficientMaterial(1 - side) {
				// The other side cannot win by the variant's rules (a lone
				// king in chess, as lichess and FIDE rule): a draw, still
				// the flagged engine's time forfeit.
				rec.Loser, rec.Termination = idx[side], TermTimeForfeit
				rec.Reason = colorName[side] + " runs out of time, but " + colorName[1-side] + " cannot win"
				_ = g.Draw(rec.Reason)
			} else {
				forfeit(side, TermTimeForfeit, "loses on time", nil)
			}
			return finish(), failed
		}
		if err != nil {
			if expired {
				forfeit(side, TermAbandoned, "'s connection stalls", err)
			} else {
				term := TermAbandoned
				why := failure(err)
				if why == "makes an illegal move or breaks the protocol" {
					term = TermIllegal
				}
				forfeit(side, term, why, err)
			}
			return finish(), failed
		}
		clocks[side].spend(tc, elapsed)
		if reply.Resign {
			rec.Termination = TermResign
			rec.Reason = colorName[side] + " resigns"
			_ = g.Resign(side)
			return finish(), failed
		}
		if reply.Move == core.NoMove {
			// The engine claimed a result instead of moving. Conceding is
			// resigning; the rules (AutoDraw) have already ended every game
			// that may be claimed, so any other claim is false and loses.
			if reply.Result == [2]string{"0-1", "1-0"}[side] {
				rec.Termination = TermResign
				rec.Reason = colorName[side] + " resigns (claims " + reply.Result + ")"
				_ = g.Resign(side)
				return finish(), failed
			}
			forfeit(side, TermIllegal, "makes a false claim ("+reply.Result+" "+reply.Reason+")", nil)
			return finish(), failed
		}
		if err := g.MakeMove(reply.Move); err != nil {
			forfeit(side, TermIllegal, "makes an illegal move: "+reply.Move.UCI(chess960), err)
			return finish(), failed
		}
		mu.Lock()
		rec.Moves = append(rec.Moves, MoveRecord{Move: reply.Move, UCI: reply.Move.UCI(chess960), Score: last.Score, Depth: last.Depth, Time: elapsed})
		mu.Unlock()
		if g.IsOver() {
			break
		}
		if err := other.p.Move(ctx, reply.Move); err != nil {
			if ctx.Err() != nil {
				return interrupted(rec, g), failed
			}
			forfeit(1-side, TermAbandoned, failure(err), err)
			return finish(), failed
		}
		pos := g.Position()
		switch adj.observe(int(side), last.Score, pos.FullmoveNumber()) {
		case "draw":
			rec.Termination, rec.Reason = TermAdjudication, "Draw by adjudication"
			_ = g.Draw(rec.Reason)
			return finish(), failed
		case "resign":
			rec.Termination, rec.Reason = TermAdjudication, colorName[side]+" loses by adjudication"
			_ = g.SetWinner(1-side, rec.Reason)
			return finish(), failed
		}
		if s.maxMoves > 0 && clocks[core.Black].moves >= s.maxMoves && clocks[core.White].moves >= s.maxMoves {
			rec.Termination, rec.Reason = TermAdjudication, "Draw by adjudication: maximum moves"
			_ = g.Draw(rec.Reason)
			return finish(), failed
		}
	}
	return finish(), failed
}

// startGame starts a game on an engine and waits until it has taken in
// every command (UCI isready, XBoard ping), so that its clock does not run
// while it still sets up the game: an XBoard engine is not otherwise
// asked to answer "new" and the moves, and Fairy-Max, clearing its hash
// on "new" on a loaded machine, answered its first "go" more than a
// second late.
func startGame(ctx context.Context, p engine.Player, start core.Position, moves []core.Move) error {
	if err := p.StartGame(ctx, start, moves); err != nil {
		return err
	}
	switch e := p.(type) {
	case interface{ IsReady(context.Context) error }:
		return e.IsReady(ctx)
	case interface{ Ping(context.Context) error }:
		return e.Ping(ctx)
	}
	return nil
}

// interrupted marks a game the run stopped.
func interrupted(rec *GameRecord, g *game.Game) *GameRecord {
	rec.Result, rec.Termination, rec.Reason = "*", TermInterrupted, "Interrupted"
	pos := g.Position()
	rec.FinalFEN = pos.FEN()
	return rec
}

// describe says how a game ended by the rules.
func describe(g *game.Game) string {
	o := g.Outcome()
	switch o.Status {
	case game.Checkmate:
		w, _ := o.Winner()
		return colorName[w] + " mates"
	case game.Stalemate:
		return "Draw by stalemate"
	case game.InsufficientMaterial:
		return "Draw by insufficient mating material"
	case game.VariantEnd:
		if w, ok := o.Winner(); ok {
			return colorName[w] + " wins: " + o.Reason
		}
		return "Draw: " + o.Reason
	case game.ThreefoldRepetition, game.FivefoldRepetition:
		return "Draw by 3-fold repetition"
	case game.FiftyMoveRule, game.SeventyFiveMoveRule:
		return "Draw by fifty moves rule"
	}
	return o.String()
}
