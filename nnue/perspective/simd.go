package perspective

import (
	"errors"
	"fmt"
)

//go:generate go run ./internal/asmgen -out simd_amd64.s -stubs simd_stubs_amd64.go -pkg perspective

// The arithmetic comes in two forms that give the same numbers, bit for
// bit: pure Go, and on amd64 AVX2 assembly (simd_amd64.s, written by the
// avo program internal/asmgen) for the accumulators' updates and the
// output's dot product, on networks whose hidden layer is a multiple of
// 64 neurons. NewEvaluator chooses AVX2 when the CPU has it; the build
// tag nnue_purego (as package nnue's) or GODEBUG=cpu.avx2=off keep to
// pure Go, and Evaluator.SetSIMD chooses.

// ErrSIMD is matched by the error of SetSIMD when the SIMD kernels cannot
// run: not amd64 with AVX2, the tag nnue_purego, or a hidden layer that is
// not a multiple of 64.
var ErrSIMD = errors.New("perspective: SIMD kernels not available")

// simdWidth is the multiple of neurons the kernels work on.
const simdWidth = 64

// SIMDAvailable reports whether this program runs the AVX2 kernels on
// this CPU (for networks whose hidden layer is a multiple of 64).
func SIMDAvailable() bool { return simdAvailable }

// SetSIMD makes e compute with the AVX2 kernels (on) or in pure Go (off)
// from now on: the accumulators already followed stay valid, since both
// give the same numbers. It returns an error matching ErrSIMD, and
// changes nothing, when on and the kernels cannot run.
func (e *Evaluator) SetSIMD(on bool) error {
	if on && !(simdAvailable && e.h%simdWidth == 0) {
		return fmt.Errorf("%w (AVX2 on this CPU and build: %v; hidden layer of %d neurons, want a multiple of %d)", ErrSIMD, simdAvailable, e.h, simdWidth)
	}
	e.simd = on
	return nil
}

// SIMD reports whether e computes with the AVX2 kernels.
func (e *Evaluator) SIMD() bool { return e.simd }
