package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
)

// Tournament kinds.
const (
	Match      = "match"      // two engines
	RoundRobin = "roundrobin" // every engine against every other
	Gauntlet   = "gauntlet"   // the first engine against each of the others
)

// Config is a tournament: its engines, how many games, from which
// openings, how games are adjudicated, the SPRT that may stop it, and
// where its games and progress go. Run plays it.
type Config struct {
	Engines []EngineConfig
	// Tournament is Match (the default for two engines), RoundRobin (the
	// default for more) or Gauntlet.
	Tournament string
	// Rounds is the number of rounds of each pairing; Games the games a
	// round (1 or 2; 0 means 2). With Repeat the games of a round play
	// the same opening, colours swapped: a game pair, the unit of the
	// pentanomial statistics.
	Rounds, Games int
	Repeat        bool
	// Concurrency is how many games run at once (0 means 1); each has its
	// own engine processes.
	Concurrency int
	Openings    Openings
	// Variant is the variant every game plays, by lichess's rules
	// (core.Standard, the zero value, for chess and Chess960): each
	// engine is told it (UCI_Variant, XBoard's "variant NAME") and one
	// that does not list it is refused, the run ending with an error
	// matching engine.ErrUnsupported; games start from the variant's start
	// position or the openings, read in the variant's FEN forms; the
	// variant's own endings end them, and the PGN has its Variant tag.
	Variant core.Variant
	// Seed seeds the random choices (openings order, book moves).
	Seed uint64

	Draw     *DrawRule
	Resign   *ResignRule
	MaxMoves int // a draw once both sides made this many moves; 0 for none
	// HangTimeout bounds a move that has no time limit (depth, nodes):
	// an engine past it loses as stalled. 0 means one minute.
	HangTimeout time.Duration

	// SPRT, if set, stops a two-engine match as soon as it decides.
	SPRT *SPRT
	// Recover restarts an engine that crashed, hung or broke the protocol,
	// and goes on (an engine that fails to start is tried three times);
	// without it, such a failure ends the run with an error after the
	// game (losses on time never end the run).
	Recover bool

	Event, Site string
	// PGN and EPD, if set, receive each finished game: PGN with a
	// comment for every engine move (score/depth time, cutechess-cli's
	// form), EPD the final position.
	PGN, EPD io.Writer
	// Progress, if set, is called after every finished game.
	Progress func(Progress)
}

// Pairing is the results of one pairing, from the first engine's side.
type Pairing struct {
	First, Second int    // engine indices
	Name1, Name2  string // their names
	WDL           WDL
	Pentanomial   Pentanomial
	Estimate      Estimate // from the pentanomial counts when the games come in pairs
	DrawRatio     float64
	TimeLosses    [2]int // of the first and the second engine (as ClockUse.TimeLosses)
	pairsOn       bool
}

// Progress is the state of a run after a game.
type Progress struct {
	Games, Total int
	Pairing      Pairing // the pairing of the game
	LLR          float64
	Lower, Upper float64
	SPRT         bool
	Last         *GameRecord
}

// String returns a progress line: games, W-D-L, Elo ± error, LOS, draw
// ratio, pentanomial counts and, with an SPRT, the LLR and its bounds.
func (p Progress) String() string {
	pr := p.Pairing
	s := fmt.Sprintf("Games %d/%d %s vs %s: W-D-L %d-%d-%d  %v  DR %s",
		p.Games, p.Total, pr.Name1, pr.Name2, pr.WDL.Wins, pr.WDL.Draws, pr.WDL.Losses,
		pr.Estimate, percent(pr.DrawRatio))
	if pr.pairsOn {
		c := pr.Pentanomial.Counts()
		s += fmt.Sprintf("  Ptnml(0-2) [%d, %d, %d, %d, %d]", c[0], c[1], c[2], c[3], c[4])
	}
	if p.SPRT {
		s += fmt.Sprintf("  LLR %s (%.2f, %.2f)", fixed2(p.LLR), p.Lower, p.Upper)
	}
	return s
}

// SPRTResult is the state of the test at the end of a run.
type SPRTResult struct {
	SPRT
	LLR          float64  `json:"llr"`
	Lower, Upper float64  `json:"-"`
	Decision     Decision `json:"-"`
	DecisionText string   `json:"decision"`
}

