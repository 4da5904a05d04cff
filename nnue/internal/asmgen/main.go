// Command asmgen writes package nnue's SIMD kernels for amd64 with avo
// (github.com/mmcloughlin/avo): the assembly simd_amd64.s and its Go
// declarations simd_stubs_amd64.go. It is run by the go:generate line in
// nnue/simd.go (`go run ./internal/asmgen -out simd_amd64.s -stubs
// simd_stubs_amd64.go -pkg nnue`); the two files are never edited by hand,
// and TestAssemblyIsReproducible checks that they are what it writes.
//
// Each kernel comes in an AVX2 form (16 registers of 32 bytes) and an
// AVX-512 form (32 registers of 64 bytes, the AVX512BW instructions on
// 16-bit lanes), from the same Go function given the vector width. The
// arithmetic is the pure-Go path's, lane for lane: wrapping int16 sums
// for the accumulators, exact int32 sums for the layers. VPMADDUBSW, which
// adds two products of a uint8 input by an int8 weight into an int16 with
// saturation, never saturates here: the inputs are at most 127 (the
// transformer's output at most 126), so a pair is at most 2*127*128 =
// 32,512 in magnitude.
package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The dimensions of nnue's network (nnue/network.go).
const (
	halfDimensions = 1024               // int16s in one perspective's accumulator
	accBytes       = 2 * halfDimensions // bytes in one perspective's accumulator
	maxRows        = 32                 // the rows array's length (nnue's maxActiveLen)
)

// isa is one family of vector instructions: its name (the kernels'
// suffix), the width of a vector register in bytes and how many there are.
type isa struct {
	name  string
	width int
	regs  int
}

var (
	avx2   = isa{name: "AVX2", width: 32, regs: 16}
	avx512 = isa{name: "AVX512", width: 64, regs: 32}
)

// The vector registers by number.
var (
	ymm = [16]reg.VecPhysical{reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7, reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14, reg.Y15}
	zmm = [32]reg.VecPhysical{reg.Z0, reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5, reg.Z6, reg.Z7, reg.Z8, reg.Z9, reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15, reg.Z16, reg.Z17, reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23, reg.Z24, reg.Z25, reg.Z26, reg.Z27, reg.Z28, reg.Z29, reg.Z30, reg.Z31}
)

// vec returns vector register i of the isa (Y or Z).
func (s isa) vec(i int) reg.VecPhysical {
	if s.width == 64 {
		return zmm[i]
	}
	return ymm[i]
}

// load and store move a whole vector between memory and a register.
func (s isa) load(m operand.Mem, v reg.Register) {
	if s.width == 64 {
		build.VMOVDQU64(m, v)
		return
	}
	build.VMOVDQU(m, v)
}

func (s isa) store(v reg.Register, m operand.Mem) {
	if s.width == 64 {
		build.VMOVDQU64(v, m)
		return
	}
	build.VMOVDQU(v, m)
}

// zero clears v.
func (s isa) zero(v reg.Register) {
	if s.width == 64 {
		build.VPXORD(v, v, v)
		return
	}
	build.VPXOR(v, v, v)
}

// ones sets every bit of v.
func (s isa) ones(v reg.Register) {
	if s.width == 64 {
		build.VPTERNLOGD(operand.U8(0xff), v, v, v)
		return
	}
	build.VPCMPEQW(v, v, v)
}

// words sets every 16-bit lane of v to 0xffff >> shift.
func (s isa) words(v reg.Register, shift int) {
	s.ones(v)
	build.VPSRLW(operand.U8(shift), v, v)
}

// end leaves the kernel: VZEROUPPER, so that SSE code after it does not
// pay for the upper halves, then RET.
func end() {
	build.VZEROUPPER()
	build.RET()
}

func main() {
	build.ConstraintExpr("!nnue_purego")
	for _, s := range []isa{avx2, avx512} {
		accUpdate(s)
		transform(s)
		affine(s, "L1", 1024, 16, false)
	}
	affine(avx512, "L1", 1024, 16, true)
	psqtUpdate()
	tail()
	build.Generate()
}

