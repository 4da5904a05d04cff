// Command syzygy probes Syzygy endgame tablebases for a position, as
// Fathom's fathom command does: it prints the position's WDL value (the
// halfmove clock counted), its distance to zeroing, the move to play, and
// the legal moves that win, draw and lose, each with its DTZ.
//
// Usage:
//
//	syzygy -path DIR[:DIR...] FEN
//
// The FEN may be "startpos" or "kiwipete", as perft's -fen (neither is in
// the tables: they have castling rights and more than seven pieces).
//
// For example
//
//	syzygy -path testdata/syzygy '8/8/3k4/8/8/3K1B2/3N4/8 w - - 0 1'
//
// prints
//
//	WDL: Win
//	DTZ: 52
//	Best: Kd4 (DTZ 52)
//	Winning: Kc2 (56), Ke2 (56), Kc3 (56), Ke3 (54), ... Ba8 (54)
//	Drawing: Bd5 (0), Bc6 (0)
//
// (a list with no move, here the losing moves, is left out). A FEN has
// spaces: quote it. A position with more pieces than the tables hold or
// with castling rights (in that order), a
// missing table or a corrupt file is reported on standard error with exit
// status 1; a usage error (a FEN that does not parse included) gives status
// 2 and -h the usage, with status 0.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/san"
	"github.com/gambit-chess/gambit/syzygy"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("syzygy", "usage: syzygy -path DIR[:DIR...] FEN", stdout)
	path := fs.String("path", os.Getenv("SYZYGY_PATH"), "the directories of the tables, separated by '"+string(filepath.ListSeparator)+"' (default $SYZYGY_PATH)")
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "syzygy", err)
	}
	switch {
	case fs.NArg() > 1:
		return cli.Usage(stderr, "syzygy", fmt.Errorf("%d arguments where one FEN was expected: a FEN has spaces, so quote it: syzygy -path DIR '%s'", fs.NArg(), strings.Join(fs.Args(), " ")))
	case fs.NArg() == 0:
		return cli.Usage(stderr, "syzygy", errors.New("no FEN given"))
	case *path == "":
		return cli.Usage(stderr, "syzygy", errors.New("no -path given, and $SYZYGY_PATH is not set"))
	}
	pos, err := core.ParseFEN(cli.FEN(core.Standard, fs.Arg(0)))
	if err != nil {
		return cli.Usage(stderr, "syzygy", err)
	}
	tb, err := syzygy.Open(filepath.SplitList(*path)...)
	if err != nil {
		cli.Fail(stderr, "syzygy", err)
		return 1
	}
	defer tb.Close()
	if err := report(stdout, tb, &pos); err != nil {
		cli.Fail(stderr, "syzygy", err)
		return 1
	}
	return 0
}

// report prints what the tables say of pos.
func report(w io.Writer, tb *syzygy.Tablebase, pos *core.Position) error {
	dtz, err := tb.ProbeDTZ(pos)
	if err != nil {
		return err
	}
	moves, err := tb.ProbeRoot(pos, nil)
	if err != nil {
		return err
	}
	hm := pos.HalfmoveClock()
	switch {
	case pos.IsCheckmate():
		fmt.Fprintln(w, "WDL: Loss (checkmate)")
		return nil
	case pos.IsStalemate():
		fmt.Fprintln(w, "WDL: Draw (stalemate)")
		return nil
	}
	fmt.Fprintf(w, "WDL: %v\n", syzygy.DTZToWDL(dtz, hm))
	fmt.Fprintf(w, "DTZ: %d\n", dtz)
	best, _, err := tb.BestMove(pos, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Best: %s (DTZ %d)\n", san.Format(pos, best.Move), best.DTZ)
	var groups [3][]string // winning, drawing, losing
	for _, m := range moves {
		g := 1
		switch syzygy.DTZToWDL(m.DTZ, hm) {
		case syzygy.Win:
			g = 0
		case syzygy.Loss:
			g = 2
		}
		groups[g] = append(groups[g], fmt.Sprintf("%s (%d)", san.Format(pos, m.Move), m.DTZ))
	}
	for i, name := range []string{"Winning", "Drawing", "Losing"} {
		if len(groups[i]) > 0 { // no line for no move
			fmt.Fprintf(w, "%s: %s\n", name, strings.Join(groups[i], ", "))
		}
	}
	return nil
}
