package opening

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// header is the first line of every data file.
const header = "eco\tname\tpgn"

// ErrData is the error every DataError matches with errors.Is.
var ErrData = errors.New("malformed opening data")

// DataError is a malformed line of the opening data: the file, the line
// (1 for the header) and what is wrong with it.
type DataError struct {
	File string // the file's name, "c.tsv"
	Line int    // the line, counted from 1
	Err  error  // what is wrong, a *san.MoveError for a move
}

// Error returns "opening: c.tsv line 12: " and what is wrong.
func (e *DataError) Error() string {
	return "opening: " + e.File + " line " + strconv.Itoa(e.Line) + ": " + e.Err.Error()
}

// Unwrap returns what is wrong with the line.
func (e *DataError) Unwrap() error { return e.Err }

// Is reports whether target is ErrData.
func (e *DataError) Is(target error) bool { return target == ErrData }

// table is the data, ready for lookups.
type table struct {
	// entries holds the lines in file order.
	entries []entry
	// index maps a position's RepetitionKey to the first entry ending in
	// it.
	index map[uint64]int32
}

// entry is a line with the position it ends in.
type entry struct {
	Opening
	end signature
}

// signature is what makes two positions the same position: a lookup that
// finds a key compares it, so that two positions with one key (a Zobrist
// collision) never share a name.
type signature struct {
	colors   [2]core.Bitboard
	types    [6]core.Bitboard // pawns to kings
	side     core.Color
	castling core.CastlingRights
	ep       core.Square // only when an en-passant capture is legal
}

// signatureOf returns the signature of p.
func signatureOf(p *core.Position) signature {
	s := signature{
		colors:   [2]core.Bitboard{p.ByColor(core.White), p.ByColor(core.Black)},
		side:     p.SideToMove(),
		castling: p.Castling(),
		ep:       p.EnPassant(),
	}
	for t := core.Pawn; t <= core.King; t++ {
		s.types[t-core.Pawn] = p.ByType(t)
	}
	return s
}

// load returns the table, building it on the first call.
var load = sync.OnceValues(func() (*table, error) {
	return build(dataFiles[:])
})

// build reads the files in order.
func build(files []dataFile) (*table, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("opening: no data file: %w", ErrData)
	}
	t := &table{index: make(map[uint64]int32, 4096)}
	for _, f := range files {
		if err := t.add(f.name, f.text); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// add adds the lines of one data file, text, named file.
func (t *table) add(file, text string) error {
	text, ok := strings.CutSuffix(text, "\n")
	if !ok {
		return &DataError{File: file, Line: strings.Count(text, "\n") + 1, Err: errors.New("the file does not end with a newline")}
	}
	r := newReplayer()
	for n, line := range strings.Split(text, "\n") {
		if n == 0 {
			if line != header {
				return &DataError{File: file, Line: 1, Err: fmt.Errorf("header %q, want %q", line, header)}
			}
			continue
		}
		e, end, err := r.parseLine(line)
		if err != nil {
			return &DataError{File: file, Line: n + 1, Err: err}
		}
		if _, dup := t.index[end.RepetitionKey()]; !dup {
			t.index[end.RepetitionKey()] = int32(len(t.entries))
		}
		t.entries = append(t.entries, e)
	}
	return nil
}

// replayer replays the lines of the data. Lines that follow one another
// often share their first moves (the data sorts by ECO code, then name),
// so it keeps the previous line's moves and positions and replays only
// from the first move that differs. With it, and the start position read
// once, build runs 85 to 86 million instructions (callgrind), against 248
// million when every line was replayed from a newly parsed start.
type replayer struct {
	san []string        // the previous line's moves
	uci []string        // the same in UCI
	pos []core.Position // pos[i]: the position after i moves, pos[0] the start
}

// newReplayer returns a replayer at the standard start position.
func newReplayer() *replayer {
	return &replayer{pos: []core.Position{core.StartPosition()}}
}

// parseLine reads one line, "ECO<tab>name<tab>PGN", and returns it with
// the position its moves end in.
func (r *replayer) parseLine(line string) (entry, *core.Position, error) {
	eco, rest, ok1 := strings.Cut(line, "\t")
	name, movetext, ok2 := strings.Cut(rest, "\t")
	if !ok1 || !ok2 || strings.Contains(movetext, "\t") {
		return entry{}, nil, fmt.Errorf("%d columns, want 3 (eco, name, pgn)", strings.Count(line, "\t")+1)
	}
	if len(eco) != 3 || eco[0] < 'A' || eco[0] > 'E' || !digit(eco[1]) || !digit(eco[2]) {
		return entry{}, nil, fmt.Errorf("ECO code %q, want A00 to E99", eco)
	}
	if name == "" || strings.TrimSpace(name) != name {
		return entry{}, nil, fmt.Errorf("name %q: empty or with spaces around it", name)
	}
	if movetext == "" || strings.TrimSpace(movetext) != movetext || strings.Contains(movetext, "  ") {
		return entry{}, nil, fmt.Errorf("moves %q: empty or with extra spaces", movetext)
	}
	toks := strings.Split(movetext, " ")
	if len(toks)%3 == 1 {
		return entry{}, nil, fmt.Errorf("%q ends with a move number", movetext)
	}
	ply := 0
	for i, tok := range toks {
		if i%3 == 0 {
			if n, ok := strings.CutSuffix(tok, "."); !ok || n != strconv.Itoa(i/3+1) {
				return entry{}, nil, fmt.Errorf("%q where the move number %d. belongs in %q", tok, i/3+1, movetext)
			}
			continue
		}
		if ply < len(r.san) && r.san[ply] == tok {
			ply++ // the previous line's move: its position is known
			continue
		}
		r.san, r.uci, r.pos = r.san[:ply], r.uci[:ply], r.pos[:ply+1]
		p := r.pos[ply]
		m, err := san.ParseStrict(&p, tok)
		if err != nil {
			return entry{}, nil, fmt.Errorf("ply %d of %q: %w", ply+1, movetext, err)
		}
		r.san, r.uci = append(r.san, tok), append(r.uci, p.UCI(m))
		p.MakeMove(m)
		r.pos = append(r.pos, p)
		ply++
	}
	end := &r.pos[ply]
	o := Opening{ECO: eco, Name: name, PGN: movetext, UCI: strings.Join(r.uci[:ply], " "), Plies: ply}
	return entry{Opening: o, end: signatureOf(end)}, end, nil
}

// digit reports whether c is an ASCII digit.
func digit(c byte) bool { return c >= '0' && c <= '9' }

// find returns the index of the entry that names p.
func (t *table) find(p *core.Position) (int, bool) {
	i, ok := t.index[p.RepetitionKey()]
	if !ok || t.entries[i].end != signatureOf(p) {
		return 0, false
	}
	return int(i), true
}

// lookup is Lookup on a loaded table.
func (t *table) lookup(p *core.Position) (Opening, bool) {
	if p == nil || !standard(p) {
		return Opening{}, false
	}
	i, ok := t.find(p)
	if !ok {
		return Opening{}, false
	}
	return t.entries[i].Opening, true
}
