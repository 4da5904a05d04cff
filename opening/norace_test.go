//go:build !race

package opening_test

const raceEnabled = false