// Overhead is the runner's time between an engine's move and the next
// "go" sent to the other engine, over every move but each game's first.
type Overhead struct {
	Moves                  int
	Mean, Median, P99, Max time.Duration
}

// ClockUse is how an engine used its clock over the games it played on
// one: the share of its time control's base time (TimeControl.Base) left
// at each game's end, as GameRecord.ClockLeft gives it (so, for 40/60, at
// the last control passed), and its losses on time.
type ClockUse struct {
	Name string
	// Games counts the games it played on a clock with a base time.
	Games int
	// MeanLeft, MinLeft and MaxLeft are shares of the base time over
	// those games: 0.25 for 15 s left of 60, 0 for a game lost on time,
	// more than 1 when increments built the clock up.
	MeanLeft, MinLeft, MaxLeft float64
	// TimeLosses counts its losses on time, with a clock or a fixed time
	// a move, and the games it drew by running out of time when the
	// other side could not win.
	TimeLosses int
}

// Result is what a run played.
type Result struct {
	Games        []*GameRecord
	Pairings     []Pairing
	SPRT         *SPRTResult
	TimeLosses   int
	Terminations map[string]int
	// Clocks is each engine's clock use, in the order of Config.Engines.
	Clocks   []ClockUse
	Overhead Overhead
	// Interrupted is set when the context ended the run early.
	Interrupted bool
	Duration    time.Duration
}

// ErrConfig means the tournament's configuration is not playable.
var ErrConfig = errors.New("match: invalid configuration")

// job is one round of a pairing.
type job struct {
	pairing int
	round   int
	ops     []Opening // one per game
}

// Run plays the tournament. It returns when every game is played, the
// SPRT decides, or ctx ends (Result.Interrupted); games in progress then
// are not counted. Every engine process is closed before it returns. The
// error is a configuration error, an engine that could not start, or an
// engine failure without Recover; the Result then holds the games played.
//
// An engine has one name in the game records (and so the PGN), the
// pairings and the clocks: EngineConfig.Name when set, else the name the
// engine gives itself (UCI's id name, XBoard's myname), else its command;
// where two engines' names are the same, each has its command after it,
// "Stockfish 17 (./sf-head)", or its number when the commands are the
// same too, "fake (engine 2)".
func Run(ctx context.Context, cfg Config) (*Result, error) {
	began := time.Now()
	pairs, err := cfg.pairings()
	if err != nil {
		return nil, err
	}
	games := cfg.Games
	if games == 0 {
		games = 2
	}
	if games < 1 || games > 2 {
		return nil, fmt.Errorf("%w: games %d: want 1 or 2", ErrConfig, games)
	}
	if cfg.Rounds < 1 {
		return nil, fmt.Errorf("%w: rounds %d: want at least 1", ErrConfig, cfg.Rounds)
	}
	for i, e := range cfg.Engines {
		if e.Cmd == "" {
			return nil, fmt.Errorf("%w: engine %d has no command", ErrConfig, i+1)
		}
		if e.TC.IsZero() {
			return nil, fmt.Errorf("%w: engine %s has no time control (tc=, st=, depth= or nodes=)", ErrConfig, e.label())
		}
	}
	if cfg.Variant != core.Standard {
		if _, err := core.VariantStartPosition(cfg.Variant); err != nil {
			return nil, fmt.Errorf("%w: variant: %w", ErrConfig, err)
		}
	}
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Validate(); err != nil {
			return nil, err
		}
		if len(pairs) != 1 {
			return nil, fmt.Errorf("%w: an SPRT needs exactly two engines", ErrConfig)
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d61746368))
	src, closer, err := cfg.Openings.load(rng, cfg.Variant)
	if err != nil {
		return nil, err
	}
	if closer != nil {
		defer closer.Close()
	}
	conc := max(cfg.Concurrency, 1)
	hang := cfg.HangTimeout
	if hang <= 0 {
		hang = time.Minute
	}
	settings := gameSettings{draw: cfg.Draw, resign: cfg.Resign, maxMoves: cfg.MaxMoves, hang: hang}

	// The jobs, openings drawn in order.
	var jobs []job
	for r := range cfg.Rounds {
		for p := range pairs {
			j := job{pairing: p, round: r + 1}
			var op Opening
			for g := range games {
				if g == 0 || !cfg.Repeat {
					if op, err = src.next(); err != nil {
						return nil, err
					}
				}
				j.ops = append(j.ops, op)
			}
			jobs = append(jobs, j)
		}
	}

	s := &state{cfg: &cfg, detected: map[int]string{}, pairs: pairs, total: len(jobs) * games,
		res: &Result{Terminations: map[string]int{}, Clocks: make([]ClockUse, len(cfg.Engines))}, clockSums: make([]float64, len(cfg.Engines)),
		own: make([]string, len(cfg.Engines))}
	s.named(nil)
	for i := range s.pairs {
		s.pairs[i].pairsOn = games == 2 && cfg.Repeat
	}
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	s.stop = stop
	ch := make(chan job)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.worker(rctx, ch, settings)
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case ch <- j:
		case <-rctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()
	s.finish()
	s.res.Interrupted = ctx.Err() != nil
	s.res.Duration = time.Since(began)
	return s.res, s.err
}

