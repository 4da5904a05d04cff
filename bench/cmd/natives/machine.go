package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// machine describes where the run happens, for the report: the CPU's
// model, its logical CPUs and the go command's version.
func machine(goCmd string) string {
	var parts []string
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if m := cpuModel(b); m != "" {
			parts = append(parts, m)
		}
	}
	parts = append(parts, fmt.Sprintf("%d logical CPUs", runtime.NumCPU()))
	if out, err := exec.Command(goCmd, "env", "GOVERSION").Output(); err == nil {
		parts = append(parts, strings.TrimSpace(string(out)))
	}
	return strings.Join(parts, ", ")
}

// cpuModel returns the first "model name" of a /proc/cpuinfo, "" if none.
func cpuModel(cpuinfo []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(cpuinfo))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// loadAverage returns the one-minute load average from /proc/loadavg, "?"
// where there is none.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
