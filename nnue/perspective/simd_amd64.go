//go:build !nnue_purego

package perspective

import "golang.org/x/sys/cpu"

// simdAvailable says whether the CPU runs the AVX2 kernels.
var simdAvailable = cpu.X86.HasAVX2

// The kernels' entry points on slices of one length, a multiple of 64
// (the Evaluator checks the hidden layer's width before it uses them).

func addSIMD(dst, add []int16) { addAVX2(&dst[0], &add[0], len(dst)) }

func updateSIMD(dst, src, add, sub []int16) {
	updateAVX2(&dst[0], &src[0], &add[0], &sub[0], len(dst))
}

func updateCaptureSIMD(dst, src, add, sub, sub2 []int16) {
	updateCaptureAVX2(&dst[0], &src[0], &add[0], &sub[0], &sub2[0], len(dst))
}

func dotSIMD(acc, w []int16, qa int16) int32 { return dotAVX2(&acc[0], &w[0], len(acc), int(qa)) }