// pairings lists the pairings of the tournament.
func (cfg *Config) pairings() ([]Pairing, error) {
	n := len(cfg.Engines)
	if n < 2 {
		return nil, fmt.Errorf("%w: %d engines: want at least two", ErrConfig, n)
	}
	kind := cfg.Tournament
	if kind == "" {
		kind = RoundRobin
		if n == 2 {
			kind = Match
		}
	}
	var ps []Pairing
	switch kind {
	case Match:
		if n != 2 {
			return nil, fmt.Errorf("%w: a match is between two engines, not %d", ErrConfig, n)
		}
		ps = append(ps, Pairing{First: 0, Second: 1})
	case RoundRobin:
		for i := range n {
			for j := i + 1; j < n; j++ {
				ps = append(ps, Pairing{First: i, Second: j})
			}
		}
	case Gauntlet:
		for j := 1; j < n; j++ {
			ps = append(ps, Pairing{First: 0, Second: j})
		}
	default:
		return nil, fmt.Errorf("%w: tournament %q: want match, roundrobin or gauntlet", ErrConfig, kind)
	}
	for i := range ps {
		ps[i].Name1, ps[i].Name2 = cfg.Engines[ps[i].First].label(), cfg.Engines[ps[i].Second].label()
	}
	return ps, nil
}

// state is a run's shared state.
type state struct {
	cfg      *Config
	mu       sync.Mutex
	detected map[int]string // engine index: the protocol detection found
	pairs    []Pairing
	total    int
	res      *Result
	err      error
	stop     func()
	decided  bool
	overhead []time.Duration
	// clockSums adds up, per engine, the shares of its base time left
	// that res.Clocks counts.
	clockSums []float64
	// own holds, per engine, the name it gave itself when it first
	// started ("" before that, or for none): see name.
	own []string
}

// name is engine i's name in the game lines, the PGN, the pairings and
// the clocks alike: its name= when given, else the name it gives itself,
// else its command; where two engines' names are the same, each has its
// command after it, "Stockfish 17 (./sf-head)", and where the commands
// are the same too, its number, "Stockfish 17 (stockfish, engine 2)". An
// engine's own name is known from its first start, so an engine that
// starts later (in a round robin) and takes the name of one already
// named leaves the lines printed before it as they were. The caller holds
// s.mu.
func (s *state) name(i int) string {
	base := func(j int) string {
		e := s.cfg.Engines[j]
		switch {
		case e.Name != "":
			return e.Name
		case s.own[j] != "":
			return s.own[j]
		}
		return e.Cmd
	}
	n := base(i)
	cmd := s.cfg.Engines[i].Cmd
	same, sameCmd := false, false
	for j := range s.cfg.Engines {
		if j != i && base(j) == n {
			same = true
			sameCmd = sameCmd || s.cfg.Engines[j].Cmd == cmd
		}
	}
	switch {
	case !same:
		return n
	case n == cmd || sameCmd:
		return fmt.Sprintf("%s (engine %d)", n, i+1)
	}
	return n + " (" + cmd + ")"
}

