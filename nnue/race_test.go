//go:build race

package nnue_test

// raceEnabled: under the race detector sync.Pool drops items at random and
// values escape to the heap, so allocation counts mean nothing.
const raceEnabled = true
