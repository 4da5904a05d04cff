package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// The match subcommand is a small stand-in for the match runner of
// cmd/match: gambit-engine plays an opponent from a set of balanced
// openings, each with both colours, at a clock with increment, and the
// score is printed with an Elo estimate and its 95% interval. The clock
// of each side is charged the wall time of its Think call.

// openings are balanced main lines, in UCI moves from the start position.
var openings = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",                // Ruy Lopez
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3", // Sicilian
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",                // Queen's Gambit Declined
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",      // King's Indian
	"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",                // French
	"e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4",           // Caro-Kann
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",                // English
	"d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",                // Queen's Indian
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",                // Italian
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",                // Slav
}

// matchConfig is what the match subcommand was asked.
type matchConfig struct {
	games       int
	base, inc   time.Duration
	opponent    []string // path and arguments
	proto       string   // the opponent's protocol
	oppOptions  []string // name=value
	selfOptions []string
	maxPlies    int
	log         io.Writer
}

type optionList []string

func (o *optionList) String() string     { return strings.Join(*o, ",") }
func (o *optionList) Set(s string) error { *o = append(*o, s); return nil }

// match parses the match subcommand's arguments and plays the games.
func match(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("gambit-engine match", flag.ContinueOnError)
	fs.SetOutput(out)
	games := fs.Int("games", 20, "games to play (colours alternate, two games an opening)")
	tc := fs.String("tc", "10+0.1", "time control: seconds per game + increment in seconds")
	proto := fs.String("proto", "uci", "the opponent's protocol: uci or xboard")
	var oppOpts, selfOpts optionList
	fs.Var(&oppOpts, "oo", "an option of the opponent, name=value (repeatable)")
	fs.Var(&selfOpts, "so", "an option of gambit-engine, name=value (repeatable)")
	verbose := fs.Bool("v", false, "print each game's result")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("match: the opponent's path is missing")
	}
	base, inc, err := parseTC(*tc)
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	cfg := matchConfig{games: *games, base: base, inc: inc, opponent: fs.Args(), proto: *proto,
		oppOptions: oppOpts, selfOptions: selfOpts, maxPlies: 400, log: io.Discard}
	if *verbose {
		cfg.log = out
	}
	res, err := playMatch(context.Background(), cfg)
	fmt.Fprintf(out, "gambit-engine vs %s, %d games at %s: %s\n", cfg.opponent[0], res.games(), *tc, res)
	return err
}

// parseTC reads "10+0.1": seconds for the game plus an increment.
func parseTC(s string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(s, "+")
	bf, err1 := strconv.ParseFloat(b, 64)
	inf := 0.0
	var err2 error
	if i != "" {
		inf, err2 = strconv.ParseFloat(i, 64)
	}
	if err1 != nil || err2 != nil || !(bf > 0) || !(inf >= 0) || bf > 1e6 || inf > 1e6 {
		return 0, 0, fmt.Errorf("time control %q: want seconds+increment such as 10+0.1", s)
	}
	return time.Duration(bf * float64(time.Second)), time.Duration(inf * float64(time.Second)), nil
}

// matchResult counts gambit-engine's wins, draws and losses, and the
// games lost on time or by an illegal move, either side.
type matchResult struct {
	wins, draws, losses int
	timeLosses          [2]int // gambit-engine's, the opponent's
	errors              int
}

func (r matchResult) games() int { return r.wins + r.draws + r.losses }

