//go:build race

package hub_test

// raceEnabled scales the load test down under the race detector, which
// slows the hub ten times or more.
const raceEnabled = true
