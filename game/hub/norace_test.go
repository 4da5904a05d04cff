//go:build !race

package hub_test

const raceEnabled = false
