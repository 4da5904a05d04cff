package perft

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Work units let a perft too big for one machine run on many: Split cuts
// the tree at a ply into one Unit per position there, anything that runs
// commands (GNU parallel over ssh, Kubernetes Jobs, Slurm arrays) runs the
// units, and a Merger adds the results up, checking that every unit is
// there exactly once and that all belong to the same run. A unit carries its
// root, its moves from the root and its own FEN, so that it checks itself
// before counting; a result carries the unit, so that the merge can check it.

// Errors of work units and results, matched with errors.Is.
var (
	// ErrInvalidSplit means Split was asked for an impossible split.
	ErrInvalidSplit = errors.New("invalid split")
	// ErrInvalidUnit means a unit or result is malformed or does not
	// agree with itself: its moves are not legal from its root, they do
	// not lead to its FEN, its depths do not add up.
	ErrInvalidUnit = errors.New("invalid work unit")
	// ErrDuplicateUnit means a merge was given two results of one unit
	// with different counts (identical repeats are ignored).
	ErrDuplicateUnit = errors.New("duplicate work unit")
	// ErrForeignUnit means a merge was given a result of another run:
	// another root, depth or split ply, or a path that run does not have.
	ErrForeignUnit = errors.New("work unit of another run")
	// ErrMissingUnit means a merge lacks the results of some units.
	ErrMissingUnit = errors.New("missing work unit")
)

// Unit is one subtree of a perft run split by Split: the position after
// Path from Root, to be counted to Depth. It is written and read as one JSON
// object per line.
type Unit struct {
	Root      string `json:"root"`               // FEN of the run's root position
	RootDepth int    `json:"root_depth"`         // depth of the whole run
	Chess960  bool   `json:"chess960,omitempty"` // the root is Chess960 (castling written king takes rook)
	At        int    `json:"at"`                 // the ply the run was split at
	Units     int    `json:"units"`              // how many units the split made
	ID        int    `json:"id"`                 // this unit's number, 0 to Units-1, in generation order
	Path      string `json:"path"`               // At moves from Root, UCI, space-separated
	FEN       string `json:"fen"`                // the position after Path
	Depth     int    `json:"depth"`              // plies left to count: RootDepth - At
}

// UnitError reports a unit or result that is invalid, or that does not fit
// the run a merge is adding up. Err matches one of ErrInvalidUnit,
// ErrDuplicateUnit and ErrForeignUnit.
type UnitError struct {
	ID   int    // the unit's number
	Path string // its moves from the root
	Err  error  // what is wrong
}

func (e *UnitError) Error() string {
	path := e.Path
	if path == "" {
		path = "the root"
	}
	return fmt.Sprintf("perft: unit %d (%s): %v", e.ID, path, e.Err)
}

// Unwrap returns what is wrong.
func (e *UnitError) Unwrap() error { return e.Err }

// Split cuts the tree of p to depth plies at ply at, 0 <= at <= depth, and
// returns a unit for every position at that ply, in generation order. The
// counts of the units add up to Count(p, depth): lines that end in
// checkmate or stalemate before ply at add nothing to it and get no unit.
// At 0 the one unit is the root itself.
func Split(p *core.Position, depth, at int) ([]Unit, error) {
	if depth < 1 || at < 0 || at > depth {
		return nil, fmt.Errorf("perft: %w: depth %d at ply %d (want depth >= 1 and 0 <= at <= depth)", ErrInvalidSplit, depth, at)
	}
	proto := Unit{Root: p.FEN(), RootDepth: depth, Chess960: p.Chess960(), At: at, Depth: depth - at}
	var units []Unit
	path := make([]string, 0, at)
	var walk func(q *core.Position, ply int)
	walk = func(q *core.Position, ply int) {
		if ply == at {
			u := proto
			u.ID = len(units)
			u.Path = strings.Join(path, " ")
			u.FEN = q.FEN()
			units = append(units, u)
			return
		}
		var ml core.MoveList
		q.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			path = append(path, q.UCI(m))
			u := q.MakeMove(m)
			walk(q, ply+1)
			q.UnmakeMove(m, u)
			path = path[:len(path)-1]
		}
	}
	q := *p
	walk(&q, 0)
	for i := range units {
		units[i].Units = len(units)
	}
	return units, nil
}

// ParseUnit reads a unit from its JSON line.
func ParseUnit(line []byte) (Unit, error) {
	var u Unit
	if err := json.Unmarshal(line, &u); err != nil {
		return Unit{}, fmt.Errorf("perft: %w: %w", ErrInvalidUnit, err)
	}
	return u, nil
}

// MarshalLine returns the unit as one line of JSON, newline included.
func (u Unit) MarshalLine() []byte {
	b, err := json.Marshal(u)
	if err != nil {
		panic(err) // strings and numbers only: cannot fail
	}
	return append(b, '\n')
}

// Position checks the unit against itself and returns its position: Root
// must be a FEN, the depths must add up, Path must be At legal moves from
// Root, and they must lead to FEN. It returns a *UnitError matching
// ErrInvalidUnit otherwise.
func (u Unit) Position() (core.Position, error) {
	fail := func(format string, args ...any) (core.Position, error) {
		return core.Position{}, &UnitError{ID: u.ID, Path: u.Path, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalidUnit}, args...)...)}
	}
	p, err := core.ParseFEN(u.Root)
	if err != nil {
		return fail("root: %w", err)
	}
	p.SetChess960(p.Chess960() || u.Chess960)
	switch {
	case u.RootDepth < 1 || u.At < 0 || u.At > u.RootDepth:
		return fail("root depth %d split at ply %d", u.RootDepth, u.At)
	case u.Depth != u.RootDepth-u.At:
		return fail("depth %d, but root depth %d less %d plies is %d", u.Depth, u.RootDepth, u.At, u.RootDepth-u.At)
	case u.ID < 0 || u.ID >= u.Units:
		return fail("id %d of %d units", u.ID, u.Units)
	}
	moves := strings.Fields(u.Path)
	if len(moves) != u.At {
		return fail("%d moves in the path, want %d", len(moves), u.At)
	}
	for i, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			return fail("move %d: %w", i+1, err)
		}
		p.MakeMove(m)
	}
	if fen := p.FEN(); fen != u.FEN {
		return fail("the path leads to %q, not to the unit's FEN %q", fen, u.FEN)
	}
	return p, nil
}

// Run checks the unit (see Position) and counts its subtree with c (nil:
// on the calling goroutine, without hashing).
func (u Unit) Run(c *Counter) (Result, error) {
	p, err := u.Position()
	if err != nil {
		return Result{}, err
	}
	if c == nil {
		c = &Counter{Threads: 1}
	}
	start := time.Now()
	n := c.Count(&p, u.Depth)
	return Result{Unit: u, Nodes: n, Seconds: time.Since(start).Seconds()}, nil
}
