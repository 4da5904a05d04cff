package uci

import (
	"strconv"
	"strings"
)

// tokens walks a protocol line word by word. UCI separates tokens by any
// run of spaces and tabs, and a few fields (info string, option defaults)
// run to the end of the line with their inner spacing kept, so the walker
// keeps the raw text and its position in it.
type tokens struct {
	line string
	pos  int
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// next returns the next token, or "" and false at the end of the line.
func (t *tokens) next() (string, bool) {
	for t.pos < len(t.line) && isSpace(t.line[t.pos]) {
		t.pos++
	}
	if t.pos == len(t.line) {
		return "", false
	}
	start := t.pos
	for t.pos < len(t.line) && !isSpace(t.line[t.pos]) {
		t.pos++
	}
	return t.line[start:t.pos], true
}

// peek returns the next token without consuming it.
func (t *tokens) peek() string {
	save := t.pos
	s, _ := t.next()
	t.pos = save
	return s
}

// rest consumes and returns the rest of the line, trimmed.
func (t *tokens) rest() string {
	s := strings.Trim(t.line[t.pos:], " \t\r\n")
	t.pos = len(t.line)
	return s
}

// isMoveText reports whether s has the shape of a UCI move ("e2e4",
// "e7e8q", "0000"), which is how a move list inside a line ends: at the
// first token that is not one.
func isMoveText(s string) bool {
	if s == "0000" {
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' ||
		s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '8' {
		return false
	}
	return len(s) == 4 || strings.IndexByte("qrbnQRBN", s[4]) >= 0
}

// atoiRange parses a decimal int and checks it lies in [lo, hi].
func atoiRange(s string, lo, hi int64) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}
