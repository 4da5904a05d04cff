//go:build !amd64 || core_purego

package core

// Without the BMI2 kernel (another GOARCH, or the tag core_purego) the
// bulk counts always run countWhite and countBlack.
const useKernel = false

// kernelReady has nothing to fill here.
func kernelReady() {}

// countKernel is the Go counter here: useKernel, a constant false, keeps
// every call to it away.
func (p *Position) countKernel() int {
	if p.side()&1 == White {
		return p.countWhite()
	}
	return p.countBlack()
}

// countAfterKernel is countAfterGo here: useKernel, a constant false,
// keeps every call to it away.
func (p *Position) countAfterKernel(m Move) int { return p.countAfterGo(m) }

// countChildrenKernel is never called here (useKernel is false).
func (p *Position) countChildrenKernel(moves []Move) int {
	n := 0
	for _, m := range moves {
		n += p.countAfterGo(m)
	}
	return n
}
