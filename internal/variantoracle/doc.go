// Package variantoracle is the independent side of gambit's variant tests:
// two oracles of lichess's variant rules, each a long-lived process, that
// a test asks for perft counts, divides, positions and outcomes to hold
// gambit's own variants against. It imports nothing of gambit.
//
//   - ChessOps drives chessops 0.15.1 (the TypeScript library behind
//     lichess's variant code, a port of shakmaty) through Node.js and
//     js/oracle.mjs: perft, divide, seeded random positions, normalised
//     FENs, the position after moves and outcomes for all of chess,
//     chess960, atomic, crazyhouse, 3check, kingofthehill, antichess,
//     horde and racingkings.
//   - FairyStockfish drives Debian's Fairy-Stockfish 11.1 over UCI (go
//     perft) for the variants it has: all of them but atomic.
//
// scripts/test-deps.sh (make deps, run by make test) installs Node.js,
// chessops (npm ci in js/) and fairy-stockfish. Both oracles write moves
// as UCI with castling as king takes rook (e1h1) and drops as N@f3, so
// their divides compare move by move (Compare prints both side by side).
//
// A test of gambit's perft against the oracles:
//
//	ops := variantoracle.ChessOpsForTest(t)
//	fens, err := ops.Random(ctx, variantoracle.Games{Variant: "crazyhouse", Seed: 1, Plies: 40, N: 50})
//	require.NoError(t, err)
//	for _, fen := range fens {
//		want, err := ops.Divide(ctx, "crazyhouse", fen, 2)
//		require.NoError(t, err)
//		got := divideOfGambit(fen, 2) // the code under test
//		if diff := variantoracle.Compare("gambit", got, "chessops", want); diff != "" {
//			t.Errorf("%s\n%s", fen, diff)
//		}
//	}
//
// On a mismatch, FindDifference follows the moves whose counts differ
// down to the position where the two sides' legal moves part.
//
// The two oracles part in one place: in Racing Kings, Fairy-Stockfish 11.1
// gives the other side one more move after a king reaches the eighth rank
// where lichess (and chessops) end the game; chessops follows lichess.
//
// The published variant perft numbers of shakmaty and python-chess are
// in testdata/variants (see testdata/SOURCES.md); this package's tests
// hold both oracles to them.
package variantoracle
