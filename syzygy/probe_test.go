package syzygy

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
)

func openTest(t testing.TB) *Tablebase {
	tb, err := Open(testDir)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, tb.Close()) })
	return tb
}

func TestOpenCounts(t *testing.T) {
	tb := openTest(t)
	assert.Equal(t, 4, tb.MaxPieces())
	// Every 3-piece table is there, not every 4-piece one.
	assert.Equal(t, 3, tb.Complete())
	assert.Contains(t, tb.Tables(), "KQvKR")
	assert.NotContains(t, tb.Tables(), "KQQvK")

	empty, err := Open(t.TempDir())
	require.NoError(t, err)
	assert.Equal(t, 0, empty.MaxPieces())
	assert.Equal(t, 0, empty.Complete())
	_, err = empty.ProbeWDL(fentest.Pointer(t, "8/8/8/8/8/2k5/8/K7 w - - 0 1"))
	assert.ErrorIs(t, err, ErrTooManyPieces)

	_, err = Open(filepath.Join(t.TempDir(), "none"))
	assert.Error(t, err)
}

// The rules decide these without a table: a bare king draws, a mated
// side has lost, a stalemated one has drawn.
func TestRulesPositions(t *testing.T) {
	tb := openTest(t)
	for _, c := range []struct {
		fen string
		wdl WDL
		dtz int
	}{
		{"8/8/8/8/8/2k5/8/K7 w - - 0 1", Draw, 0},
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", Loss, -1}, // mated: -1, as Fathom's probe_dtz documents (its command prints mates apart)
		{"k7/8/1QK5/8/8/8/8/8 b - - 0 1", Draw, 0},   // stalemate
		{"k7/8/1K6/8/8/8/7Q/8 w - - 0 1", Win, 1},    // mate in one: Qh8#
	} {
		p := fentest.Pointer(t, c.fen)
		w, err := tb.ProbeWDL(p)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.wdl, w, c.fen)
		d, err := tb.ProbeDTZ(p)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.dtz, d, c.fen)
	}
}

func TestRefused(t *testing.T) {
	tb := openTest(t)
	_, err := tb.ProbeWDL(fentest.Pointer(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))
	assert.ErrorIs(t, err, ErrCastling)
	_, err = tb.ProbeDTZ(fentest.Pointer(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))
	assert.ErrorIs(t, err, ErrCastling)
	_, err = tb.ProbeWDL(fentest.Pointer(t, "4k3/8/8/8/8/8/8/RN2K2R w - - 0 1"))
	assert.ErrorIs(t, err, ErrTooManyPieces)
	assert.ErrorContains(t, err, "5 pieces")
	_, err = tb.ProbeRoot(fentest.Pointer(t, "4k3/8/8/8/8/8/8/RN2K2R w - - 0 1"), nil)
	assert.ErrorIs(t, err, ErrTooManyPieces)
	// Castling rights on a position too big for any table: the size is
	// the reason.
	_, err = tb.ProbeWDL(fentest.Pointer(t, core.StartFEN))
	assert.ErrorIs(t, err, ErrTooManyPieces)
	assert.ErrorContains(t, err, "32 pieces")

	// KQQvK is not committed: the error names the material and the file.
	_, err = tb.ProbeWDL(fentest.Pointer(t, "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"))
	assert.ErrorIs(t, err, ErrMissingTable)
	var te *TableError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, "KQQvK", te.Material)
	assert.Equal(t, "KQQvK.rtbw", te.File)
	// Black's pieces are named after White's.
	_, err = tb.ProbeWDL(fentest.Pointer(t, "qq2k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	require.ErrorAs(t, err, &te)
	assert.Equal(t, "KvKQQ", te.Material)
}

// copyTables copies some committed tables into a fresh directory.
func copyTables(t *testing.T, names ...string) string {
	dir := t.TempDir()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(testDir, n))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), b, 0o644))
	}
	return dir
}

