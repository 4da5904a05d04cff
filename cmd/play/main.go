// Command play plays chess in a terminal: against gambit's own engine
// (the default), any UCI or XBoard engine, or between two people at one
// keyboard.
//
// Usage:
//
//	play [-engine gambit|PATH|tcp:HOST:PORT] [-proto uci|xboard|detect] [-human]
//	     [-color white|black|random] [-fen FEN | -pgn FILE] [-960] [-variant NAME]
//	     [-tc MIN+SEC] [-level 0-20] [-book FILE] [-ascii]
//
// -fen takes a FEN, or "startpos" or "kiwipete" as perft's -fen does. -h
// prints the usage (exit status 0); a usage error is one line and a hint
// (exit status 2); any other error exits 1.
//
// -variant plays a variant by lichess's rules, by the names perft takes:
// atomic, 3check, kingofthehill, antichess, horde or racingkings (chess
// is the default), from its start or from -fen in the variant's FEN
// forms. The engine must play the variant (Fairy-Stockfish does, told by
// UCI_Variant or XBoard's variant command); gambit's own engine plays
// standard chess only, so a variant needs -engine or -human. A game from
// -pgn keeps the variant of its Variant tag.
//
// The board shows Unicode pieces on coloured squares, the last move and a
// king in check marked, from the player's side; -ascii draws letters, and
// NO_COLOR (set to anything) leaves the colours out. Moves are typed in
// SAN, forgivingly ("Nf3", "nf3", "0-0", "exd6 e.p.") or in UCI ("g1f3"),
// with Tab completing them and the arrows walking the line and its
// history. Type help for the commands: moves, undo, hint, flip, fen, pgn,
// save FILE, draw, resign, new, help, quit.
//
// Without a terminal (input from a pipe, or output to a file or a pipe)
// play reads one line at a time and prints the board after each, with no
// escape code. On quit the last screen stays, with the result and the
// file the game was saved to.
package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/gambit-chess/gambit/cmd/play/internal/play"
	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/uci"
	"golang.org/x/term"
)

// DefaultEngine is the engine play plays when -engine is not given:
// gambit's own (package search), run inside play and spoken to over UCI
// through an in-memory pipe, so that go run ./cmd/play needs nothing else.
const DefaultEngine = "gambit"

func main() {
	os.Exit(cli.Exit(os.Stderr, "play", run(context.Background(), os.Args[1:], os.Stdin, os.Stdout)))
}

// synopsis is what -h prints before the flags.
const synopsis = `usage: play [-engine gambit|PATH|tcp:HOST:PORT] [-proto uci|xboard|detect] [-human]
            [-color white|black|random] [-fen FEN|startpos|kiwipete | -pgn FILE] [-960] [-variant NAME]
            [-tc MIN+SEC] [-level 0-20] [-book FILE] [-ascii]`

// options are the command line's.
type options struct {
	engine, proto, color, fen, pgn, tc, book string
	variant                                  core.Variant
	human, chess960, ascii                   bool
	outTTY                                   bool // standard output is a terminal: colours and the screen
	level                                    int
	moveTime                                 time.Duration
}

