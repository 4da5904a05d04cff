package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/nnue"
	"github.com/gambit-chess/gambit/nnue/perspective"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/syzygy"
)

// Engine is gambit's search, an engine.Searcher: serve it with uci.Serve
// or xboard.Serve, or call Search directly. Its methods are not safe for
// concurrent use (the servers never overlap them).
type Engine struct {
	tt   *table
	w    *worker
	book *polyglot.Book
	rng  *rand.Rand

	helpers []*helper // Threads-1 helper threads (smp.go)
	group   group     // what the threads of a search share

	hashMB       int
	multiPV      int
	ownBook      bool
	bookFile     string
	moveOverhead time.Duration
	skill        int

	tb         *syzygy.Tablebase // nil without SyzygyPath
	syzygyPath string
	probeDepth int
	probeLimit int
	rule50     bool

	net      *nnue.Network        // the EvalFile network in Stockfish's format, or nil
	own      *perspective.Network // the EvalFile network in gambit's format, or nil
	evalFile string
	evalDef  string // EvalFile's default as Options declares it: "" but after SetDefaultEvalFile
	noNNUE   bool   // Use NNUE false: the hand-written evaluation, whatever EvalFile loaded
	note     string // Notes' line after SetOption, "" for none
}

// Defaults of the options.
const (
	// DefaultHash is the table size in megabytes.
	DefaultHash = 16
	// DefaultMoveOverhead is kept off the clock for the GUI's and the
	// machine's latency, per move (see engine.Limits.BudgetOverhead).
	DefaultMoveOverhead = 30 * time.Millisecond
	// MaxSkill is the Skill Level of full strength.
	MaxSkill = 20
	// emptyClockMove is the time taken after a ponderhit when the limits
	// carry no clock, no move time and no other limit.
	emptyClockMove = 50 * time.Millisecond
)

// New returns an engine with the default options (Hash 16 MB, full
// strength, no book, no tablebase).
func New() *Engine {
	e := &Engine{
		hashMB:       DefaultHash,
		multiPV:      1,
		moveOverhead: DefaultMoveOverhead,
		skill:        MaxSkill,
		rng:          rand.New(rand.NewPCG(1, 2)),
		probeDepth:   DefaultSyzygyProbeDepth,
		probeLimit:   DefaultSyzygyProbeLimit,
		rule50:       true,
	}
	e.tt = newTable(e.hashMB)
	e.w = &worker{tt: e.tt}
	return e
}

// ID returns the engine's name and author.
func (e *Engine) ID() (name, author string) {
	return "gambit-engine", "the gambit authors"
}

// Options returns the options gambit-engine declares.
func (e *Engine) Options() []engine.Option {
	return []engine.Option{
		{Name: "Hash", Type: engine.TypeSpin, Default: strconv.Itoa(DefaultHash), Min: 1, Max: 4096},
		{Name: "Clear Hash", Type: engine.TypeButton, Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "Threads", Type: engine.TypeSpin, Default: "1", Min: 1, Max: MaxThreads},
		{Name: "MultiPV", Type: engine.TypeSpin, Default: "1", Min: 1, Max: 64},
		{Name: "Ponder", Type: engine.TypeCheck, Default: "false", Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "OwnBook", Type: engine.TypeCheck, Default: "false", Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "BookFile", Type: engine.TypeString, Default: "", Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "Move Overhead", Type: engine.TypeSpin, Default: strconv.Itoa(int(DefaultMoveOverhead.Milliseconds())), Min: 0, Max: 5000},
		{Name: "Skill Level", Type: engine.TypeSpin, Default: strconv.Itoa(MaxSkill), Min: 0, Max: MaxSkill},
		{Name: "SyzygyPath", Type: engine.TypeString, Default: "", Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "SyzygyProbeDepth", Type: engine.TypeSpin, Default: strconv.Itoa(DefaultSyzygyProbeDepth), Min: 1, Max: 100},
		{Name: "Syzygy50MoveRule", Type: engine.TypeCheck, Default: "true", Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "SyzygyProbeLimit", Type: engine.TypeSpin, Default: strconv.Itoa(DefaultSyzygyProbeLimit), Min: 0, Max: 7},
		{Name: "EvalFile", Type: engine.TypeString, Default: e.evalDef, Min: math.MinInt64, Max: math.MaxInt64},
		{Name: "Use NNUE", Type: engine.TypeCheck, Default: "true", Min: math.MinInt64, Max: math.MaxInt64},
	}
}

