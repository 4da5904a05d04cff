package opening_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/opening"
)

// TestEveryLine: the embedded data loads, and every line's end position
// looks up to that line, or to the first line in file order ending in the
// same position.
func TestEveryLine(t *testing.T) {
	require.NoError(t, opening.Load())
	lines := readData(t)
	require.Greater(t, len(lines), 3000, "lichess's data has about 3,800 lines")
	first := firstByEPD(lines)
	for i := range lines {
		l := &lines[i]
		got, ok := opening.Lookup(&l.End)
		require.True(t, ok, "%s line %d (%s) not found", l.File, l.Line, l.PGN)
		require.Equal(t, openingOf(first[l.EPD]), got, "%s line %d", l.File, l.Line)
	}
	// lichess's check of the data refuses two lines with one position;
	// should a version of the data have some, the test above holds them
	// to the first line's name.
	t.Logf("%d lines, %d positions", len(lines), len(first))
}

// TestTransposition: a named position reached by another move order gets
// its name, and the name is the data's (checked by hand in data/).
func TestTransposition(t *testing.T) {
	for _, tc := range []struct {
		name, line, other, eco, opening string
	}{
		{"Ruy Lopez by the knights first", "1. e4 e5 2. Nf3 Nc6 3. Bb5", "1. Nf3 Nc6 2. e4 e5 3. Bb5", "C60", "Ruy Lopez"},
		{"Queen's Gambit Declined from the English", "1. d4 d5 2. c4 e6", "1. c4 e6 2. d4 d5", "D30", "Queen's Gambit Declined"},
		{"Sicilian from Reti", "1. e4 c5 2. Nf3", "1. Nf3 c5 2. e4", "B27", "Sicilian Defense"},
		{"Italian by a longer road", "1. e4 e5 2. Nf3 Nc6 3. Bc4", "1. e3 e6 2. e4 e5 3. Nf3 Nc6 4. Bc4", "C50", "Italian Game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := replay(t, tc.other)
			got, ok := opening.Lookup(&p)
			require.True(t, ok)
			assert.Equal(t, tc.eco, got.ECO)
			assert.Equal(t, tc.opening, got.Name)
			assert.Equal(t, tc.line, got.PGN, "the data's own line")
			assert.NotEqual(t, tc.other, got.PGN)
		})
	}
}

