// Package guiconn is the GUI's side of a served engine, shared by uci.Serve
// and xboard.Serve: lines read with a bound on their length, and lines
// written under a lock that remembers the first failed write.
package guiconn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// ReadLine reads a line from br without its line ending. A line longer
// than maxLine is read to its end and discarded: it comes back empty with
// tooLong set. The last line may lack its newline. err is br's error, io.EOF
// at the end.
func ReadLine(br *bufio.Reader, maxLine int) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			tooLong = true
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(buf) > 0 || tooLong):
			return lineOf(buf, tooLong), tooLong, nil
		case err != nil:
			return "", false, err
		}
		return lineOf(buf, tooLong), tooLong, nil
	}
}

// lineOf returns the text of a line read into buf, or "" when it was too
// long to keep.
func lineOf(buf []byte, tooLong bool) string {
	if tooLong {
		return ""
	}
	return strings.TrimRight(string(buf), "\r\n")
}

// Writer writes lines to a GUI from any goroutine. After a write fails it
// drops every line and Broken is closed, so that a server notices a GUI
// that went away.
type Writer struct {
	mu     sync.Mutex
	w      io.Writer
	err    error
	broken chan struct{}
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, broken: make(chan struct{})}
}

// Write sends the lines, each with a newline, in one write.
func (w *Writer) Write(lines ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(w.w, b.String()); err != nil {
		w.err = err
		close(w.broken)
	}
}

// Err returns the error of the write that failed, or nil.
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Broken is closed when a write fails.
func (w *Writer) Broken() <-chan struct{} { return w.broken }

// Loop is the main loop of a server (uci.Serve, xboard.Serve): it reads
// the GUI's lines one at a time, on request, so that after quit nothing is
// left reading, and hands each to Line, while it also hands what comes on
// Events to Event. A line longer than MaxLine goes to TooLong instead.
type Loop[E any] struct {
	Protocol string // "uci" or "xboard", the start of its errors
	MaxLine  int
	Out      *Writer // the GUI's side; a failed write ends the loop
	// Line handles one line and reports whether it was quit.
	Line    func(line string) (quit bool)
	TooLong func()
	// Events, when not nil, brings what the server's goroutines report
	// (a search that ended); Event handles each.
	Events <-chan E
	Event  func(E)
	// AtEnd, when not nil, is called at the end of the input; its error
	// is the loop's. Without it, the end of the input ends the loop with
	// nil.
	AtEnd func() error
}

// Run runs the loop on r until Line says quit, r ends, a read or a write
// fails, or ctx ends. It returns nil after quit or the end of r (AtEnd's
// error when there is AtEnd; the write error after quit), ctx's error
// when ctx ends, and the error of a failed read or write. When ctx ends,
// a goroutine blocked reading r stays until r returns.
func (l *Loop[E]) Run(ctx context.Context, r io.Reader) error {
	type result struct {
		line    string
		tooLong bool
		err     error
	}
	more := make(chan struct{})
	lines := make(chan result, 1)
	defer close(more)
	go func() {
		br := bufio.NewReaderSize(r, 4096)
		for range more {
			line, tooLong, err := ReadLine(br, l.MaxLine)
			lines <- result{line, tooLong, err}
			if err != nil {
				return
			}
		}
	}()
	asked := false
	for {
		if !asked {
			select {
			case more <- struct{}{}:
				asked = true
			case <-ctx.Done():
				return ctx.Err()
			case ev := <-l.Events:
				l.Event(ev)
				continue
			}
		}
		select {
		case res := <-lines:
			asked = false
			if res.err != nil {
				if !errors.Is(res.err, io.EOF) {
					return fmt.Errorf("%s: serve: reading: %w", l.Protocol, res.err)
				}
				if l.AtEnd != nil {
					return l.AtEnd()
				}
				return nil
			}
			if res.tooLong {
				l.TooLong()
				continue
			}
			if l.Line(res.line) {
				return l.WriteErr()
			}
		case ev := <-l.Events:
			l.Event(ev)
		case <-ctx.Done():
			return ctx.Err()
		case <-l.Out.Broken():
			return l.WriteErr()
		}
	}
}

// WriteErr returns the error of the write to the GUI that failed, or nil.
func (l *Loop[E]) WriteErr() error {
	if err := l.Out.Err(); err != nil {
		return fmt.Errorf("%s: serve: writing: %w", l.Protocol, err)
	}
	return nil
}
