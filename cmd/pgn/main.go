// Command pgn checks, converts and counts PGN files, and makes Polyglot
// opening books of them, in parallel.
//
// Usage:
//
//	pgn validate [-j N] [-strict] FILE...
//	                              check every game; print each error with its place; exit 1 if any
//	pgn json [-j N] [FILE]        one JSON object per game per line
//	pgn stats [-j N] FILE...      games, plies, results, errors and throughput
//	pgn book -o BOOK [-j N] [-max-ply N] [-min-games N] FILE...
//	                              make a Polyglot opening book, as Polyglot's make-book does
//	pgn book -dump FEN [-json] BOOK   a book's entries for a position
//	pgn book -merge -o OUT BOOK1 BOOK2  merge two books, BOOK1 first (Polyglot's merge-book)
//	pgn svg [-game N] [-ply N] [-flip] [-size N] [-coords=false] [-o FILE] FILE
//	                              a game's position after N plies as an SVG board (the
//	                              first game, or -game's; -animate 1s: the whole game)
//	pgn svg -fen FEN [-flip] [-size N] [-coords=false] [-o FILE]
//	                              a position as an SVG board
//	pgn index -o DB [-j N] FILE...   index every position of every game (package gamedb)
//	pgn index -append DB FILE...     add games to an index
//	pgn index -merge -o DB SHARD...  one index of several
//	pgn index -verify DB...          check every page of indexes
//	pgn index -compact DB            one segment of many (after many appends)
//	pgn explore DB... [-fen FEN] [-moves "1. e4 c5"] [filters] [-json]
//	                              the moves played from a position, their results, the top games
//	pgn find DB... [-fen FEN] [-moves ...] [filters] [-limit N] [-offset N] [-pgn|-json]
//	                              the games that reached a position, through any move order
//
// The filters of explore and find: -player, -white, -black, -event (any
// part of the name, any case), -min-rating, -max-rating (the players'
// average), -from, -to (YYYY[.MM[.DD]]), -result and -speed (lists). Several
// DBs (the shards of one collection) answer as one.
//
// A FEN may be "startpos" or "kiwipete" (as perft's -fen).
//
// A FILE may be plain PGN, .pgn.gz or .pgn.zst (the Lichess database's
// format); "-" or no FILE reads standard input, compressed or not. Files
// are cut into chunks at game boundaries and read by -j workers (all cores
// by default); the output keeps the games in their order. A progress bar
// shows on standard error when it is a terminal (-progress=false hides it).
//
// pgn json writes, for each game:
//
//	{"game":1,"tags":{"Event":"...",...},"start_fen":"...","moves_san":["e4",...],
//	 "moves_uci":["e2e4",...],"final_fen":"...","result":"1-0","errors":[]}
//
// with the mainline in SAN and UCI (castling as the king's move, or as
// king takes rook in Chess960, as UCI engines expect), "--" and "0000" for
// a null move. A broken game has its error in "errors" and the mainline up
// to it.
//
// pgn book takes make-book's options: -max-ply (default 1024), -min-games
// (or -min-game, default 3), -min-score (percent), -only-white,
// -only-black, -uniform; the book is byte for byte the one Polyglot's
// make-book writes from the same games (see package polyglot for the
// differences on broken, Chess960 and FEN games). It counts in memory up
// to -mem MB and past that spills sorted runs to -tmp, merged at the end,
// so that a PGN input of any size is read in bounded memory.
//
// Exit status: 0 when every game is good (and for -h), 1 when a game is
// broken, 2 when the command cannot run: a usage error (an unknown flag,
// a bad value, a FEN that does not parse: one line and a hint to run -h),
// a file that cannot be read, or a -game or -ply of pgn svg that the file
// does not have (the board asked for does not exist, as with a bad
// argument, while a broken game is the file's fault).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/gambit-chess/gambit/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  pgn validate [-j N] [-strict] FILE...
                                check every game, print each error, exit 1 if any; a Result tag
                                the movetext's result contradicts, or no result: a warning
                                (-strict: an error)
  pgn json [-j N] [FILE]        one JSON object per game per line
  pgn stats [-j N] FILE...      games, plies, results, errors and throughput
  pgn book -o BOOK [-j N] [-max-ply N] [-min-games N] [-min-score P] [-only-white|-only-black]
           [-uniform] [-mem MB] [-tmp DIR] FILE...   make a Polyglot opening book
  pgn book -dump FEN [-json] BOOK                    a book's entries for a position
  pgn book -merge -o OUT BOOK1 BOOK2                 merge two books, BOOK1 first
  pgn svg [-game N] [-ply N] [-flip] [-size N] [-coords=false] [-o FILE] FILE
                                game N's (default 1) position after N plies (default: the end)
                                as SVG; -animate 1s: the whole game, animated, a second a position
  pgn svg -fen FEN [-flip] [-size N] [-coords=false] [-o FILE]   a position as SVG
  pgn index -o DB [-j N] [-agg N] FILE...   index every position of every game
  pgn index -append DB FILE...              add games to an index
  pgn index -merge -o DB SHARD...           one index of several (shards built apart)
  pgn index -verify DB...                   check every page of indexes (exit 1 at damage)
  pgn index -compact DB                     rewrite an index as one segment (after many appends)
  pgn explore DB... [-fen FEN] [-moves "1. e4 c5"] [-variant V] [filters] [-json]
                                the moves played from a position, their results and top games
  pgn find DB... [-fen FEN] [-moves ...] [filters] [-limit N] [-offset N] [-pgn|-json]
                                the games that reached a position, through any move order
  filters: -player, -white, -black, -event NAME (any part, any case); -min-rating,
  -max-rating N (the players' average); -from, -to YYYY[.MM[.DD]]; -result 1-0,1/2-1/2;
  -speed blitz,rapid
FILE may be .pgn, .pgn.gz or .pgn.zst; "-" or none reads standard input.
A FEN may be "startpos" or "kiwipete".
-j defaults to the number of cores; -progress=false hides the progress bar
that shows on standard error when it is a terminal.
`

// Exit statuses.
const (
	exitOK     = 0
	exitBroken = 1 // some game is broken
	exitFail   = 2 // the command could not run
)

// run is the command, with its environment passed in for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cli.Usage(stderr, "pgn", errors.New("no command: validate, json, stats, book, svg, index, explore or find"))
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "validate", "json", "stats", "book", "svg", "index", "explore", "find":
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		return cli.Usage(stderr, "pgn", fmt.Errorf("unknown command %q: want validate, json, stats, book, svg, index, explore or find", cmd))
	}
	fs := cli.NewFlagSet("pgn "+cmd, usage, stdout)
	workers := fs.Int("j", runtime.NumCPU(), "number of parallel workers")
	progress := fs.Bool("progress", true, "show a progress bar when standard error is a terminal")
	var bf *bookFlags
	if cmd == "book" {
		bf = addBookFlags(fs.FlagSet)
	}
	strict := false
	if cmd == "validate" {
		fs.BoolVar(&strict, "strict", false, "a Result tag that disagrees with the movetext's result, or a movetext without one, is an error, not a warning")
	}
	var xf *indexFlags
	if cmd == "index" || cmd == "explore" || cmd == "find" {
		xf = addIndexFlags(cmd, fs.FlagSet)
	}
	var sf *svgFlags
	if cmd == "svg" {
		sf = addSVGFlags(fs.FlagSet)
	}
	var files []string
	var err error
	if xf != nil {
		files, err = fs.ParseInterspersed(args)
	} else {
		err = fs.Parse(args)
		files = fs.Args()
	}
	if err != nil {
		return cli.Exit(stderr, "pgn "+cmd, err)
	}
	if *workers < 1 {
		return cli.Usage(stderr, "pgn "+cmd, fmt.Errorf("-j %d: want at least 1", *workers))
	}
	dirs := files
	if sf != nil {
		sf.nfiles = len(files)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr, workers: *workers, progress: *progress && isTerminal(stderr), chunk: chunkSize, strict: strict}
	switch cmd {
	case "validate":
		return validate(env, files)
	case "json":
		if len(files) > 1 {
			return cli.Usage(stderr, "pgn json", errors.New("one FILE at a time"))
		}
		return jsonLines(env, files[0])
	case "stats":
		return stats(env, files)
	case "book":
		return book(env, bf, files)
	case "index":
		return buildIndex(env, xf, files)
	case "explore":
		return explore(env, xf, dirs)
	case "find":
		return find(env, xf, dirs)
	}
	return svgBoard(env, sf, files)
}

// env is what a command works with.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	workers        int
	progress       bool
	strict         bool // pgn validate -strict
	chunk          int  // the size of the chunks the workers read
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
