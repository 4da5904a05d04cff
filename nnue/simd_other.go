//go:build !amd64 || nnue_purego

package nnue

import "github.com/gambit-chess/gambit/core"

// Without the assembly (another GOARCH, or the tag nnue_purego) only pure
// Go is available, and the SIMD entry points do nothing and say so.
var available = [...]bool{PureGo: true}

// simdScratch holds nothing without the SIMD kernels.
type simdScratch struct{}

func (e *Evaluator) updateSIMD(*accumulator, core.Color, *[lanes]uint64, *[Buckets]int32, []int, int) bool {
	_ = e.simd // empty here: the field is the amd64 kernels'
	return false
}

func (e *Evaluator) transformSIMD() bool { return false }

func (e *Evaluator) affineL1SIMD(*layerStack) bool { return false }

func (e *Evaluator) tailSIMD(*layerStack) (int32, bool) { return 0, false }
