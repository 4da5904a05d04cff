package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// sourceNames are the real games the openings come from, in testdata/pgn:
// over-the-board games of The Week in Chess and online games of the
// Lichess database.
var sourceNames = [...]string{"twic1599_1000k.pgn", "lichess_db_1000k.pgn"}

// source is one file of real games: the mainline of each game that starts
// from the standard position and has at least two plies.
type source struct {
	name  string
	games [][]core.Move
}

// loadSources reads the source files from dir.
func loadSources(dir string) ([]source, error) {
	var out []source
	for _, name := range sourceNames {
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("opening the source games: %w", err)
		}
		s, err := readSource(name, f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// readSource reads the mainlines of a PGN file's standard games. A game
// the reader rejects, one from another start position and one shorter
// than two plies are left out: the file must still give some games.
func readSource(name string, r io.Reader) (source, error) {
	s := source{name: name}
	start := core.StartPosition()
	rd := pgn.NewReader(r)
	var ml pgn.Mainline
	for {
		err := rd.NextMainline(&ml)
		if errors.Is(err, io.EOF) {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			continue // a broken game: the next one is read
		}
		if err != nil {
			return s, err
		}
		if ml.Start.Hash() != start.Hash() || ml.Start.Variant() != core.Standard || ml.Start.Chess960() || len(ml.Moves) < 2 {
			continue
		}
		moves := make([]core.Move, 0, len(ml.Moves))
		for _, m := range ml.Moves {
			if m == core.NoMove {
				break // a null move ends the usable line
			}
			moves = append(moves, m)
		}
		if len(moves) >= 2 {
			s.games = append(s.games, moves)
		}
	}
	if len(s.games) == 0 {
		return s, fmt.Errorf("no standard game of two plies or more in %s", name)
	}
	return s, nil
}

// findTestdata returns the testdata/pgn directory of the gambit checkout
// that holds the working directory: the first one found in it or a parent.
func findTestdata() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding testdata/pgn: %w", err)
	}
	for {
		cand := filepath.Join(dir, "testdata", "pgn")
		if _, err := os.Stat(filepath.Join(cand, sourceNames[0])); err == nil {
			return cand, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no testdata/pgn/%s in the working directory or a parent: name the directory with -src", sourceNames[0])
		}
		dir = parent
	}
}