// TestLookupNotFound: positions no line ends in, and positions under other
// rules, have no name.
func TestLookupNotFound(t *testing.T) {
	lines := readData(t)
	first := firstByEPD(lines)
	notFound := func(t *testing.T, p *core.Position) {
		t.Helper()
		o, ok := opening.Lookup(p)
		assert.False(t, ok, "found %+v", o)
		assert.Equal(t, opening.Opening{}, o)
	}

	t.Run("start position", func(t *testing.T) {
		p := core.StartPosition()
		require.NotContains(t, first, epd(&p))
		notFound(t, &p)
	})
	t.Run("unnamed moves", func(t *testing.T) {
		p, _ := replay(t, "1. a4 h5 2. h4 a5 3. Ra3 Rh6")
		require.NotContains(t, first, epd(&p))
		notFound(t, &p)
	})
	t.Run("lost castling rights", func(t *testing.T) {
		// The Ruy Lopez's pieces, but White's king and rook have
		// been back and forth: another position.
		named, _ := replay(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5")
		p, err := core.ParseFEN(strings.Replace(named.FEN(), "KQkq", "kq", 1))
		require.NoError(t, err)
		require.NotContains(t, first, epd(&p))
		notFound(t, &p)
	})
	t.Run("no en-passant capture", func(t *testing.T) {
		// a.tsv names 1. d4 c5 2. d5 e5, after which d5xe6 is legal; the
		// same pieces with e5 played in two steps have no such capture.
		named, _ := replay(t, "1. d4 c5 2. d5 e5")
		require.Equal(t, core.E6, named.EnPassant())
		_, ok := opening.Lookup(&named)
		require.True(t, ok)
		p, _ := replay(t, "1. d3 c5 2. d4 e6 3. d5 e5")
		require.Equal(t, named.PieceAt(core.E5), p.PieceAt(core.E5))
		require.Equal(t, strings.Fields(named.FEN())[0], strings.Fields(p.FEN())[0], "the same pieces")
		notFound(t, &p)
	})
	t.Run("variant", func(t *testing.T) {
		p, err := core.VariantStartPosition(core.KingOfTheHill)
		require.NoError(t, err)
		for _, s := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"} {
			m, err := p.ParseUCI(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
		named, _ := replay(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5")
		require.Equal(t, epd(&named), epd(&p), "the named position's pieces, side and rights")
		notFound(t, &p)
	})
	t.Run("Chess960", func(t *testing.T) {
		p, _ := replay(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5")
		p.SetChess960(true)
		notFound(t, &p)
	})
	t.Run("nil", func(t *testing.T) {
		notFound(t, nil)
	})
}

// TestClassifyErrors: bad input is an error, not a panic.
func TestClassifyErrors(t *testing.T) {
	start := core.StartPosition()
	_, _, _, err := opening.Classify(nil, nil)
	require.ErrorContains(t, err, "no start position")

	_, moves := replay(t, "1. e4 e5 2. Nf3")
	illegal := append(moves[:2:2], moves[0]) // e2e4 again
	_, _, ok, err := opening.Classify(&start, illegal)
	require.ErrorContains(t, err, "move 3 (e2e4) is not legal")
	require.False(t, ok)

	_, _, ok, err = opening.Classify(&start, []core.Move{core.NoMove})
	require.ErrorContains(t, err, "move 1")
	require.False(t, ok)

	fresh := core.StartPosition()
	require.Equal(t, fresh.FEN(), start.FEN(), "start is not changed")
}

// TestClassifyShort: the ply counts from start, and a start that is itself
// named counts as ply 0.
func TestClassifyShort(t *testing.T) {
	start := core.StartPosition()
	o, ply, ok, err := opening.Classify(&start, nil)
	require.NoError(t, err)
	require.False(t, ok, "the start position has no name: %+v", o)
	require.Zero(t, ply)

	_, moves := replay(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h3 h6")
	o, ply, ok, err = opening.Classify(&start, moves)
	require.NoError(t, err)
	require.True(t, ok)
	// c.tsv names 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (C70) "Ruy Lopez:
	// Morphy Defense"; nothing after it has a name.
	assert.Equal(t, "Ruy Lopez: Morphy Defense", o.Name)
	assert.Equal(t, 6, ply)

	ruy, _ := replay(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5")
	o, ply, ok, err = opening.Classify(&ruy, moves[5:6])
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "Ruy Lopez: Morphy Defense", o.Name)
	assert.Equal(t, 1, ply)
	o, ply, ok, err = opening.Classify(&ruy, nil)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "Ruy Lopez", o.Name)
	assert.Equal(t, 0, ply)

	ruy.SetChess960(true)
	_, _, ok, err = opening.Classify(&ruy, moves[5:6])
	require.NoError(t, err)
	require.False(t, ok, "Chess960 has no names")
}

// TestConcurrentLookup: goroutines look positions up at once, each with
// its own positions, from the first call on (go test -race checks that the
// table is built once and then only read).
func TestConcurrentLookup(t *testing.T) {
	lines := readData(t)
	first := firstByEPD(lines)
	const workers = 4
	errs := make(chan string, workers)
	for w := range workers {
		go func() {
			var bad string
			for i := w; i < len(lines); i += workers {
				p := lines[i].End // a copy: a Position is not shared
				o, ok := opening.Lookup(&p)
				if want := first[lines[i].EPD]; !ok || o.Name != want.Name || o.PGN != want.PGN {
					bad = lines[i].File + " " + lines[i].PGN
					break
				}
				_, _, _, err := opening.Classify(&p, nil)
				if err != nil {
					bad = err.Error()
					break
				}
			}
			errs <- bad
		}()
	}
	for range workers {
		assert.Empty(t, <-errs)
	}
}
