package gamedb

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// smallSegment builds an index of a few real games and returns its one
// segment's bytes.
func smallSegment(t testing.TB, games int, opts BuildOptions) []byte {
	t.Helper()
	data, err := os.ReadFile(realFiles[1])
	require.NoError(t, err)
	text := string(data)
	cut := 0
	for range games + 1 {
		i := strings.Index(text[cut+1:], "[Event ")
		if i < 0 {
			break
		}
		cut += i + 1
	}
	dir := filepath.Join(t.TempDir(), "db")
	b, err := Create(dir, opts)
	require.NoError(t, err)
	require.NoError(t, b.AddPGN(strings.NewReader(text[:cut]), "lichess", nil))
	require.NoError(t, b.Commit())
	seg, err := os.ReadFile(filepath.Join(dir, segmentName(1)))
	require.NoError(t, err)
	return seg
}

// FuzzSegment reads arbitrary bytes as a segment and asks it everything:
// a damaged index gives errors, never a panic.
func FuzzSegment(f *testing.F) {
	f.Add(smallSegment(f, 3, BuildOptions{}))
	f.Add(smallSegment(f, 2, BuildOptions{AggregateMin: 1}))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := newSegment("fuzz", data, 0)
		if err != nil {
			require.ErrorIs(t, err, ErrCorrupt)
			return
		}
		db := &DB{segs: []*segment{s}, games: int64(s.h.games)}
		start := core.StartPosition()
		positions := []core.Position{start}
		for n := int64(1); n <= min(db.Len(), 4); n++ {
			if _, err := db.Game(n); err != nil {
				continue
			}
			if _, err := db.PGN(n); err != nil {
				continue
			}
			p, moves, err := db.Moves(n)
			if err != nil {
				continue
			}
			for i, m := range moves {
				if i%7 == 3 {
					positions = append(positions, p)
				}
				if m == core.NoMove {
					p.MakeNullMove()
				} else {
					p.MakeMove(m)
				}
			}
		}
		for i := range positions {
			p := &positions[i]
			db.Find(p, Filter{}, 0, 3)
			db.Find(p, Filter{Player: "a", MinRating: 1000}, 1, 3)
			db.Explore(p, Filter{})
			db.Explore(p, Filter{Results: []Result{WhiteWins}})
			for _, err := range db.Games(p, Filter{}) {
				if err != nil {
					break
				}
			}
		}
		m, _ := ParseMaterial("KQvK")
		for _, err := range db.Scan(Pattern{Material: m, EitherColour: true}, Filter{}) {
			if err != nil {
				break
			}
		}
	})
}
