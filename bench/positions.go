package bench

import "github.com/gambit-chess/gambit/core"

// position is one benchmark position and the perft depths it is measured at.
type position struct {
	name string // the third element of the benchmark name
	fen  string
	// deep is the perft depth for gambit and dragontoothmg: from half a
	// million to a few million leaves, tens of milliseconds an operation.
	deep int
	// shallow is the depth every library runs, the slow peers included: tens
	// to hundreds of thousands of leaves, so that a run stays short.
	shallow int
	// goal, when set, is the depth the published speed comparisons use
	// (perft(6) of the start position, perft(5) of Kiwipete): BenchmarkPerft
	// runs it for gambit and dragontoothmg, seconds an operation.
	goal int
}

// positions is the fixed benchmark set: the opening, two middlegames (one
// tactical, one quiet), an endgame, and a position whose side to move is in
// check with pins and promotions around. All are chessprogramming wiki
// "Perft Results" positions, so their counts are published
// (../testdata/perft, see SOURCES.md there).
var positions = []position{
	{name: "start", fen: core.StartFEN, deep: 5, shallow: 4, goal: 6},
	// Kiwipete, "position 2": castling, en passant, pins and discovered checks.
	{name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", deep: 4, shallow: 3, goal: 5},
	// "Position 6": a quiet, full middlegame.
	{name: "middlegame", fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", deep: 4, shallow: 3},
	// "Position 3": few pieces, en passant and checks along ranks.
	{name: "endgame", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", deep: 5, shallow: 4},
	// "Position 4" (mirrored): black to move is in check; pins, promotions
	// and castling through attacked squares.
	{name: "checks", fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", deep: 4, shallow: 3},
}
