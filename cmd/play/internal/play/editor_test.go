package play

import (
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/stretchr/testify/require"
)

// feed types keys into e and returns each action with its text.
func feed(e *Editor, keys string) (acts []Action, texts []string) {
	b := []byte(keys)
	for len(b) > 0 {
		act, text, rest := e.Feed(b)
		if act != None {
			acts = append(acts, act)
			texts = append(texts, text)
		}
		b = rest
	}
	return acts, texts
}

func TestEditorEditing(t *testing.T) {
	var e Editor
	acts, texts := feed(&e, "Nf3\r")
	require.Equal(t, []Action{Submit}, acts)
	require.Equal(t, []string{"Nf3"}, texts)
	require.Equal(t, "", e.Line())

	feed(&e, "e5\x1b[D\x1b[D4") // left twice, insert
	require.Equal(t, "4e5", e.Line())
	require.Equal(t, 1, e.Cursor())
	feed(&e, "\x1b[F\x7f") // End, Backspace
	require.Equal(t, "4e", e.Line())
	feed(&e, "\x01\x1b[3~") // Ctrl-A, Delete
	require.Equal(t, "e", e.Line())
	feed(&e, "\x054 save x\x17") // Ctrl-E; Ctrl-W cuts a word
	require.Equal(t, "e4 save ", e.Line())
	feed(&e, "\x15") // Ctrl-U
	require.Equal(t, "", e.Line())
	feed(&e, "♘f3")
	require.Equal(t, "♘f3", e.Line())
	require.Equal(t, 3, e.Cursor())
	feed(&e, "\x1b[H\x0b") // Home, Ctrl-K
	require.Equal(t, "", e.Line())
}

func TestEditorSplitEscape(t *testing.T) {
	var e Editor
	feed(&e, "ab")
	feed(&e, "\x1b")
	feed(&e, "[")
	feed(&e, "D")
	require.Equal(t, 1, e.Cursor())
	// UTF-8 split across reads.
	feed(&e, "\xe2\x99")
	feed(&e, "\x98")
	require.Equal(t, "a♘b", e.Line())
}

func TestEditorHistory(t *testing.T) {
	var e Editor
	feed(&e, "e4\rNf3\rNf3\r")
	require.Equal(t, []string{"e4", "Nf3"}, e.History(), "no repeated line twice in a row")
	feed(&e, "d")
	feed(&e, "\x1b[A")
	require.Equal(t, "Nf3", e.Line())
	feed(&e, "\x1b[A\x1b[A")
	require.Equal(t, "e4", e.Line())
	feed(&e, "\x1b[B\x1b[B")
	require.Equal(t, "d", e.Line(), "the draft comes back")
}

func TestEditorKeysThatEnd(t *testing.T) {
	var e Editor
	acts, _ := feed(&e, "\x03")
	require.Equal(t, []Action{Interrupt}, acts)
	acts, _ = feed(&e, "\x04")
	require.Equal(t, []Action{EOF}, acts)
	acts, texts := feed(&e, "x\x01\x04y\ra\r") // Ctrl-A, Ctrl-D
	require.Equal(t, []Action{Submit, Submit}, acts, "Ctrl-D on a line deletes")
	require.Equal(t, []string{"y", "a"}, texts)
}

func TestEditorComplete(t *testing.T) {
	pos := core.StartPosition()
	e := Editor{Complete: func(p string) []string { return Complete(&pos, p) }}
	acts, texts := feed(&e, "N\t")
	require.Equal(t, []Action{Candidates}, acts)
	require.Equal(t, []string{"Na3 Nc3 Nf3 Nh3"}, texts)
	require.Equal(t, "N", e.Line())
	feed(&e, "f\t")
	require.Equal(t, "Nf3 ", e.Line())
	e.SetLine("")
	acts, _ = feed(&e, "sa\t")
	require.Empty(t, acts)
	require.Equal(t, "save ", e.Line())
	e.SetLine("Qz")
	acts, _ = feed(&e, "\t")
	require.Empty(t, acts)
	require.Equal(t, "Qz", e.Line())
}

// A key the editor does not know (a function key, in any terminal's
// encoding, or Escape alone) is dropped whole: the move typed after it
// arrives intact, whether the sequence comes in one read or byte by byte.
func TestUnknownKeysDoNotEatTheNextMove(t *testing.T) {
	for _, key := range []string{
		"\x1bOR", "\x1bO2R", // F3 (xterm, tmux), Shift-F3
		"\x1b[13~", "\x1b[1;2R", "\x1b[25~", // F3 (rxvt), Shift-F3, F13
		"\x1b[[C",   // F3 on the Linux console
		"\x1b",      // Escape
		"\x1b[200~", // a bracketed paste's start
	} {
		for _, split := range []bool{false, true} {
			e := &Editor{}
			if split {
				for i := range len(key) {
					act, _, _ := e.Feed([]byte{key[i]})
					require.Equal(t, None, act, "%q", key)
				}
			} else {
				act, _, _ := e.Feed([]byte(key))
				require.Equal(t, None, act, "%q", key)
			}
			act, text, _ := e.Feed([]byte("Nf3\r"))
			require.Equal(t, Submit, act, "%q", key)
			require.Equal(t, "Nf3", text, "%q split %v", key, split)
		}
	}
}
