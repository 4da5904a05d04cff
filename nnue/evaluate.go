package nnue

import (
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// ErrPosition is matched by the error of CheckPosition for a position the
// network cannot evaluate: not one king a side, or more than 32 pieces.
var ErrPosition = errors.New("nnue: position cannot be evaluated")

// Evaluator evaluates positions with one network, in buffers of its own:
// it allocates nothing per evaluation. An Evaluator is not safe for
// concurrent use; give each goroutine its own (NewEvaluator is cheap:
// about 6 KB, and 4 KB a ply of the deepest line the incremental path
// follows).
type Evaluator struct {
	net *Network

	// The board, as a list: squares and pieces, kings included.
	sq    [maxActiveLen]core.Square
	pc    [maxActiveLen]core.Piece
	n     int
	kings [2]core.Square
	stm   core.Color

	scratch     accumulator  // the from-scratch evaluations'
	cur         *accumulator // the accumulator transform reads
	stack       []accumulator
	top         int // stack[top] is the incremental path's current position
	transformed [HalfDimensions]uint8
	l1          [l1Out]int32
	l1act       [l2In]uint8
	l2          [l2Out]int32
	l2act       [l2Out]uint8

	kernels Kernels           // the arithmetic: pure Go or SIMD
	feats   [maxActiveLen]int // a refresh's features
	simd    simdScratch       // the SIMD kernels' arguments
}

// accumulator is the feature transformer's output for both perspectives
// (indexed by colour) before the activation: the int16 sums packed as
// ftBias, and the PSQT sums.
type accumulator struct {
	acc  [2][lanes]uint64
	psqt [2][Buckets]int32
}

// NewEvaluator returns an Evaluator for n, computing with BestKernels.
// The zero Evaluator is not usable.
func (n *Network) NewEvaluator() *Evaluator {
	return &Evaluator{net: n, kernels: BestKernels()}
}

// Evaluate returns the network's evaluation of pos in Stockfish's internal
// units, from the side to move's point of view: what Stockfish 15.1's
// NNUE::evaluate returns without its "adjusted" weighting, the value its
// eval command prints (from White's side, in units of PawnValue) as "NNUE
// evaluation". It evaluates from scratch: both accumulators refreshed
// from every piece. A position CheckPosition refuses evaluates to 0.
func (e *Evaluator) Evaluate(pos *core.Position) int {
	if !e.setBoard(pos) {
		return 0
	}
	e.refresh(-1)
	psqt, positional := e.run(e.bucket(-1))
	return int((psqt + positional) / outputScale)
}

// Evaluate is Evaluator.Evaluate with an Evaluator from a pool: safe for
// concurrent use, and allocation-free once the pool has one per goroutine.
func (n *Network) Evaluate(pos *core.Position) int {
	e := n.pool.Get().(*Evaluator)
	v := e.Evaluate(pos)
	n.pool.Put(e)
	return v
}

// CheckPosition returns nil when the network can evaluate pos (one king a
// side, at most 32 pieces: every position of standard chess and
// Chess960), else an error matching ErrPosition that says why.
func CheckPosition(pos *core.Position) error {
	for _, c := range [2]core.Color{core.White, core.Black} {
		if k := pos.Pieces(c, core.King).Count(); k != 1 {
			return fmt.Errorf("%w: %v has %d kings, want 1", ErrPosition, c, k)
		}
	}
	if n := pos.Occupied().Count(); n > maxActiveLen {
		return fmt.Errorf("%w: %d pieces, at most %d", ErrPosition, n, maxActiveLen)
	}
	return nil
}

// setBoard copies pos's pieces into the list; false if it cannot be
// evaluated.
func (e *Evaluator) setBoard(pos *core.Position) bool {
	if CheckPosition(pos) != nil {
		return false
	}
	e.n = 0
	for bb := pos.Occupied(); bb != 0; {
		s := bb.PopFirst()
		e.sq[e.n] = s
		e.pc[e.n] = pos.PieceAt(s)
		e.n++
	}
	e.kings[core.White] = pos.KingSquare(core.White)
	e.kings[core.Black] = pos.KingSquare(core.Black)
	e.stm = pos.SideToMove()
	return true
}

// bucket is the layer stack (and PSQT bucket) for the board less the
// piece at index skip (none when skip < 0).
func (e *Evaluator) bucket(skip int) int {
	n := e.n
	if skip >= 0 {
		n--
	}
	return (n - 1) / 4
}

// refresh computes both accumulators from the board, leaving out the piece
// at index skip when skip >= 0. The int16 sums wrap as Stockfish's do.
func (e *Evaluator) refresh(skip int) {
	e.cur = &e.scratch
	e.refreshInto(&e.scratch, core.White, skip)
	e.refreshInto(&e.scratch, core.Black, skip)
}

// refreshInto computes a's perspective c from the board, leaving out the
// piece at index skip when skip >= 0.
func (e *Evaluator) refreshInto(a *accumulator, c core.Color, skip int) {
	ksq := e.kings[c]
	n := 0
	for i := range e.n {
		if i != skip {
			e.feats[n] = featureIndex(c, ksq, e.sq[i], e.pc[i])
			n++
		}
	}
	e.update(a, c, &e.net.ftBias, &zeroPSQT, e.feats[:n], n)
}

// zeroPSQT is where a refresh's PSQT sums start.
var zeroPSQT [Buckets]int32

// update sets dst's perspective c to the sums srcAcc and srcPSQT plus the
// weights of the features feats[:nadd] less those of feats[nadd:] (at most
// maxActiveLen features), in e's kernels.
func (e *Evaluator) update(dst *accumulator, c core.Color, srcAcc *[lanes]uint64, srcPSQT *[Buckets]int32, feats []int, nadd int) {
	if e.kernels != PureGo && e.updateSIMD(dst, c, srcAcc, srcPSQT, feats, nadd) {
		return
	}
	dst.acc[c] = *srcAcc
	dst.psqt[c] = *srcPSQT
	for i, f := range feats {
		if i < nadd {
			e.addFeature(dst, c, f)
		} else {
			e.subFeature(dst, c, f)
		}
	}
}

// addFeature adds feature f's weights to a's perspective c.
func (e *Evaluator) addFeature(a *accumulator, c core.Color, f int) {
	acc := &a.acc[c]
	row := e.net.row(f)
	for j := range acc {
		acc[j] = add16x4(acc[j], row[j])
	}
	ps := &a.psqt[c]
	prow := (*[Buckets]int32)(e.net.ftPSQT[f*Buckets : (f+1)*Buckets])
	for j := range ps {
		ps[j] += prow[j]
	}
}

// subFeature subtracts feature f's weights from a's perspective c.
func (e *Evaluator) subFeature(a *accumulator, c core.Color, f int) {
	acc := &a.acc[c]
	row := e.net.row(f)
	for j := range acc {
		acc[j] = sub16x4(acc[j], row[j])
	}
	ps := &a.psqt[c]
	prow := (*[Buckets]int32)(e.net.ftPSQT[f*Buckets : (f+1)*Buckets])
	for j := range ps {
		ps[j] -= prow[j]
	}
}

// add16x4 adds the four int16s packed in a and b lane by lane, each sum
// wrapping at 16 bits as Stockfish's int16 additions do: the low 15 bits
// of each lane are added with the top bit of every lane cleared, so that
// no carry crosses a lane, and the top bits are put back by xor.
func add16x4(a, b uint64) uint64 {
	const top = 0x8000_8000_8000_8000
	return ((a &^ top) + (b &^ top)) ^ ((a ^ b) & top)
}

// sub16x4 subtracts the four int16s packed in b from a's, lane by lane,
// wrapping at 16 bits: a plus the lanes' two's complements (each lane's
// inverse plus one, added without carries between lanes).
func sub16x4(a, b uint64) uint64 {
	return add16x4(a, add16x4(^b, 0x0001_0001_0001_0001))
}

// transform turns the accumulators into the first layer's input (the side
// to move's half first): each half's two halves clipped to 0..127 and
// multiplied pairwise, over 128.
func (e *Evaluator) transform() {
	if e.kernels != PureGo && e.transformSIMD() {
		return
	}
	const half = lanes / 2
	for p, c := range [2]core.Color{e.stm, e.stm.Other()} {
		acc := &e.cur.acc[c]
		out := (*[HalfDimensions / 2]uint8)(e.transformed[p*HalfDimensions/2:])
		for w := range half {
			wa, wb := acc[w], acc[w+half]
			for k := range 4 {
				a := min(max(int32(int16(wa>>(16*k))), 0), 127)
				b := min(max(int32(int16(wb>>(16*k))), 0), 127)
				out[4*w+k] = uint8(a * b / 128)
			}
		}
	}
}

// run returns the PSQT and positional terms of bucket b (in internal units
// times 16, the side to move's view) from the accumulators.
func (e *Evaluator) run(b int) (psqt, positional int32) {
	e.transform()
	psqt = (e.cur.psqt[e.stm][b] - e.cur.psqt[e.stm.Other()][b]) / 2
	return psqt, e.propagate(&e.net.stacks[b])
}

// propagate runs one layer stack on the transformed features.
func (e *Evaluator) propagate(s *layerStack) int32 {
	e.affineL1(s)
	out := s.b2 + e.tail(s)
	// The skip connection: the first layer's 16th output, rescaled from
	// 127*64 a unit to 600*16 (int32 arithmetic, truncated, as in C++).
	skip := e.l1[l1Hidden] * skipNumer / skipDenom
	return out + skip
}

// affineL1 sets e.l1 to s's first layer of e.transformed.
func (e *Evaluator) affineL1(s *layerStack) {
	if e.kernels != PureGo && e.affineL1SIMD(s) {
		return
	}
	// Column by column, skipping the inputs that are zero (most are: the
	// clipped products are often 0).
	e.l1 = s.b0
	for j, x := range &e.transformed {
		if x == 0 {
			continue
		}
		col := &s.w0[j]
		for i := range e.l1 {
			e.l1[i] += int32(col[i]) * int32(x)
		}
	}
}

// tail runs the layers after the first from e.l1 and returns the output
// layer's products summed, without its bias. The first layer's outputs go
// to the second twice: squared (x*x >> 19, at most 127) into e.l1act[:16],
// then clipped (x >> 6 into 0..127) into e.l1act[16:]. The file's second
// layer reads 15 and 15 of them (not the skip output's) and two zeros
// after; the loader moved its weights to this order, with zero weights
// for the skip output's two, which keeps the SIMD kernel's registers
// whole.
func (e *Evaluator) tail(s *layerStack) int32 {
	if e.kernels != PureGo {
		if out, ok := e.tailSIMD(s); ok {
			return out
		}
	}
	for i, x := range e.l1 {
		e.l1act[i] = uint8(min(int64(x)*int64(x)>>(2*weightShift+7), 127))
		e.l1act[l1Out+i] = uint8(min(max(x>>weightShift, 0), 127))
	}
	for i := range e.l2 {
		w := (*[l2In]int8)(s.w1[i*l2In : (i+1)*l2In])
		sum := s.b1[i]
		for j, x := range e.l1act {
			sum += int32(w[j]) * int32(x)
		}
		e.l2[i] = sum
	}
	var out int32
	for i, sum := range e.l2 {
		e.l2act[i] = uint8(min(max(sum>>weightShift, 0), 127))
		out += int32(s.w2[i]) * int32(e.l2act[i])
	}
	return out
}
