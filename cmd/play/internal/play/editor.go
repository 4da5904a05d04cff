package play

import (
	"strings"
	"unicode/utf8"
)

// Action is what a key typed into an Editor asks of the program.
type Action uint8

// The actions.
const (
	None       Action = iota // the line changed, or nothing happened
	Submit                   // Enter: the line is done (Editor.Feed returns it)
	Interrupt                // Ctrl-C
	EOF                      // Ctrl-D on an empty line
	Candidates               // Tab found several completions (Editor.Feed returns them)
)

// Editor is a one-line editor fed with the bytes a terminal in raw mode
// sends: printable characters, Backspace, Delete, the arrows (left and
// right move, up and down walk the history), Home/End and Ctrl-A/Ctrl-E,
// Ctrl-U and Ctrl-K to cut, Ctrl-W to cut a word, Tab to complete with
// Complete, Enter to submit. Escape sequences may arrive split across
// Feed calls. The zero Editor is ready to use.
type Editor struct {
	// Complete, if set, returns the completions of the line up to the
	// cursor (Tab).
	Complete func(prefix string) []string

	line    []rune
	cur     int
	history []string
	hist    int    // index in history while walking it; len(history) when not
	draft   string // the line being typed before walking the history
	esc     []byte // an escape sequence read in part
	utf     []byte // a UTF-8 character read in part
}

// Line returns the text being edited.
func (e *Editor) Line() string { return string(e.line) }

// Cursor returns the cursor's position in runes from the start of the line.
func (e *Editor) Cursor() int { return e.cur }

// SetLine replaces the line and puts the cursor at its end.
func (e *Editor) SetLine(s string) {
	e.line = []rune(s)
	e.cur = len(e.line)
}

// History returns the lines submitted, oldest first.
func (e *Editor) History() []string { return e.history }

// Feed takes the bytes of one read from the terminal and returns the first
// action they ask for beyond editing, with its text (the line for Submit,
// after which the editor starts a new line and keeps the old one in its
// history; the completions joined by spaces for Candidates), and the bytes
// after that key, to be fed next.
func (e *Editor) Feed(b []byte) (Action, string, []byte) {
	for i := 0; i < len(b); i++ {
		act, text := e.key(b[i])
		if act != None {
			return act, text, b[i+1:]
		}
	}
	return None, "", nil
}

// key handles one byte.
func (e *Editor) key(c byte) (Action, string) {
	if len(e.esc) > 0 {
		if e.inEscape(c) {
			e.esc = append(e.esc, c)
			return e.escape()
		}
		// Not part of a sequence: the Escape key alone (or Alt with a
		// key), ignored; the byte is a key of its own.
		e.esc = e.esc[:0]
	}
	if len(e.utf) > 0 || c >= 0x80 {
		e.utf = append(e.utf, c)
		if utf8.FullRune(e.utf) {
			r, _ := utf8.DecodeRune(e.utf)
			e.utf = e.utf[:0]
			if r != utf8.RuneError {
				e.insert(r)
			}
		}
		return None, ""
	}
	switch c {
	case '\r', '\n':
		line := string(e.line)
		if strings.TrimSpace(line) != "" && (len(e.history) == 0 || e.history[len(e.history)-1] != line) {
			e.history = append(e.history, line)
		}
		e.line, e.cur, e.hist, e.draft = nil, 0, len(e.history), ""
		return Submit, line
	case 3: // Ctrl-C
		e.line, e.cur = nil, 0
		return Interrupt, ""
	case 4: // Ctrl-D
		if len(e.line) == 0 {
			return EOF, ""
		}
		e.delete()
	case 127, 8: // Backspace
		if e.cur > 0 {
			e.cur--
			e.delete()
		}
	case 1: // Ctrl-A
		e.cur = 0
	case 5: // Ctrl-E
		e.cur = len(e.line)
	case 2: // Ctrl-B
		e.cur = max(e.cur-1, 0)
	case 6: // Ctrl-F
		e.cur = min(e.cur+1, len(e.line))
	case 11: // Ctrl-K
		e.line = e.line[:e.cur]
	case 21: // Ctrl-U
		e.line = append([]rune(nil), e.line[e.cur:]...)
		e.cur = 0
	case 23: // Ctrl-W
		start := e.cur
		for start > 0 && e.line[start-1] == ' ' {
			start--
		}
		for start > 0 && e.line[start-1] != ' ' {
			start--
		}
		e.line = append(e.line[:start], e.line[e.cur:]...)
		e.cur = start
	case 16: // Ctrl-P
		e.walk(-1)
	case 14: // Ctrl-N
		e.walk(1)
	case '\t':
		return e.complete()
	case 27:
		e.esc = append(e.esc[:0], c)
	default:
		if c >= 0x20 {
			e.insert(rune(c))
		}
	}
	return None, ""
}

