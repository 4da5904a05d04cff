// Package bench holds gambit's benchmarks and their side-by-side
// comparisons with other Go chess move generators (dragontoothmg,
// notnil/chess, corentings/chess) and with Stockfish's perft, run by go
// test -bench.
//
// It is a module of its own so that the peers' modules stay out of gambit's
// go.mod; its go.mod replaces gambit with the working tree (../), so the
// benchmarks always measure the code next to them.
//
// Every benchmark is named Benchmark<Op>/<library>/<position>[/d<depth>], so
// that a benchstat table reads as a comparison and a -bench pattern of
// "/gambit" selects gambit's own benchmarks (what the benchgate regression
// gate runs). The library names are the constants below.
//
// The non-test code here is the per-library perft: one function per library
// and counting style, written the same way for each so that the figures
// compare the move generators and not the drivers.
package bench

// Library names: the second element of every benchmark name.
const (
	libGambit        = "gambit"
	libDragontoothmg = "dragontoothmg"
	libNotnil        = "notnil-chess"
	libCorentings    = "corentings-chess"
	libStockfish     = "stockfish"
)
