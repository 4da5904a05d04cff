// Package guiconn is the GUI's side of a served engine, shared by uci.Serve
// and xboard.Serve: lines read with a bound on their length, and lines
// written under a lock that remembers the first failed write.
package guiconn

import (
	"bufio"
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
