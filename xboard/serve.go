package xboard

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/guiconn"
	"github.com/gambit-chess/gambit/san"
)

// server is the state of one Serve loop.
type server struct {
	eng          engine.Searcher
	name, author string
	options      []engine.Option

	out *guiconn.Writer // to the GUI

	chess960 bool
	variant  core.Variant   // the variant the GUI chose
	variants []core.Variant // the variants served, standard chess aside
	start    core.Position
	moves    []core.Move
	cur      core.Position

	force    bool       // force mode: the engine plays neither side
	side     core.Color // the side the engine plays when not in force mode
	post     bool
	ponder   bool // hard
	analyze  bool
	gameOver bool
	edit     *editBoard

	// Time control.
	mps           int           // moves per period; 0 for a whole game
	base          time.Duration // the period's time
	inc           time.Duration
	moveTime      time.Duration // st
	depth         int           // sd
	depthSet      bool          // sd was given, maybe as 0 (move now)
	ownTime       time.Duration // time, noTime when not given
	oppTime       time.Duration // otim, noTime when not given
	run           *serveSearch
	pendingPongs  []string
	searches      sync.WaitGroup
	searchResults chan *serveSearch
	done          chan struct{} // closed when Serve returns
	ctx           context.Context
}

// Serve runs the XBoard protocol for eng: it reads the GUI's commands from
// r and writes the answers to w until "quit", the end of r, or ctx's end.
//
// It answers "protover 2" with its features (ping, setboard, usermove,
// analyze, the variants normal and fischerandom, myname from eng.ID, and
// eng's options as option features), keeps the game (new, setboard, edit
// mode, moves as "usermove" or bare, in coordinates or SAN, undo and
// remove, variant fischerandom), plays the side it is given (go,
// playother, force, white and black), translates the time control into
// engine.Limits for each search (level MPS BASE INC with time and otim
// into clocks, moves to go and increments; st into MoveTime; sd into
// Depth), ponders on the expected reply after "hard", runs analyze mode
// until "exit", answers ping (after the move when it is thinking), moves
// at once on "?", and ends the game with a result claim after a mate or
// stalemate it gives, or when it is to move in a position without a legal
// move (after "go" or the GUI's move). Draw offers are declined by silence. An engine
// that declares a string option SyzygyPath gets the feature egt="syzygy",
// and "egtpath syzygy DIR" sets that option to DIR; one that declares a
// spin option Threads taking more than one thread gets smp=1, and "cores
// N" sets Threads to N (within its bounds). Moves the GUI
// sends are checked with core ("Illegal move: ..."); malformed commands
// get "Error (...): ..." and are otherwise ignored. The Searcher's best
// move is checked too and replaced by a legal one when it is not.
//
// At the end of r, a search for the engine's move is let finish and its
// move written; "quit" ends at once. Serve returns nil after quit or the
// end of r, ctx's error when ctx ends,
// and the error of a failed read or write; every search it started has
// ended by then. When ctx ends, a goroutine blocked reading r stays until
// r returns.
func Serve(ctx context.Context, eng engine.Searcher, r io.Reader, w io.Writer) error {
	s := &server{eng: eng, out: guiconn.NewWriter(w), post: true, side: core.Black,
		ownTime: noTime, oppTime: noTime, base: 5 * time.Minute, mps: 40,
		searchResults: make(chan *serveSearch, 1), done: make(chan struct{})}
	s.ctx = ctx
	s.name, s.author = eng.ID()
	s.options = slices.Clone(eng.Options())
	s.variants = engine.SearcherVariants(eng)
	s.resetGame(core.StartPosition())
	defer s.stopAll()

	loop := guiconn.Loop[*serveSearch]{Protocol: "xboard", MaxLine: maxLine, Out: s.out,
		Line: func(line string) bool { return s.handle(ctx, line) },
		TooLong: func() {
			s.write(fmt.Sprintf("Error (line too long): longer than %d bytes", maxLine))
		},
		Events: s.searchResults,
		Event:  s.finished,
	}
	loop.AtEnd = func() error {
		// The GUI said all it will: a move being thought of is still
		// played.
		if s.run != nil && s.run.kind == thinking {
			select {
			case run := <-s.searchResults:
				s.finished(run)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return loop.WriteErr()
	}
	return loop.Run(ctx, r)
}

// write sends lines to the GUI; after a failed write it drops them.
func (s *server) write(lines ...string) { s.out.Write(lines...) }

// fail answers a command that could not be used.
func (s *server) fail(kind, cmd string) {
	s.write("Error (" + kind + "): " + strings.ReplaceAll(cmd, "\n", " "))
}

// resetGame starts the game from p, in force mode or not as it was.
func (s *server) resetGame(p core.Position) {
	p.SetChess960(s.chess960 || p.Chess960())
	s.start, s.cur, s.moves, s.gameOver = p, p, nil, false
}

// servedVariant reads the name of a "variant" command: "normal",
// "fischerandom" (Chess960), or one of the served variants by core's name
// ("3check", ...); ok is false for any other.
func (s *server) servedVariant(name string) (v core.Variant, chess960, ok bool) {
	switch name {
	case "normal":
		return core.Standard, false, true
	case "fischerandom":
		return core.Standard, true, true
	}
	for _, v := range s.variants {
		if v.String() == name {
			return v, false, true
		}
	}
	return core.Standard, false, false
}

// history returns the repetition keys of the positions before cur.
func (s *server) history() core.History {
	var h core.History
	h.Grow(len(s.moves) + 64)
	p := s.start
	for _, m := range s.moves {
		h.Push(&p)
		p.MakeMove(m)
	}
	return h
}

// handle runs one command and reports whether it was quit.
func (s *server) handle(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	if s.edit != nil {
		s.editCommand(line)
		return false
	}
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "xboard", "accepted", "rejected", "random", "computer", "name", "rating", "ics",
		"hint", "bk", "nps", "memory", "draw", ".", "otherboard", "pause", "resume":
		// Nothing to do: draw offers are declined by silence.
	case "protover":
		s.features()
	case "quit":
		return true
	case "new":
		s.stopSearch(true)
		s.chess960, s.variant, s.force, s.side, s.analyze = false, core.Standard, false, core.Black, false
		s.depth, s.depthSet, s.ownTime, s.oppTime = 0, false, noTime, noTime
		s.eng.NewGame()
		s.resetGame(core.StartPosition())
	case "variant":
		v, chess960, ok := s.servedVariant(arg)
		if !ok {
			s.fail("unsupported variant", line)
			return false
		}
		s.stopSearch(true)
		st := s.start
		if v != s.variant || v != core.Standard {
			st = engine.VariantStart(v)
		}
		s.variant, s.chess960 = v, chess960
		st.SetChess960(s.chess960)
		s.resetGame(st)
	case "force":
		s.stopSearch(true)
		s.force = true
	case "go":
		s.stopSearch(true)
		s.force, s.side = false, s.cur.SideToMove()
		s.think(ctx)
	case "playother":
		s.stopSearch(true)
		s.force, s.side = false, s.cur.SideToMove().Other()
		s.maybePonder(ctx, core.NoMove)
	case "white", "black":
		s.stopSearch(true)
		// Protocol 1: the named side is on move, the engine plays the other.
		s.force = false
		if cmd == "white" {
			s.side = core.Black
		} else {
			s.side = core.White
		}
	case "level":
		s.cmdLevel(line, arg)
	case "st":
		v, err := strconv.ParseFloat(arg, 64)
		if err != nil || v <= 0 || v > 1e6 {
			s.fail("bad argument", line)
			return false
		}
		s.moveTime = time.Duration(v * float64(time.Second))
	case "sd":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > 1000 {
			s.fail("bad argument", line)
			return false
		}
		s.depth, s.depthSet = n, true
	case "time", "otim":
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || n > math.MaxInt64/int64(10*time.Millisecond) || n < -math.MaxInt64/int64(10*time.Millisecond) {
			s.fail("bad argument", line)
			return false
		}
		d := time.Duration(n) * 10 * time.Millisecond
		if cmd == "time" {
			s.ownTime = d
		} else {
			s.oppTime = d
		}
	case "usermove":
		s.userMove(ctx, arg, line)
	case "?":
		if s.run != nil && s.run.kind == thinking {
			s.run.cancel()
		}
	case "ping":
		if s.run != nil && s.run.kind == thinking {
			s.pendingPongs = append(s.pendingPongs, "pong "+arg)
		} else {
			s.notes(true)
			s.write("pong " + arg)
		}
	case "result":
		s.stopSearch(true)
		s.gameOver = true
	case "setboard":
		p, err := core.ParseVariantFEN(s.variant, arg)
		if err != nil {
			s.fail("illegal position", line)
			return false
		}
		s.stopSearch(true)
		s.resetGame(p)
		s.restartAnalysis(ctx)
	case "edit":
		s.stopSearch(true)
		s.edit = newEditBoard(s.cur)
	case "undo", "remove":
		n := 1
		if cmd == "remove" {
			n = 2
		}
		if len(s.moves) < n {
			s.fail("no move to undo", line)
			return false
		}
		s.stopSearch(true)
		s.moves = s.moves[:len(s.moves)-n]
		s.cur = s.start
		for _, m := range s.moves {
			s.cur.MakeMove(m)
		}
		s.gameOver = false
		s.restartAnalysis(ctx)
	case "hard":
		s.ponder = true
	case "easy":
		s.ponder = false
		if s.run != nil && s.run.kind == pondering {
			s.stopSearch(true)
		}
	case "post":
		s.post = true
	case "nopost":
		s.post = false
	case "analyze":
		s.stopSearch(true)
		s.analyze = true
		s.restartAnalysis(ctx)
	case "exit":
		if s.analyze {
			s.analyze = false
			s.stopSearch(true)
		}
	case "option":
		s.cmdOption(line, arg)
	case "egtpath":
		s.cmdEGTPath(line, arg)
	case "cores":
		s.cmdCores(line, arg)
	default:
		// A move without usermove, or an unknown command.
		if looksLikeMove(cmd) && arg == "" {
			s.userMove(ctx, cmd, line)
			return false
		}
		s.fail("unknown command", cmd)
	}
	return false
}

// looksLikeMove tells a move ("e2e4", "Nf3", "O-O", "e7e8q") from a word.
func looksLikeMove(w string) bool {
	if len(w) < 2 || len(w) > 8 {
		return false
	}
	if strings.HasPrefix(w, "O-O") || strings.HasPrefix(w, "0-0") {
		return true
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= '1' && w[i] <= '8' {
			return true
		}
	}
	return false
}

// userMove plays the GUI's move and answers it when the engine is on move.
func (s *server) userMove(ctx context.Context, text, line string) {
	var hit core.Move
	if s.run != nil && s.run.kind == pondering {
		hit = s.run.ponderOn
	}
	m, err := san.Parse(&s.cur, text)
	if err != nil || s.gameOver {
		s.write("Illegal move: " + text)
		return
	}
	if hit != core.NoMove && m == hit {
		// Ponder hit: the search goes on, now for our move.
		run := s.run
		s.play(m)
		run.kind = thinking
		run.hitOnce.Do(func() { close(run.ponderHit) })
		return
	}
	s.stopSearch(true)
	s.play(m)
	if s.analyze {
		s.restartAnalysis(ctx)
		return
	}
	if !s.force && s.cur.SideToMove() == s.side {
		s.think(ctx)
	}
}

// play adds a legal move to the game.
func (s *server) play(m core.Move) {
	s.cur.MakeMove(m)
	s.moves = append(s.moves, m)
}