// parseFlags reads the command line; -h writes the usage to help and
// returns flag.ErrHelp, and every mistake is a cli.UsageError.
func parseFlags(args []string, help io.Writer) (options, error) {
	var o options
	fs := cli.NewFlagSet("play", synopsis, help)
	fs.StringVar(&o.engine, "engine", DefaultEngine, "the engine: gambit (its own, built in), a program's `PATH`, or tcp:HOST:PORT for one served over TCP")
	fs.StringVar(&o.proto, "proto", "detect", "the engine's protocol: uci, xboard or detect")
	fs.BoolVar(&o.human, "human", false, "two people at one keyboard, no engine")
	fs.StringVar(&o.color, "color", "white", "your side against the engine: white, black or random")
	fs.StringVar(&o.fen, "fen", "", "start from this position: a FEN, or "+cli.PositionNames)
	fs.StringVar(&o.pgn, "pgn", "", "go on with the game in this PGN `FILE`")
	fs.BoolVar(&o.chess960, "960", false, "Chess960: a random start position (or -fen's, read as Chess960)")
	fs.StringVar(&o.tc, "tc", "", "clocks: `MIN+SEC` (5+3; 30s+0 in seconds); none by default")
	fs.IntVar(&o.level, "level", -1, "engine skill 0-20: UCI Skill Level when the engine has it, else a depth of level+1")
	fs.DurationVar(&o.moveTime, "movetime", time.Second, "the engine's time a move without -tc")
	fs.StringVar(&o.book, "book", "", "a Polyglot opening `FILE` the engine plays from")
	fs.BoolVar(&o.ascii, "ascii", false, "pieces as letters instead of Unicode figures")
	variant := fs.String("variant", "chess", "the variant by lichess's rules: chess, chess960 (as -960), atomic, 3check, kingofthehill, antichess, horde or racingkings")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if err := o.setVariant(*variant); err != nil {
		return o, &cli.UsageError{Err: err}
	}
	if fs.NArg() > 0 {
		return o, cli.Usagef("unexpected argument %q", fs.Arg(0))
	}
	switch o.color {
	case "white", "black", "random":
	default:
		return o, cli.Usagef("-color %q: want white, black or random", o.color)
	}
	switch o.proto {
	case "uci", "xboard", "detect":
	default:
		return o, cli.Usagef("-proto %q: want uci, xboard or detect", o.proto)
	}
	if o.level > 20 {
		return o, cli.Usagef("-level %d: want 0 to 20", o.level)
	}
	if o.tc != "" {
		if _, err := play.ParseTimeControl(o.tc); err != nil {
			return o, &cli.UsageError{Err: err}
		}
	}
	if o.fen != "" && o.pgn != "" {
		return o, cli.Usagef("give -fen or -pgn, not both")
	}
	return o, nil
}

// setVariant reads -variant and refuses what a variant game cannot have:
// a Chess960 start, a game from PGN (its Variant tag says its variant), a
// Polyglot book (of standard chess) and gambit's own engine, which plays
// standard chess only.
func (o *options) setVariant(name string) error {
	v, err := core.ParseVariant(name)
	if err != nil {
		return fmt.Errorf("-variant: %w", err)
	}
	if strings.EqualFold(name, "chess960") {
		o.chess960 = true // perft's name for it
	}
	o.variant = v
	if v == core.Standard {
		return nil
	}
	if _, err := core.VariantStartPosition(v); err != nil {
		return fmt.Errorf("-variant %s: %w", name, err)
	}
	switch {
	case o.chess960:
		return fmt.Errorf("-variant %s: not with -960 (Chess960 starts are standard chess's)", name)
	case o.pgn != "":
		return fmt.Errorf("-variant %s: not with -pgn (the game's Variant tag says its variant)", name)
	case o.book != "":
		return fmt.Errorf("-variant %s: not with -book (a Polyglot book is of standard chess)", name)
	case o.engine == DefaultEngine && !o.human:
		return fmt.Errorf("-variant %s: gambit's own engine plays standard chess only: give -engine an engine that plays %s (such as /usr/games/fairy-stockfish) or play -human", name, name)
	}
	return nil
}

// startEngine starts or dials the engine, detecting its protocol unless
// -proto names it (see game.Detect).
func startEngine(ctx context.Context, o options) (engine.Player, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var proto game.Protocol
	switch o.proto {
	case "uci":
		proto = game.UCI
	case "xboard":
		proto = game.XBoard
	case "detect":
		proto = game.Detect
	default:
		return nil, fmt.Errorf("-proto %q: want uci, xboard or detect", o.proto)
	}
	if o.engine == DefaultEngine {
		return startBuiltin(ctx)
	}
	if addr, tcp := strings.CutPrefix(o.engine, "tcp:"); tcp {
		return game.DialPlayer(ctx, proto, addr)
	}
	return game.StartPlayer(ctx, proto, o.engine)
}

