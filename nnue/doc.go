// Package nnue evaluates chess positions with Stockfish 15.1's neural
// network (NNUE), exactly as Stockfish 15.1 does, in pure Go.
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
// nothing per evaluation or move. The arithmetic is pure Go (the
// transformer's int16 sums four to a uint64 word); SIMD kernels are not
// here yet.
package nnue
