package pgn_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/pgn"
)

// requireSameTree fails unless the trees under a and b hold the same
// moves, comments and NAGs in the same shape.
func requireSameTree(t testing.TB, a, b *pgn.Node, where string) {
	t.Helper()
	for a != nil || b != nil {
		require.True(t, a != nil && b != nil, "%s: one line ends early", where)
		require.Equal(t, a.Move, b.Move, "%s: move", where)
		require.Equal(t, a.Comments, b.Comments, "%s: comments after %v", where, a.Move)
		require.Equal(t, a.CommentsBefore, b.CommentsBefore, "%s: comments before %v", where, a.Move)
		require.Equal(t, a.NAGs, b.NAGs, "%s: NAGs of %v", where, a.Move)
		require.Len(t, b.Children, len(a.Children), "%s: children of %v", where, a.Move)
		for i := 1; i < len(a.Children); i++ {
			requireSameTree(t, a.Children[i], b.Children[i], where+" variation")
		}
		a, b = a.Next(), b.Next()
	}
}

// requireSameGame fails unless b, read from what a Writer wrote of a, is
// the same game: the same tags (b may have the roster's defaults and the
// tags the start position needs in addition), start, tree and result.
func requireSameGame(t testing.TB, a, b *pgn.Game, where string) {
	t.Helper()
	// A line break in a value (a CR the reader keeps inside the quotes)
	// is written as a space, as Writer says.
	lineBreaks := strings.NewReplacer("\r", " ", "\n", " ")
	values := func(tags pgn.Tags) map[string][]string {
		m := map[string][]string{}
		for _, tag := range tags {
			m[tag.Name] = append(m[tag.Name], lineBreaks.Replace(tag.Value))
		}
		return m
	}
	av, bv := values(a.Tags), values(b.Tags)
	for name, want := range av {
		got := bv[name]
		if name == "Result" {
			// The writer writes the game's result there.
			require.NotEmpty(t, got, "%s: the Result tag", where)
			require.Equal(t, a.Result, got[0], "%s: the Result tag", where)
			want, got = want[1:], got[1:]
		}
		require.Equal(t, want, got, "%s: tag %s", where, name)
	}
	require.Equal(t, a.Start.FEN(), b.Start.FEN(), "%s: start", where)
	require.Equal(t, a.Start.Chess960(), b.Start.Chess960(), "%s: Chess960", where)
	require.Equal(t, a.Result, b.Result, "%s: result", where)
	requireSameTree(t, a.Root, b.Root, where)
}

// roundTrip writes games and reads them back; it checks that the games
// are the same and that writing again gives the same text.
func roundTrip(t *testing.T, games []*pgn.Game, w *pgn.Writer, buf *bytes.Buffer) {
	t.Helper()
	buf.Reset()
	for _, g := range games {
		require.NoError(t, w.Write(g))
	}
	first := buf.String()
	again := readAll(t, strings.NewReader(first))
	require.Len(t, again, len(games), "games read back")
	buf.Reset()
	for i, r := range again {
		require.NoError(t, r.err, "game %d read back", i+1)
		requireSameGame(t, games[i], r.game, "game "+strconv.Itoa(i+1))
		require.NoError(t, w.Write(r.game))
	}
	require.Equal(t, first, buf.String(), "writing what was read back gives the same text")
	checkWidth(t, first, 80)
}

// checkWidth checks that no movetext line is longer than width, unless it
// is one word that is longer by itself.
func checkWidth(t testing.TB, text string, width int) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[") || len(line) <= width {
			continue
		}
		require.NotContains(t, strings.TrimSpace(line), " ", "line %d is %d bytes: %q", i+1, len(line), line)
	}
}

// TestRoundTrip reads every file of testdata/pgn and a chessops corpus,
// writes the games and reads them back.
func TestRoundTrip(t *testing.T) {
	files := pgnFiles(t, false)
	corpus, _ := pgncorpus.Write(t, "..", 3, 150)
	files = append(files, corpus)
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var games []*pgn.Game
			for i, r := range readAll(t, bytes.NewReader(data)) {
				require.NoError(t, r.err, "game %d", i+1)
				games = append(games, r.game)
			}
			roundTrip(t, games, w, &buf)
		})
	}
}
