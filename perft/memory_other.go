//go:build !linux

package perft

// physicalMemory returns 0, unknown: NewTable then only applies its fixed
// limit.
func physicalMemory() uint64 { return 0 }
