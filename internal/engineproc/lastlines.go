package engineproc

import "sync"

// LastLines keeps an engine's most recent output lines for error messages:
// when an engine dies or stalls, what it printed last usually says why.
// The zero value is empty and ready; it is safe for concurrent use.
type LastLines struct {
	mu    sync.Mutex
	lines [16]string
	n     int // lines ever added
}

// maxKeptLine bounds a kept line so one huge line cannot pin memory.
const maxKeptLine = 512

// Add keeps s, cut to 512 bytes, forgetting the oldest line once 16 are
// kept.
func (l *LastLines) Add(s string) {
	if len(s) > maxKeptLine {
		s = s[:maxKeptLine]
	}
	l.mu.Lock()
	l.lines[l.n%len(l.lines)] = s
	l.n++
	l.mu.Unlock()
}

// Lines returns the kept lines, oldest first.
func (l *LastLines) Lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := min(l.n, len(l.lines))
	out := make([]string, 0, k)
	for i := l.n - k; i < l.n; i++ {
		out = append(out, l.lines[i%len(l.lines)])
	}
	return out
}
