package opening

import (
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// Opening is one line of the data: a named position and the moves that
// reach it from the standard start position.
type Opening struct {
	// ECO is the Encyclopaedia of Chess Openings code, "A00" to "E99".
	ECO string
	// Name is the opening's English name, the family first and then the
	// variations: "Sicilian Defense: Najdorf Variation, English Attack".
	Name string
	// PGN is the line in SAN with move numbers, as the data writes it:
	// "1. e4 e5 2. Nf3 Nc6 3. Bb5".
	PGN string
	// UCI is the same line in UCI notation, castling as the king's move
	// ("e1g1"): "e2e4 e7e5 g1f3 b8c6 f1b5".
	UCI string
	// Plies is the number of half-moves of the line.
	Plies int
}

// Load builds the table of named positions from the embedded data, if that
// is not done yet, and returns the error building it met. Lookup and
// Classify build the table on their first call; Load lets a program pay
// that cost (about 85 million instructions) at start-up, or check the
// data. The data shipped with gambit builds without error: the package's
// tests parse it whole.
func Load() error {
	_, err := load()
	return err
}

// Lookup returns the opening whose line ends in position p, and false when
// no line of the data ends there, when p is nil or a variant or Chess960
// position, or when the data could not be loaded (Load says why). The
// position is matched by RepetitionKey and then compared square for
// square, with the side to move, the castling rights and the legal
// en-passant square, so a transposition finds the name and no other
// position does. Lookup allocates nothing.
func Lookup(p *core.Position) (Opening, bool) {
	t, err := load()
	if err != nil {
		return Opening{}, false
	}
	return t.lookup(p)
}

// Classify plays moves from start and returns the opening of the last
// position along the game that has a name (start itself included), with
// the ply at which the game reached it: 0 for start, n after the first n
// moves. This is the name lichess gives a game: play it backwards until a
// named position. ok is false when no position of the game has a name.
//
// start is not changed. The moves must be legal one after the other, as a
// game's mainline from package pgn is; a move that is not is an error
// naming the ply, and so is a data set that could not be loaded. A variant
// or Chess960 start has no name: ok is false, with no error and the moves
// not played. Classify allocates nothing.
func Classify(start *core.Position, moves []core.Move) (o Opening, ply int, ok bool, err error) {
	t, err := load()
	if err != nil {
		return Opening{}, 0, false, err
	}
	if start == nil {
		return Opening{}, 0, false, errors.New("opening: classify: no start position")
	}
	if !standard(start) {
		return Opening{}, 0, false, nil
	}
	p := *start
	found := -1
	if i, hit := t.find(&p); hit {
		found, ply = i, 0
	}
	for n, m := range moves {
		if !p.IsLegal(m) {
			return Opening{}, 0, false, fmt.Errorf("opening: classify: move %d (%s) is not legal in %s", n+1, m.UCI(false), p.FEN())
		}
		p.MakeMove(m)
		if i, hit := t.find(&p); hit {
			found, ply = i, n+1
		}
	}
	if found < 0 {
		return Opening{}, 0, false, nil
	}
	return t.entries[found].Opening, ply, true, nil
}

// standard reports whether p is played under the rules of the data:
// standard chess, not Chess960.
func standard(p *core.Position) bool {
	return p.Variant() == core.Standard && !p.Chess960()
}