// named sets the names of a game's engines and of every pairing and
// clock after a start may have made an engine's own name known; the
// caller holds s.mu.
func (s *state) named(rec *GameRecord) {
	if rec != nil {
		rec.White, rec.Black = s.name(rec.WhiteEngine), s.name(rec.BlackEngine)
	}
	for i := range s.pairs {
		s.pairs[i].Name1, s.pairs[i].Name2 = s.name(s.pairs[i].First), s.name(s.pairs[i].Second)
	}
	for i := range s.res.Clocks {
		s.res.Clocks[i].Name = s.name(i)
	}
}

// worker plays rounds with engines of its own, restarting them as needed,
// and closes them when there is no more work.
func (s *state) worker(ctx context.Context, jobs <-chan job, settings gameSettings) {
	players := map[int]*player{}
	defer func() {
		for _, p := range players {
			p.close()
		}
	}()
	get := func(i int) (*player, error) {
		if p := players[i]; p != nil {
			return p, nil
		}
		// With Recover an engine that fails to start (a handshake lost on
		// a loaded machine) is tried twice more.
		tries := 1
		if s.cfg.Recover {
			tries = 3
		}
		var p *player
		var err error
		cfg := s.cfg.Engines[i]
		s.mu.Lock()
		if d := s.detected[i]; d != "" {
			cfg.Proto = d // detected once, by another worker or an earlier start
		}
		s.mu.Unlock()
		for range tries {
			if p, err = startPlayer(ctx, cfg, s.cfg.Variant); err == nil || ctx.Err() != nil || errors.Is(err, engine.ErrUnsupported) {
				break
			}
		}
		if err == nil {
			s.mu.Lock()
			if cfg.Proto != p.proto {
				s.detected[i] = p.proto
			}
			if s.own[i] == "" {
				s.own[i] = p.own
			}
			s.mu.Unlock()
		}
		if err != nil {
			return nil, fmt.Errorf("match: engine %s: %w", s.cfg.Engines[i].label(), err)
		}
		players[i] = p
		return p, nil
	}
	for j := range jobs {
		if ctx.Err() != nil {
			continue
		}
		pr := s.pairs[j.pairing]
		var round []*GameRecord
		for g, op := range j.ops {
			w, b := pr.First, pr.Second
			if g%2 == 1 {
				w, b = b, w
			}
			pw, err := get(w)
			if err == nil {
				var pb *player
				pb, err = get(b)
				if err == nil {
					rec, failed := playGame(ctx, [2]*player{pw, pb}, [2]int{w, b}, op, settings)
					rec.Round, rec.Game = j.round, g+1
					s.mu.Lock()
					s.named(rec)
					s.mu.Unlock()
					if rec.Result == "*" {
						break
					}
					for c, e := range failed {
						i := []int{w, b}[c]
						lostOnTime := rec.Termination == TermTimeForfeit && rec.Loser == i
						if e != nil || lostOnTime {
							players[i].close()
							delete(players, i)
						}
						if e != nil && !s.cfg.Recover {
							s.fail(fmt.Errorf("match: engine %s: %s (use Recover to restart it): %w", players2name(rec, c), rec.Reason, e))
						}
					}
					round = append(round, rec)
					var pair []*GameRecord
					if len(round) == 2 && s.cfg.Repeat {
						pair = round
					}
					s.record(j, rec, pair)
					continue
				}
			}
			if ctx.Err() == nil {
				s.fail(err)
			}
			break
		}
	}
}

func players2name(rec *GameRecord, c int) string {
	if c == 0 {
		return rec.White
	}
	return rec.Black
}

// fail ends the run with err.
func (s *state) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
	s.stop()
}

