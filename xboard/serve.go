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

// searchKind says what a running search is for.
type searchKind uint8

const (
	thinking  searchKind = iota + 1 // the engine's own move
	pondering                       // the opponent's time, on the expected move
	analyzing                       // analyze mode
)

// serveSearch is a search running for Serve.
type serveSearch struct {
	kind      searchKind
	pos       core.Position
	ponderOn  core.Move // the move pondered on
	cancel    context.CancelFunc
	ponderHit chan struct{}
	hitOnce   sync.Once
	result    chan [2]core.Move // best and ponder, once the Searcher returned
	discard   bool              // the result is not to be played
}

// server is the state of one Serve loop.
type server struct {
	eng          engine.Searcher
	name, author string
	options      []engine.Option

	out *guiconn.Writer // to the GUI

	chess960 bool
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
	ownTime       time.Duration // time, -1 when not given since the last move
	oppTime       time.Duration // otim
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
// at once on "?", and ends the game with a claim after a mate or
// stalemate it gives. Draw offers are declined by silence. An engine
// that declares a string option SyzygyPath gets the feature egt="syzygy",
// and "egtpath syzygy DIR" sets that option to DIR. Moves the GUI
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
		ownTime: -1, oppTime: -1, base: 5 * time.Minute, mps: 40,
		searchResults: make(chan *serveSearch, 1), done: make(chan struct{})}
	s.ctx = ctx
	s.name, s.author = eng.ID()
	s.options = slices.Clone(eng.Options())
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
		"hint", "bk", "nps", "memory", "cores", "draw", ".", "otherboard", "pause", "resume":
		// Nothing to do: draw offers are declined by silence.
	case "protover":
		s.features()
	case "quit":
		return true
	case "new":
		s.stopSearch(true)
		s.chess960, s.force, s.side, s.analyze = false, false, core.Black, false
		s.depth, s.ownTime, s.oppTime = 0, -1, -1
		s.eng.NewGame()
		s.resetGame(core.StartPosition())
	case "variant":
		switch arg {
		case "normal":
			s.chess960 = false
		case "fischerandom":
			s.chess960 = true
		default:
			s.fail("unsupported variant", line)
			return false
		}
		s.stopSearch(true)
		st := s.start
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
		s.depth = n
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
			s.write("pong " + arg)
		}
	case "result":
		s.stopSearch(true)
		s.gameOver = true
	case "setboard":
		p, err := core.ParseFEN(arg)
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

// features answers protover.
func (s *server) features() {
	name := strings.ReplaceAll(s.name, `"`, "'")
	lines := []string{
		"feature done=0",
		`feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 nps=0 memory=0 smp=0 debug=0`,
		`feature myname="` + name + `" variants="normal,fischerandom"`,
	}
	if _, ok := s.syzygyOption(); ok {
		lines = append(lines, `feature egt="syzygy"`)
	}
	for _, o := range s.options {
		lines = append(lines, `feature option="`+strings.ReplaceAll(FormatOptionFeature(o), `"`, "'")+`"`)
	}
	s.write(append(lines, "feature done=1")...)
}

// cmdLevel reads "level MPS BASE INC"; BASE is minutes or minutes:seconds,
// INC seconds.
func (s *server) cmdLevel(line, arg string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		s.fail("bad argument", line)
		return
	}
	mps, err := strconv.Atoi(f[0])
	if err != nil || mps < 0 || mps > 10000 {
		s.fail("bad argument", line)
		return
	}
	base, ok := parseBase(f[1])
	inc, err2 := strconv.ParseFloat(f[2], 64)
	if !ok || err2 != nil || inc < 0 || inc > 1e6 {
		s.fail("bad argument", line)
		return
	}
	s.mps, s.base, s.inc, s.moveTime = mps, base, time.Duration(inc*float64(time.Second)), 0
}

// parseBase reads a level's base time: "5", "0:30", "2:05", "0.5".
func parseBase(t string) (time.Duration, bool) {
	min, sec, colon := strings.Cut(t, ":")
	m, err := strconv.ParseFloat(min, 64)
	if err != nil || m < 0 || m > 1e5 {
		return 0, false
	}
	d := time.Duration(m * float64(time.Minute))
	if colon {
		s, err := strconv.Atoi(sec)
		if err != nil || s < 0 || s > 59 {
			return 0, false
		}
		d += time.Duration(s) * time.Second
	}
	return d, true
}

// syzygyOption returns the engine's SyzygyPath option, the one
// "egtpath syzygy DIR" sets, when it declares one (a string option, as
// Stockfish names it).
func (s *server) syzygyOption() (engine.Option, bool) {
	o, ok := engine.FindOption(s.options, "SyzygyPath")
	return o, ok && o.Type == engine.TypeString
}

