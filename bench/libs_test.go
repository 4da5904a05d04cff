package bench

import (
	"fmt"
	"testing"

	"github.com/dylhunn/dragontoothmg"
	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/perft"
)

// perftLib is one library as the perft benchmarks and tests drive it.
type perftLib struct {
	name string
	// slow libraries run only each position's shallow depth.
	slow bool
	// bulkOnly libraries have no perft that makes every leaf move.
	bulkOnly bool
	// prepare parses fen and returns a function that runs one perft of the
	// given depth and returns its leaf count. bulk selects counting the last
	// ply's moves rather than making them. Whatever it starts is stopped
	// when tb ends.
	prepare func(tb testing.TB, fen string, depth int, bulk bool) (func() uint64, error)
}

// perftLibs lists gambit first, so that its figures lead every table.
var perftLibs = []perftLib{
	{name: libGambit, prepare: prepareGambit},
	{name: libDragontoothmg, prepare: prepareDragontoothmg},
	{name: libNotnil, slow: true, prepare: prepareNotnil},
	{name: libCorentings, slow: true, prepare: prepareCorentings},
	{name: libStockfish, bulkOnly: true, prepare: prepareStockfish},
}

// depths returns the perft depths lib runs on pos, shallow first; the goal
// depth only with bulk counting.
func (lib perftLib) depths(pos position, bulk bool) []int {
	if lib.slow {
		return []int{pos.shallow}
	}
	if bulk && pos.goal > 0 {
		return []int{pos.shallow, pos.deep, pos.goal}
	}
	return []int{pos.shallow, pos.deep}
}

func prepareGambit(_ testing.TB, fen string, depth int, bulk bool) (func() uint64, error) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if bulk {
		return func() uint64 { return perft.Count(&p, depth) }, nil
	}
	return func() uint64 { return perft.CountFull(&p, depth) }, nil
}

func prepareDragontoothmg(_ testing.TB, fen string, depth int, bulk bool) (func() uint64, error) {
	// ParseFen has no error result (it panics on malformed input); the
	// benchmark FENs are fixed and valid.
	board := dragontoothmg.ParseFen(fen)
	return func() uint64 { return dragontoothmgPerft(&board, depth, bulk) }, nil
}

func prepareNotnil(_ testing.TB, fen string, depth int, bulk bool) (func() uint64, error) {
	pos, err := notnilPosition(fen)
	if err != nil {
		return nil, fmt.Errorf("notnil/chess: %w", err)
	}
	return func() uint64 { return notnilPerft(pos, depth, bulk) }, nil
}

func prepareCorentings(_ testing.TB, fen string, depth int, bulk bool) (func() uint64, error) {
	pos, err := corentingsPosition(fen)
	if err != nil {
		return nil, fmt.Errorf("corentings/chess: %w", err)
	}
	return func() uint64 { return corentingsPerft(pos, depth, bulk) }, nil
}

// prepareStockfish starts Debian's Stockfish (internal/enginetest finds it;
// CI installs it) and times its "go perft", which counts the legal moves at
// the last ply as gambit's bulk counting does. One operation is one command
// and its answer over the pipe; the engine's start-up is not timed.
func prepareStockfish(tb testing.TB, fen string, depth int, _ bool) (func() uint64, error) {
	e := enginetest.Start(tb)
	if err := e.Position(fen, nil); err != nil {
		return nil, err
	}
	return func() uint64 {
		_, n, err := e.Divide(depth)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}, nil
}
