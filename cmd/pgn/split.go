package main

import (
	"bytes"
	"io"
)

// chunk is a run of whole games cut from the input.
type chunk struct {
	seq  int    // its place in the input, from 0
	data []byte // the text
	line int    // the line of its first byte, from 1
}

// splitter cuts PGN text into chunks of about size bytes that end where a
// game ends, so that workers can read them apart; reading the chunks one
// after the other gives the very games that reading the whole text gives.
//
// It reads the input straight into the buffer of the next chunk, up to
// size bytes, so that only the game cut in two at the chunk's end (a few
// kilobytes) is copied to the chunk after; and the buffers of chunks done
// with come back through recycle, so that a long input allocates nothing
// once the first chunks are in flight.
type splitter struct {
	r    io.Reader
	size int
	buf  []byte // text read but not yet cut
	line int    // line of buf[0]
	seq  int
	eof  bool
	err  error
	free chan []byte // buffers of chunks done with
}

// maxFree bounds the buffers kept for reuse; process has at most a few
// chunks per worker in flight.
const maxFree = 64

func newSplitter(r io.Reader, size int) *splitter {
	return &splitter{r: r, size: size, line: 1, free: make(chan []byte, maxFree)}
}

// next returns the next chunk; ok is false at the end of the input (and
// err is set if reading failed).
func (s *splitter) next() (c chunk, ok bool) {
	if s.buf == nil {
		s.buf = s.newBuffer(0)
	}
	for {
		if len(s.buf) >= s.size || s.eof {
			end := len(s.buf)
			if len(s.buf) > s.size {
				// The last cut before size, else the first one after.
				end = lastCut(s.buf[:s.size], s.size/2)
				if end == 0 {
					end = firstCut(s.buf, s.size)
				}
			} else if !s.eof {
				end = lastCut(s.buf, s.size/2)
			}
			if end == 0 && s.eof {
				end = len(s.buf)
			}
			if end > 0 {
				c = chunk{seq: s.seq, data: s.buf[:end], line: s.line}
				s.seq++
				s.line += bytes.Count(c.data, []byte{'\n'})
				rest := s.buf[end:]
				s.buf = append(s.newBuffer(len(rest)), rest...)
				return c, true
			}
			if s.eof {
				return chunk{}, false
			}
		}
		s.fill()
	}
}

// newBuffer returns an empty buffer with room for a chunk and n bytes
// more, a recycled one if there is one.
func (s *splitter) newBuffer(n int) []byte {
	need := max(s.size+s.size/4, n+4096)
	select {
	case b := <-s.free:
		if cap(b) >= need {
			return b[:0]
		}
	default:
	}
	return make([]byte, 0, need)
}

// recycle takes back the buffer of a chunk that nothing refers to any
// more, for a later chunk. It may be called from any goroutine.
func (s *splitter) recycle(c chunk) {
	select {
	case s.free <- c.data[:0]:
	default:
	}
}

// fill reads more input into buf: up to the chunk size while below it, so
// that little is left over when the chunk is cut; past it (a game longer
// than a chunk), half as much again as buf holds, so that looking for the
// game's end costs no more than reading it.
func (s *splitter) fill() {
	want := s.size - len(s.buf)
	if want <= 0 {
		want = max(len(s.buf)/2, 4096)
	}
	if cap(s.buf)-len(s.buf) < want {
		nb := make([]byte, len(s.buf), 2*cap(s.buf)+max(s.size, 4096))
		copy(nb, s.buf)
		s.buf = nb
	}
	n, err := s.r.Read(s.buf[len(s.buf) : len(s.buf)+want])
	s.buf = s.buf[:len(s.buf)+n]
	if err != nil {
		s.eof = true
		if err != io.EOF {
			s.err = err
		}
	}
}

// lastCut returns the last place in b, at or after from, where a chunk may
// end: the start of a line that starts a tag pair ('[' and a letter),
// after a blank line, when the last line before that which is neither
// blank nor a % line does not end in ']'. pgn.Reader ends a game there in
// every state: in movetext a tag line ends a game; in a comment a blank
// line and a tag line do; and the last line before it not ending in ']'
// means the reader is not among a game's tags. It returns 0 if there is
// no such place.
func lastCut(b []byte, from int) int {
	end := len(b)
	for {
		i := bytes.LastIndex(b[:end], []byte("\n["))
		if i < from || i < 0 {
			return 0
		}
		l := i + 1
		if l+1 < len(b) && isLetter(b[l+1]) && blankBefore(b, l) && !tagsBefore(b, l) {
			return l
		}
		end = i
	}
}

// firstCut returns the first place in b after from where a chunk may end,
// or 0.
func firstCut(b []byte, from int) int {
	for i := from; ; {
		k := bytes.Index(b[i:], []byte("\n["))
		if k < 0 {
			return 0
		}
		l := i + k + 1
		if l+1 < len(b) && isLetter(b[l+1]) && blankBefore(b, l) && !tagsBefore(b, l) {
			return l
		}
		i = l
	}
}

// blankBefore reports whether the line before the line at l holds only
// spaces, tabs and CRs.
func blankBefore(b []byte, l int) bool {
	j := l - 2 // the last byte of the previous line, before its newline
	for j >= 0 && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r') {
		j--
	}
	return j >= 0 && b[j] == '\n'
}

// tagsBefore reports whether the last line before l that is not blank
// (white space and byte-order marks) nor a % line ends in ']', or whether
// there is none in b (the chunk cannot tell).
func tagsBefore(b []byte, l int) bool {
	// b starts at a line start: the input's, or a cut's.
	for end := l - 1; end > 0; {
		start := bytes.LastIndexByte(b[:end], '\n') + 1
		line := b[start:end]
		if !blankLine(line) && line[0] != '%' {
			line = bytes.TrimRight(line, " \t\r")
			return line[len(line)-1] == ']'
		}
		end = start - 1
	}
	return true // no such line in b: leave it to the reader
}

// blankLine reports whether line holds only spaces, tabs, CRs and
// byte-order marks.
func blankLine(line []byte) bool {
	for i := 0; i < len(line); {
		switch {
		case line[i] == ' ' || line[i] == '\t' || line[i] == '\r':
			i++
		case bytes.HasPrefix(line[i:], []byte("\xef\xbb\xbf")):
			i += 3
		default:
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