// cmdEGTPath handles "egtpath TYPE PATH": for syzygy, PATH goes to the
// engine's SyzygyPath option; other types, and syzygy for an engine
// without that option, are ignored, as the protocol allows.
func (s *server) cmdEGTPath(line, arg string) {
	kind, path, _ := strings.Cut(arg, " ")
	o, ok := s.syzygyOption()
	if kind != "syzygy" || !ok {
		return
	}
	v, err := o.Check(strings.TrimSpace(path))
	if err != nil {
		s.fail("bad path", line)
		return
	}
	if s.run != nil {
		s.stopSearch(true)
	}
	if err := s.eng.SetOption(o.Name, v); err != nil {
		s.write("# egtpath syzygy: " + strings.ReplaceAll(err.Error(), "\n", " "))
	}
}

// cmdOption handles "option NAME=VALUE" and "option NAME" (a button).
func (s *server) cmdOption(line, arg string) {
	name, value, hasValue := strings.Cut(arg, "=")
	o, ok := engine.FindOption(s.options, strings.TrimSpace(name))
	if !ok {
		s.fail("unknown option", line)
		return
	}
	if o.Type == engine.TypeCheck && hasValue {
		switch strings.TrimSpace(value) {
		case "1":
			value = "true"
		case "0":
			value = "false"
		}
	}
	v, err := o.Check(value)
	if err != nil {
		s.fail("bad option value", line)
		return
	}
	if s.run != nil {
		s.stopSearch(true)
	}
	if err := s.eng.SetOption(o.Name, v); err != nil {
		s.write("# option " + o.Name + ": " + strings.ReplaceAll(err.Error(), "\n", " "))
	}
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

// limits turns the time control into engine.Limits for a search of the
// engine's side: time is its clock, otim the opponent's.
func (s *server) limits() engine.Limits {
	var l engine.Limits
	switch {
	case s.moveTime > 0:
		l.MoveTime = s.moveTime
	default:
		own, opp := s.ownTime, s.oppTime
		if own < 0 {
			own = s.base
		}
		if opp < 0 {
			opp = s.base
		}
		if s.side == core.White {
			l.WTime, l.BTime = own, opp
		} else {
			l.WTime, l.BTime = opp, own
		}
		l.WInc, l.BInc = s.inc, s.inc
		if s.mps > 0 {
			done := (s.cur.FullmoveNumber() - 1) % s.mps
			l.MovesToGo = s.mps - done
		}
	}
	l.Depth = s.depth
	return l
}

// think starts a search for the engine's move.
func (s *server) think(ctx context.Context) {
	if s.gameOver || !s.cur.HasLegalMoves() {
		return
	}
	s.startSearch(ctx, thinking, s.cur, core.NoMove, s.limits())
}

// maybePonder starts pondering on the expected reply, after "hard".
func (s *server) maybePonder(ctx context.Context, expected core.Move) {
	if !s.ponder || s.force || s.analyze || s.gameOver || expected == core.NoMove || !s.cur.IsLegal(expected) {
		return
	}
	pos := s.cur
	pos.MakeMove(expected)
	if !pos.HasLegalMoves() {
		return
	}
	l := s.limits()
	l.Ponder = true
	s.startSearch(ctx, pondering, pos, expected, l)
}

// restartAnalysis starts the analysis of the current position in analyze
// mode.
func (s *server) restartAnalysis(ctx context.Context) {
	if !s.analyze || !s.cur.HasLegalMoves() {
		return
	}
	s.startSearch(ctx, analyzing, s.cur, core.NoMove, engine.Limits{Infinite: true})
}

// startSearch runs the Searcher in its own goroutine.
func (s *server) startSearch(ctx context.Context, kind searchKind, pos core.Position, ponderOn core.Move, l engine.Limits) {
	sctx, cancel := context.WithCancel(ctx)
	run := &serveSearch{kind: kind, pos: pos, ponderOn: ponderOn, cancel: cancel,
		ponderHit: make(chan struct{}), result: make(chan [2]core.Move, 1)}
	moves := slices.Clone(s.moves)
	hist := s.history()
	if ponderOn != core.NoMove {
		hist.Push(&s.cur)
		moves = append(moves, ponderOn)
	}
	req := engine.Request{Position: pos, Start: s.start, Moves: moves, History: hist, Limits: l, PonderHit: run.ponderHit}
	s.run = run
	var infoMu sync.Mutex
	over := false
	info := func(i engine.Info) {
		infoMu.Lock()
		defer infoMu.Unlock()
		if over || !s.post {
			return
		}
		if i.Text != "" && len(i.PV) == 0 && i.Depth == 0 {
			s.write("# " + strings.ReplaceAll(i.Text, "\n", " "))
			return
		}
		s.write(FormatThinking(i, pos, pos.Chess960()))
	}
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		best, ponder := s.eng.Search(sctx, req, info)
		infoMu.Lock()
		over = true
		infoMu.Unlock()
		cancel()
		run.result <- [2]core.Move{best, ponder}
		select {
		case s.searchResults <- run:
		case <-s.done:
		}
	}()
}

