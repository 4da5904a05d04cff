package opening

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// files returns the data files of each name and text, in that order.
func files(nameText ...string) []dataFile {
	var out []dataFile
	for i := 0; i+1 < len(nameText); i += 2 {
		out = append(out, dataFile{name: nameText[i], text: nameText[i+1]})
	}
	return out
}

// TestBuildMalformed: every kind of malformed line is a *DataError naming
// the file and the line, never a panic.
func TestBuildMalformed(t *testing.T) {
	good := "A00\tAmar Opening\t1. Nh3\n"
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"header", "eco\tname\n" + good, 1, "header"},
		{"no final newline", header + "\n" + "A00\tAmar Opening\t1. Nh3", 2, "newline"},
		{"two columns", header + "\n" + good + "A00\t1. Nh3\n", 3, "2 columns"},
		{"four columns", header + "\n" + "A00\tAmar\t1. Nh3\tx\n", 2, "4 columns"},
		{"ECO letter", header + "\n" + "F00\tAmar Opening\t1. Nh3\n", 2, "ECO code"},
		{"ECO digits", header + "\n" + "A0x\tAmar Opening\t1. Nh3\n", 2, "ECO code"},
		{"empty name", header + "\n" + "A00\t\t1. Nh3\n", 2, "name"},
		{"spaced name", header + "\n" + "A00\tAmar \t1. Nh3\n", 2, "name"},
		{"no moves", header + "\n" + "A00\tAmar Opening\t\n", 2, "empty"},
		{"only a move number", header + "\n" + "A00\tAmar Opening\t1.\n", 2, "ends with a move number"},
		{"move number missing", header + "\n" + "A00\tAmar Opening\tNh3\n", 2, "move number"},
		{"move number wrong", header + "\n" + "A00\tAmar Opening\t1. Nh3 d5 3. g3\n", 2, "move number"},
		{"trailing move number", header + "\n" + "A00\tAmar Opening\t1. Nh3 d5 2.\n", 2, "ends with a move number"},
		{"illegal move", header + "\n" + "A00\tAmar Opening\t1. Nh4\n", 2, "ply 1"},
		{"not canonical SAN", header + "\n" + "A00\tAmar Opening\t1. Ng1h3\n", 2, "ply 1"},
		{"double space", header + "\n" + "A00\tAmar Opening\t1. Nh3  d5\n", 2, "extra spaces"},
		{"trailing space", header + "\n" + "A00\tAmar Opening\t1. Nh3 \n", 2, "extra spaces"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := build(files("a.tsv", header+"\n"+good, "b.tsv", tc.text))
			require.Error(t, err)
			require.ErrorIs(t, err, ErrData)
			var de *DataError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, "b.tsv", de.File)
			assert.Equal(t, tc.line, de.Line)
			assert.ErrorContains(t, err, tc.want)
		})
	}

	t.Run("SAN error kept", func(t *testing.T) {
		_, err := build(files("a.tsv", header+"\nA00\tAmar Opening\t1. Nh4\n"))
		require.ErrorIs(t, err, san.ErrIllegal)
	})
	t.Run("no files", func(t *testing.T) {
		_, err := build(nil)
		require.ErrorIs(t, err, ErrData)
	})
}

// TestBuildDuplicates: when lines end in one position, the first in file
// order names it, whether the others are in its file or a later one.
func TestBuildDuplicates(t *testing.T) {
	tab, err := build(files(
		"a.tsv", header+"\nA00\tFirst\t1. e4 Nf6 2. Nf3\nA01\tSecond\t1. Nf3 Nf6 2. e4\n",
		"b.tsv", header+"\nB00\tThird\t1. Nf3 Nf6 2. e4\n",
	))
	require.NoError(t, err)
	require.Len(t, tab.entries, 3)
	p, err := core.ParseFEN("rnbqkb1r/pppppppp/5n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2")
	require.NoError(t, err)
	o, ok := tab.lookup(&p)
	require.True(t, ok)
	assert.Equal(t, Opening{ECO: "A00", Name: "First", PGN: "1. e4 Nf6 2. Nf3", UCI: "e2e4 g8f6 g1f3", Plies: 3}, o)
}

// TestSignatureCollision: an entry whose key a position shares is not the
// position's name unless the position is the same.
func TestSignatureCollision(t *testing.T) {
	tab, err := build(files("a.tsv", header+"\nA00\tAmar Opening\t1. Nh3\n"))
	require.NoError(t, err)
	p := core.StartPosition()
	// Pretend the start position's key is the Amar Opening's.
	tab.index[p.RepetitionKey()] = 0
	_, ok := tab.lookup(&p)
	require.False(t, ok)
}

// FuzzBuild: any text read as a data file builds or is a *DataError, never
// a panic, and every line of a file that builds names its own end position
// or one an earlier line ends in.
func FuzzBuild(f *testing.F) {
	f.Add(header + "\nA00\tAmar Opening\t1. Nh3\n")
	f.Add(header + "\nC60\tRuy Lopez\t1. e4 e5 2. Nf3 Nc6 3. Bb5\nC60\tRuy Lopez\t1. e4 e5 2. Nf3 Nc6 3. Bb5\n")
	f.Add(header + "\nA00\tX\t1. e4 e5 2.\n")
	f.Add(header + "\nA00\tX\t1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O\nA00\tY\t1. e4 e5 2. Nf3 Nc6\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := build(files("a.tsv", text))
		if err != nil {
			var de *DataError
			require.ErrorAs(t, err, &de)
			return
		}
		for i, e := range tab.entries {
			p := core.StartPosition()
			for _, s := range strings.Fields(e.UCI) {
				m, err := p.ParseUCI(s)
				require.NoError(t, err)
				p.MakeMove(m)
			}
			j, ok := tab.find(&p)
			require.True(t, ok, "entry %d", i)
			require.LessOrEqual(t, j, i)
		}
	})
}
