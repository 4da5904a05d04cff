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

// State is what an evaluation leaves in an Evaluator: the accumulators it
// read and every layer's output.
type State struct {
	Acc         [2][lanes]uint64
	PSQT        [2][Buckets]int32
	Transformed [HalfDimensions]uint8
	L1          [l1Out]int32
	L1Act       [l2In]uint8
	L2          [l2Out]int32
	L2Act       [l2Out]uint8
}

// LastState returns the state of e's last evaluation.
func LastState(e *Evaluator) State {
	return State{e.cur.acc, e.cur.psqt, e.transformed, e.l1, e.l1act, e.l2, e.l2act}
}

// IncrementalState returns e's current incremental accumulators.
func IncrementalState(e *Evaluator) State {
	a := &e.stack[e.top]
	return State{Acc: a.acc, PSQT: a.psqt}
}

// EvaluateAccumulators runs bucket b's layers, the side to move stm, on
// accumulators filled from data (its bytes repeated, two to an int16 and
// four to a PSQT int32), and returns the psqt and positional terms.
func EvaluateAccumulators(e *Evaluator, data []byte, stm core.Color, b int) (psqt, positional int32) {
	e.scratch = filled(data)
	e.cur = &e.scratch
	e.stm = stm
	return e.run(b)
}

// filled returns an accumulator whose bytes are data's, repeated.
func filled(data []byte) accumulator {
	var a accumulator
	if len(data) == 0 {
		return a
	}
	k := 0
	next := func() uint64 { k++; return uint64(data[(k-1)%len(data)]) }
	for c := range a.acc {
		for j := range a.acc[c] {
			for b := range 8 {
				a.acc[c][j] |= next() << (8 * b)
			}
		}
		for j := range a.psqt[c] {
			a.psqt[c][j] = int32(next() | next()<<8 | next()<<16 | next()<<24)
		}
	}
	return a
}

// Update applies update to accumulators filled from data: perspective c
// of the result is the source's plus the features feats[:nadd] less
// feats[nadd:] (indices taken modulo Features).
func Update(e *Evaluator, data []byte, c core.Color, feats []int, nadd int) State {
	src := filled(data)
	var dst accumulator
	fs := make([]int, len(feats))
	for i, f := range feats {
		fs[i] = ((f % Features) + Features) % Features
	}
	e.update(&dst, c, &src.acc[c], &src.psqt[c], fs, nadd)
	return State{Acc: dst.acc, PSQT: dst.psqt}
}
