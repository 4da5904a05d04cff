//go:build race

package opening_test

// raceEnabled: the race detector's instrumentation makes values escape
// to the heap, so allocation counts mean nothing under it.
const raceEnabled = true
