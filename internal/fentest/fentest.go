// Package fentest sets up the positions of gambit's tests from FENs: a
// FEN a test writes by hand is part of the test, so one that core refuses
// fails the test there, with the FEN and core's error, and the test reads
// on with the position.
package fentest

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/stretchr/testify/require"
)

// Position returns the position of fen (core.ParseFEN), failing the test
// when core refuses it.
func Position(tb testing.TB, fen string) core.Position {
	tb.Helper()
	p, err := core.ParseFEN(fen)
	require.NoError(tb, err, fen)
	return p
}

// Pointer returns a new position of fen, for the calls that take a
// *core.Position; it fails the test as Position does.
func Pointer(tb testing.TB, fen string) *core.Position {
	tb.Helper()
	p := Position(tb, fen)
	return &p
}

// Variant returns the position of fen in variant v (core.ParseVariantFEN),
// failing the test when core refuses it.
func Variant(tb testing.TB, v core.Variant, fen string) core.Position {
	tb.Helper()
	p, err := core.ParseVariantFEN(v, fen)
	require.NoError(tb, err, "%v %s", v, fen)
	return p
}

// EPD returns the positions of a perft suite file (testdata/perft's EPD
// files: a FEN, then ";"-separated counts, a line; blank lines and lines
// starting with '#' are skipped), failing the test when the file cannot be
// read or core refuses a FEN.
func EPD(tb testing.TB, path string) []core.Position {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	var ps []core.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fen, _, _ := strings.Cut(sc.Text(), ";")
		if fen = strings.TrimSpace(fen); fen == "" || fen[0] == '#' {
			continue
		}
		ps = append(ps, Position(tb, fen))
	}
	require.NoError(tb, sc.Err(), path)
	return ps
}
