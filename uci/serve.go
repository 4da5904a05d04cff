package uci

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/guiconn"
)

// server is the state of one Serve loop.
type server struct {
	eng          Searcher
	name, author string
	options      []Option // declared options, UCI_Chess960 included
	own960       bool     // the engine declared UCI_Chess960 itself
	ownVariant   bool     // the engine declared UCI_Variant itself
	variants     []core.Variant

	out *guiconn.Writer // to the GUI

	debug    bool
	chess960 bool         // UCI_Chess960
	variant  core.Variant // UCI_Variant
	start    core.Position
	moves    []core.Move
	cur      core.Position
	history  core.History // the positions before cur
	run      *serverSearch
	searches sync.WaitGroup // every search goroutine, waited for before Serve returns
}

// serverSearch is a search running on behalf of a "go".
type serverSearch struct {
	cancel    context.CancelFunc
	answered  chan struct{} // closed just before bestmove is written: the GUI may send go again
	ponderHit chan struct{}
	hitOnce   sync.Once
}

// Serve runs the UCI protocol for eng: it reads the GUI's commands from r
// and writes the answers to w until "quit", the end of r, or ctx's end. It
// keeps the position ("position startpos|fen ... moves ..." checked with
// core; an illegal move keeps the moves before it, as Stockfish does),
// answers isready at any time, also while searching, runs one search at a
// time in its own goroutine and stops it on "stop", "quit" or the end of
// ctx. Malformed input is reported as an "info string" and otherwise
// ignored. Every go is answered by a bestmove, also a go it rejects (after
// its "info string" error, with the best move of depth 1), and "bestmove
// 0000", UCI's null move, where the position has no legal move. Serve returns nil after quit or the end of r, ctx's error when
// ctx ends, and the error of a failed read or write. When ctx ends, a
// goroutine blocked reading r stays until r returns.
func Serve(ctx context.Context, eng Searcher, r io.Reader, w io.Writer) error {
	s := &server{eng: eng, out: guiconn.NewWriter(w)}
	s.name, s.author = eng.ID()
	s.options = slices.Clone(eng.Options())
	if _, ok := findOption(s.options, "UCI_Chess960"); ok {
		s.own960 = true
	} else {
		s.options = append(s.options, Option{Name: "UCI_Chess960", Type: TypeCheck, Default: "false"})
	}
	s.variants = engine.SearcherVariants(eng)
	if _, ok := findOption(s.options, "UCI_Variant"); ok {
		s.ownVariant = true
	} else if len(s.variants) > 0 {
		vars := []string{"chess"}
		for _, v := range s.variants {
			vars = append(vars, v.String())
		}
		s.options = append(s.options, Option{Name: "UCI_Variant", Type: TypeCombo, Default: "chess", Vars: vars})
	}
	s.resetPosition()
	defer s.stopSearch()

	loop := guiconn.Loop[struct{}]{Protocol: "uci", MaxLine: maxLine, Out: s.out,
		Line:    func(line string) bool { return s.handle(ctx, line) },
		TooLong: func() { s.report("line longer than %d bytes ignored", maxLine) },
	}
	return loop.Run(ctx, r)
}

// write sends lines to the GUI; after a failed write it drops them.
func (s *server) write(lines ...string) { s.out.Write(lines...) }

// report tells the GUI about input it sent that could not be used.
func (s *server) report(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.write("info string error: " + strings.ReplaceAll(msg, "\n", " "))
}

// handle runs one command and reports whether it was quit.
func (s *server) handle(ctx context.Context, line string) bool {
	t := tokens{line: line}
	skipped := ""
	for {
		cmd, ok := t.next()
		if !ok {
			if skipped != "" {
				s.report("unknown command %q", skipped)
			}
			return false
		}
		switch cmd {
		case "uci":
			s.cmdUCI()
		case "debug":
			switch arg, _ := t.next(); arg {
			case "on", "":
				s.debug = true
			case "off":
				s.debug = false
			default:
				s.report("debug wants on or off, not %q", arg)
			}
		case "isready":
			s.notes(true)
			s.write("readyok")
		case "setoption":
			s.cmdSetOption(line)
		case "register":
			s.write("registration ok")
		case "ucinewgame":
			if s.searching() {
				s.report("ucinewgame ignored during a search")
				break
			}
			s.eng.NewGame()
			s.resetPosition()
		case "position":
			s.cmdPosition(line)
		case "go":
			s.cmdGo(ctx, line)
		case "stop":
			// Wait for the bestmove: a GUI may send go right after stop
			// without reading it first (polyglot does, SyncStop off).
			s.stopSearch()
		case "ponderhit":
			if run := s.run; run != nil {
				run.hitOnce.Do(func() { close(run.ponderHit) })
			}
		case "quit":
			return true
		default:
			// UCI: skip an unknown token and try the rest of the line.
			if skipped == "" {
				skipped = cmd
			}
			continue
		}
		return false
	}
}

