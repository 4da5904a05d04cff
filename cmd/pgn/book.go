package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/polyglot"
	"github.com/gambit-chess/gambit/san"
)

// bookFlags are the flags of pgn book.
type bookFlags struct {
	out                  string
	maxPly, minGames     int
	minScore             float64
	onlyWhite, onlyBlack bool
	uniform              bool
	memMB                int64
	tmp                  string
	dump                 string
	json                 bool
	merge                bool
}

// addBookFlags registers the flags of pgn book in fs.
func addBookFlags(fs *flag.FlagSet) *bookFlags {
	f := &bookFlags{}
	fs.StringVar(&f.out, "o", "", "the book file to write")
	fs.IntVar(&f.maxPly, "max-ply", polyglot.DefaultMaxPly, "plies of each game that count")
	fs.IntVar(&f.minGames, "min-games", polyglot.DefaultMinGames, "games a move must be played in to be kept")
	fs.IntVar(&f.minGames, "min-game", polyglot.DefaultMinGames, "the same as -min-games (Polyglot's spelling)")
	fs.Float64Var(&f.minScore, "min-score", 0, "least score in percent a move must make for its side")
	fs.BoolVar(&f.onlyWhite, "only-white", false, "keep White's moves only")
	fs.BoolVar(&f.onlyBlack, "only-black", false, "keep Black's moves only")
	fs.BoolVar(&f.uniform, "uniform", false, "give every move weight 1")
	fs.Int64Var(&f.memMB, "mem", polyglot.DefaultMemoryLimit>>20, "MB of counts to hold in memory before spilling sorted runs to -tmp")
	fs.StringVar(&f.tmp, "tmp", "", "directory of the runs (default: the system's temporary directory)")
	fs.StringVar(&f.dump, "dump", "", "print the book's entries for this FEN (or "+cli.PositionNames+")")
	fs.BoolVar(&f.json, "json", false, "with -dump: one JSON object")
	fs.BoolVar(&f.merge, "merge", false, "merge two books, the first taking precedence (Polyglot's merge-book)")
	return f
}

// book is pgn book: build a book from PGN files, or dump or merge books.
func book(e *env, f *bookFlags, files []string) int {
	switch {
	case f.dump != "":
		if len(files) != 1 || files[0] == "-" {
			return cli.Usage(e.stderr, "pgn book", errors.New("-dump FEN: one BOOK file"))
		}
		return dumpBook(e, f, files[0])
	case f.merge:
		if len(files) != 2 || f.out == "" {
			return cli.Usage(e.stderr, "pgn book", errors.New("-merge: -o OUT and two BOOK files"))
		}
		return mergeBooks(e, f.out, files[0], files[1])
	case f.out == "":
		return cli.Usage(e.stderr, "pgn book", errors.New("-o BOOK is needed"))
	}
	return buildBook(e, f, files)
}

// buildBook builds a book from the files with the workers.
func buildBook(e *env, f *bookFlags, files []string) int {
	if f.maxPly < 0 || f.minGames < 1 || f.memMB < 1 {
		fmt.Fprintln(e.stderr, "pgn book: -max-ply must be at least 0, -min-games and -mem at least 1")
		return exitFail
	}
	maxPly := f.maxPly
	if maxPly == 0 {
		fmt.Fprintln(e.stderr, "pgn book: -max-ply 0 makes an empty book")
		return exitFail
	}
	b, err := polyglot.NewBuilder(polyglot.BuildOptions{
		MaxPly: maxPly, MinGames: f.minGames, MinScore: f.minScore,
		OnlyWhite: f.onlyWhite, OnlyBlack: f.onlyBlack, Uniform: f.uniform,
		MemoryLimit: f.memMB << 20, TempDir: f.tmp,
	})
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	defer b.Close()
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	start := time.Now()
	text, status, ok := readBatches(e, files, b.NewBatch, func(string) {}, b.AddBatch)
	if !ok {
		return exitFail
	}
	n, err := writeBookFile(f.out, b)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	secs := max(time.Since(start).Seconds(), 1e-9)
	st := b.Stats()
	fmt.Fprintf(out, "book        %s, %d entries\n", f.out, n/polyglot.EntrySize)
	fmt.Fprintf(out, "games       %d (%d broken and %d Chess960 or variant left out)\n", st.Games, st.Broken, st.Skipped)
	if b.Spills() > 0 {
		fmt.Fprintf(out, "runs        %d spilled to disk (-mem %d)\n", b.Spills(), f.memMB)
	}
	plural := "s"
	if e.workers == 1 {
		plural = ""
	}
	fmt.Fprintf(out, "time        %.3f s with %d worker%s\n", secs, e.workers, plural)
	fmt.Fprintf(out, "throughput  %.1f MB/s, %.0f games/s\n", float64(text)/1e6/secs, float64(st.Games)/secs)
	if status == exitOK && st.Broken > 0 {
		status = exitBroken
	}
	return status
}

