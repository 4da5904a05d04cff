package gamedb

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// realFiles are the real PGN files of the tests: over-the-board games of
// TWIC and online games of Lichess.
var realFiles = []string{"../testdata/pgn/twic1599_1000k.pgn", "../testdata/pgn/lichess_db_1000k.pgn"}

// buildIndex builds an index of files in a temporary directory.
func buildIndex(t testing.TB, opts BuildOptions, files ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "db")
	b, err := Create(dir, opts)
	require.NoError(t, err)
	defer b.Close()
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		require.NoError(t, b.AddPGN(f, filepath.Base(name), func(err error) { t.Errorf("%s: %v", name, err) }))
		f.Close()
	}
	require.NoError(t, b.Commit())
	return dir
}

// reach is a game reaching a position, as the tests count it themselves.
type reach struct {
	game   int64
	ply    int
	move   core.Move // core.NoMove when the game ended there
	end    bool
	result string
	tags   pgn.Tags
}

// eachGame calls f with every game of files, read with package pgn, and
// its number among them, from 1.
func eachGame(t testing.TB, files []string, f func(n int64, g *pgn.Mainline)) {
	t.Helper()
	var n int64
	for _, name := range files {
		file, err := os.Open(name)
		require.NoError(t, err)
		r := pgn.NewReader(file)
		var g pgn.Mainline
		for {
			err := r.NextMainline(&g)
			if err == io.EOF {
				break
			}
			require.NoError(t, err, name)
			n++
			f(n, &g)
		}
		file.Close()
	}
}

// countPositions replays every game of files with package pgn and
// records, for every position, the games that reached it, in order, with
// the ply and move of its first occurrence: what the index must answer.
func countPositions(t testing.TB, files ...string) (map[uint64][]reach, map[uint64]core.Position) {
	t.Helper()
	reached := map[uint64][]reach{}
	positions := map[uint64]core.Position{}
	eachGame(t, files, func(n int64, g *pgn.Mainline) {
		p := g.Start
		seen := map[uint64]bool{}
		note := func(ply int, m core.Move, end bool) {
			k := p.RepetitionKey()
			if seen[k] {
				return
			}
			seen[k] = true
			positions[k] = p
			reached[k] = append(reached[k], reach{n, ply, m, end, g.Result, slices.Clone(g.Tags)})
		}
		for ply, m := range g.Moves {
			note(ply, m, false)
			if m == core.NoMove {
				p.MakeNullMove()
			} else {
				p.MakeMove(m)
			}
		}
		note(len(g.Moves), core.NoMove, true)
	})
	return reached, positions
}