// accUpdate writes accUpdate<ISA>(dst, src, rows, nadd, nsub): dst = src
// plus the rows rows[0:nadd] less the rows rows[nadd:nadd+nsub], each a
// perspective's accumulator of 1024 int16s, with wrapping sums. The
// accumulator is done in tiles of as many vectors as there are
// registers (AVX-512: the whole of it at once), each tile read once,
// added to from every row and written once.
func accUpdate(s isa) {
	build.TEXT("accUpdate"+s.name, attr.NOSPLIT, fmt.Sprintf("func(dst, src *uint64, rows *[%d]*uint64, nadd, nsub int)", maxRows))
	build.Pragma("noescape")
	build.Doc(
		"accUpdate"+s.name+" sets dst to src plus the rows rows[0:nadd] less the rows",
		"rows[nadd:nadd+nsub]: 1024 int16s each, the sums wrapping.",
	)
	dst := build.Load(build.Param("dst"), build.GP64())
	src := build.Load(build.Param("src"), build.GP64())
	rows := build.Load(build.Param("rows"), build.GP64())
	nadd := build.Load(build.Param("nadd"), build.GP64())
	nsub := build.Load(build.Param("nsub"), build.GP64())
	build.ADDQ(nadd, nsub) // the end of the subtracted rows
	i, row := build.GP64(), build.GP64()
	tile := s.regs * s.width
	for t := 0; t*tile < accBytes; t++ {
		base := t * tile
		build.Commentf("Tile %d: bytes %d to %d.", t, base, base+tile-1)
		for r := range s.regs {
			s.load(operand.Mem{Base: src, Disp: base + r*s.width}, s.vec(r))
		}
		build.XORQ(i, i)
		add, sub := fmt.Sprintf("add%d", t), fmt.Sprintf("sub%d", t)
		addDone, subDone := add+"done", sub+"done"
		build.Label(add)
		build.CMPQ(i, nadd)
		build.JGE(operand.LabelRef(addDone))
		build.MOVQ(operand.Mem{Base: rows, Index: i, Scale: 8}, row)
		for r := range s.regs {
			build.VPADDW(operand.Mem{Base: row, Disp: base + r*s.width}, s.vec(r), s.vec(r))
		}
		build.INCQ(i)
		build.JMP(operand.LabelRef(add))
		build.Label(addDone)
		build.Label(sub)
		build.CMPQ(i, nsub)
		build.JGE(operand.LabelRef(subDone))
		build.MOVQ(operand.Mem{Base: rows, Index: i, Scale: 8}, row)
		for r := range s.regs {
			build.VPSUBW(operand.Mem{Base: row, Disp: base + r*s.width}, s.vec(r), s.vec(r))
		}
		build.INCQ(i)
		build.JMP(operand.LabelRef(sub))
		build.Label(subDone)
		for r := range s.regs {
			s.store(s.vec(r), operand.Mem{Base: dst, Disp: base + r*s.width})
		}
	}
	end()
}

// psqtUpdate writes psqtUpdateAVX2, accUpdate for the eight int32 PSQT
// sums of a perspective: one AVX2 register, used by both kernel sets.
func psqtUpdate() {
	build.TEXT("psqtUpdateAVX2", attr.NOSPLIT, fmt.Sprintf("func(dst, src *int32, rows *[%d]*int32, nadd, nsub int)", maxRows))
	build.Pragma("noescape")
	build.Doc(
		"psqtUpdateAVX2 sets dst to src plus the rows rows[0:nadd] less the rows",
		"rows[nadd:nadd+nsub]: 8 int32s each.",
	)
	dst := build.Load(build.Param("dst"), build.GP64())
	src := build.Load(build.Param("src"), build.GP64())
	rows := build.Load(build.Param("rows"), build.GP64())
	nadd := build.Load(build.Param("nadd"), build.GP64())
	nsub := build.Load(build.Param("nsub"), build.GP64())
	build.ADDQ(nadd, nsub)
	i, row := build.GP64(), build.GP64()
	sum := build.YMM()
	build.VMOVDQU(operand.Mem{Base: src}, sum)
	build.XORQ(i, i)
	build.Label("add")
	build.CMPQ(i, nadd)
	build.JGE(operand.LabelRef("adddone"))
	build.MOVQ(operand.Mem{Base: rows, Index: i, Scale: 8}, row)
	build.VPADDD(operand.Mem{Base: row}, sum, sum)
	build.INCQ(i)
	build.JMP(operand.LabelRef("add"))
	build.Label("adddone")
	build.Label("sub")
	build.CMPQ(i, nsub)
	build.JGE(operand.LabelRef("subdone"))
	build.MOVQ(operand.Mem{Base: rows, Index: i, Scale: 8}, row)
	build.VPSUBD(operand.Mem{Base: row}, sum, sum)
	build.INCQ(i)
	build.JMP(operand.LabelRef("sub"))
	build.Label("subdone")
	build.VMOVDQU(sum, operand.Mem{Base: dst})
	end()
}

