// Package nnue evaluates chess positions with Stockfish 15.1's neural
// network (NNUE), exactly as Stockfish 15.1 does, in Go with SIMD
// kernels on amd64.
//
// It reads the network file of Stockfish 15.1 (nn-ad9b42354671.nnue, the
// network Debian's stockfish package embeds; `stockfish` then the UCI
// command `export_net FILE` writes it). gambit does not ship the network:
// Stockfish's networks are GPL, gambit is MIT. The file's architecture is
// HalfKAv2_hm features (king square, piece and square, the board mirrored
// to put the king on files a to d) into a feature transformer of 1024
// outputs per side with 8 PSQT buckets, and 8 layer stacks (1024 -> 16 ->
// 32 -> 1, a squared and a clipped activation after the first layer, and a
// skip connection from it to the output), chosen by the number of pieces.
// LoadFile and Load check its version, every hash and its exact length; a
// file that is not that network is a *FormatError naming the file, the
// byte offset and the field.
//
// Evaluator.Evaluate computes a position's evaluation from scratch in
// Stockfish's integer arithmetic, so that it is Stockfish's to the unit;
// Evaluator.EvaluateIncremental gives the same from accumulators that
// follow a game or a search (Reset, then Push after each MakeMove and Pop
// after each UnmakeMove: the changed features only, the perspective whose
// king moved recomputed). The tests compare Trace, which holds everything
// Stockfish's eval command prints of the network (each layer stack's
// material and positional terms, the value of each piece, the NNUE
// evaluation), with the text Stockfish 15.1 itself prints, character for
// character, and the incremental accumulators with those from scratch. An Evaluator allocates
// nothing per evaluation or move.
//
// Evaluator.EvaluateFinal (and EvaluateFinalIncremental) gives what
// Stockfish 15.1 searches on and its eval command prints as "Final
// evaluation": the network's output with the positional term weighted a
// little above the material term, scaled by the non-pawn material (with
// the search's optimism, a parameter: 0 is the eval command's), damped by
// the 50-move counter and kept below the tablebase scores (final.go
// spells out the formula). With the optimism 0 it is Stockfish's to the
// unit: the tests compare Trace.Final, written by FormatFinal, with
// Stockfish's final line. Two things of Stockfish's final evaluation are
// not here, since they rest on its classical evaluation and its GPL
// tables, which gambit does not carry: for a lopsided position (more than
// 7 pieces and a classical endgame piece-square score beyond 1760 either
// way, about eight pawns) Stockfish 15.1 evaluates classically, where
// EvaluateFinal still gives the network's final evaluation (the tests
// leave out of the comparison only the positions whose material and the
// range of Stockfish's square bonuses allow that score, and check that
// Stockfish's final line is then its classical value damped); and with
// an optimism other than 0 the complexity that grows it reads that
// piece-square score, for which EvaluateFinal uses Stockfish's endgame
// material values alone.
//
// The arithmetic comes in sets of Kernels that give the same numbers bit
// for bit: pure Go (the transformer's int16 sums four to a uint64 word)
// and, on amd64, SIMD assembly for AVX2, for AVX-512 (AVX512F and
// AVX512BW) and for AVX-512 with VNNI's VPDPBUSD in the first layer. The
// assembly does the accumulator updates (the transformer's rows added and
// subtracted by Push and by a refresh, with the PSQT sums), the
// transformer's output, the first affine layer and, in one kernel, the
// layers after it; Go keeps the choice of features, the skip connection
// and the final sums. It is written by an avo program (internal/asmgen,
// run by go generate), never by hand. NewEvaluator gives an Evaluator the
// fastest set the CPU runs (BestKernels, from golang.org/x/sys/cpu's
// feature flags); Evaluator.SetKernels chooses another. Pure Go is what
// every other GOARCH gets, and all amd64 gets with the build tag
// nnue_purego (go build -tags nnue_purego) or with GODEBUG=cpu.avx2=off
// (cpu.avx512f=off or cpu.avx512vnni=off keep to the narrower sets). The
// tests compare every SIMD set the CPU has with pure Go on the held
// positions, through random games and in a fuzz target, and the oracle
// tests run on the fastest.
//
// Instructions per operation of this package's benchmarks, counted with
// callgrind (valgrind runs no AVX-512, so AVX2 is the SIMD set counted;
// docs/engine.md has the commands): an evaluation from scratch, pure Go
// 257,886, AVX2 14,648; a move made, pushed, evaluated from the
// accumulators, popped and unmade, pure Go 103,027, AVX2 5,977; a move
// made, pushed, popped and unmade, pure Go 34,381, AVX2 2,383. The final
// evaluation's scaling costs 159 instructions a call (callgrind's count
// of it); the benchmarks of the final evaluation count 75 to 190 more
// than Evaluate's and EvaluateIncremental's (AVX2, two runs each:
// docs/engine.md).
package nnue
