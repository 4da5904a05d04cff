// Package perspective is gambit's own neural network evaluation: a small
// network of 768 inputs (the piece type, its colour and its square, seen
// from one side), a hidden layer of H neurons per perspective and one
// output, in a file format of gambit's. It is what an engine author can
// train on positions of their own (cmd/trainnet writes such files), where
// package nnue reads Stockfish 15.1's networks.
//
// The architecture, "768 -> H x 2 -> 1" as Counter and many engines use
// it: each side's perspective sees the board with its own pieces moving
// up (Black's view turns the ranks over: square sq becomes sq^56); an
// input is 1 for each (own or other colour, piece type, square) on the
// board, so a position has as many active inputs as pieces. One feature
// transformer (768 x H int16 weights and H int16 biases) is shared by the
// two perspectives, whose sums are the accumulators. The output reads both
// accumulators through a clipped ReLU, clamp(x, 0, QA), the side to
// move's first:
//
//	out  = OutBias + sum_i crelu(acc[us][i])*Out[i] + sum_i crelu(acc[them][i])*Out[H+i]
//	eval = out * Scale / (QA*QB)   (centipawns, the side to move's view)
//
// in int16 accumulators and an int32 sum, quantised as the usual scheme:
// the float network's transformer weights times QA (255), its output
// weights times QB (64), its output bias times QA*QB, and Scale (400)
// turning the float output into centipawns. The file stores H, QA, QB and
// Scale, so that another quantisation loads too.
//
// The file (format.go spells it out field by field): a magic "GAMBITNN",
// a version, the sizes and the quantisation, a description, the weights
// little-endian, and a CRC-32 of everything before it. Load and LoadFile
// refuse every malformation with a *FormatError naming the file, the byte
// offset and the field; Network.WriteTo writes the format.
//
// Evaluator.Evaluate computes a position's evaluation from scratch;
// Evaluator.EvaluateIncremental gives the same from accumulators that
// follow a game or a search (Reset, then Push after each MakeMove and Pop
// after each UnmakeMove: the changed inputs only; without king buckets a
// king move is an update like any other). Both allocate nothing.
//
// The arithmetic is pure Go, and on amd64 AVX2 assembly for the
// accumulators' updates and the output's dot product, written by the avo
// program internal/asmgen (go generate), never by hand: both give the
// same numbers bit for bit (the tests compare them through random games,
// on a network whose sums wrap too). NewEvaluator takes AVX2 when the CPU
// has it and the hidden layer is a multiple of 64; the build tag
// nnue_purego or GODEBUG=cpu.avx2=off keep to pure Go, and
// Evaluator.SetSIMD chooses. (Package nnue's kernels are built for its
// 1024-wide transformer with PSQT sums and do not fit this shape; AVX-512
// is left for later.) Instructions per operation of the benchmarks at
// H = 256, counted with callgrind (docs/engine.md has the commands): an
// evaluation from scratch, pure Go 72,301, AVX2 5,356; a move made,
// pushed, evaluated from the accumulators, popped and unmade, pure Go
// 16,361, AVX2 1,453; a move made, pushed, popped and unmade, pure Go
// 8,333, AVX2 1,081.
package perspective