// stopSearch stops the running search and waits for it; with discard its
// move is not played.
func (s *server) stopSearch(discard bool) {
	run := s.run
	if run == nil {
		return
	}
	run.discard = discard
	run.cancel()
	<-run.result // its notice, if it comes, is stale and ignored
	s.run = nil
	s.flushPongs()
}

// finished handles the end of a search: the engine's move when it was
// thinking.
func (s *server) finished(run *serveSearch) {
	if run != s.run {
		return
	}
	s.run = nil
	res := <-run.result
	if run.kind != thinking || run.discard {
		s.flushPongs()
		return
	}
	best, ponder := res[0], res[1]
	var ml core.MoveList
	s.cur.LegalMoves(&ml)
	if ml.Len() == 0 {
		s.flushPongs()
		return
	}
	if !ml.Contains(best) {
		s.write("# engine returned " + moveText(best, s.cur.Chess960()) + ", not a legal move; playing " + moveText(ml.At(0), s.cur.Chess960()))
		best, ponder = ml.At(0), core.NoMove
	}
	text := moveText(best, s.cur.Chess960())
	s.play(best)
	s.write("move " + text)
	s.claim()
	s.flushPongs()
	if !s.gameOver {
		s.maybePonder(s.ctx, ponder)
	}
}

// claim ends the game after the engine's move mates or stalemates.
func (s *server) claim() {
	if s.cur.HasLegalMoves() {
		return
	}
	s.gameOver = true
	switch {
	case !s.cur.InCheck():
		s.write("1/2-1/2 {Stalemate}")
	case s.cur.SideToMove() == core.White:
		s.write("0-1 {Black mates}")
	default:
		s.write("1-0 {White mates}")
	}
}

func (s *server) flushPongs() {
	if len(s.pendingPongs) > 0 {
		s.write(s.pendingPongs...)
		s.pendingPongs = nil
	}
}

// stopAll stops the search and waits for every search goroutine.
func (s *server) stopAll() {
	if s.run != nil {
		s.run.cancel()
		s.run = nil
	}
	close(s.done)
	s.searches.Wait()
}

// editBoard is the board of edit mode.
type editBoard struct {
	board [64]core.Piece
	black bool // pieces placed are black ("c" toggles)
	side  core.Color
}

func newEditBoard(p core.Position) *editBoard {
	b := &editBoard{side: p.SideToMove()}
	for sq := core.Square(0); sq < 64; sq++ {
		b.board[sq] = p.PieceAt(sq)
	}
	return b
}

// editCommand handles one command of edit mode.
func (s *server) editCommand(line string) {
	b := s.edit
	switch {
	case line == "#":
		b.board = [64]core.Piece{}
	case line == "c":
		b.black = !b.black
	case line == ".":
		s.edit = nil
		p, err := core.ParseFEN(b.fen())
		if err != nil {
			s.fail("illegal position", "edit")
			return
		}
		s.resetGame(p)
	case len(line) == 3 && strings.ContainsRune("PNBRQKXpnbrqkx", rune(line[0])):
		sq, err := core.ParseSquare(line[1:])
		if err != nil {
			s.fail("bad square", line)
			return
		}
		c := line[0] | 0x20 // lower case
		if c == 'x' {
			b.board[sq] = core.NoPiece
			return
		}
		color := core.White
		if b.black {
			color = core.Black
		}
		b.board[sq] = core.NewPiece(color, core.PieceType(strings.IndexByte("pnbrqk", c)+1))
	default:
		s.fail("bad edit command", line)
	}
}

// fen writes the edited board as a FEN, castling rights for kings and
// rooks on their squares.
func (b *editBoard) fen() string {
	var sb strings.Builder
	sb.WriteString(core.PlacementFEN(&b.board))
	if b.side == core.White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	wk, wr := core.NewPiece(core.White, core.King), core.NewPiece(core.White, core.Rook)
	bk, br := core.NewPiece(core.Black, core.King), core.NewPiece(core.Black, core.Rook)
	castle := ""
	if b.board[core.E1] == wk {
		if b.board[core.H1] == wr {
			castle += "K"
		}
		if b.board[core.A1] == wr {
			castle += "Q"
		}
	}
	if b.board[core.E8] == bk {
		if b.board[core.H8] == br {
			castle += "k"
		}
		if b.board[core.A8] == br {
			castle += "q"
		}
	}
	if castle == "" {
		castle = "-"
	}
	sb.WriteString(castle + " - 0 1")
	return sb.String()
}