// samplePositions picks positions of the games: the start position, and
// positions reached by many, few and one game.
func samplePositions(reached map[uint64][]reach, positions map[uint64]core.Position, n int) []uint64 {
	keys := make([]uint64, 0, len(reached))
	for k := range reached {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	rng := rand.New(rand.NewPCG(1, 2))
	start := core.StartPosition()
	picked := []uint64{start.RepetitionKey()}
	// Most positions are reached by one game: take as many of the
	// positions of several games.
	var many []uint64
	for _, k := range keys {
		if len(reached[k]) > 1 {
			many = append(many, k)
		}
	}
	for range n / 2 {
		picked = append(picked, many[rng.IntN(len(many))], keys[rng.IntN(len(keys))])
	}
	return picked
}

func TestFindAndExploreMatchReplay(t *testing.T) {
	reached, positions := countPositions(t, realFiles...)
	keys := samplePositions(reached, positions, 300)
	for _, c := range []struct {
		opts    BuildOptions
		keyBits uint32
	}{
		{BuildOptions{}, 24}, {BuildOptions{AggregateMin: 1}, 24}, {BuildOptions{AggregateMin: 1 << 30}, 24},
		{BuildOptions{SegmentPostings: 20000, AggregateMin: 2}, 24},
		// Postings that keep 2 bits of their key: positions share groups
		// everywhere, and every answer still holds.
		{BuildOptions{}, 2}, {BuildOptions{AggregateMin: 1 << 30}, 0},
	} {
		postingKeyBits = c.keyBits
		dir := buildIndex(t, c.opts, realFiles...)
		postingKeyBits = 24
		db, err := Open(dir)
		require.NoError(t, err)
		for _, k := range keys {
			p := positions[k]
			want := reached[k]
			page, err := db.Find(&p, Filter{}, 0, len(want)+5)
			require.NoError(t, err)
			require.Equal(t, int64(len(want)), page.Total, "%s", p.FEN())
			require.Len(t, page.Hits, len(want))
			for i, h := range page.Hits {
				assert.Equal(t, want[i].game, h.Number, "%s", p.FEN())
				assert.Equal(t, want[i].ply, h.Ply, "%s game %d", p.FEN(), h.Number)
				assert.Equal(t, want[i].tags.Get("White"), h.White)
			}
			// Pages cut the same list.
			if len(want) > 3 {
				page, err := db.Find(&p, Filter{}, 2, 2)
				require.NoError(t, err)
				require.Len(t, page.Hits, 2)
				assert.Equal(t, want[2].game, page.Hits[0].Number)
				assert.Equal(t, want[3].game, page.Hits[1].Number)
			}

			e, err := db.Explore(&p, Filter{})
			require.NoError(t, err)
			assert.Equal(t, expectedExplorer(want), summarize(e), "%s", p.FEN())
		}
		require.NoError(t, db.Close())
	}
}

// explorerSummary is what the tests compare of an Explorer.
type explorerSummary struct {
	Total, Ended Outcomes
	Moves        map[core.Move]Outcomes
	Last         map[core.Move]Date
}

func summarize(e *Explorer) explorerSummary {
	s := explorerSummary{Total: e.Outcomes, Ended: e.Ended, Moves: map[core.Move]Outcomes{}, Last: map[core.Move]Date{}}
	for _, m := range e.Moves {
		s.Moves[m.Move] = m.Outcomes
		s.Last[m.Move] = m.LastPlayed
	}
	return s
}

func expectedExplorer(want []reach) explorerSummary {
	s := explorerSummary{Moves: map[core.Move]Outcomes{}, Last: map[core.Move]Date{}}
	for _, r := range want {
		res := resultOf(r.result)
		s.Total.add(res)
		if r.end {
			s.Ended.add(res)
			continue
		}
		o := s.Moves[r.move]
		o.add(res)
		s.Moves[r.move] = o
		s.Last[r.move] = max(s.Last[r.move], dateOf(r.tags.Get("Date")))
	}
	return s
}

func TestOpenErrors(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "none"))
	require.Error(t, err)
	dir := t.TempDir()
	_, err = Open(dir)
	require.ErrorContains(t, err, "not an index")
	require.NoError(t, os.WriteFile(filepath.Join(dir, manifestName), []byte("gambit gamedb 1\nsegment seg-000001.gdb 5 1000\n"), 0o644))
	_, err = Open(dir)
	require.Error(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "seg-000001.gdb"), []byte("not an index at all"), 0o644))
	_, err = Open(dir)
	var ce *CorruptError
	require.True(t, errors.As(err, &ce), "%v", err)
	assert.ErrorIs(t, err, ErrCorrupt)
}

func TestVerify(t *testing.T) {
	dir := buildIndex(t, BuildOptions{}, realFiles...)
	db, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, db.Verify())
	db.Close()
	// A byte of the postings, which no query below reads, damaged: the
	// queries that do not read it answer, Verify names it.
	name := filepath.Join(dir, segmentName(1))
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	s, err := newSegment(name, data, 0)
	require.NoError(t, err)
	off := s.h.sections[secPostings].off + s.h.sections[secPostings].len/2
	data[off] ^= 1
	require.NoError(t, os.WriteFile(name, data, 0o644))
	db, err = Open(dir)
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Game(1)
	require.NoError(t, err)
	err = db.Verify()
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, name, ce.File)
	page := (int64(off) - headerSize) / pageSize
	assert.Equal(t, headerSize+page*pageSize, ce.Offset)
}
