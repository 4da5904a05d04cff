// Package fentest sets up the positions of gambit's tests from FENs: a
// FEN a test writes by hand is part of the test, so one that core refuses
// fails the test there, with the FEN and core's error, and the test reads
// on with the position.
package fentest

import (
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