// elo returns the score (0 to 1), the Elo difference it means, and the
// bounds of its 95% confidence interval (from the normal approximation of
// the score per game, clamped at ±1200 Elo for a score of 0 or 1).
func (r matchResult) elo() (score, elo, lo, hi float64) {
	n := float64(r.games())
	if n == 0 {
		return 0, 0, 0, 0
	}
	score = (float64(r.wins) + float64(r.draws)/2) / n
	toElo := func(p float64) float64 {
		p = min(max(p, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/p-1)
	}
	v := (float64(r.wins)*(1-score)*(1-score) + float64(r.draws)*(0.5-score)*(0.5-score) + float64(r.losses)*score*score) / n
	se := math.Sqrt(v / n)
	return score, toElo(score), toElo(score - 1.96*se), toElo(score + 1.96*se)
}

func (r matchResult) String() string {
	s, e, lo, hi := r.elo()
	return fmt.Sprintf("+%d =%d -%d, score %.1f/%d (%.1f%%), Elo %+.0f (95%%: %+.0f to %+.0f), time losses %d (opponent %d), errors %d",
		r.wins, r.draws, r.losses, float64(r.wins)+float64(r.draws)/2, r.games(), 100*s, e, lo, hi,
		r.timeLosses[0], r.timeLosses[1], r.errors)
}

// startPlayer starts an engine as an engine.Player and sets its options.
func startPlayer(ctx context.Context, proto string, cmd []string, opts []string) (engine.Player, error) {
	var (
		p   engine.Player
		set func(ctx context.Context, name, value string) error
	)
	switch proto {
	case "uci":
		e, err := uci.Start(ctx, cmd[0], cmd[1:]...)
		if err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd[0], err)
		}
		p, set = e, e.SetOption
	case "xboard":
		e, err := xboard.Start(ctx, cmd[0], cmd[1:]...)
		if err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd[0], err)
		}
		p, set = e, e.SetOption
	default:
		return nil, fmt.Errorf("protocol %q: want uci or xboard", proto)
	}
	for _, o := range opts {
		name, value, _ := strings.Cut(o, "=")
		if err := set(ctx, name, value); err != nil {
			p.Close()
			return nil, fmt.Errorf("%s: option %s: %w", cmd[0], o, err)
		}
	}
	return p, nil
}

// playMatch plays cfg.games games between gambit-engine (this executable,
// over UCI) and the opponent.
func playMatch(ctx context.Context, cfg matchConfig) (matchResult, error) {
	self, err := os.Executable()
	if err != nil {
		return matchResult{}, fmt.Errorf("match: finding gambit-engine: %w", err)
	}
	return playMatchWith(ctx, cfg, self)
}

// playMatchWith plays the match with the gambit-engine at self.
func playMatchWith(ctx context.Context, cfg matchConfig, self string) (matchResult, error) {
	var res matchResult
	ours, err := startPlayer(ctx, "uci", []string{self, "-protocol", "uci"}, cfg.selfOptions)
	if err != nil {
		return res, fmt.Errorf("match: %w", err)
	}
	defer ours.Close()
	theirs, err := startPlayer(ctx, cfg.proto, cfg.opponent, cfg.oppOptions)
	if err != nil {
		return res, fmt.Errorf("match: %w", err)
	}
	defer func() { theirs.Close() }()
	for i := range cfg.games {
		opening := openings[(i/2)%len(openings)]
		white := core.White
		if i%2 == 1 {
			white = core.Black // gambit-engine has Black
		}
		out, err := playGame(ctx, cfg, ours, theirs, white, opening)
		switch {
		case out.errSide >= 0:
			res.errors++
			fmt.Fprintf(cfg.log, "game %d: error: %v\n", i+1, err)
			if out.errSide == 1 {
				// Restart a broken opponent.
				theirs.Close()
				if theirs, err = startPlayer(ctx, cfg.proto, cfg.opponent, cfg.oppOptions); err != nil {
					return res, fmt.Errorf("match: restarting the opponent: %w", err)
				}
			} else {
				return res, fmt.Errorf("match: gambit-engine failed: %w", err)
			}
		case err != nil:
			return res, fmt.Errorf("match: game %d: %w", i+1, err)
		}
		switch out.points {
		case 2:
			res.wins++
		case 1:
			res.draws++
		default:
			res.losses++
		}
		if out.timeLoss >= 0 {
			res.timeLosses[out.timeLoss]++
		}
		fmt.Fprintf(cfg.log, "game %d (%s, gambit-engine %s): %s %s\n", i+1, opening, white, out.result, out.reason)
	}
	return res, nil
}

