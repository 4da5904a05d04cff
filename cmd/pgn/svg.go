package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/svg"
)

// svgFlags are pgn svg's options.
type svgFlags struct {
	ply    int
	flip   bool
	size   int
	coords bool
	out    string
	anim   time.Duration
}

func addSVGFlags(fs *flag.FlagSet) *svgFlags {
	f := &svgFlags{}
	fs.IntVar(&f.ply, "ply", -1, "the position after this many half-moves (0: the start; -1: the end)")
	fs.BoolVar(&f.flip, "flip", false, "Black at the bottom")
	fs.IntVar(&f.size, "size", 360, "width and height in pixels")
	fs.BoolVar(&f.coords, "coords", true, "files and ranks around the board")
	fs.StringVar(&f.out, "o", "", "the SVG file to write (default: standard output)")
	fs.DurationVar(&f.anim, "animate", 0, "write the whole game as an animated SVG, this long a position (-ply is ignored)")
	return f
}

// svgBoard is pgn svg: the first game of a file drawn as an SVG board
// after -ply half-moves, with the last move tinted.
func svgBoard(e *env, f *svgFlags, files []string) int {
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "pgn svg: one FILE at a time")
		return exitFail
	}
	if f.size < 1 {
		fmt.Fprintln(e.stderr, "pgn svg: -size must be at least 1")
		return exitFail
	}
	in, err := openInput(e, files[0])
	if err != nil {
		cli.Fail(e.stderr, "pgn svg", err)
		return exitFail
	}
	g, err := game.FromPGN(in.text)
	in.close()
	if err != nil {
		cli.FailAt(e.stderr, "pgn svg", in.name, err)
		return exitBroken
	}
	ply := f.ply
	if ply < 0 {
		ply = g.Ply()
	}
	o := svg.Options{Size: f.size, Flipped: f.flip, Coordinates: f.coords}
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
	if f.out == "" {
		if _, err := e.stdout.Write(doc); err != nil {
			fmt.Fprintf(e.stderr, "pgn svg: writing: %v\n", err)
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