func (s *server) cmdUCI() {
	lines := []string{"id name " + s.name, "id author " + s.author}
	for _, o := range s.options {
		lines = append(lines, o.String())
	}
	s.write(append(lines, "uciok")...)
}

// cmdSetOption handles "setoption name <name> [value <value>]".
func (s *server) cmdSetOption(line string) {
	if s.searching() {
		s.report("setoption ignored during a search")
		return
	}
	name, value, err := parseSetOption(line)
	if err != nil {
		s.report("%v", err)
		return
	}
	o, ok := findOption(s.options, name)
	if !ok {
		s.report("uci: %v", &OptionError{Name: name, Value: value, Err: ErrUnknownOption})
		return
	}
	v, err := o.Check(value)
	if err != nil {
		s.report("uci: %v", err)
		return
	}
	switch {
	case strings.EqualFold(o.Name, "UCI_Chess960"):
		// Applies from the next position command, which GUIs send after
		// their options.
		s.chess960 = v == "true"
		if !s.own960 {
			return
		}
	case strings.EqualFold(o.Name, "UCI_Variant"):
		// Applies from the next position command too.
		s.variant = s.servedVariant(v)
		if !s.ownVariant {
			return
		}
	}
	if err := s.eng.SetOption(o.Name, v); err != nil {
		s.report("setoption %s: %v", o.Name, err)
	}
	s.notes(false)
}

// notes writes the engine's engine.Notifier lines, if it has any, as
// "info string" lines.
func (s *server) notes(ready bool) {
	if n, ok := s.eng.(engine.Notifier); ok {
		for _, l := range n.Notes(ready) {
			s.write("info string " + strings.ReplaceAll(l, "\n", " "))
		}
	}
}

// parseSetOption splits "setoption name <name> [value <value>]"; both may
// contain spaces.
func parseSetOption(line string) (name, value string, err error) {
	t := tokens{line: line}
	t.next()
	if w, _ := t.next(); w != "name" {
		return "", "", parseError("setoption", line, `want "name"`, ErrSyntax)
	}
	var parts []string
	for {
		w, ok := t.next()
		if !ok {
			break
		}
		if w == "value" {
			value = t.rest()
			break
		}
		parts = append(parts, w)
	}
	if len(parts) == 0 {
		return "", "", parseError("setoption", line, "no name", ErrSyntax)
	}
	return strings.Join(parts, " "), value, nil
}

// servedVariant returns the variant a UCI_Variant value names among those
// served, standard chess for any other.
func (s *server) servedVariant(value string) core.Variant {
	for _, v := range s.variants {
		if strings.EqualFold(v.String(), value) {
			return v
		}
	}
	return core.Standard
}

func (s *server) resetPosition() {
	s.start = engine.VariantStart(s.variant)
	s.start.SetChess960(s.chess960)
	s.cur, s.moves, s.history = s.start, nil, core.History{}
}

// cmdPosition handles "position startpos|fen <fen> [moves ...]".
func (s *server) cmdPosition(line string) {
	start, moves, err := parsePosition(line, s.variant)
	if start == nil {
		s.report("%v", err)
		return
	}
	start.SetChess960(s.chess960 || start.Chess960())
	s.start, s.cur, s.moves, s.history = *start, *start, moves, core.History{}
	s.history.Grow(len(moves))
	for _, m := range moves {
		s.history.Push(&s.cur)
		s.cur.MakeMove(m)
	}
	if err != nil {
		s.report("%v", err)
	}
}