// SetOption sets one of the declared options; the value has been checked
// by engine.Option.Check. A BookFile that cannot be opened is an error,
// and so is a SyzygyPath with a directory that cannot be read, a table
// file of a wrong size, or no table at all (the engine then has none).
// An EvalFile that cannot be loaded is an error too, and the evaluation
// stays the one the engine had.
func (e *Engine) SetOption(name, value string) error {
	num := func() (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return 0, fmt.Errorf("option %s: %w", name, err)
		}
		return n, nil
	}
	switch strings.ToLower(name) {
	case "hash":
		n, err := num()
		if err != nil {
			return err
		}
		e.SetHash(n)
	case "clear hash":
		e.tt.clear()
	case "threads":
		n, err := num()
		if err != nil {
			return err
		}
		e.SetThreads(n)
	case "ponder":
		// Pondering is the server's business.
	case "multipv":
		n, err := num()
		if err != nil {
			return err
		}
		e.multiPV = max(n, 1)
	case "ownbook":
		e.ownBook = strings.EqualFold(value, "true")
		return e.openBook()
	case "bookfile":
		e.bookFile = value
		return e.openBook()
	case "move overhead":
		n, err := num()
		if err != nil {
			return err
		}
		e.moveOverhead = time.Duration(max(n, 0)) * time.Millisecond
	case "skill level":
		n, err := num()
		if err != nil {
			return err
		}
		e.skill = min(max(n, 0), MaxSkill)
	case "syzygypath":
		return e.setSyzygyPath(value)
	case "syzygyprobedepth":
		n, err := num()
		if err != nil {
			return err
		}
		e.probeDepth = max(n, 1)
	case "syzygyprobelimit":
		n, err := num()
		if err != nil {
			return err
		}
		e.probeLimit = min(max(n, 0), 7)
	case "evalfile":
		return e.setEvalFile(value)
	case "syzygy50moverule":
		e.rule50 = !strings.EqualFold(strings.TrimSpace(value), "false")
	case "use nnue":
		e.setUseNNUE(!strings.EqualFold(strings.TrimSpace(value), "false"))
	default:
		return fmt.Errorf("search: %w: %q", engine.ErrUnknownOption, name)
	}
	return nil
}

// SetHash resizes the transposition table to mb megabytes, emptying it.
func (e *Engine) SetHash(mb int) {
	e.hashMB = max(mb, 1)
	e.tt = newTable(e.hashMB)
	e.w.tt = e.tt
	for _, h := range e.helpers {
		h.w.tt = e.tt
	}
}

// openBook opens BookFile when OwnBook is on, closing the book open before.
func (e *Engine) openBook() error {
	if e.book != nil {
		e.book.Close()
		e.book = nil
	}
	if !e.ownBook || e.bookFile == "" || e.bookFile == "<empty>" {
		return nil
	}
	b, err := polyglot.Open(e.bookFile)
	if err != nil {
		return fmt.Errorf("search: opening book: %w", err)
	}
	e.book = b
	return nil
}

// NewGame empties the transposition table and the move-ordering tables.
func (e *Engine) NewGame() {
	e.tt.clear()
	e.w.clearTables()
	for _, h := range e.helpers {
		h.w.clearTables()
	}
}

// Close releases the opening book and the tablebases, if open.
func (e *Engine) Close() error {
	var errs []error
	if e.book != nil {
		errs = append(errs, e.book.Close())
		e.book = nil
	}
	if e.tb != nil {
		errs = append(errs, e.tb.Close())
		e.tb, e.syzygyPath = nil, ""
	}
	return errors.Join(errs...)
}