// startBuiltin serves gambit's engine (package search) over UCI on one end
// of an in-memory pipe and connects to the other. The server ends when
// the connection is closed.
func startBuiltin(ctx context.Context) (engine.Player, error) {
	ours, theirs := net.Pipe()
	go func() {
		defer theirs.Close()
		eng := search.New()
		defer eng.Close()
		_ = uci.Serve(context.Background(), eng, theirs, theirs)
	}()
	e, err := uci.Connect(ctx, ours)
	if err != nil {
		return nil, fmt.Errorf("gambit's engine: %w", err)
	}
	return e, nil
}

// fen is -fen's FEN, a name read by cli.FEN; "" for none.
func fen(o options) string {
	if o.fen == "" {
		return ""
	}
	return cli.FEN(o.variant, o.fen)
}

// newSession turns the options into a session.
func newSession(ctx context.Context, o options) (*play.Session, error) {
	cfg := play.Config{
		Color: o.color, FEN: fen(o), Chess960: o.chess960, Variant: o.variant, Level: o.level,
		MoveTime: o.moveTime, ASCII: o.ascii, NoColor: os.Getenv("NO_COLOR") != "" || !o.outTTY,
	}
	if o.tc != "" {
		tc, err := play.ParseTimeControl(o.tc)
		if err != nil {
			return nil, err
		}
		cfg.TimeControl = tc
	}
	if o.pgn != "" {
		f, err := os.Open(o.pgn)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		cfg.PGN = f
	}
	if o.book != "" {
		b, err := polyglot.Open(o.book)
		if err != nil {
			return nil, err
		}
		cfg.Book = b
	}
	if !o.human {
		p, err := startEngine(ctx, o)
		if err != nil {
			return nil, fmt.Errorf("starting the engine: %w", err)
		}
		cfg.Player = p
	}
	s, err := play.New(ctx, cfg)
	if err != nil && cfg.Player != nil {
		_ = cfg.Player.Close()
	}
	return s, err
}

func run(ctx context.Context, args []string, in *os.File, out io.Writer) error {
	o, err := parseFlags(args, out)
	if err != nil {
		return err // flag.ErrHelp after -h: cli.Exit reads it
	}
	f, ok := out.(*os.File)
	o.outTTY = ok && term.IsTerminal(int(f.Fd()))
	s, err := newSession(ctx, o)
	if err != nil {
		return err
	}
	defer s.Close()
	fd := int(in.Fd())
	if !term.IsTerminal(fd) || !o.outTTY {
		return lineMode(ctx, s, in, out)
	}
	old, err := term.MakeRaw(fd)
	if err != nil {
		return fmt.Errorf("terminal: %w", err)
	}
	defer term.Restore(fd, old)
	return screenMode(ctx, s, in, out, fd)
}