// parsePosition reads a "position" command in variant v. It returns the
// start position and the legal moves up to the first illegal one, with an
// error when there was one; a nil start when the position itself is bad.
func parsePosition(line string, v core.Variant) (*core.Position, []core.Move, error) {
	fail := func(msg string, err error) error {
		return parseError("position", line, msg, err)
	}
	t := tokens{line: line}
	t.next()
	var start core.Position
	switch w, _ := t.next(); w {
	case "startpos":
		start = engine.VariantStart(v)
		if next := t.peek(); next != "" && next != "moves" {
			return nil, nil, fail("text after startpos", ErrSyntax)
		}
	case "fen":
		var fields []string
		for t.peek() != "" && t.peek() != "moves" {
			w, _ := t.next()
			fields = append(fields, w)
		}
		p, err := core.ParseVariantFEN(v, strings.Join(fields, " "))
		if err != nil {
			return nil, nil, fail("", err)
		}
		start = p
	default:
		return nil, nil, fail("want startpos or fen", ErrSyntax)
	}
	if w, ok := t.next(); ok && w != "moves" {
		return nil, nil, fail(`want "moves"`, ErrSyntax)
	}
	var moves []core.Move
	cur := start
	for {
		w, ok := t.next()
		if !ok {
			return &start, moves, nil
		}
		m, err := cur.ParseUCI(w)
		if err != nil {
			return &start, moves, fail(fmt.Sprintf("move %d", len(moves)+1), err)
		}
		cur.MakeMove(m)
		moves = append(moves, m)
	}
}

func (s *server) searching() bool {
	if s.run == nil {
		return false
	}
	select {
	case <-s.run.answered:
		s.run = nil
		return false
	default:
		return true
	}
}

// cmdGo starts a search.
func (s *server) cmdGo(ctx context.Context, line string) {
	if s.searching() {
		s.report("go ignored: a search is running")
		return
	}
	limits, err := ParseGo(line)
	if err != nil {
		// Still answer, so that the GUI never waits for a bestmove that
		// does not come: the best move of depth 1.
		s.report("%v; playing the best move of depth 1", err)
		limits = Limits{Depth: 1}
	}
	req := SearchRequest{
		Position: s.cur,
		Start:    s.start,
		Moves:    append([]core.Move(nil), s.moves...),
		History:  s.history.Clone(0),
		Limits:   limits,
		Debug:    s.debug,
	}
	for _, sm := range limits.SearchMoves {
		m, err := s.cur.ParseUCI(sm)
		if err != nil {
			s.report("searchmoves: %v", err)
			continue
		}
		req.SearchMoves = append(req.SearchMoves, m)
	}
	sctx, cancel := context.WithCancel(ctx)
	run := &serverSearch{cancel: cancel, answered: make(chan struct{}), ponderHit: make(chan struct{})}
	req.PonderHit = run.ponderHit
	s.run = run
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		s.search(sctx, run, req)
	}()
}

// search runs one search and writes its bestmove.
func (s *server) search(ctx context.Context, run *serverSearch, req SearchRequest) {
	defer run.cancel()
	pos := req.Position
	chess960 := pos.Chess960()
	var over atomic.Bool
	var infoMu sync.Mutex
	info := func(i Info) {
		infoMu.Lock()
		defer infoMu.Unlock()
		if !over.Load() {
			s.write(FormatInfo(i, chess960))
		}
	}
	best, ponder := s.eng.Search(ctx, req, info)
	infoMu.Lock()
	over.Store(true)
	infoMu.Unlock()

	// UCI: an infinite search answers only after stop, a ponder search
	// only after stop or ponderhit.
	switch {
	case req.Limits.Infinite:
		<-ctx.Done()
	case req.Limits.Ponder:
		select {
		case <-ctx.Done():
		case <-run.ponderHit:
		}
	}

	// From here on the GUI may start the next search: it will not send
	// go before it has read this bestmove.
	close(run.answered)
	var ml core.MoveList
	pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		// UCI's null move: there is no move to play (mate or stalemate).
		s.write("bestmove 0000")
		return
	}
	if !ml.Contains(best) {
		s.report("engine returned %s, not a legal move; playing %s", best.UCI(chess960), ml.At(0).UCI(chess960))
		best, ponder = ml.At(0), core.NoMove
	}
	line := "bestmove " + best.UCI(chess960)
	if ponder != core.NoMove {
		after := pos
		after.MakeMove(best)
		var replies core.MoveList
		after.LegalMoves(&replies)
		if replies.Contains(ponder) {
			line += " ponder " + ponder.UCI(chess960)
		}
	}
	s.write(line)
}

// stopSearch stops the running search and waits for every search
// goroutine to end.
func (s *server) stopSearch() {
	if s.run != nil {
		s.run.cancel()
		s.run = nil
	}
	s.searches.Wait()
}
