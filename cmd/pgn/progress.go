package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"
)

// progressBar draws on a terminal how far the reading of an input has
// got, every fifth of a second, until stop is called.
type progressBar struct {
	w     io.Writer
	in    *input
	games *atomic.Int64
	start time.Time
	done  chan struct{}
	over  chan struct{}
}

// startProgress starts a progress bar on w if on, and returns a function
// that stops it and clears its line.
func startProgress(on bool, w io.Writer, in *input, games *atomic.Int64) (stop func()) {
	if !on {
		return func() {}
	}
	p := &progressBar{w: w, in: in, games: games, start: time.Now(), done: make(chan struct{}), over: make(chan struct{})}
	go p.loop()
	return func() {
		close(p.done)
		<-p.over
	}
}

func (p *progressBar) loop() {
	defer close(p.over)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.done:
			fmt.Fprint(p.w, "\r\033[K")
			return
		case <-tick.C:
			fmt.Fprint(p.w, "\r"+p.line()+"\033[K")
		}
	}
}

// line is the progress bar's text.
func (p *progressBar) line() string {
	read := p.in.read.Load()
	secs := time.Since(p.start).Seconds()
	rate := float64(read) / 1e6 / max(secs, 1e-3)
	status := fmt.Sprintf("%s %d games, %.1f MB read, %.1f MB/s", p.in.name, p.games.Load(), float64(read)/1e6, rate)
	if p.in.size <= 0 {
		return status
	}
	frac := min(float64(read)/float64(p.in.size), 1)
	const width = 30
	n := int(frac * width)
	eta := ""
	if frac > 0 {
		eta = fmt.Sprintf(", %s left", (time.Duration(secs/frac*(1-frac)) * time.Second).Round(time.Second))
	}
	return fmt.Sprintf("[%s%s] %3.0f%% %s%s", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, status, eta)
}
