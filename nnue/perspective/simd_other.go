//go:build !amd64 || nnue_purego

package perspective

// Without the assembly (another GOARCH, or the tag nnue_purego) only pure
// Go runs: the SIMD entry points are never called, and do pure Go's work.
var simdAvailable = false

func addSIMD(dst, add []int16) { addRow(dst, add) }

func updateSIMD(dst, src, add, sub []int16) { update(dst, src, add, sub) }

func updateCaptureSIMD(dst, src, add, sub, sub2 []int16) {
	updateCapture(dst, src, add, sub, sub2)
}

func dotSIMD(acc, w []int16, qa int16) int32 { return dot(acc, w, qa) }
