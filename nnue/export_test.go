package nnue

import "github.com/gambit-chess/gambit/core"

// IncrementalIsScratch reports whether e's current incremental
// accumulators are, lane for lane and bucket for bucket, the ones computed
// from scratch for pos.
func IncrementalIsScratch(e *Evaluator, pos *core.Position) bool {
	if !e.setBoard(pos) {
		return false
	}
	e.refresh(-1)
	return e.stack[e.top] == e.scratch
}
