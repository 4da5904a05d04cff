//go:build !race

package nnue_test

const raceEnabled = false
