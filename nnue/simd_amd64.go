//go:build !nnue_purego

package nnue

import (
	"golang.org/x/sys/cpu"

	"github.com/gambit-chess/gambit/core"
)

// available says which kernels this CPU runs; the AVX-512 sets use an
// AVX2 kernel for the PSQT sums.
var available = [...]bool{
	PureGo:     true,
	AVX2:       cpu.X86.HasAVX2,
	AVX512:     hasAVX512,
	AVX512VNNI: hasAVX512 && cpu.X86.HasAVX512VNNI,
}

var hasAVX512 = cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW

// simdScratch holds the SIMD kernels' arguments that are arrays: the
// transformer's and the PSQT rows of an update's features.
type simdScratch struct {
	rows     [maxActiveLen]*uint64
	psqtRows [maxActiveLen]*int32
}

// updateSIMD is update's work in e's SIMD kernels (perspective c of dst
// from src plus feats[:nadd] less feats[nadd:]); false for PureGo.
func (e *Evaluator) updateSIMD(dst *accumulator, c core.Color, srcAcc *[lanes]uint64, srcPSQT *[Buckets]int32, feats []int, nadd int) bool {
	for i, f := range feats {
		e.simd.rows[i] = &e.net.row(f)[0]
		e.simd.psqtRows[i] = &e.net.ftPSQT[f*Buckets]
	}
	nsub := len(feats) - nadd
	switch e.kernels {
	case AVX2:
		accUpdateAVX2(&dst.acc[c][0], &srcAcc[0], &e.simd.rows, nadd, nsub)
	case AVX512, AVX512VNNI:
		accUpdateAVX512(&dst.acc[c][0], &srcAcc[0], &e.simd.rows, nadd, nsub)
	default:
		return false
	}
	psqtUpdateAVX2(&dst.psqt[c][0], &srcPSQT[0], &e.simd.psqtRows, nadd, nsub)
	return true
}

// transformSIMD is transform's work in e's SIMD kernels; false for PureGo.
func (e *Evaluator) transformSIMD() bool {
	kernel := transformAVX2
	switch e.kernels {
	case AVX2:
	case AVX512, AVX512VNNI:
		kernel = transformAVX512
	default:
		return false
	}
	kernel((*[HalfDimensions / 2]uint8)(e.transformed[:]), &e.cur.acc[e.stm][0])
	kernel((*[HalfDimensions / 2]uint8)(e.transformed[HalfDimensions/2:]), &e.cur.acc[e.stm.Other()][0])
	return true
}

// affineL1SIMD sets e.l1 to s's first layer of e.transformed in e's SIMD
// kernels; false for PureGo.
func (e *Evaluator) affineL1SIMD(s *layerStack) bool {
	switch e.kernels {
	case AVX2:
		affineL1AVX2(&e.l1, &e.transformed, &s.w0c, &s.b0)
	case AVX512:
		affineL1AVX512(&e.l1, &e.transformed, &s.w0c, &s.b0)
	case AVX512VNNI:
		affineL1AVX512VNNI(&e.l1, &e.transformed, &s.w0c, &s.b0)
	default:
		return false
	}
	return true
}

// tailSIMD is tail's work in e's SIMD kernels (AVX2's for every set:
// the layers after the first are small); false for PureGo.
func (e *Evaluator) tailSIMD(s *layerStack) (int32, bool) {
	if e.kernels == PureGo {
		return 0, false
	}
	return tailAVX2(&e.l1, &e.l1act, &s.w1c, &s.b1, &e.l2, &e.l2act, &s.w2), true
}
