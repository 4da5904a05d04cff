package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws one self-overwriting line on a terminal. A nil bar
// draws nothing.
type progressBar struct {
	w    io.Writer
	last time.Time
}

// update redraws the bar at most ten times a second.
func (b *progressBar) update(done, total int, nodes uint64, elapsed time.Duration) {
	if b == nil || (done < total && time.Since(b.last) < 100*time.Millisecond) {
		return
	}
	b.last = time.Now()
	const width = 30
	filled := width * done / max(total, 1)
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d  %d nodes  %.1f Mnps ",
		strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total,
		nodes, float64(nodes)/max(elapsed.Seconds(), 1e-9)/1e6)
}

// done clears the bar's line.
func (b *progressBar) done() {
	if b == nil {
		return
	}
	fmt.Fprint(b.w, "\r\033[K")
}