// writeBookFile writes the builder's book to the file name.
func writeBookFile(name string, b *polyglot.Builder) (int64, error) {
	f, err := os.Create(name)
	if err != nil {
		return 0, err
	}
	n, err := b.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// dumpEntry is an entry of pgn book -dump -json.
type dumpEntry struct {
	SAN      string  `json:"san"`
	UCI      string  `json:"uci"`
	BookMove string  `json:"book_move"` // as the book writes it: castling as king takes rook
	Weight   uint16  `json:"weight"`
	Share    float64 `json:"share"`
	Learn    uint32  `json:"learn"`
}

// dumpBook prints the entries of one position.
func dumpBook(e *env, f *bookFlags, name string) int {
	pos, err := core.ParseFEN(cli.FEN(core.Standard, f.dump))
	if err != nil {
		return cli.Usage(e.stderr, "pgn book", fmt.Errorf("-dump: %w", err))
	}
	bk, err := polyglot.Open(name)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	defer bk.Close()
	es, err := bk.Entries(&pos, nil)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	total := 0
	for _, x := range es {
		total += int(x.Weight)
	}
	list := make([]dumpEntry, len(es))
	for i, x := range es {
		list[i] = dumpEntry{SAN: san.Format(&pos, x.Move), UCI: pos.UCI(x.Move), BookMove: bookMove(x.Move), Weight: x.Weight, Learn: x.Learn}
		if total > 0 {
			list[i].Share = float64(x.Weight) / float64(total)
		}
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if f.json {
		b, _ := json.Marshal(struct {
			FEN     string      `json:"fen"`
			Key     string      `json:"key"`
			Entries []dumpEntry `json:"entries"`
		}{pos.FEN(), fmt.Sprintf("%016x", pos.Hash()), list})
		fmt.Fprintf(out, "%s\n", b)
		return exitOK
	}
	fmt.Fprintf(out, "%s key %016x: %d entries\n", pos.FEN(), pos.Hash(), len(list))
	for _, x := range list {
		fmt.Fprintf(out, "%-8s %-6s %-6s weight %5d %5.1f%%  learn %d\n", x.SAN, x.UCI, x.BookMove, x.Weight, 100*x.Share, x.Learn)
	}
	return exitOK
}

// bookMove writes m as the book stores it: from and to squares, castling
// as king takes rook, and the promotion piece.
func bookMove(m core.Move) string {
	return m.From().String() + m.To().String() + m.Promotion().String()
}

// mergeBooks writes the merge of two books to out.
func mergeBooks(e *env, out, name1, name2 string) int {
	b1, err := polyglot.Open(name1)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	defer b1.Close()
	b2, err := polyglot.Open(name2)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	defer b2.Close()
	f, err := os.Create(out)
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	n, err := polyglot.Merge(f, b1, b2)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		cli.Fail(e.stderr, "pgn book", err)
		return exitFail
	}
	fmt.Fprintf(e.stdout, "%s: %d entries\n", out, n/polyglot.EntrySize)
	return exitOK
}