func TestCorruptFiles(t *testing.T) {
	kqk := fentest.Pointer(t, "4k3/8/8/8/8/8/8/4K2Q w - - 0 1")

	// A file whose size cannot be a table's is refused by Open.
	dir := copyTables(t, "KQvK.rtbw", "KQvK.rtbz")
	f, err := os.OpenFile(filepath.Join(dir, "KQvK.rtbz"), os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte{1, 2, 3})
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, err = Open(dir)
	assert.ErrorIs(t, err, ErrCorrupt)
	assert.ErrorContains(t, err, "KQvK.rtbz")

	// A bad magic number is found on the first probe, and named.
	dir = copyTables(t, "KQvK.rtbw", "KQvK.rtbz")
	b, err := os.ReadFile(filepath.Join(dir, "KQvK.rtbw"))
	require.NoError(t, err)
	b[0] ^= 0xff
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), b, 0o644))
	tb, err := Open(dir)
	require.NoError(t, err)
	defer tb.Close()
	_, err = tb.ProbeWDL(kqk)
	assert.ErrorIs(t, err, ErrCorrupt)
	assert.ErrorContains(t, err, "magic")
	assert.ErrorContains(t, err, filepath.Join(dir, "KQvK.rtbw"))
	// The error stays: the file is not read again.
	_, err2 := tb.ProbeDTZ(kqk)
	assert.Equal(t, err, err2)

	// The DTZ file of another table under this name: its header does
	// not hold this material.
	dir = copyTables(t, "KQvK.rtbw")
	b, err = os.ReadFile(filepath.Join(testDir, "KRvK.rtbz"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KQvK.rtbz"), b, 0o644))
	tb2, err := Open(dir)
	require.NoError(t, err)
	defer tb2.Close()
	_, err = tb2.ProbeDTZ(kqk)
	assert.ErrorIs(t, err, ErrCorrupt)
}

func TestDTZToWDL(t *testing.T) {
	assert.Equal(t, Win, DTZToWDL(10, 90))
	assert.Equal(t, CursedWin, DTZToWDL(11, 90))
	assert.Equal(t, CursedWin, DTZToWDL(101, 0))
	assert.Equal(t, Loss, DTZToWDL(-10, 90))
	assert.Equal(t, BlessedLoss, DTZToWDL(-11, 90))
	assert.Equal(t, Draw, DTZToWDL(0, 99))
}

// testPositions draws n random positions of the committed tables.
func testPositions(t testing.TB, tb *Tablebase, n int) []core.Position {
	rng := rand.New(rand.NewPCG(3, 4))
	names := tb.Tables()
	ps := make([]core.Position, n)
	for i := range ps {
		ps[i], _ = randomPosition(rng, names[i%len(names)], 0)
	}
	return ps
}

// Probing allocates nothing once the tables are loaded.
func TestProbeAllocatesNothing(t *testing.T) {
	tb := openTest(t)
	ps := testPositions(t, tb, 200)
	for i := range ps {
		_, err := tb.ProbeDTZ(&ps[i])
		require.NoError(t, err)
	}
	i := 0
	assert.Zero(t, testing.AllocsPerRun(1000, func() {
		_, _ = tb.ProbeWDL(&ps[i%len(ps)])
		i++
	}), "ProbeWDL")
	assert.Zero(t, testing.AllocsPerRun(1000, func() {
		_, _ = tb.ProbeDTZ(&ps[i%len(ps)])
		i++
	}), "ProbeDTZ")
}

// Goroutines probing at once, from the first probe on (the loading
// races), get the results one goroutine gets. Run with -race.
func TestConcurrentProbes(t *testing.T) {
	ref := openTest(t)
	ps := testPositions(t, ref, 300)
	want := make([]int, len(ps))
	for i := range ps {
		d, err := ref.ProbeDTZ(&ps[i])
		require.NoError(t, err)
		want[i] = d
	}
	tb := openTest(t)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := range ps {
				i := (k + g*37) % len(ps)
				d, err := tb.ProbeDTZ(&ps[i])
				if err == nil && d != want[i] {
					err = errors.New(ps[i].FEN() + ": DTZ differs between goroutines")
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// OpenFS reads the same files through io/fs and gives the same values.
func TestOpenFS(t *testing.T) {
	tb := openTest(t)
	fsTB, err := OpenFS(os.DirFS(testDir))
	require.NoError(t, err)
	defer fsTB.Close()
	assert.Equal(t, tb.Tables(), fsTB.Tables())
	for _, p := range testPositions(t, tb, 100) {
		a, err := tb.ProbeDTZ(&p)
		require.NoError(t, err)
		b, err := fsTB.ProbeDTZ(&p)
		require.NoError(t, err)
		assert.Equal(t, a, b, p.FEN())
	}
}

func TestClose(t *testing.T) {
	tb, err := Open(testDir)
	require.NoError(t, err)
	p := fentest.Pointer(t, "4k3/8/8/8/8/8/8/4K2Q w - - 0 1")
	_, err = tb.ProbeWDL(p)
	require.NoError(t, err)
	require.NoError(t, tb.Close())
	require.NoError(t, tb.Close())
	_, err = tb.ProbeWDL(p)
	assert.ErrorIs(t, err, ErrClosed)
}

// The king-pair index numbers 462 placements, each once.
func TestKingIndex(t *testing.T) {
	seen := map[int16]bool{}
	for tri := range kkIdx {
		for _, v := range kkIdx[tri] {
			if v >= 0 {
				assert.False(t, seen[v], "index %d twice", v)
				seen[v] = true
			}
		}
	}
	assert.Len(t, seen, 462)
	for i := int16(0); i < 462; i++ {
		assert.True(t, seen[i], "index %d missing", i)
	}
}

// HasTable knows the materials of testdata/syzygy, either colour, and
// allocates nothing.
func TestHasTable(t *testing.T) {
	tb := openTest(t)
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K2Q w - - 0 1":        true,  // KQvK
		"4k2q/8/8/8/8/8/8/4K3 w - - 0 1":        true,  // KvKQ
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":         true,  // KvK
		"4k2r/8/8/8/8/8/8/4KQ2 b - - 0 1":       true,  // KQvKR
		"4k2n/8/8/8/8/8/8/4KNB1 w - - 0 1":      false, // KBNvKN: five pieces
		"4k3/8/8/8/8/8/8/4KQQ1 w - - 0 1":       false, // KQQvK is not among them
		"r3k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1": false,
	} {
		p := fentest.Pointer(t, fen)
		assert.Equal(t, want, tb.HasTable(p), fen)
		if !want {
			if _, err := tb.ProbeWDL(p); err == nil {
				t.Errorf("%s: HasTable false but ProbeWDL answers", fen)
			}
		}
	}
	p := fentest.Pointer(t, "4k3/8/8/8/8/8/8/4KQQ1 w - - 0 1")
	assert.Zero(t, testing.AllocsPerRun(100, func() { tb.HasTable(p) }))
}

// playLine plays moves (UCI) from fen, pushing each position into a
// history, and returns the position reached and the history.
func playLine(t *testing.T, fen string, moves ...string) (*core.Position, *core.History) {
	t.Helper()
	p := fentest.Pointer(t, fen)
	var hist core.History
	for _, uci := range moves {
		m, err := p.ParseUCI(uci)
		require.NoError(t, err, uci)
		hist.Push(p)
		p.MakeMove(m)
	}
	return p, &hist
}

// After a position of the line since the last zeroing move has repeated
// (the root or one before it), no win ranks 1000 (Stockfish's root_probe
// with has_repeated: the engine must make progress); the others keep
// their rank. A repetition before the last pawn move does not count.
func TestProbeRootRepetition(t *testing.T) {
	tb := openTest(t)
	for _, tc := range []struct {
		name     string
		fen      string
		moves    []string
		repeated bool
	}{
		{"root repeats", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", []string{"h1h2", "e8e7", "h2h1", "e7e8"}, true},
		// The start position stands twice, then the queen and king move on:
		// the root itself is new, the line has gone round once.
		{"earlier position repeats", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", []string{"h1h2", "e8e7", "h2h1", "e7e8", "h1g1", "e8d7"}, true},
		{"no repetition", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", []string{"h1h2", "e8e7", "h2g1", "e7d7"}, false},
		// The kings go round before the pawn move, which the rule of fifty
		// moves and the repetitions start again from.
		{"repetition before a pawn move", "7k/8/8/8/8/8/P3K3/8 w - - 0 1", []string{"e2e1", "h8g8", "e1e2", "g8h8", "a2a4", "h8g8", "e2d3", "g8h8"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, hist := playLine(t, tc.fen, tc.moves...)
			if tc.name == "earlier position repeats" {
				require.False(t, hist.IsRepetition(p), "the root itself is new")
			}
			plain, err := tb.ProbeRoot(p, nil)
			require.NoError(t, err)
			rep, err := tb.ProbeRoot(p, hist)
			require.NoError(t, err)
			require.Len(t, rep, len(plain))
			wins := 0
			for i, m := range rep {
				assert.Equal(t, plain[i].Move, m.Move)
				assert.Equal(t, plain[i].DTZ, m.DTZ)
				if m.DTZ > 0 && m.DTZ+p.HalfmoveClock() <= 99 {
					wins++
					assert.Equal(t, 1000, plain[i].Rank)
					if tc.repeated {
						assert.Equal(t, 1000-(m.DTZ+p.HalfmoveClock()), m.Rank, m.Move.String())
					} else {
						assert.Equal(t, 1000, m.Rank, m.Move.String())
					}
				} else {
					assert.Equal(t, plain[i].Rank, m.Rank)
				}
			}
			assert.Positive(t, wins)
		})
	}
}

// Tables reached through symbolic links are sized and read as files.
func TestOpenSymlinks(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"KQvK.rtbw", "KQvK.rtbz"} {
		abs, err := filepath.Abs(filepath.Join(testDir, n))
		require.NoError(t, err)
		require.NoError(t, os.Symlink(abs, filepath.Join(dir, n)))
	}
	tb, err := Open(dir)
	require.NoError(t, err)
	defer tb.Close()
	d, err := tb.ProbeDTZ(fentest.Pointer(t, "4k3/8/8/8/8/8/8/4K2Q w - - 0 1"))
	require.NoError(t, err)
	assert.Equal(t, 13, d) // fathom's DTZ for this position
}
