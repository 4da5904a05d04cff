package pgn_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// The expected texts below are written by hand from the export format's
// rules, not taken from the Writer.

const writerInput = `[Event "E"]
[Black "B"]
[ECO "C20"]
[White "W"]

{Start} 1. e4! {Best} (1. d4 d5 (1... Nf6) 2. c4) e5 2. Nf3 -- 3. Bc4 *`

const writerRoster = `[Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "W"]
[Black "B"]
[Result "*"]
[ECO "C20"]

`

func TestWriterExportFormat(t *testing.T) {
	tests := []struct {
		name string
		set  func(w *pgn.Writer)
		want string
	}{
		{"everything", func(*pgn.Writer) {},
			"{ Start } 1. e4 $1 { Best } ( 1. d4 d5 ( 1... Nf6 ) 2. c4 ) 1... e5 2. Nf3 --\n3. Bc4 *\n\n"},
		{"no comments", func(w *pgn.Writer) { w.OmitComments = true },
			"1. e4 $1 ( 1. d4 d5 ( 1... Nf6 ) 2. c4 ) 1... e5 2. Nf3 -- 3. Bc4 *\n\n"},
		{"no variations", func(w *pgn.Writer) { w.OmitVariations = true },
			"{ Start } 1. e4 $1 { Best } 1... e5 2. Nf3 -- 3. Bc4 *\n\n"},
		{"bare", func(w *pgn.Writer) { w.OmitComments, w.OmitVariations, w.OmitNAGs = true, true, true },
			"1. e4 e5 2. Nf3 -- 3. Bc4 *\n\n"},
		{"narrow", func(w *pgn.Writer) { w.Width = 20; w.OmitComments = true },
			"1. e4 $1 ( 1. d4 d5\n( 1... Nf6 ) 2. c4 )\n1... e5 2. Nf3 --\n3. Bc4 *\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAll(t, strings.NewReader(writerInput))
			require.Len(t, got, 1)
			require.NoError(t, got[0].err)
			var buf bytes.Buffer
			w := pgn.NewWriter(&buf)
			tt.set(w)
			require.NoError(t, w.Write(got[0].game))
			assert.Equal(t, writerRoster+tt.want, buf.String())
		})
	}
}

// TestWriterStart checks the tags a set-up or Chess960 game needs.
func TestWriterStart(t *testing.T) {
	g := pgn.NewGame()
	p, err := core.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 b - - 0 10")
	require.NoError(t, err)
	g.Start = p
	m, err := p.ParseUCI("e8d7")
	require.NoError(t, err)
	n := g.Root.Add(m)
	p.MakeMove(m)
	m, err = p.ParseUCI("e2e4")
	require.NoError(t, err)
	n.Add(m)
	g.Result = "1/2-1/2"
	var buf bytes.Buffer
	require.NoError(t, pgn.NewWriter(&buf).Write(g))
	assert.Equal(t, `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 10"]

10... Kd7 11. e4 1/2-1/2

`, buf.String())

	// Chess960 from the standard array: only the Variant tag tells.
	g = pgn.NewGame()
	g.Start.SetChess960(true)
	buf.Reset()
	require.NoError(t, pgn.NewWriter(&buf).Write(g))
	assert.Contains(t, buf.String(), "[Variant \"Chess960\"]\n")
	assert.NotContains(t, buf.String(), "FEN")
	back := readAll(t, &buf)
	require.Len(t, back, 1)
	assert.True(t, back[0].game.Start.Chess960())
}

// TestWriterComments checks comments that need care: a '}' goes in a ';'
// comment, or is left out of a comment of several lines; a long comment
// is broken at spaces and read back whole; a line that would look like
// the next game's tags is indented.
func TestWriterComments(t *testing.T) {
	g := pgn.NewGame()
	long := strings.Repeat("abcdefghij ", 20) + "end"
	g.Root.Comments = []string{"a } brace", long, "x\n\n[Event \"not a tag\"]", "two}\nlines", "}"}
	var buf bytes.Buffer
	require.NoError(t, pgn.NewWriter(&buf).Write(g))
	text := buf.String()
	checkWidth(t, text, 80)
	back := readAll(t, strings.NewReader(text))
	require.Len(t, back, 1)
	require.NoError(t, back[0].err)
	assert.Equal(t, []string{"a } brace", long, "x\n\n [Event \"not a tag\"]", "two\nlines", "}"}, back[0].game.Root.Comments)
}

func TestTags(t *testing.T) {
	tags := pgn.Tags{{"Event", "A"}, {"Site", "B"}, {"Event", "C"}}
	assert.Equal(t, "A", tags.Get("Event"))
	v, ok := tags.Lookup("Round")
	assert.False(t, ok)
	assert.Empty(t, v)
	tags.Set("Site", "S")
	tags.Set("Round", "1")
	assert.Equal(t, pgn.Tags{{"Event", "A"}, {"Site", "S"}, {"Event", "C"}, {"Round", "1"}}, tags)
	tags.Delete("Event")
	assert.Equal(t, pgn.Tags{{"Site", "S"}, {"Round", "1"}}, tags)
}
