package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/pgn"
)

func TestLastCut(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int // -1: no cut
	}{
		{"after a result", "1. e4 *\n\n[Event \"B\"]\n", 9},
		{"after a comment", "1. e4 {x}\n\n[Event \"B\"]\n", 11},
		{"no blank line", "1. e4 *\n[Event \"B\"]\n", -1},
		{"blank line with spaces", "1. e4 *\n \t\r\n[Event \"B\"]\n", 12},
		{"among tags (ChessBase)", "[Event \"A\"]\n\n[Site \"B\"]\n", -1},
		{"among tags, then a % line", "[Event \"A\"]\n%x\n\n[Site \"B\"]\n", -1},
		{"after a % line in movetext", "1. e4\n%x\n\n[Site \"B\"]\n", 10},
		{"a byte-order mark line is blank", "[Event \"A\"]\n\ufeff\n\n[Site \"B\"]\n", -1},
		{"not a letter", "1. e4 *\n\n[%clk 0:01]\n", -1},
		{"the first line of the text", "\n[Event \"B\"]\n", -1},
		{"the last of several", "1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n", 31},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lastCut([]byte(tt.text), 0)
			if tt.want < 0 {
				assert.Zero(t, got)
			} else {
				assert.Equal(t, tt.want, got)
				assert.Equal(t, byte('['), tt.text[got])
			}
		})
	}
}

// gameSummary is what reading a game gives, to compare two readings.
type gameSummary struct {
	moves int
	err   string
}

// summaries reads text whole, or chunk by chunk with the given chunk
// size, and returns each game's summary with its error placed in the
// whole text.
func summaries(t testing.TB, text []byte, size int) []gameSummary {
	t.Helper()
	var out []gameSummary
	sp := newSplitter(bytes.NewReader(text), size)
	if size == 0 {
		sp = newSplitter(bytes.NewReader(text), len(text)+1)
	}
	for {
		c, ok := sp.next()
		if !ok {
			break
		}
		r := pgn.NewReader(bytes.NewReader(c.data))
		base := len(out)
		var m pgn.Mainline
		for i := 0; ; i++ {
			err := r.NextMainline(&m)
			if err == io.EOF {
				break
			}
			s := gameSummary{moves: len(m.Moves)}
			var perr *pgn.Error
			if errors.As(err, &perr) {
				s.err = fmt.Sprintf("game %d line %d col %d: %v", base+perr.Game, c.line-1+perr.Line, perr.Column, perr.Err)
			} else if err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
	}
	require.NoError(t, sp.err)
	return out
}

// FuzzSplit cuts any text into chunks as the workers read them: reading
// the chunks one after the other must give the very games, errors and
// places of errors included, that reading the whole text gives.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n",
		"[Event \"A\"]\n\n[Site \"x\"]\n\n1. e4 {x\n\n[Event \"B\"]\n1. d4\n\n[Event \"C\"]\n",
		"[Event \"A\n\n[Event \"B\"]\n\n1. e4 (1. d4\n\n[Event \"C\"]\n\n1. Ke2 *",
		"%x\n\n[A \"1\"]\n%y\n\n[B \"2\"]\n\n1. e4\n\n[C \"3\"]\n\n1. e4 e5 2. Ke3\n\n[D \"4\"]\n",
		"1. e4 *\n\ufeff\n\n[Event \"B\"]\n\n1. d4 1-0 [Event \"C\"]\n\n[Site \"D\"]\n\n1. e4 *",
	} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		// Reading must not hang: a panic shows the fuzzer the input.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("reading %q in chunks of %d bytes takes more than 10 s", text, size+2))
			}
		}()
		whole := summaries(t, []byte(text), 0)
		chunked := summaries(t, []byte(text), int(size)+2)
		require.Equal(t, whole, chunked)
	})
}

// TestSplitRealFiles cuts the real files into small chunks.
func TestSplitRealFiles(t *testing.T) {
	for _, name := range []string{"lichess_db_1000k.pgn", "twic1599_1000k.pgn", "chessbase-empty-line.pgn", "cutechess-fischerrandom.pgn"} {
		data, err := readTestdata(name)
		require.NoError(t, err)
		whole := summaries(t, data, 0)
		chunked := summaries(t, data, 4096)
		require.Equal(t, whole, chunked, name)
		require.NotEmpty(t, whole)
	}
}

func readTestdata(name string) ([]byte, error) {
	return readFile("../../testdata/pgn/" + name)
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"plain", `quote " and \ backslash`, "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "Ä ♘ 😀", "bad \xff\xfe utf8"} {
		enc := appendJSONString(nil, []byte(s))
		var back, want string
		require.NoError(t, jsonUnmarshal(enc, &back), "%s", enc)
		std, err := jsonMarshal(s) // encoding/json: each bad byte is U+FFFD
		require.NoError(t, err)
		require.NoError(t, jsonUnmarshal(std, &want))
		assert.Equal(t, want, back)
	}
}