// screenMode plays in a raw terminal, redrawing in place.
func screenMode(ctx context.Context, s *play.Session, in io.Reader, out io.Writer, fd int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	keys := make(chan []byte)
	go func() {
		for {
			buf := make([]byte, 256)
			n, err := in.Read(buf)
			if n > 0 {
				keys <- buf[:n]
			}
			if err != nil {
				close(keys)
				return
			}
		}
	}()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGWINCH, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sig)
	ed := &play.Editor{Complete: s.Complete}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	results := make(chan play.ThinkResult, 1)
	var candidates string
	fmt.Fprint(out, "\x1b[H\x1b[2J")
	redraw := true
	for !s.Quit() {
		if s.EngineToMove() {
			think := s.StartThink(ctx)
			go func() { results <- think() }()
			redraw = true
		}
		if redraw {
			draw(out, s, ed, candidates, fd)
		}
		redraw = true
		select {
		case b, ok := <-keys:
			if !ok {
				return waitEngine(s, results, cancel)
			}
			for len(b) > 0 && !s.Quit() {
				act, text, rest := ed.Feed(b)
				b = rest
				candidates = ""
				switch act {
				case play.Submit:
					s.Handle(ctx, text)
				case play.Interrupt, play.EOF:
					if s.Thinking() {
						return waitEngine(s, results, cancel)
					}
					s.Interrupt(ctx)
				case play.Candidates:
					candidates = text
				}
			}
		case r := <-results:
			s.FinishThink(r)
		case <-tick.C:
			redraw = s.Tick()
		case sg := <-sig:
			if sg != syscall.SIGWINCH {
				return waitEngine(s, results, cancel)
			}
			fmt.Fprint(out, "\x1b[H\x1b[2J")
		}
	}
	// The last screen stays, the result and where the game was saved
	// with it, and the shell's prompt comes below it.
	drawLast(out, s, fd)
	return waitEngine(s, results, cancel)
}

// waitEngine stops the engine's search and waits for it to end.
func waitEngine(s *play.Session, results chan play.ThinkResult, cancel context.CancelFunc) error {
	if s.Thinking() {
		cancel()
		<-results
	}
	return nil
}

// screenLines returns the session's lines for the terminal's height (24
// at most).
func screenLines(s *play.Session, fd int) []string {
	_, height, err := term.GetSize(fd)
	if err != nil || height < 12 {
		height = 24
	}
	return s.Lines(min(height, 24))
}

// drawLast writes the screen a last time, without the input line and the
// empty lines at its end, and leaves the cursor below it.
func drawLast(out io.Writer, s *play.Session, fd int) {
	lines := screenLines(s, fd)
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	b.WriteString("\x1b[H")
	for _, l := range lines {
		b.WriteString(l + "\x1b[K\r\n")
	}
	b.WriteString("\x1b[J")
	io.WriteString(out, b.String())
}

// draw writes the screen from the top left, each line cleared to its end.
func draw(out io.Writer, s *play.Session, ed *play.Editor, candidates string, fd int) {
	lines := screenLines(s, fd)
	if candidates != "" && len(lines) > 0 {
		lines[len(lines)-1] = play.Clip(candidates, play.Width)
	}
	var b strings.Builder
	b.WriteString("\x1b[H")
	for _, l := range lines {
		b.WriteString(l + "\x1b[K\r\n")
	}
	prompt := s.Prompt()
	line := ed.Line()
	b.WriteString(prompt + line + "\x1b[K\x1b[J")
	if back := len([]rune(line)) - ed.Cursor(); back > 0 {
		fmt.Fprintf(&b, "\x1b[%dD", back)
	}
	io.WriteString(out, b.String())
}

// lineMode plays from lines of text, printing the board after each.
func lineMode(ctx context.Context, s *play.Session, in io.Reader, out io.Writer) error {
	show := func() {
		for s.EngineToMove() {
			s.FinishThink(s.StartThink(ctx)())
		}
		for _, l := range s.Lines(24) {
			fmt.Fprintln(out, strings.TrimRight(l, " "))
		}
		fmt.Fprint(out, s.Prompt())
	}
	show()
	buf := make([]byte, 0, 4096)
	one := make([]byte, 1)
	for !s.Quit() {
		n, err := in.Read(one)
		if n == 1 && one[0] != '\n' {
			buf = append(buf, one[0])
			continue
		}
		if n == 1 || len(buf) > 0 {
			fmt.Fprintln(out)
			s.Handle(ctx, string(buf))
			buf = buf[:0]
			if !s.Quit() {
				show()
			}
		}
		if err != nil {
			if !s.Quit() {
				fmt.Fprintln(out)
			}
			return nil
		}
	}
	return nil
}
