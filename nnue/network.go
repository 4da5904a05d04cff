package nnue

import "sync"

// The dimensions of Stockfish 15.1's network (its nnue_architecture.h):
// HalfKAv2_hm features into a 1024-wide transformer per perspective, eight
// PSQT buckets and eight layer stacks of 1024x2 -> 16 -> 32 -> 1 with a skip
// connection. The loader checks that a file has exactly these: a file of
// another architecture fails its hash.
const (
	// Features is the number of HalfKAv2_hm features: 32 king buckets
	// (the king's file mirrored onto files a-d) times 11 piece kinds
	// (five of each colour and a single king plane) times 64 squares.
	Features = 32 * 11 * 64
	// HalfDimensions is the width of one perspective's accumulator.
	HalfDimensions = 1024
	// Buckets is the number of PSQT buckets and layer stacks; a position
	// of n pieces (kings included) uses bucket (n-1)/4.
	Buckets = 8

	l1Out        = 16 // the first affine layer: 15 outputs and the skip output
	l1Hidden     = 15 // l1Out less the skip output
	l2In         = 32 // 2*15 activations padded to 32 (here 2*16, see tail)
	l2Out        = 32
	outputScale  = 16
	weightShift  = 6 // WeightScaleBits: weights are scaled by 64
	skipNumer    = 600 * outputScale
	skipDenom    = 127 * (1 << weightShift)
	maxActiveLen = 32                 // pieces on a board of standard chess
	lanes        = HalfDimensions / 4 // uint64 words of an accumulator

	// PawnValue is what Stockfish 15.1's eval trace divides an internal
	// value by to print it in pawns (UCI::NormalizeToPawnValue, 361 in
	// 15.1; not PawnValueEg, 208, which 15.0 used).
	PawnValue = 361
)

// File format constants of Stockfish 15.1 (nnue_common.h and the hash
// functions of each layer).
const (
	fileVersion   uint32 = 0x7AF32F20
	featureHash   uint32 = 0x7F234CB8 // HalfKAv2_hm
	affineHashK   uint32 = 0xCC03DAE4
	reluHashK     uint32 = 0x538D24C7
	inputSliceK   uint32 = 0xEC42E90D
	maxDescLength        = 1 << 16
)

// Network is a loaded Stockfish 15.1 network. It is read-only once loaded
// and safe for concurrent use; each goroutine evaluates through its own
// Evaluator (Network.Evaluate keeps a pool of them). Load and LoadFile
// make one; the zero Network is not usable.
type Network struct {
	// Description is the text the file carries after its header (for
	// Stockfish's networks, the trainer that made it).
	Description string

	// The transformer's int16s are packed four to a uint64 (element 4i+k
	// in bits 16k to 16k+15 of word i), to be added four at a time.
	ftBias    [lanes]uint64
	ftWeights [][]uint64           // Features rows of lanes words, blockRows rows a block
	ftPSQT    []int32              // Features rows of Buckets
	stacks    *[Buckets]layerStack // allocated once the transformer is read

	pool sync.Pool // of *Evaluator, for Network.Evaluate
}

// blockRows is the number of transformer weight rows allocated together:
// a truncated file costs the memory it holds, not the whole network's.
const blockRows = 32

// row returns the transformer's weights of feature f.
func (n *Network) row(f int) *[lanes]uint64 {
	b := n.ftWeights[f/blockRows]
	o := (f % blockRows) * lanes
	return (*[lanes]uint64)(b[o : o+lanes])
}

// layerStack is one of the eight networks behind the transformer, chosen by
// the number of pieces on the board.
type layerStack struct {
	b0 [l1Out]int32
	w0 [HalfDimensions][l1Out]int8 // by input, then output (the file's transposed)
	b1 [l2Out]int32
	w1 [l2Out * l2In]int8 // by output, then input in tail's order
	// The first two layers' weights again, in chunks of four inputs, for
	// the SIMD kernels: w0c[c][o][k] is output o's weight of input 4c+k.
	w0c [HalfDimensions / 4][l1Out][4]int8
	w1c [l2In / 4][l2Out][4]int8
	b2  int32
	w2  [l2Out]int8
}

// transformerHash is the hash that precedes the feature transformer's
// parameters: the feature set's, xor the transformer's output width.
func transformerHash() uint32 { return featureHash ^ (2 * HalfDimensions) }

func affineHash(out uint32, prev uint32) uint32 {
	h := affineHashK + out
	h ^= prev >> 1
	h ^= prev << 31
	return h
}

func reluHash(prev uint32) uint32 { return reluHashK + prev }

// stackHash is the hash that precedes each layer stack: the input slice,
// then each layer's in turn (the squared activation does not take part:
// Stockfish 15.1 leaves it out of the chain).
func stackHash() uint32 {
	h := inputSliceK ^ (2 * HalfDimensions)
	h = affineHash(l1Out, h)
	h = reluHash(h)
	h = affineHash(l2Out, h)
	h = reluHash(h)
	h = affineHash(1, h)
	return h
}

// headerHash is the hash of the whole architecture, in the file's header.
func headerHash() uint32 { return transformerHash() ^ stackHash() }