// Search searches req.Position within req.Limits and returns the best move
// and the expected reply (NoMove when it has none). It reports every
// completed iteration (and each MultiPV line) through info, with depth,
// selective depth, score, nodes, nps, hashfull and the principal
// variation, and the tablebase hits when SyzygyPath is set. A book move,
// when OwnBook is on and the book has one, is played without a search
// (but for infinite and ponder searches). With tablebases, a root they
// hold is searched over the moves of the best rank only (see tb.go).
// With Threads above 1, helper threads search beside it (Lazy SMP, see
// SetThreads and the package documentation): the move is still the main
// thread's, the node counts and tbhits are those of all threads, and no
// helper is left running when Search returns.
func (e *Engine) Search(ctx context.Context, req engine.Request, info func(engine.Info)) (best, ponder core.Move) {
	if info == nil {
		info = func(engine.Info) {}
	}
	pos := req.Position
	rms := newRootMoves(&pos, req.SearchMoves)
	if len(rms) == 0 {
		return core.NoMove, core.NoMove
	}
	l := req.Limits
	if e.book != nil && !l.Infinite && !l.Ponder && len(req.SearchMoves) == 0 {
		if en, ok, err := e.book.Pick(&pos, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: e.rng}); err == nil && ok {
			info(engine.Info{Depth: 1, Text: "book move " + en.Move.UCI(pos.Chess960()), PV: []core.Move{en.Move}})
			return en.Move, core.NoMove
		}
	}
	e.tbSetup()
	rms, tbScore, rootInTB := e.rankRoot(&pos, &req.History, rms)
	if e.skill == 0 {
		return e.materialMove(&pos, rms), core.NoMove
	}

	start := time.Now()
	ctl := &control{done: ctx.Done(), ponderHit: req.PonderHit, pondering: l.Ponder, nodeLimit: l.Nodes, start: start}
	side := pos.SideToMove()
	budget := func() {
		tl := l
		tl.Ponder = false
		b := tl.BudgetOverhead(side, e.moveOverhead)
		if b.Hard > 0 {
			ctl.soft, ctl.hard = b.Soft, b.Hard
			if tl.Has(engine.GivenMoveTime) {
				// A fixed time: use all of it, iteration after iteration.
				ctl.soft = 0
			}
		}
	}
	ctl.onHit = func() {
		ctl.start = time.Now()
		budget()
		if ctl.hard == 0 && !l.Infinite && l.Depth == 0 && l.Nodes == 0 && l.Mate == 0 {
			// On move with an empty clock (a GUI sends wtime 0 once the
			// flag has fallen): answer at once.
			ctl.soft, ctl.hard = emptyClockMove, emptyClockMove
		}
	}
	if !l.Ponder {
		budget()
	}
	if l.Ponder && req.PonderHit == nil {
		ctl.pondering = false
	}

	w := e.w
	w.pos = pos
	w.startEval()
	w.hist = req.History.Clone(maxPly + 8)
	w.ctl = ctl
	w.nodes = 0
	w.stop = false
	e.tt.newSearch()

	maxDepth := maxPly - 8
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	if l.MoveNow(side) {
		maxDepth = 1 // a limit of zero or less: the best move of depth 1, at once
	}
	if e.skill < MaxSkill {
		maxDepth = min(maxDepth, skillDepth(e.skill))
	}
	if len(rms) == 1 && ctl.hard > 0 {
		maxDepth = 1 // the only move: play it at once
	}
	report := func(depth int, rms []rootMove, line int) {
		rm := rms[line-1]
		t := elapsed(ctl.start)
		score, bound := rm.prev, rm.bound
		if rootInTB && abs(score) <= mateBound {
			// The tables know better than the search, but for a mate.
			score, bound = tbScore, engine.Exact
		}
		nodes := ctl.total(w.nodes) // all threads'
		in := engine.Info{
			Depth: depth, SelDepth: max(w.seldepth, depth), Nodes: nodes,
			NPS: int64(float64(nodes) / t.Seconds()), Time: time.Since(start),
			HashFull: e.tt.hashfull(), Score: engineScore(score, bound), TBHits: ctl.totalTBHits(w.tbHits),
			PV: append([]core.Move(nil), rm.pv...),
		}
		if e.multiPV > 1 {
			in.MultiPV = line
		}
		info(in)
	}
	if maxDepth > 1 && e.skill == MaxSkill {
		e.startHelpers(w, &req.History, rms, maxDepth, l.Mate)
	}
	w.iterate(rms, maxDepth, e.multiPV, l.Mate, report)
	nodes, tbHits := e.stopHelpers(w)
	if w.stop {
		// Stopped inside an iteration (its time or nodes ran out, or
		// stop): a last line with the search's own totals, so that the
		// GUI sees when the search ended by the engine's clock, which a
		// loaded machine's delays in the pipe do not move.
		info(engine.Info{Nodes: nodes, NPS: int64(float64(nodes) / elapsed(ctl.start).Seconds()),
			Time: time.Since(start), HashFull: e.tt.hashfull(), TBHits: tbHits})
	}

	// A ponder or infinite search that ran out of depth waits for its end.
	if !ctl.stopped && (l.Infinite || ctl.pondering) {
		select {
		case <-ctx.Done():
		case <-req.PonderHit:
		}
	}
	best = rms[0].move
	if len(rms[0].pv) > 1 && rms[0].pv[0] == best {
		ponder = rms[0].pv[1]
	} else {
		ponder = e.ponderFromTT(&pos, best)
	}
	return best, ponder
}

// ponderFromTT finds the reply to best in the transposition table.
func (e *Engine) ponderFromTT(pos *core.Position, best core.Move) core.Move {
	p := *pos
	p.MakeMove(best)
	if hit, ok := e.tt.probe(p.Hash()); ok {
		return ttMove(&p, hit.move)
	}
	return core.NoMove
}

// skillDepth is the depth limit of a Skill Level below the maximum.
func skillDepth(level int) int {
	return 1 + (level+1)/2
}

// materialMove is Skill Level 0, BitChess's search: one ply, material
// only (a mate is taken, a stalemate avoided while ahead), the first of
// equal moves in a random order.
func (e *Engine) materialMove(pos *core.Position, rms []rootMove) core.Move {
	e.rng.Shuffle(len(rms), func(i, j int) { rms[i], rms[j] = rms[j], rms[i] })
	best, bestScore := rms[0].move, -infinity
	for _, rm := range rms {
		p := *pos
		p.MakeMove(rm.move)
		s := -material(&p)
		if !p.HasLegalMoves() {
			if p.InCheck() {
				s = mateScore
			} else {
				s = 0
			}
		}
		if s > bestScore {
			best, bestScore = rm.move, s
		}
	}
	return best
}
