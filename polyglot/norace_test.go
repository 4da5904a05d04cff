//go:build !race

package polyglot_test

const raceEnabled = false
