// Command asmgen writes package perspective's AVX2 kernels with avo
// (github.com/mmcloughlin/avo): the assembly simd_amd64.s and its Go
// declarations simd_stubs_amd64.go. It is run by the go:generate line in
// nnue/perspective/simd.go (`go run ./internal/asmgen -out simd_amd64.s
// -stubs simd_stubs_amd64.go -pkg perspective`); the two files are never
// edited by hand, and TestAssemblyIsReproducible checks that they are what
// it writes.
//
// The kernels work on rows of int16s whose length is a multiple of 64
// (four registers of 16 lanes a pass): the accumulators' updates, with
// wrapping sums as Go's int16 arithmetic, and the output's dot product,
// each lane clamped to 0..qa and multiplied by its weight with VPMADDWD
// (two products summed into an int32: exact, for a clamped lane is at
// most 32,767 and a weight at least -32,768), the int32 sums wrapping as
// Go's.
package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// unroll is the registers a pass of a loop: 4 of 32 bytes, 64 int16s.
const unroll = 4

func main() {
	build.ConstraintExpr("!nnue_purego")
	combine("addAVX2", "dst += add", []string{"add"}, nil, true)
	combine("updateAVX2", "dst = src + add - sub", []string{"add"}, []string{"sub"}, false)
	combine("updateCaptureAVX2", "dst = src + add - sub - sub2", []string{"add"}, []string{"sub", "sub2"}, false)
	dot()
	build.Generate()
}

// combine writes a kernel name(dst, [src,] rows..., n) that sets dst to
// src (dst itself when inPlace) plus the rows adds less the rows subs,
// n int16s each (a multiple of 64).
func combine(name, what string, adds, subs []string, inPlace bool) {
	sig := "func(dst"
	if !inPlace {
		sig += ", src"
	}
	for _, r := range append(append([]string{}, adds...), subs...) {
		sig += ", " + r
	}
	sig += " *int16, n int)"
	build.TEXT(name, attr.NOSPLIT, sig)
	build.Pragma("noescape")
	build.Doc(name + " sets " + what + " over n int16s (a multiple of 64), the sums wrapping.")
	dst := build.Load(build.Param("dst"), build.GP64())
	src := dst
	if !inPlace {
		src = build.Load(build.Param("src"), build.GP64())
	}
	var addRegs, subRegs []reg.Register
	for _, r := range adds {
		addRegs = append(addRegs, build.Load(build.Param(r), build.GP64()))
	}
	for _, r := range subs {
		subRegs = append(subRegs, build.Load(build.Param(r), build.GP64()))
	}
	n := build.Load(build.Param("n"), build.GP64())
	build.SHLQ(operand.U8(1), n) // in bytes
	i := build.GP64()
	build.XORQ(i, i)
	vs := make([]reg.VecVirtual, unroll)
	for k := range vs {
		vs[k] = build.YMM()
	}
	build.Label("loop")
	build.CMPQ(i, n)
	build.JGE(operand.LabelRef("done"))
	for k, v := range vs {
		build.VMOVDQU(operand.Mem{Base: src, Index: i, Scale: 1, Disp: 32 * k}, v)
	}
	for _, a := range addRegs {
		for k, v := range vs {
			build.VPADDW(operand.Mem{Base: a, Index: i, Scale: 1, Disp: 32 * k}, v, v)
		}
	}
	for _, s := range subRegs {
		for k, v := range vs {
			build.VPSUBW(operand.Mem{Base: s, Index: i, Scale: 1, Disp: 32 * k}, v, v)
		}
	}
	for k, v := range vs {
		build.VMOVDQU(v, operand.Mem{Base: dst, Index: i, Scale: 1, Disp: 32 * k})
	}
	build.ADDQ(operand.U32(32*unroll), i)
	build.JMP(operand.LabelRef("loop"))
	build.Label("done")
	build.VZEROUPPER()
	build.RET()
}

// dot writes dotAVX2(acc, w, n, qa): the sum of clamp(acc[i], 0, qa) *
// w[i] over n int16s (a multiple of 64), in int32.
func dot() {
	build.TEXT("dotAVX2", attr.NOSPLIT, "func(acc, w *int16, n int, qa int) int32")
	build.Pragma("noescape")
	build.Doc("dotAVX2 returns the sum of clamp(acc[i], 0, qa) * w[i] over n int16s (a",
		"multiple of 64), in int32 sums that wrap.")
	acc := build.Load(build.Param("acc"), build.GP64())
	w := build.Load(build.Param("w"), build.GP64())
	n := build.Load(build.Param("n"), build.GP64())
	qa := build.Load(build.Param("qa"), build.GP64())
	build.SHLQ(operand.U8(1), n)
	zero, top := build.YMM(), build.YMM()
	build.VPXOR(zero, zero, zero)
	build.VMOVQ(qa, top.AsX())
	build.VPBROADCASTW(top.AsX(), top)
	sums := make([]reg.VecVirtual, unroll)
	for k := range sums {
		sums[k] = build.YMM()
		build.VPXOR(sums[k], sums[k], sums[k])
	}
	i := build.GP64()
	build.XORQ(i, i)
	vs := make([]reg.VecVirtual, unroll)
	for k := range vs {
		vs[k] = build.YMM()
	}
	build.Label("loop")
	build.CMPQ(i, n)
	build.JGE(operand.LabelRef("done"))
	for k, v := range vs {
		build.VMOVDQU(operand.Mem{Base: acc, Index: i, Scale: 1, Disp: 32 * k}, v)
		build.VPMAXSW(zero, v, v)
		build.VPMINSW(top, v, v)
		build.VPMADDWD(operand.Mem{Base: w, Index: i, Scale: 1, Disp: 32 * k}, v, v)
		build.VPADDD(v, sums[k], sums[k])
	}
	build.ADDQ(operand.U32(32*unroll), i)
	build.JMP(operand.LabelRef("loop"))
	build.Label("done")
	build.VPADDD(sums[1], sums[0], sums[0])
	build.VPADDD(sums[3], sums[2], sums[2])
	build.VPADDD(sums[2], sums[0], sums[0])
	hi := build.XMM()
	build.VEXTRACTI128(operand.U8(1), sums[0], hi)
	build.VPADDD(hi, sums[0].AsX(), hi)
	tmp := build.XMM()
	build.VPSHUFD(operand.U8(0x4e), hi, tmp) // the two quadwords swapped
	build.VPADDD(tmp, hi, hi)
	build.VPSHUFD(operand.U8(0xb1), hi, tmp) // the dwords of each quadword swapped
	build.VPADDD(tmp, hi, hi)
	ret := build.GP32()
	build.VMOVD(hi, ret)
	build.Store(ret, build.ReturnIndex(0))
	build.VZEROUPPER()
	build.RET()
}