// transform writes transform<ISA>(out, acc): the first layer's input from
// one perspective's accumulator, out[j] = clip(acc[j]) * clip(acc[j+512])
// / 128 for j < 512, clip clamping to 0..127 (the products are at most
// 127*127, so the int16 product is exact and the division a shift).
func transform(s isa) {
	build.TEXT("transform"+s.name, attr.NOSPLIT, "func(out *[512]uint8, acc *uint64)")
	build.Pragma("noescape")
	build.Doc(
		"transform"+s.name+" sets out[j] to clip(acc[j]) * clip(acc[j+512]) / 128, clip",
		"clamping an int16 of the accumulator to 0..127.",
	)
	out := build.Load(build.Param("out"), build.GP64())
	acc := build.Load(build.Param("acc"), build.GP64())
	zero, top := s.vec(s.regs-1), s.vec(s.regs-2)
	s.zero(zero)
	s.words(top, 9) // 127
	const half = accBytes / 2
	clip := func(v reg.Register) {
		build.VPMAXSW(zero, v, v)
		build.VPMINSW(top, v, v)
	}
	if s.width == 64 {
		// 32 products a register, narrowed to bytes by VPMOVWB (they are
		// at most 126), which keeps their order.
		for k := 0; k*s.width < half; k++ {
			a, b := s.vec(2*(k%4)), s.vec(2*(k%4)+1)
			s.load(operand.Mem{Base: acc, Disp: k * s.width}, a)
			s.load(operand.Mem{Base: acc, Disp: half + k*s.width}, b)
			clip(a)
			clip(b)
			build.VPMULLW(b, a, a)
			build.VPSRLW(operand.U8(7), a, a)
			build.VPMOVWB(a, operand.Mem{Base: out, Disp: k * s.width / 2})
		}
		end()
		return
	}
	// 32 products from two registers a pass, packed to bytes: VPACKUSWB
	// packs each 128-bit half apart, so the quadwords come out in the
	// order 0, 2, 1, 3, which VPERMQ puts back.
	for k := 0; 2*k*s.width < half; k++ {
		r := 4 * (k % 3)
		a0, a1, b0, b1 := s.vec(r), s.vec(r+1), s.vec(r+2), s.vec(r+3)
		s.load(operand.Mem{Base: acc, Disp: 2 * k * s.width}, a0)
		s.load(operand.Mem{Base: acc, Disp: (2*k + 1) * s.width}, a1)
		s.load(operand.Mem{Base: acc, Disp: half + 2*k*s.width}, b0)
		s.load(operand.Mem{Base: acc, Disp: half + (2*k+1)*s.width}, b1)
		for _, v := range []reg.Register{a0, a1, b0, b1} {
			clip(v)
		}
		build.VPMULLW(b0, a0, a0)
		build.VPMULLW(b1, a1, a1)
		build.VPSRLW(operand.U8(7), a0, a0)
		build.VPSRLW(operand.U8(7), a1, a1)
		build.VPACKUSWB(a1, a0, a0)
		build.VPERMQ(operand.U8(0xD8), a0, a0)
		s.store(a0, operand.Mem{Base: out, Disp: k * s.width})
	}
	end()
}