// record counts a finished game and, when it ends a game pair, the pair;
// runs the SPRT, writes the game out and reports progress.
func (s *state) record(j job, rec *GameRecord, pair []*GameRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.decided {
		return
	}
	pr := &s.pairs[j.pairing]
	switch rec.points(pr.First) {
	case 1:
		pr.WDL.Wins++
	case 0.5:
		pr.WDL.Draws++
	default:
		pr.WDL.Losses++
	}
	if rec.Termination == TermTimeForfeit {
		s.res.TimeLosses++
		if rec.Loser == pr.First {
			pr.TimeLosses[0]++
		} else {
			pr.TimeLosses[1]++
		}
	}
	s.res.Terminations[rec.Termination]++
	s.countClocks(rec)
	s.res.Games = append(s.res.Games, rec)
	s.overhead = append(s.overhead, rec.Overheads...)
	if pair != nil {
		pr.Pentanomial.Add(pair[0].points(pr.First), pair[1].points(pr.First))
	}
	s.update(pr)
	if t := s.cfg.SPRT; t != nil && (pair != nil || !pr.pairsOn) && t.Decide(s.llr(pr)) != Continue {
		s.decided = true
		s.stop()
	}
	if err := s.write(rec); err != nil && s.err == nil {
		s.err = err
		s.stop()
	}
	s.progress(pr, rec)
}

// countClocks adds a game's clocks and time loss to its engines' ClockUse;
// the caller holds s.mu.
func (s *state) countClocks(rec *GameRecord) {
	for c, idx := range [2]int{rec.WhiteEngine, rec.BlackEngine} {
		u := &s.res.Clocks[idx]
		if rec.Termination == TermTimeForfeit && rec.Loser == idx {
			u.TimeLosses++
		}
		tc := s.cfg.Engines[idx].TC
		if rec.ClockLeft == nil || !tc.HasClock() || tc.Base <= 0 {
			continue
		}
		share := float64(rec.ClockLeft[c]) / float64(tc.Base)
		if u.Games == 0 || share < u.MinLeft {
			u.MinLeft = share
		}
		if u.Games == 0 || share > u.MaxLeft {
			u.MaxLeft = share
		}
		u.Games++
		s.clockSums[idx] += share
		u.MeanLeft = s.clockSums[idx] / float64(u.Games)
	}
}

// update refreshes a pairing's estimate.
func (s *state) update(pr *Pairing) {
	pr.DrawRatio = pr.WDL.DrawRatio()
	if pr.pairsOn && pr.Pentanomial.Pairs() > 0 {
		pr.Estimate = pr.Pentanomial.Estimate()
	} else {
		pr.Estimate = pr.WDL.Estimate()
	}
}

// llr returns the LLR of a pairing under the configured SPRT.
func (s *state) llr(pr *Pairing) float64 {
	if pr.pairsOn {
		return s.cfg.SPRT.LLR(pr.Pentanomial)
	}
	return s.cfg.SPRT.LLRWDL(pr.WDL)
}

func (s *state) progress(pr *Pairing, rec *GameRecord) {
	if s.cfg.Progress == nil {
		return
	}
	p := Progress{Games: len(s.res.Games), Total: s.total, Pairing: *pr, Last: rec}
	if s.cfg.SPRT != nil {
		p.SPRT = true
		p.LLR = s.llr(pr)
		p.Lower, p.Upper = s.cfg.SPRT.Bounds()
	}
	s.cfg.Progress(p)
}

// finish fills in the summary.
func (s *state) finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.named(nil)
	s.res.Pairings = s.pairs
	if t := s.cfg.SPRT; t != nil {
		pr := &s.pairs[0]
		r := &SPRTResult{SPRT: *t, LLR: s.llr(pr)}
		if r.LLR == 0 {
			r.LLR = 0 // not the negative zero of an even match, in the JSON
		}
		r.Lower, r.Upper = t.Bounds()
		r.Decision = t.Decide(r.LLR)
		r.DecisionText = r.Decision.String()
		s.res.SPRT = r
	}
	o := &s.res.Overhead
	o.Moves = len(s.overhead)
	if o.Moves > 0 {
		slices.Sort(s.overhead)
		var sum time.Duration
		for _, d := range s.overhead {
			sum += d
		}
		o.Mean = sum / time.Duration(o.Moves)
		o.Median = s.overhead[o.Moves/2]
		o.P99 = s.overhead[min(o.Moves-1, o.Moves*99/100)]
		o.Max = s.overhead[o.Moves-1]
	}
}
