package nnue

import (
	"errors"
	"fmt"
)

//go:generate go run ./internal/asmgen -out simd_amd64.s -stubs simd_stubs_amd64.go -pkg nnue

// Kernels is a set of routines an Evaluator computes with: pure Go, or
// SIMD assembly for x86-64 CPUs (simd_amd64.s, written by the avo program
// internal/asmgen). Every set gives the same numbers, bit for bit: the
// accumulators' wrapping int16 sums and the layers' int32 sums are exact
// whatever the order of the additions.
//
// The SIMD kernels do the accumulator updates (the transformer's columns
// added and subtracted in Push and in a refresh, and the PSQT sums), the
// transformer's output (clipped, multiplied in pairs, into bytes), the
// first affine layer, and in one AVX2 kernel for every set the rest: the
// activations, the second layer and the output layer. What stays in Go is
// the choice of features, the skip connection and the final sums.
type Kernels uint8

// The kernel sets.
const (
	// PureGo is the portable arithmetic, on every GOARCH.
	PureGo Kernels = iota
	// AVX2 is the kernels for x86-64 CPUs with AVX2 (Intel since 2013,
	// AMD since 2015), on registers of 32 bytes.
	AVX2
	// AVX512 is the AVX2 kernels widened to AVX-512's registers of 64
	// bytes (the CPU needs AVX2, AVX512F and AVX512BW).
	AVX512
	// AVX512VNNI is AVX512 with the affine layers' multiply-adds done by
	// VPDPBUSD (the CPU needs AVX512VNNI as well: Intel since Ice Lake,
	// AMD since Zen 4).
	AVX512VNNI
)

// String returns the set's name: "pure Go", "AVX2", "AVX-512" or
// "AVX-512 VNNI".
func (k Kernels) String() string {
	switch k {
	case PureGo:
		return "pure Go"
	case AVX2:
		return "AVX2"
	case AVX512:
		return "AVX-512"
	case AVX512VNNI:
		return "AVX-512 VNNI"
	}
	return fmt.Sprintf("Kernels(%d)", uint8(k))
}

// Available reports whether this program can run k on this CPU: PureGo
// always; the SIMD sets on amd64 when the CPU has the instructions,
// unless the program was built with the tag nnue_purego or GODEBUG turns
// the features off (cpu.avx2=off, cpu.avx512f=off, cpu.avx512vnni=off:
// the settings of golang.org/x/sys/cpu, read at start-up).
func (k Kernels) Available() bool {
	return int(k) < len(available) && available[k]
}

// BestKernels returns the fastest kernels available: what NewEvaluator
// gives an Evaluator.
func BestKernels() Kernels {
	for k := AVX512VNNI; k > PureGo; k-- {
		if k.Available() {
			return k
		}
	}
	return PureGo
}

// ErrKernels is matched by the error of SetKernels for a set this CPU or
// build cannot run.
var ErrKernels = errors.New("nnue: kernels not available")

// SetKernels makes e compute with k from now on: the accumulators already
// followed stay valid, since every set gives the same numbers. It returns
// an error matching ErrKernels, and changes nothing, when k is not
// available.
func (e *Evaluator) SetKernels(k Kernels) error {
	if !k.Available() {
		return fmt.Errorf("%w: %v on this CPU or build", ErrKernels, k)
	}
	e.kernels = k
	return nil
}

// Kernels returns the kernels e computes with.
func (e *Evaluator) Kernels() Kernels { return e.kernels }
