//go:build unix

package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Processes lists the processes for which keep, given the parent's pid
// and the process group, is true, each as "PID COMMAND state S", read from
// /proc (zombies included).
func Processes(keep func(ppid, pgrp int) bool) ([]string, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, fmt.Errorf("reading the process table: %w", err)
	}
	var found []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so read
		// after its last ')'.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		if keep(ppid, pgrp) {
			found = append(found, fmt.Sprintf("%d %s state %s", pid, s[strings.IndexByte(s, '(')+1:i], f[0]))
		}
	}
	return found, nil
}
