package opening_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/opening"
	"github.com/gambit-chess/gambit/san"
)

// dataLine is a line of the data files as the tests read them, apart from
// the package's own reader.
type dataLine struct {
	File      string
	Line      int
	ECO, Name string
	PGN       string
	End       core.Position // the position the moves end in
	UCI       string
	Plies     int
	EPD       string // End's EPD
}

// readData reads every line of data/*.tsv, in file order, and replays its
// moves with san.Parse.
func readData(t *testing.T) []dataLine {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("data", "*.tsv"))
	require.NoError(t, err)
	require.Len(t, files, 5, "a.tsv to e.tsv")
	var out []dataLine
	for _, file := range files {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		require.Equal(t, "eco\tname\tpgn", lines[0], "%s: header", file)
		for i, text := range lines[1:] {
			cols := strings.Split(text, "\t")
			require.Len(t, cols, 3, "%s line %d", file, i+2)
			p, moves := replay(t, cols[2])
			uci := make([]string, len(moves))
			q := core.StartPosition()
			for j, m := range moves {
				uci[j] = q.UCI(m)
				q.MakeMove(m)
			}
			out = append(out, dataLine{
				File: filepath.Base(file), Line: i + 2,
				ECO: cols[0], Name: cols[1], PGN: cols[2],
				End: p, UCI: strings.Join(uci, " "), Plies: len(moves), EPD: epd(&p),
			})
		}
	}
	return out
}

// firstByEPD maps each end position's EPD to the first line, in file
// order, that ends there: the line the package documents as naming it.
func firstByEPD(lines []dataLine) map[string]*dataLine {
	first := make(map[string]*dataLine, len(lines))
	for i := range lines {
		if _, ok := first[lines[i].EPD]; !ok {
			first[lines[i].EPD] = &lines[i]
		}
	}
	return first
}

// replay plays movetext ("1. e4 e5 2. Nf3") from the standard start and
// returns the position it ends in and its moves.
func replay(t *testing.T, movetext string) (core.Position, []core.Move) {
	t.Helper()
	p := core.StartPosition()
	var moves []core.Move
	for _, tok := range strings.Fields(movetext) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		m, err := san.Parse(&p, tok)
		require.NoError(t, err, "%s", movetext)
		moves = append(moves, m)
		p.MakeMove(m)
	}
	return p, moves
}

// epd returns p's FEN without the move counters; FEN writes the
// en-passant square only when a capture is legal, so equal positions give
// equal EPDs.
func epd(p *core.Position) string {
	return strings.Join(strings.Fields(p.FEN())[:4], " ")
}

// openingOf returns the Opening the package should return for line l.
func openingOf(l *dataLine) opening.Opening {
	return opening.Opening{ECO: l.ECO, Name: l.Name, PGN: l.PGN, UCI: l.UCI, Plies: l.Plies}
}