// inEscape reports whether c continues the escape sequence read so far:
// "[" or "O" after the Escape, then a CSI's parameter and intermediate
// bytes and its final byte (ECMA-48), an SS3's digits and final byte, or
// the Linux console's function keys, "ESC [ [ A" to "ESC [ [ E".
func (e *Editor) inEscape(c byte) bool {
	s := e.esc
	switch {
	case len(s) == 1:
		return c == '[' || c == 'O'
	case len(s) == 2 && s[1] == '[' && c == '[':
		return true
	case len(s) == 3 && s[2] == '[':
		return c >= 0x40 && c <= 0x7e
	case s[1] == 'O':
		return c >= '0' && c <= '9' || c >= 0x40 && c <= 0x7e
	}
	return c >= 0x20 && c <= 0x7e
}

// escape handles a CSI or SS3 sequence once it is complete; a sequence it
// does not know (a function key, a bracketed paste's marker) is ignored
// whole, so that nothing after it is lost.
func (e *Editor) escape() (Action, string) {
	s := e.esc
	if len(s) == 2 || len(s) == 3 && s[2] == '[' {
		return None, "" // "ESC [", "ESC O", "ESC [ [": more to come
	}
	last := s[len(s)-1]
	if last >= 0x40 && last <= 0x7e || len(s) > 16 {
		seq := string(s[2:])
		e.esc = e.esc[:0]
		switch seq {
		case "A":
			e.walk(-1)
		case "B":
			e.walk(1)
		case "C":
			e.cur = min(e.cur+1, len(e.line))
		case "D":
			e.cur = max(e.cur-1, 0)
		case "H", "1~", "7~":
			e.cur = 0
		case "F", "4~", "8~":
			e.cur = len(e.line)
		case "3~":
			e.delete()
		}
	}
	return None, ""
}

func (e *Editor) insert(r rune) {
	if len(e.line) >= 200 {
		return
	}
	e.line = append(e.line, 0)
	copy(e.line[e.cur+1:], e.line[e.cur:])
	e.line[e.cur] = r
	e.cur++
}

// delete removes the rune under the cursor.
func (e *Editor) delete() {
	if e.cur < len(e.line) {
		e.line = append(e.line[:e.cur], e.line[e.cur+1:]...)
	}
}

// walk moves through the history by d (-1 older, 1 newer).
func (e *Editor) walk(d int) {
	n := e.hist + d
	if n < 0 || n > len(e.history) {
		return
	}
	if e.hist == len(e.history) {
		e.draft = string(e.line)
	}
	e.hist = n
	if n == len(e.history) {
		e.SetLine(e.draft)
	} else {
		e.SetLine(e.history[n])
	}
}

// complete completes the line before the cursor.
func (e *Editor) complete() (Action, string) {
	if e.Complete == nil {
		return None, ""
	}
	prefix := string(e.line[:e.cur])
	words := e.Complete(prefix)
	switch len(words) {
	case 0:
		return None, ""
	case 1:
		e.line = append([]rune(words[0]+" "), e.line[e.cur:]...)
		e.cur = utf8.RuneCountInString(words[0]) + 1
		return None, ""
	}
	if p := CommonPrefix(words); len(p) > len(prefix) {
		e.line = append([]rune(p), e.line[e.cur:]...)
		e.cur = utf8.RuneCountInString(p)
	}
	return Candidates, strings.Join(words, " ")
}