// gameOutcome is one game's result for gambit-engine: points in half
// points, which side (0 gambit-engine, 1 the opponent, -1 none) lost on
// time or failed.
type gameOutcome struct {
	points   int
	timeLoss int
	errSide  int
	result   string
	reason   string
}

// playGame plays one game: gambit-engine (ours) has colour ourColour.
func playGame(ctx context.Context, cfg matchConfig, ours, theirs engine.Player, ourColour core.Color, opening string) (gameOutcome, error) {
	out := gameOutcome{timeLoss: -1, errSide: -1}
	g := game.New(game.AutoDraw())
	for _, mv := range strings.Fields(opening) {
		if err := g.Move(mv); err != nil {
			return out, fmt.Errorf("opening %q: %w", opening, err)
		}
	}
	players := [2]engine.Player{}
	players[ourColour] = ours
	players[ourColour.Other()] = theirs
	side := func(c core.Color) int {
		if c == ourColour {
			return 0
		}
		return 1
	}
	start := core.StartPosition()
	for _, p := range players {
		if err := p.StartGame(ctx, start, g.Moves()); err != nil {
			out.errSide = side(core.White)
			if p == theirs {
				out.errSide = 1
			} else {
				out.errSide = 0
			}
			return out, fmt.Errorf("starting the game: %w", err)
		}
	}
	clock := [2]time.Duration{cfg.base, cfg.base}
	finish := func(winner core.Color, draw bool, reason string) (gameOutcome, error) {
		result := "1/2-1/2"
		switch {
		case draw:
			out.points = 1
		case winner == ourColour:
			out.points = 2
		}
		if !draw {
			result = "1-0"
			if winner == core.Black {
				result = "0-1"
			}
		}
		out.result, out.reason = result, reason
		for _, p := range players {
			p.GameOver(ctx, result, reason)
		}
		return out, nil
	}
	for {
		if o := g.Outcome(); o.IsOver() {
			w, ok := o.Winner()
			return finish(w, !ok, o.Status.String())
		}
		if g.Ply() >= cfg.maxPlies {
			return finish(core.White, true, "adjudicated: too long")
		}
		stm := g.SideToMove()
		l := engine.Limits{WTime: clock[core.White], BTime: clock[core.Black], WInc: cfg.inc, BInc: cfg.inc}
		t := time.Now()
		reply, err := players[stm].Think(ctx, l, nil)
		used := time.Since(t)
		if err != nil {
			out.errSide = side(stm)
			r, _ := finish(stm.Other(), false, "error")
			return r, fmt.Errorf("%s's move: %w", stm, err)
		}
		clock[stm] -= used
		if clock[stm] < 0 {
			out.timeLoss = side(stm)
			return finish(stm.Other(), false, stm.String()+" lost on time")
		}
		clock[stm] += cfg.inc
		switch {
		case reply.Resign:
			return finish(stm.Other(), false, stm.String()+" resigns")
		case reply.Move == core.NoMove:
			out.errSide = side(stm)
			r, _ := finish(stm.Other(), false, "no move")
			return r, fmt.Errorf("%s gave no move (claim %q %q)", stm, reply.Result, reply.Reason)
		}
		if err := g.MakeMove(reply.Move); err != nil {
			out.errSide = side(stm)
			r, _ := finish(stm.Other(), false, "illegal move")
			return r, fmt.Errorf("%s's move: %w", stm, err)
		}
		if o := g.Outcome(); !o.IsOver() {
			if err := players[stm.Other()].Move(ctx, reply.Move); err != nil {
				out.errSide = side(stm.Other())
				r, _ := finish(stm, false, "error")
				return r, fmt.Errorf("telling %s the move: %w", stm.Other(), err)
			}
		}
	}
}
