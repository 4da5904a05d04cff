package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/polyglot"
)

// Openings says where games start: a file of positions (EPD), of games
// (PGN, their first Plies moves) or a Polyglot book (format "bin",
// Plies moves chosen at random by weight for each opening), taken in
// file order from the Start-th (1-based) or shuffled.
type Openings struct {
	File   string
	Format string // "epd", "pgn" or "bin"; "" takes it from the file name
	Order  string // "sequential" (the default) or "random"
	Plies  int    // PGN: at most this many moves (0: all); bin: this many (0: 8)
	Start  int    // the first opening, from 1
}

// Opening is the start of a game: a position and moves played from it.
type Opening struct {
	Start core.Position
	Moves []core.Move
}

// FEN returns the FEN of the opening's start position.
func (o Opening) FEN() string { return o.Start.FEN() }

// openingSource hands out openings, one for each round.
type openingSource interface {
	next() (Opening, error)
}

// defaultBookPlies is how deep a Polyglot book is followed when Plies is 0.
const defaultBookPlies = 8

// load opens the openings of variant v. With no file every game starts
// from the variant's start position.
func (o Openings) load(r *rand.Rand, v core.Variant) (openingSource, io.Closer, error) {
	if o.File == "" {
		start, err := core.VariantStartPosition(v)
		if err != nil {
			return nil, nil, fmt.Errorf("match: openings: %w", err)
		}
		return startSource{start: start}, nil, nil
	}
	format := o.Format
	if format == "" {
		switch {
		case strings.HasSuffix(o.File, ".epd"):
			format = "epd"
		case strings.HasSuffix(o.File, ".pgn"):
			format = "pgn"
		case strings.HasSuffix(o.File, ".bin"):
			format = "bin"
		}
	}
	switch o.Order {
	case "", "sequential", "random":
	default:
		return nil, nil, fmt.Errorf("match: openings order %q: want sequential or random", o.Order)
	}
	if format == "bin" {
		if v != core.Standard {
			return nil, nil, fmt.Errorf("match: openings %s: a Polyglot book is of standard chess, not %v", o.File, v)
		}
		b, err := polyglot.Open(o.File)
		if err != nil {
			return nil, nil, fmt.Errorf("match: openings: %w", err)
		}
		plies := o.Plies
		if plies <= 0 {
			plies = defaultBookPlies
		}
		return &bookSource{book: b, plies: plies, rand: r}, b, nil
	}
	f, err := os.Open(o.File)
	if err != nil {
		return nil, nil, fmt.Errorf("match: openings: %w", err)
	}
	defer f.Close()
	var list []Opening
	switch format {
	case "epd":
		list, err = readEPD(f, v)
	case "pgn":
		list, err = readPGNOpenings(f, o.Plies, v)
	default:
		return nil, nil, fmt.Errorf("match: openings %s: format %q: want epd, pgn or bin", o.File, format)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("match: openings %s: %w", o.File, err)
	}
	if len(list) == 0 {
		return nil, nil, fmt.Errorf("match: openings %s: no opening in the file", o.File)
	}
	if o.Order == "random" {
		r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	}
	start := 0
	if o.Start > 1 {
		start = (o.Start - 1) % len(list)
	}
	return &listSource{list: list, i: start}, nil, nil
}

// readEPD reads one position of variant v a line: the four FEN fields of
// EPD, then either the two move counters or EPD operations (ignored); in a
// variant, the fields the variant's FEN forms have besides (Three-check's
// checks). Empty lines and lines starting with '#' are skipped.
func readEPD(r io.Reader, v core.Variant) ([]Opening, error) {
	var list []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("line %d: %q is not a FEN or EPD", n, line)
		}
		var pos core.Position
		var err error
		if v == core.Standard {
			fen := strings.Join(f[:4], " ")
			if len(f) >= 6 && isNumber(f[4]) && isNumber(f[5]) {
				fen += " " + f[4] + " " + f[5]
			}
			pos, err = core.ParseFEN(fen)
		} else {
			pos, err = variantEPD(f, v)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		list = append(list, Opening{Start: pos})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return list, nil
}

// variantEPD reads the position of variant v that the first fields of an
// EPD line hold: the longest run of them, from seven (Three-check's
// checks and the move counters) down to EPD's four, that is a FEN of v.
// It returns the error of the longest run when none is.
func variantEPD(f []string, v core.Variant) (core.Position, error) {
	var first error
	for n := min(len(f), 7); n >= 4; n-- {
		pos, err := core.ParseVariantFEN(v, strings.Join(f[:n], " "))
		if err == nil {
			return pos, nil
		}
		if first == nil {
			first = err
		}
	}
	return core.Position{}, first
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(strings.TrimSuffix(s, ";"))
	return err == nil
}

// readPGNOpenings reads every game's start position and its first plies
// mainline moves (all with plies 0). Every game must be of variant v.
func readPGNOpenings(r io.Reader, plies int, v core.Variant) ([]Opening, error) {
	var list []Opening
	rd := pgn.NewReader(r)
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return list, nil
		}
		if err != nil {
			return nil, err
		}
		if gv := g.Start.Variant(); gv != v {
			return nil, fmt.Errorf("game %d is of %v, the match of %v", len(list)+1, gv, v)
		}
		moves := g.MainlineMoves()
		if plies > 0 && len(moves) > plies {
			moves = moves[:plies]
		}
		list = append(list, Opening{Start: g.Start, Moves: moves})
	}
}

// startSource gives the same start position every time: the standard one
// or a variant's.
type startSource struct{ start core.Position }

func (s startSource) next() (Opening, error) { return Opening{Start: s.start}, nil }

// listSource cycles through a list.
type listSource struct {
	list []Opening
	i    int
}

func (s *listSource) next() (Opening, error) {
	o := s.list[s.i%len(s.list)]
	s.i++
	return o, nil
}

// bookSource follows a Polyglot book from the start position.
type bookSource struct {
	book  *polyglot.Book
	plies int
	rand  *rand.Rand
}

func (s *bookSource) next() (Opening, error) {
	start := core.StartPosition()
	pos := start
	var moves []core.Move
	for len(moves) < s.plies {
		e, ok, err := s.book.Pick(&pos, polyglot.PickOptions{Choice: polyglot.Weighted, Rand: s.rand})
		if err != nil {
			return Opening{}, fmt.Errorf("match: book: %w", err)
		}
		if !ok {
			break
		}
		moves = append(moves, e.Move)
		pos.MakeMove(e.Move)
	}
	return Opening{Start: start, Moves: moves}, nil
}