// vpdpbusd emits VPDPBUSD w, x, acc (AVX512_VNNI): to each int32 lane of
// acc, the four products of x's unsigned bytes by w's signed bytes in that
// lane, without saturation. avo v0.5.0, the version the Go module proxy
// serves, does not know the instruction (Go's assembler does), so it is
// given to avo with its operands, inputs and outputs spelled out.
func vpdpbusd(w operand.Mem, x, acc reg.Register) {
	build.Instruction(&ir.Instruction{
		Opcode:   "VPDPBUSD",
		Operands: []operand.Op{w, x, acc},
		Inputs:   []operand.Op{w, x, acc},
		Outputs:  []operand.Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}

// affine writes affine<Name><ISA>(out, in, w, bias): out[o] = bias[o] +
// sum over i of in[i]*w(o, i), with uint8 inputs, int8 weights and int32
// sums, for nIn inputs and nOut outputs. The weights are in chunks of
// four inputs: chunk c holds, for each output o in turn, its weights of
// inputs 4c to 4c+3 (nnue's w0c and w1c), so that the four inputs,
// broadcast to every 32-bit lane, meet each output's four weights in
// that output's lane: VPMADDUBSW multiplies and adds pairs into int16s,
// VPMADDWD by ones adds those pairs into int32s (with vnni, AVX-512's
// VPDPBUSD does the three instructions' work in one: affine<Name>AVX512VNNI).
// Chunks alternate between sets of sums, so that consecutive additions do
// not wait on each other.
func affine(s isa, name string, nIn, nOut int, vnni bool) {
	kernel := "affine" + name + s.name
	if vnni {
		kernel += "VNNI"
	}
	build.TEXT(kernel, attr.NOSPLIT, fmt.Sprintf("func(out *[%d]int32, in *[%d]uint8, w *[%d][%d][4]int8, bias *[%d]int32)", nOut, nIn, nIn/4, nOut, nOut))
	build.Pragma("noescape")
	build.Doc(fmt.Sprintf("%s sets out to bias plus the product of the %d inputs in by the weights w.", kernel, nIn))
	out := build.Load(build.Param("out"), build.GP64())
	in := build.Load(build.Param("in"), build.GP64())
	w := build.Load(build.Param("w"), build.GP64())
	bias := build.Load(build.Param("bias"), build.GP64())
	perChunk := nOut * 4 / s.width // vectors of weights a chunk
	sets := max(4/perChunk, 1)
	var sums [][]reg.VecVirtual
	newVec := func() reg.VecVirtual {
		if s.width == 64 {
			return build.ZMM()
		}
		return build.YMM()
	}
	for range sets {
		var set []reg.VecVirtual
		for range perChunk {
			v := newVec()
			s.zero(v)
			set = append(set, v)
		}
		sums = append(sums, set)
	}
	var ones reg.VecVirtual
	if !vnni {
		ones = newVec()
		s.words(ones, 15)
	}
	n := build.GP64()
	build.MOVQ(operand.U32(nIn/4/sets), n)
	build.Label("chunk")
	for set := range sets {
		x := newVec()
		build.VPBROADCASTD(operand.Mem{Base: in, Disp: 4 * set}, x)
		for v := range perChunk {
			if vnni {
				vpdpbusd(operand.Mem{Base: w, Disp: set*nOut*4 + v*s.width}, x, sums[set][v])
				continue
			}
			p := newVec()
			build.VPMADDUBSW(operand.Mem{Base: w, Disp: set*nOut*4 + v*s.width}, x, p)
			build.VPMADDWD(ones, p, p)
			build.VPADDD(p, sums[set][v], sums[set][v])
		}
	}
	build.ADDQ(operand.U32(4*sets), in)
	build.ADDQ(operand.U32(sets*nOut*4), w)
	build.DECQ(n)
	build.JNZ(operand.LabelRef("chunk"))
	for v := range perChunk {
		for set := 1; set < sets; set++ {
			build.VPADDD(sums[set][v], sums[0][v], sums[0][v])
		}
		build.VPADDD(operand.Mem{Base: bias, Disp: v * s.width}, sums[0][v], sums[0][v])
		s.store(sums[0][v], operand.Mem{Base: out, Disp: v * s.width})
	}
	end()
}

// tail writes tailAVX2(l1, act1, w1, b1, l2, act2, w2): the layers after
// the first, in one pass on AVX2's registers (used by every SIMD set: they
// are small). From the first layer's 16 sums l1 it writes act1, their
// squares (x*x >> 19, at most 127) then their clipped values (x >> 6 into
// 0..127); from those the second layer's 32 sums l2 (bias b1, weights w1
// in chunks of four inputs, as affine's); from those act2 (x >> 6 into
// 0..127); and returns the output layer's sum of act2 by w2, its bias
// left to the caller.
//
// The square is Stockfish's: the sum saturated to int16 (any sum beyond
// it squares past 127 all the same), VPMULHW's high half of x*x, shifted
// by 3 more. VPACKSSDW and VPACKUSWB narrow each 128-bit half apart,
// leaving the 32-bit groups of four in the order 0, 4, 1, 5, 2, 6, 3, 7;
// VPERMD puts them back.
func tail() {
	build.TEXT("tailAVX2", attr.NOSPLIT, "func(l1 *[16]int32, act1 *[32]uint8, w1 *[8][32][4]int8, b1 *[32]int32, l2 *[32]int32, act2 *[32]uint8, w2 *[32]int8) int32")
	build.Pragma("noescape")
	build.Doc(
		"tailAVX2 runs the layers after the first from its sums l1: it writes act1 (their",
		"squares, then their clipped values), l2 (the second layer) and act2 (its",
		"clipped values), and returns the output layer's products summed, without",
		"its bias.",
	)
	l1 := build.Load(build.Param("l1"), build.GP64())
	act1 := build.Load(build.Param("act1"), build.GP64())
	w1 := build.Load(build.Param("w1"), build.GP64())
	b1 := build.Load(build.Param("b1"), build.GP64())
	l2 := build.Load(build.Param("l2"), build.GP64())
	act2 := build.Load(build.Param("act2"), build.GP64())
	w2 := build.Load(build.Param("w2"), build.GP64())

	zero, top, ones := build.YMM(), build.YMM(), build.YMM()
	avx2.zero(zero)
	avx2.words(top, 9)   // 127
	avx2.words(ones, 15) // 1
	// The permutation that puts packed groups back: 0, 4, 1, 5, 2, 6, 3, 7
	// read from the bytes of a constant.
	order, t := build.YMM(), build.GP64()
	build.MOVQ(operand.U64(0x0703060205010400), t)
	build.VMOVQ(t, order.AsX())
	build.VPMOVZXBD(order.AsX(), order)
	narrow := func(lo, hi reg.VecVirtual, out operand.Mem) reg.VecVirtual {
		build.VPACKUSWB(hi, lo, lo)
		build.VPERMD(lo, order, lo)
		build.VMOVDQU(lo, out)
		return lo
	}

	build.Comment("The first layer's activations.")
	a, b := build.YMM(), build.YMM()
	build.VMOVDQU(operand.Mem{Base: l1}, a)
	build.VMOVDQU(operand.Mem{Base: l1, Disp: 32}, b)
	sq, cl := build.YMM(), build.YMM()
	build.VPACKSSDW(b, a, sq)
	build.VPMULHW(sq, sq, sq)
	build.VPSRLW(operand.U8(3), sq, sq)
	build.VPMINSW(top, sq, sq)
	build.VPSRAD(operand.U8(6), a, a)
	build.VPSRAD(operand.U8(6), b, b)
	build.VPACKSSDW(b, a, cl)
	build.VPMAXSW(zero, cl, cl)
	build.VPMINSW(top, cl, cl)
	narrow(sq, cl, operand.Mem{Base: act1})

	build.Comment("The second layer: 8 chunks of four inputs, 32 outputs.")
	var sums [4]reg.VecVirtual
	for v := range sums {
		sums[v] = build.YMM()
		build.VMOVDQU(operand.Mem{Base: b1, Disp: 32 * v}, sums[v])
	}
	for c := range 8 {
		x := build.YMM()
		build.VPBROADCASTD(operand.Mem{Base: act1, Disp: 4 * c}, x)
		for v := range sums {
			p := build.YMM()
			build.VPMADDUBSW(operand.Mem{Base: w1, Disp: 128*c + 32*v}, x, p)
			build.VPMADDWD(ones, p, p)
			build.VPADDD(p, sums[v], sums[v])
		}
	}
	for v := range sums {
		build.VMOVDQU(sums[v], operand.Mem{Base: l2, Disp: 32 * v})
		build.VPSRAD(operand.U8(6), sums[v], sums[v])
	}

	build.Comment("The second layer's activations.")
	lo, hi := build.YMM(), build.YMM()
	build.VPACKSSDW(sums[1], sums[0], lo)
	build.VPACKSSDW(sums[3], sums[2], hi)
	for _, v := range []reg.VecVirtual{lo, hi} {
		build.VPMAXSW(zero, v, v)
		build.VPMINSW(top, v, v)
	}
	act := narrow(lo, hi, operand.Mem{Base: act2})

	build.Comment("The output layer's products, summed across the register.")
	build.VPMADDUBSW(operand.Mem{Base: w2}, act, act)
	build.VPMADDWD(ones, act, act)
	h, s := build.XMM(), build.XMM()
	build.VEXTRACTI128(operand.U8(1), act, h)
	build.VPADDD(h, act.AsX(), h)
	build.VPSHUFD(operand.U8(0x4E), h, s)
	build.VPADDD(s, h, h)
	build.VPSHUFD(operand.U8(0xB1), h, s)
	build.VPADDD(s, h, h)
	r := build.GP32()
	build.VMOVD(h, r)
	build.Store(r, build.ReturnIndex(0))
	end()
}
