package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/perft"
)

// maxLine bounds a unit or result line: a few hundred bytes in practice.
const maxLine = 1 << 20

// runSplit is "perft split": it writes the work units of a run.
func runSplit(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("perft split", "usage: perft split -fen FEN|startpos|kiwipete -depth N -at K [-chess960]", stdout)
	fen := fs.String("fen", "", "root position: a FEN, "+cli.PositionNames)
	depth := fs.Int("depth", 0, "depth of the whole run in plies")
	at := fs.Int("at", -1, "split the tree at this ply: one unit per position there")
	chess960 := fs.Bool("chess960", false, "treat the position as Chess960 (castling written king takes rook)")
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "perft split", err)
	}
	switch {
	case fs.NArg() > 0:
		return cli.Exit(stderr, "perft split", cli.Usagef("unexpected argument %q", fs.Arg(0)))
	case *fen == "" || !fs.Given("depth") || *at < 0:
		return cli.Exit(stderr, "perft split", cli.Usagef("-fen, -depth and -at are needed"))
	}
	p, err := parsePosition(*fen, standard, *chess960)
	if err != nil {
		return cli.Exit(stderr, "perft split", cli.Usagef("%w", err))
	}
	units, err := perft.Split(&p, *depth, *at)
	if err != nil {
		return cli.Exit(stderr, "perft split", cli.Usagef("%w", err))
	}
	w := bufio.NewWriter(stdout)
	for _, u := range units {
		w.Write(u.MarshalLine())
	}
	if err := w.Flush(); err != nil {
		cli.Fail(stderr, "perft split", err)
		return 1
	}
	return 0
}

// runUnits is "perft unit": it counts the units given as arguments, or the
// unit numbered -index of the file -units, or else every line of stdin, and
// writes a result line for each.
func runUnits(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("perft unit", "usage: perft unit [-threads N] [-hash MB | -full] [UNIT... | -units FILE -index N]\n(units: JSON lines from perft split; none: read standard input)", stdout)
	cf := counterFlags(fs.FlagSet)
	unitsFile := fs.String("units", "", "a units file from perft split: run its unit number -index only")
	index := fs.Int("index", -1, "with -units: the unit to run, 0 to units-1 (a job array's task index)")
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "perft unit", err)
	}
	if (*unitsFile == "") != (*index < 0) || *unitsFile != "" && fs.NArg() > 0 {
		return cli.Exit(stderr, "perft unit", cli.Usagef("-units and -index go together, without unit arguments"))
	}
	c, err := cf.counter()
	if err != nil {
		return cli.Exit(stderr, "perft unit", cli.Usagef("%w", err))
	}
	status := 0
	one := func(where string, line []byte) {
		u, err := perft.ParseUnit(line)
		if err == nil {
			var r perft.Result
			if r, err = u.Run(c); err == nil {
				// One write per line: results of units run side by side
				// into one file or pipe do not interleave.
				if _, err := stdout.Write(r.MarshalLine()); err != nil {
					cli.Fail(stderr, "perft unit", err)
					status = 1
				}
				return
			}
		}
		cli.FailAt(stderr, "perft unit", where, err)
		status = 1
	}
	if *unitsFile != "" {
		line, err := unitLine(*unitsFile, *index)
		if err != nil {
			cli.Fail(stderr, "perft unit", err)
			return 1
		}
		one(fmt.Sprintf("%s unit %d", *unitsFile, *index), line)
		return status
	}
	if fs.NArg() > 0 {
		for i, a := range fs.Args() {
			one(fmt.Sprintf("argument %d", i+1), []byte(a))
		}
		return status
	}
	err = eachLine(stdin, func(n int, line []byte) { one(fmt.Sprintf("stdin line %d", n), line) })
	if err != nil {
		fmt.Fprintln(stderr, "perft unit: reading stdin:", err)
		return 1
	}
	return status
}

// unitLine returns the line of the units file at path that holds unit
// number index. perft split writes them in order, one a line, so it is
// looked for at that line first and then anywhere in the file.
func unitLine(path string, index int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var found []byte
	units := 0
	err = eachLine(f, func(n int, line []byte) {
		units++
		if found != nil {
			return
		}
		if u, err := perft.ParseUnit(line); err == nil && u.ID == index {
			found = append([]byte(nil), line...)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if found == nil {
		return nil, fmt.Errorf("%s has no unit %d (%d lines)", path, index, units)
	}
	return found, nil
}

// runMerge is "perft merge": it adds up result lines from files or stdin.
func runMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("perft merge", "usage: perft merge [-json] [FILE...]\n(result lines from perft unit; no FILE: read standard input)", stdout)
	asJSON := fs.Bool("json", false, "print the total as one JSON object")
	if err := fs.Parse(args); err != nil {
		return cli.Exit(stderr, "perft merge", err)
	}
	var m perft.Merger
	status := 0
	add := func(where string, line []byte) {
		r, err := perft.ParseResult(line)
		if err == nil {
			err = m.Add(r)
		}
		if err != nil {
			cli.FailAt(stderr, "perft merge", where, err)
			status = 1
		}
	}
	if fs.NArg() == 0 {
		if err := eachLine(stdin, func(n int, line []byte) { add(fmt.Sprintf("stdin line %d", n), line) }); err != nil {
			fmt.Fprintln(stderr, "perft merge: reading stdin:", err)
			return 1
		}
	}
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			cli.Fail(stderr, "perft merge", err)
			return 1
		}
		err = eachLine(f, func(n int, line []byte) { add(fmt.Sprintf("%s line %d", path, n), line) })
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "perft merge: reading %s: %v\n", path, err)
			return 1
		}
	}
	if d := m.Duplicates(); d > 0 {
		fmt.Fprintf(stderr, "perft merge: %d repeated results ignored (identical counts)\n", d)
	}
	total, err := m.Total()
	if err != nil {
		cli.Fail(stderr, "perft merge", err)
		return 1
	}
	if status != 0 {
		return status
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(total); err != nil {
			return 1
		}
		return 0
	}
	fmt.Fprintf(stdout, "perft(%d) = %d\n", total.Depth, total.Nodes)
	fmt.Fprintf(stdout, "units=%d ", total.Units)
	summary(stdout, total.Nodes, time.Duration(total.Seconds*float64(time.Second)))
	return 0
}

// eachLine calls fn with every non-blank line of r and its number.
func eachLine(r io.Reader, fn func(n int, line []byte)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			fn(n, sc.Bytes())
		}
	}
	return sc.Err()
}
