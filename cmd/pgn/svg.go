package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/svg"
)

// svgFlags are pgn svg's options.
type svgFlags struct {
	ply    int
	game   int
	fen    string
	flip   bool
	size   int
	coords bool
	out    string
	anim   time.Duration
	nfiles int // the FILE arguments given
}

func addSVGFlags(fs *flag.FlagSet) *svgFlags {
	f := &svgFlags{}
	fs.IntVar(&f.ply, "ply", -1, "the position after this many half-moves (0: the start; -1: the end)")
	fs.IntVar(&f.game, "game", 1, "the game of the file to draw, from 1")
	fs.StringVar(&f.fen, "fen", "", "draw this position (a FEN, or "+cli.PositionNames+") instead of a game (no FILE)")
	fs.BoolVar(&f.flip, "flip", false, "Black at the bottom")
	fs.IntVar(&f.size, "size", 360, "width and height in pixels")
	fs.BoolVar(&f.coords, "coords", true, "files and ranks around the board")
	fs.StringVar(&f.out, "o", "", "the SVG file to write (default: standard output)")
	fs.DurationVar(&f.anim, "animate", 0, "write the whole game as an animated SVG, this long a position (-ply is ignored)")
	return f
}

// check refuses values no board can be drawn with.
func (f *svgFlags) check() error {
	switch {
	case f.size < 1:
		return errors.New("-size must be at least 1")
	case f.ply < -1:
		return fmt.Errorf("-ply %d: want a number of half-moves from 0, or -1 for the end", f.ply)
	case f.game < 1:
		return fmt.Errorf("-game %d: the games are numbered from 1", f.game)
	case f.anim < 0:
		return fmt.Errorf("-animate %v: want a positive time a position", f.anim)
	case f.fen != "" && f.nfiles > 0:
		return errors.New("-fen draws a position: give no FILE with it")
	case f.fen != "" && (f.ply != -1 || f.game != 1 || f.anim != 0):
		return errors.New("-fen draws a position: -ply, -game and -animate are for games")
	case f.fen == "" && f.nfiles > 1:
		return errors.New("one FILE at a time")
	}
	return nil
}

// svgBoard is pgn svg: a game of a file (the first, or -game's) drawn as
// an SVG board after -ply half-moves, with the last move tinted, or the
// position -fen gives.
func svgBoard(e *env, f *svgFlags, files []string) int {
	if err := f.check(); err != nil {
		return cli.Usage(e.stderr, "pgn svg", err)
	}
	o := svg.Options{Size: f.size, Flipped: f.flip, Coordinates: f.coords}
	if f.fen != "" {
		pos, err := core.ParseFEN(cli.FEN(core.Standard, f.fen))
		if err != nil {
			return cli.Usage(e.stderr, "pgn svg", fmt.Errorf("-fen: %w", err))
		}
		return writeSVG(e, f, svg.Board(&pos, o))
	}
	in, err := openInput(e, files[0])
	if err != nil {
		cli.Fail(e.stderr, "pgn svg", err)
		return exitFail
	}
	g, err := nthGame(in.text, f.game)
	in.close()
	if err != nil {
		cli.FailAt(e.stderr, "pgn svg", in.name, err)
		if errors.Is(err, errNotInFile) {
			return exitFail
		}
		return exitBroken
	}
	ply := f.ply
	if ply < 0 {
		ply = g.Ply()
	}
	if ply > g.Ply() && f.anim == 0 {
		cli.FailAt(e.stderr, "pgn svg", in.name, fmt.Errorf("-ply %d: %w: game %d has %d plies", ply, errNotInFile, f.game, g.Ply()))
		return exitFail
	}
	var doc []byte
	if f.anim > 0 {
		doc, err = svg.Animation(g, o, f.anim)
	} else {
		doc, err = svg.Game(g, ply, o)
	}
	if err != nil {
		cli.FailAt(e.stderr, "pgn svg", in.name, err)
		return exitFail
	}
	return writeSVG(e, f, doc)
}

// errNotInFile is the error of a -game or a -ply that the file does not
// have: a request that cannot be met, exit status 2, as a bad argument.
var errNotInFile = errors.New("not in the file")

// nthGame reads the n-th game (from 1) of a PGN text; the games before it
// are only scanned, broken or not.
func nthGame(r io.Reader, n int) (*game.Game, error) {
	pr := pgn.NewReader(r)
	for i := 1; ; i++ {
		if i < n {
			err := pr.Visit(pgn.BaseVisitor{})
			var perr *pgn.Error
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("-game %d: %w: it has %d game(s)", n, errNotInFile, i-1)
			}
			if err != nil && !errors.As(err, &perr) {
				return nil, err
			}
			continue
		}
		pg, err := pr.Next()
		if errors.Is(err, io.EOF) {
			if n == 1 {
				return nil, game.ErrNoGame
			}
			return nil, fmt.Errorf("-game %d: %w: it has %d game(s)", n, errNotInFile, i-1)
		}
		if err != nil {
			return nil, err
		}
		return game.FromPGNGame(pg)
	}
}

// writeSVG writes doc to -o's file or standard output.
func writeSVG(e *env, f *svgFlags, doc []byte) int {
	if f.out == "" {
		if _, err := e.stdout.Write(doc); err != nil {
			cli.Fail(e.stderr, "pgn svg", fmt.Errorf("writing: %w", err))
			return exitFail
		}
		return exitOK
	}
	if err := os.WriteFile(f.out, doc, 0o644); err != nil {
		cli.Fail(e.stderr, "pgn svg", err)
		return exitFail
	}
	return exitOK
}
