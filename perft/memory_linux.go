package perft

import "syscall"

// physicalMemory returns the machine's memory in bytes, or 0 if unknown.
// NewTable refuses a table larger than that: the allocation would fail,
// and Go cannot recover from a failed allocation.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
