package perft

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Result is the count of one unit: the unit itself, so that a merge can
// check where it belongs, and its leaf count. It is written and read as
// one JSON object per line.
type Result struct {
	Unit
	Nodes   uint64  `json:"nodes"`   // leaves of the unit's subtree
	Seconds float64 `json:"seconds"` // how long the count took
}

// ParseResult reads a result from its JSON line.
func ParseResult(line []byte) (Result, error) {
	var r Result
	if err := json.Unmarshal(line, &r); err != nil {
		return Result{}, fmt.Errorf("perft: %w: %w", ErrInvalidUnit, err)
	}
	return r, nil
}

// MarshalLine returns the result as one line of JSON, newline included.
func (r Result) MarshalLine() []byte {
	b, err := json.Marshal(r)
	if err != nil {
		panic(err) // strings and numbers only: cannot fail
	}
	return append(b, '\n')
}

// Total is the sum of a run's results.
type Total struct {
	Root     string  `json:"root"`               // FEN of the root
	Depth    int     `json:"depth"`              // depth of the run
	Chess960 bool    `json:"chess960,omitempty"` // the root is Chess960
	At       int     `json:"at"`                 // the ply it was split at
	Units    int     `json:"units"`              // how many units it was split into
	Nodes    uint64  `json:"nodes"`              // the perft count: the sum of the units' counts
	Seconds  float64 `json:"seconds"`            // the sum of the units' times
}

// MissingError lists the units of a run a merge has no result for.
type MissingError struct {
	Root    string // FEN of the root
	Depth   int    // depth of the run
	Units   int    // how many units the run has
	Missing []Unit // the units without a result, by id
}

// maxListed bounds how many missing units the error message names.
const maxListed = 10

func (e *MissingError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "perft: %d of %d units missing from perft(%d) of %s:", len(e.Missing), e.Units, e.Depth, e.Root)
	for i, u := range e.Missing {
		if i == maxListed {
			fmt.Fprintf(&b, " and %d more", len(e.Missing)-maxListed)
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %d (%s)", u.ID, u.Path)
	}
	return b.String()
}

// Unwrap returns ErrMissingUnit.
func (e *MissingError) Unwrap() error { return ErrMissingUnit }

// Merger adds up the results of a split run. The first result added
// defines the run (root, depth, split ply); the merger then splits that
// root again itself, so it knows every unit the run must have, and checks
// each result against it. The zero value is ready to use; a Merger is not
// safe for concurrent use.
type Merger struct {
	run    Unit           // the run's identity, from the first result
	units  []Unit         // the run's units, by id
	byPath map[string]int // unit id by path
	seen   []bool
	nodes  []uint64 // each unit's count, once seen
	total  Total
	added  int
	dups   int // identical repeats ignored
}

// Add adds one result. A result repeating one already added with the same
// count is ignored (results are idempotent: a batch system that retries a
// task, or a unit submitted again, writes the same line twice); Duplicates
// counts them. It returns a *UnitError, and adds nothing, when the result
// is invalid (ErrInvalidUnit), belongs to another run (ErrForeignUnit) or
// repeats a unit already added with another count (ErrDuplicateUnit: one
// of the two is wrong).
func (m *Merger) Add(r Result) error {
	fail := func(kind error, format string, args ...any) error {
		return &UnitError{ID: r.ID, Path: r.Path, Err: fmt.Errorf("%w: "+format, append([]any{kind}, args...)...)}
	}
	if m.units == nil {
		if err := m.start(r.Unit); err != nil {
			return err
		}
	}
	if r.Root != m.run.Root || r.RootDepth != m.run.RootDepth || r.At != m.run.At || r.Chess960 != m.run.Chess960 {
		return fail(ErrForeignUnit, "perft(%d) of %s split at ply %d (chess960 %v), not perft(%d) of %s split at ply %d (chess960 %v)",
			r.RootDepth, r.Root, r.At, r.Chess960, m.run.RootDepth, m.run.Root, m.run.At, m.run.Chess960)
	}
	id, ok := m.byPath[strings.Join(strings.Fields(r.Path), " ")]
	if !ok {
		return fail(ErrForeignUnit, "the run has no unit with this path")
	}
	want := m.units[id]
	switch {
	case r.ID != id:
		return fail(ErrInvalidUnit, "the path is unit %d's", id)
	case r.Units != want.Units:
		return fail(ErrInvalidUnit, "says the run has %d units, it has %d", r.Units, want.Units)
	case r.FEN != want.FEN:
		return fail(ErrInvalidUnit, "FEN %q, the path leads to %q", r.FEN, want.FEN)
	case r.Depth != want.Depth:
		return fail(ErrInvalidUnit, "depth %d, want %d", r.Depth, want.Depth)
	case m.seen[id] && r.Nodes != m.nodes[id]:
		return fail(ErrDuplicateUnit, "added twice, with %d nodes and with %d", m.nodes[id], r.Nodes)
	case m.seen[id]:
		m.dups++
		return nil
	}
	m.seen[id] = true
	m.nodes[id] = r.Nodes
	m.added++
	m.total.Nodes += r.Nodes
	m.total.Seconds += r.Seconds
	return nil
}

// start learns the run from its first result and splits its root.
func (m *Merger) start(u Unit) error {
	fail := func(err error) error {
		return &UnitError{ID: u.ID, Path: u.Path, Err: fmt.Errorf("%w: %w", ErrInvalidUnit, err)}
	}
	p, err := core.ParseFEN(u.Root)
	if err != nil {
		return fail(err)
	}
	p.SetChess960(p.Chess960() || u.Chess960)
	units, err := Split(&p, u.RootDepth, u.At)
	if err != nil {
		return fail(err)
	}
	m.run = Unit{Root: u.Root, RootDepth: u.RootDepth, At: u.At, Chess960: u.Chess960}
	m.units = units
	m.byPath = make(map[string]int, len(units))
	for i, v := range units {
		m.byPath[v.Path] = i
	}
	m.seen = make([]bool, len(units))
	m.nodes = make([]uint64, len(units))
	m.total = Total{Root: u.Root, Depth: u.RootDepth, Chess960: u.Chess960, At: u.At, Units: len(units)}
	return nil
}

// Duplicates returns how many results Add ignored as identical repeats.
func (m *Merger) Duplicates() int { return m.dups }

// Total returns the sum of the results added. It returns a *MissingError
// (matching ErrMissingUnit), with the total so far, when some units have no
// result, and an error matching ErrMissingUnit when there are no results at
// all.
func (m *Merger) Total() (Total, error) {
	if m.units == nil {
		return Total{}, fmt.Errorf("perft: %w: no results", ErrMissingUnit)
	}
	if m.added == len(m.units) {
		return m.total, nil
	}
	e := &MissingError{Root: m.run.Root, Depth: m.run.RootDepth, Units: len(m.units)}
	for i, ok := range m.seen {
		if !ok {
			e.Missing = append(e.Missing, m.units[i])
		}
	}
	return m.total, e
}

// Merge adds up results (see Merger) and returns the total, with every
// problem found joined into one error.
func Merge(results []Result) (Total, error) {
	var m Merger
	var errs []error
	for _, r := range results {
		if err := m.Add(r); err != nil {
			errs = append(errs, err)
		}
	}
	t, err := m.Total()
	return t, errors.Join(append(errs, err)...)
}
